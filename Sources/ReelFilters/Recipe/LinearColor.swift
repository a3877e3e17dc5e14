import ReelCore

/// A colour in linear sRGB, not premultiplied: red, green, blue and alpha, each 0…1 for
/// colours on screen (Core Image's working space).
public struct LinearColor: Sendable, Hashable {
  /// The channels (red, green, blue, alpha), colour not premultiplied.
  public var components: SIMD4<Float>

  /// Makes a colour from linear channels.
  public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
    components = SIMD4(red, green, blue, alpha)
  }

  /// The linear colour of an sRGB-encoded ``Color``.
  public init(_ color: Color) {
    components = SIMD4(
      Float(TransferFunction.linear(fromEncoded: color.red)),
      Float(TransferFunction.linear(fromEncoded: color.green)),
      Float(TransferFunction.linear(fromEncoded: color.blue)), Float(color.alpha))
  }

  /// The sRGB-encoded colour (channels clamped to 0…1): the inverse of ``init(_:)``.
  public var encoded: Color {
    func channel(_ value: Float) -> Double {
      TransferFunction.encoded(fromLinear: min(max(Double(value), 0), 1))
    }
    return Color(
      red: channel(components.x), green: channel(components.y), blue: channel(components.z),
      alpha: min(max(Double(components.w), 0), 1))
  }

  /// The channels with colour multiplied by alpha.
  public var premultiplied: SIMD4<Float> {
    SIMD4(
      components.x * components.w, components.y * components.w, components.z * components.w,
      components.w)
  }
}
