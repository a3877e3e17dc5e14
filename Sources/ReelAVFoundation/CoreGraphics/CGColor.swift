internal import ReelCore

/// A colour, as CoreGraphics' `CGColor`: components in a ``CGColorSpace`` and an alpha.
///
/// Reel draws in sRGB; every colour is kept as non-premultiplied sRGB red, green, blue and
/// alpha (components clamped to 0…1), with the space and components it was made with.
public final class CGColor: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// Reel's colour (immutable: this class has no mutating members).
  let color: Color
  /// The space the colour was made in.
  let space: CGColorSpace

  /// A colour carrying Reel's `color`, in sRGB.
  init(_ color: Color) {
    self.color = color
    self.space = CGColorSpaceCreateDeviceRGB()
  }

  init(_ color: Color, space: CGColorSpace) {
    self.color = color
    self.space = space
  }

  /// An sRGB colour; components are clamped to 0…1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(
      Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
  }

  /// An sRGB colour; components are clamped to 0…1.
  public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// A grey: `gray` for red, green and blue.
  public convenience init(gray: CGFloat, alpha: CGFloat) {
    self.init(
      Color(white: Double(gray), alpha: Double(alpha)), space: CGColorSpaceCreateDeviceGray())
  }

  /// A grey with a 2.2 gamma (drawn with the sRGB tone curve).
  public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
    self.init(gray: gray, alpha: alpha)
  }

  /// A colour from `space.numberOfComponents` components followed by alpha, read from
  /// `components` (an array literal works, as on Apple).
  public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
    let values = (0...space.numberOfComponents).map { Double(components[$0]) }
    switch space.kind {
    case .sRGB:
      self.init(
        Color(red: values[0], green: values[1], blue: values[2], alpha: values[3]), space: space)
    case .gray:
      self.init(Color(white: values[0], alpha: values[1]), space: space)
    case .linearSRGB:
      let encoded = values[0..<3].map(CGColor.sRGBEncoded)
      self.init(
        Color(red: encoded[0], green: encoded[1], blue: encoded[2], alpha: values[3]),
        space: space)
    }
  }

  /// The sRGB tone curve: a linear-light component (0…1) as sRGB encodes it.
  private static func sRGBEncoded(_ linear: Double) -> Double {
    let v = Swift.min(Swift.max(linear, 0), 1)
    if v >= 1 { return 1 }
    return v <= 0.003_130_8 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
  }

  /// The colour's space: sRGB (device RGB) for RGB colours, device grey for greys, or the
  /// named space it was made in.
  public var colorSpace: CGColorSpace? { space }

  /// The components in `colorSpace` followed by alpha, 0…1 (linear-sRGB colours give their
  /// sRGB values: Reel keeps sRGB).
  public var components: [CGFloat]? {
    space.kind == .gray
      ? [CGFloat(color.red), CGFloat(color.alpha)]
      : [CGFloat(color.red), CGFloat(color.green), CGFloat(color.blue), CGFloat(color.alpha)]
  }
  /// The components' count, alpha included: 4 for RGB, 2 for grey.
  public var numberOfComponents: Int { space.numberOfComponents + 1 }
  /// The alpha, 0…1.
  public var alpha: CGFloat { CGFloat(color.alpha) }

  /// The same colour with `alpha` instead of its own.
  public func copy(alpha: CGFloat) -> CGColor? {
    CGColor(color.withAlpha(Double(alpha)), space: space)
  }

  /// The same colour (colours are immutable).
  public func copy() -> CGColor? { self }

  /// Opaque black.
  public static let black = CGColor(gray: 0, alpha: 1)
  /// Opaque white.
  public static let white = CGColor(gray: 1, alpha: 1)
  /// Transparent black.
  public static let clear = CGColor(gray: 0, alpha: 0)

  /// Whether the two colours have the same sRGB components and alpha.
  public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.color == rhs.color }
  /// Hashes the sRGB components and alpha.
  public func hash(into hasher: inout Hasher) { hasher.combine(color) }
  /// The components, for debugging.
  public var description: String { "CGColor(\(color.debugDescription))" }
}

/// An sRGB colour, as macOS's `CGColorCreateGenericRGB` (iOS has `CGColor(red:green:blue:alpha:)`).
public func CGColorCreateGenericRGB(
  _ red: CGFloat, _ green: CGFloat, _ blue: CGFloat, _ alpha: CGFloat
) -> CGColor {
  CGColor(red: red, green: green, blue: blue, alpha: alpha)
}

/// A grey, as macOS's `CGColorCreateGenericGray`.
public func CGColorCreateGenericGray(_ gray: CGFloat, _ alpha: CGFloat) -> CGColor {
  CGColor(gray: gray, alpha: alpha)
}
