import Foundation

/// A colour as sRGB components and alpha, each in [0, 1], not premultiplied.
///
/// Components are the gamma-encoded sRGB values that `#RRGGBB` literals and CSS use (not
/// linear light). ``Image`` pixels are premultiplied 8-bit BGRA; ``premultipliedBGRA`` and
/// ``init(_:)`` convert between the two.
///
/// The named constants follow CSS, so that `Color.green` is the same colour as the literal
/// `"green"`: CSS green is `#008000`, and full-intensity green is ``lime``.
///
///     let accent = try Color(parsing: "#FF8000")
///     accent.premultipliedBGRA                // BGRA(0, 128, 255, 255)
///     accent.withAlpha(0.5).hexString         // "#FF800080"
public struct Color: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
  /// Red, gamma-encoded sRGB, in [0, 1].
  public let red: Double
  /// Green, gamma-encoded sRGB, in [0, 1].
  public let green: Double
  /// Blue, gamma-encoded sRGB, in [0, 1].
  public let blue: Double
  /// Opacity in [0, 1]: 0 is fully transparent, 1 fully opaque.
  public let alpha: Double

  /// Makes a colour from unpremultiplied sRGB components.
  ///
  /// Values outside [0, 1] are clamped into it, and NaN becomes 0, so every `Color` is
  /// valid.
  ///
  /// - Parameters:
  ///   - red: Red in [0, 1].
  ///   - green: Green in [0, 1].
  ///   - blue: Blue in [0, 1].
  ///   - alpha: Opacity in [0, 1]; 1 (opaque) if omitted.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = Color.clamp(red)
    self.green = Color.clamp(green)
    self.blue = Color.clamp(blue)
    self.alpha = Color.clamp(alpha)
  }

  /// Makes a grey: red, green and blue all equal to `white`.
  ///
  /// - Parameters:
  ///   - white: Brightness in [0, 1] (0 black, 1 white).
  ///   - alpha: Opacity in [0, 1]; 1 (opaque) if omitted.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// Makes a colour from 8-bit unpremultiplied channel values (as in `#RRGGBBAA`).
  init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
    self.init(
      red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
      alpha: Double(alpha8) / 255)
  }

  /// Makes a colour from `0xRRGGBB`, opaque.
  init(rgb: UInt32) {
    self.init(
      red8: UInt8(truncatingIfNeeded: rgb >> 16), green8: UInt8(truncatingIfNeeded: rgb >> 8),
      blue8: UInt8(truncatingIfNeeded: rgb))
  }

  /// Recovers the unpremultiplied colour of an ``Image`` pixel.
  ///
  /// Each colour channel is divided by alpha (`red = pixel.red / pixel.alpha`); a pixel with
  /// zero alpha becomes ``clear``. Channels larger than alpha, which a valid premultiplied
  /// pixel never has, give 1. For every valid pixel `p`,
  /// `Color(p).premultipliedBGRA == p`.
  public init(_ pixel: BGRA) {
    guard pixel.alpha > 0 else {
      self = .clear
      return
    }
    let alpha = Double(pixel.alpha)
    self.init(
      red: Double(pixel.red) / alpha, green: Double(pixel.green) / alpha,
      blue: Double(pixel.blue) / alpha, alpha: alpha / 255)
  }

  // MARK: Constants

  /// Transparent black, (0, 0, 0, 0).
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// `#000000`.
  public static let black = Color(rgb: 0x000000)
  /// `#FFFFFF`.
  public static let white = Color(rgb: 0xFFFFFF)
  /// CSS `gray`, `#808080`.
  public static let gray = Color(rgb: 0x808080)
  /// `#FF0000`.
  public static let red = Color(rgb: 0xFF0000)
  /// CSS `green`, `#008000` (for `#00FF00` use ``lime``).
  public static let green = Color(rgb: 0x008000)
  /// `#00FF00`, CSS `lime`.
  public static let lime = Color(rgb: 0x00FF00)
  /// `#0000FF`.
  public static let blue = Color(rgb: 0x0000FF)
  /// `#FFFF00`.
  public static let yellow = Color(rgb: 0xFFFF00)
  /// `#00FFFF`.
  public static let cyan = Color(rgb: 0x00FFFF)
  /// `#FF00FF`.
  public static let magenta = Color(rgb: 0xFF00FF)
  /// CSS `orange`, `#FFA500`.
  public static let orange = Color(rgb: 0xFFA500)
  /// CSS `purple`, `#800080`.
  public static let purple = Color(rgb: 0x800080)

  // MARK: Conversions

  /// The colour with its alpha replaced.
  ///
  /// - Parameter alpha: The new opacity in [0, 1] (clamped).
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The 8-bit pixel for an ``Image``: each colour channel premultiplied by alpha and
  /// rounded to nearest, `round(c · alpha · 255)`, and alpha `round(alpha · 255)`.
  ///
  /// Halves round away from zero (0.5 · 255 = 127.5 → 128).
  public var premultipliedBGRA: BGRA {
    BGRA(
      blue: Color.byte(blue * alpha), green: Color.byte(green * alpha),
      red: Color.byte(red * alpha), alpha: Color.byte(alpha))
  }

  /// `#RRGGBB` with upper-case hex digits, or `#RRGGBBAA` when alpha rounds to less than 255.
  ///
  /// Each component is rounded to the nearest 8-bit value (`round(c · 255)`), so the string
  /// parses back (``init(parsing:)``) to this colour up to that rounding.
  public var hexString: String {
    let channels = [red, green, blue].map(Color.byte)
    let alphaByte = Color.byte(alpha)
    let bytes = alphaByte == 255 ? channels : channels + [alphaByte]
    return "#" + bytes.map { String(format: "%02X", $0) }.joined()
  }

  /// The ``hexString``, e.g. `#FF8000` (rounded to 8 bits per channel).
  public var description: String { hexString }

  /// The exact components, e.g. `Color(red: 1.0, green: 0.5, blue: 0.0, alpha: 1.0)`.
  public var debugDescription: String {
    "Color(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))"
  }

  // MARK: Interpolation

  /// The colour a `fraction` of the way from `from` to `to`, each component (including
  /// alpha) interpolated linearly in gamma-encoded sRGB, unpremultiplied.
  ///
  /// - Parameters:
  ///   - from: The colour at fraction 0.
  ///   - to: The colour at fraction 1.
  ///   - fraction: Progress; 0 gives `from`, 1 gives `to`. Values outside [0, 1]
  ///     extrapolate (as an overshooting timing curve asks) and the result is clamped to
  ///     valid components.
  /// - Returns: `from + (to − from) · fraction`, componentwise.
  public static func interpolate(from: Color, to: Color, fraction: Double) -> Color {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
    return Color(
      red: mix(from.red, to.red), green: mix(from.green, to.green),
      blue: mix(from.blue, to.blue), alpha: mix(from.alpha, to.alpha))
  }

  // MARK: Helpers

  /// Clamps to [0, 1]; NaN becomes 0.
  private static func clamp(_ value: Double) -> Double {
    value.isNaN ? 0 : Swift.min(Swift.max(value, 0), 1)
  }

  /// `round(value · 255)` as a byte, for a value in [0, 1].
  private static func byte(_ value: Double) -> UInt8 {
    UInt8((value * 255).rounded())
  }
}
