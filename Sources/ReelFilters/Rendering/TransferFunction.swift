import Foundation

/// The sRGB transfer function (IEC 61966-2-1) between 8-bit encoded values and linear light.
enum TransferFunction {
  /// Linear light for each 8-bit encoded level.
  static let decodeTable: [Float] = (0...255).map { level in
    Float(linear(fromEncoded: Double(level) / 255))
  }

  /// Resolution of ``encodeTable``: linear light in steps of 1/`encodeSteps`. The curve's
  /// steepest slope (12.92 near black) makes one step ≈ 0.05 of an 8-bit level.
  static let encodeSteps = 65_535

  /// The nearest 8-bit encoded level for each linear step.
  static let encodeTable: [UInt8] = (0...encodeSteps).map { step in
    let encoded = encoded(fromLinear: Double(step) / Double(encodeSteps))
    return UInt8((encoded * 255).rounded())
  }

  /// Linear light from an encoded value in 0…1.
  static func linear(fromEncoded value: Double) -> Double {
    value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }

  /// The encoded value in 0…1 from linear light in 0…1.
  static func encoded(fromLinear value: Double) -> Double {
    value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
  }

  /// Encoded value (float, 0…1, unclamped input clamped) from linear light, for kernels that
  /// work on encoded values.
  @inline(__always)
  static func encodedFloat(_ value: Float) -> Float {
    let clamped = min(max(value, 0), 1)
    return clamped <= 0.003_130_8 ? clamped * 12.92 : 1.055 * powf(clamped, 1 / 2.4) - 0.055
  }

  /// Linear light (float) from an encoded value.
  @inline(__always)
  static func linearFloat(_ value: Float) -> Float {
    value <= 0.040_45 ? value / 12.92 : powf((max(value, 0) + 0.055) / 1.055, 2.4)
  }

  /// The 8-bit level of a linear value, clamped to 0…1.
  @inline(__always)
  static func encodedLevel(_ value: Float) -> UInt8 {
    let clamped = min(max(value, 0), 1)
    return encodeTable[Int(clamped * Float(encodeSteps) + 0.5)]
  }
}
