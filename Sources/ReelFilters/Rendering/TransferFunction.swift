import CReelKernels
import Foundation

/// The sRGB transfer function (IEC 61966-2-1) between 8-bit encoded values and linear light.
///
/// The exact curve is ``linear(fromEncoded:)`` / ``encoded(fromLinear:)``; the per-pixel paths
/// read tables of it with linear interpolation (no `pow` per pixel), each within 0.01 of an
/// 8-bit level of the exact curve (tested).
enum TransferFunction {
  /// Linear light for each 8-bit encoded level.
  static let decodeTable: [Float] = (0...255).map { level in
    Float(linear(fromEncoded: Double(level) / 255))
  }

  /// Resolution of ``encodeTable`` and ``encodeCurve``: linear light in steps of
  /// 1/`encodeSteps`. The curve's steepest slope (12.92 near black) makes one step ≈ 0.05 of an
  /// 8-bit level.
  static let encodeSteps = 65_535

  /// The nearest 8-bit encoded level for each linear step.
  static let encodeTable = LevelTable(count: encodeSteps + 1) { step in
    let encoded = encoded(fromLinear: Double(step) / Double(encodeSteps))
    return UInt8((encoded * 255).rounded())
  }

  /// The encoded value (0…1) at each linear step, and one more so that interpolation can read
  /// the step after the last.
  static let encodeCurve = CurveTable(count: encodeSteps + 2) { step in
    Float(encoded(fromLinear: min(Double(step) / Double(encodeSteps), 1)))
  }

  /// Resolution of ``decodeCurve``: the decoding curve is smooth above its linear toe, so
  /// 4 096 steps per unit interpolate it within 10⁻⁶.
  static let decodeSteps = 4_096

  /// How far beyond 1 the decoding table reaches (values between steps go past 1 after a
  /// contrast or a brightness).
  static let decodeRange: Float = 2

  /// Linear light at each encoded step from 0 to ``decodeRange``, and one more.
  static let decodeCurve = CurveTable(count: Int(decodeRange) * decodeSteps + 2) { step in
    Float(linear(fromEncoded: Double(step) / Double(decodeSteps)))
  }

  /// Linear light for each 8-bit level, for the C kernels.
  static let decodeLevels = CurveTable(count: 256) { level in decodeTable[level] }

  /// The tables as the C kernels take them.
  static let kernelTables = KernelTables(
    reel_transfer_tables(
      decode256: decodeLevels.base, decodeCurve: decodeCurve.base,
      decodeSteps: Int32(decodeSteps), decodeCurveCount: Int32(decodeCurve.count),
      encodeCurve: encodeCurve.base, encodeLevels: encodeTable.base,
      encodeSteps: Int32(encodeSteps)))

  /// Linear light from an encoded value in 0…1.
  static func linear(fromEncoded value: Double) -> Double {
    value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }

  /// The encoded value in 0…1 from linear light in 0…1.
  static func encoded(fromLinear value: Double) -> Double {
    value <= 0.003_130_8 ? value * 12.92 : 1.055 * pow(value, 1 / 2.4) - 0.055
  }

  /// Encoded value (float, 0…1; the input clamped to 0…1) from linear light, for kernels that
  /// work on encoded values.
  @inline(__always)
  static func encodedFloat(_ value: Float) -> Float {
    encodeCurve.interpolated(unit(value) * Float(encodeSteps))
  }

  /// `value` clamped to 0…1, NaN (from a filter's maths) taken as 0 so that no table index made
  /// from it leaves its table.
  @inline(__always)
  static func unit(_ value: Float) -> Float {
    value > 0 ? (value < 1 ? value : 1) : 0
  }

  /// Linear light (float) from an encoded value; values beyond 0…1 follow the curve's formula.
  @inline(__always)
  static func linearFloat(_ value: Float) -> Float {
    guard value > 0.040_45 else { return value.isNaN ? 0 : value / 12.92 }
    if value >= decodeRange { return powf((value + 0.055) / 1.055, 2.4) }
    return decodeCurve.interpolated(value * Float(decodeSteps))
  }

  /// The 8-bit level of a linear value, clamped to 0…1.
  @inline(__always)
  static func encodedLevel(_ value: Float) -> UInt8 {
    encodeTable[Int(unit(value) * Float(encodeSteps) + 0.5)]
  }
}

/// The transfer tables for the C kernels (pointers into the static tables, which live as long
/// as the process).
struct KernelTables: @unchecked Sendable {
  var tables: reel_transfer_tables
  init(_ tables: reel_transfer_tables) { self.tables = tables }
}

/// A table of 8-bit levels, allocated once for the life of the process (the tables are static).
struct LevelTable: @unchecked Sendable {
  private let values: UnsafeMutableBufferPointer<UInt8>
  /// The first entry, for the C kernels.
  var base: UnsafePointer<UInt8> { UnsafePointer(values.baseAddress!) }

  /// Samples `value(step)` for steps 0..<count.
  init(count: Int, value: (Int) -> UInt8) {
    values = .allocate(capacity: count)
    for step in 0..<count { values[step] = value(step) }
  }

  /// The level at `step`, 0 ≤ step < count.
  @inline(__always)
  subscript(step: Int) -> UInt8 { values[step] }
}

/// A table of a curve sampled at whole steps, read with linear interpolation. Its storage is
/// allocated once and lives as long as the process (the tables are static).
struct CurveTable: @unchecked Sendable {
  private let values: UnsafeMutableBufferPointer<Float>
  /// The first entry, for the C kernels.
  var base: UnsafePointer<Float> { UnsafePointer(values.baseAddress!) }
  /// How many entries it has.
  var count: Int { values.count }

  /// Samples `value(step)` for steps 0..<count.
  init(count: Int, value: (Int) -> Float) {
    values = .allocate(capacity: count)
    for step in 0..<count { values[step] = value(step) }
  }

  /// The curve at a position in steps, 0 ≤ position ≤ count − 2.
  @inline(__always)
  func interpolated(_ position: Float) -> Float {
    let index = Int(position)
    let fraction = position - Float(index)
    let low = values[index]
    return low + (values[index + 1] - low) * fraction
  }
}
