internal import ReelCore

/// A colour, as CoreGraphics' `CGColor`: device RGB components 0…1 and an alpha.
///
/// Reel draws in sRGB; every colour is kept as non-premultiplied red, green, blue, alpha.
public final class CGColor: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// Reel's colour (immutable: this class has no mutating members).
  let color: Color

  init(_ color: Color) { self.color = color }

  /// An RGB colour; components are clamped to 0…1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(
      Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
  }

  /// A grey: `gray` for red, green and blue.
  public convenience init(gray: CGFloat, alpha: CGFloat) {
    self.init(Color(white: Double(gray), alpha: Double(alpha)))
  }

  /// Red, green, blue and alpha, 0…1.
  public var components: [CGFloat]? {
    [CGFloat(color.red), CGFloat(color.green), CGFloat(color.blue), CGFloat(color.alpha)]
  }
  /// Four: red, green, blue, alpha.
  public var numberOfComponents: Int { 4 }
  /// The alpha, 0…1.
  public var alpha: CGFloat { CGFloat(color.alpha) }

  /// The same colour with `alpha` instead of its own.
  public func copy(alpha: CGFloat) -> CGColor? { CGColor(color.withAlpha(Double(alpha))) }

  /// Opaque black.
  public static let black = CGColor(Color.black)
  /// Opaque white.
  public static let white = CGColor(Color.white)
  /// Transparent black.
  public static let clear = CGColor(Color.clear)

  public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.color == rhs.color }
  public func hash(into hasher: inout Hasher) { hasher.combine(color) }
  public var description: String { "CGColor(\(color.debugDescription))" }
}
