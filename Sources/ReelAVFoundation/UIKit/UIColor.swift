internal import ReelCore

/// A colour, as UIKit's `UIColor`: sRGB components with alpha, bridged to ``CGColor``.
///
/// The class colours have Apple's exact components (`UIColor.green` is (0, 1, 0), not CSS
/// green). Reel draws in sRGB, so extended-range components are clamped to 0…1.
open class UIColor: NSObject, @unchecked Sendable {
  /// Reel's colour.
  let color: Color

  /// A UIColor carrying Reel's `color`.
  convenience init(_ color: Color) {
    self.init(
      red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
      alpha: CGFloat(color.alpha))
  }

  // The public initialisers are designated, as on Apple, so that a subclass inherits them.

  /// An sRGB colour; components 0…1.
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.color = Color(
      red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    super.init()
  }

  /// A grey: `white` for red, green and blue (0 black, 1 white).
  public init(white: CGFloat, alpha: CGFloat) {
    self.color = Color(white: Double(white), alpha: Double(alpha))
    super.init()
  }

  /// The colour of `cgColor`.
  public init(cgColor: CGColor) {
    self.color = cgColor.color
    super.init()
  }

  /// A colour from hue, saturation and brightness (HSB, each 0…1; hue 0 and 1 are red).
  public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
    let h = Double(hue).truncatingRemainder(dividingBy: 1)
    let sector = (h < 0 ? h + 1 : h) * 6
    let s = Swift.min(Swift.max(Double(saturation), 0), 1)
    let v = Swift.min(Swift.max(Double(brightness), 0), 1)
    let i = Int(sector.rounded(.down)) % 6
    let f = sector - sector.rounded(.down)
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let (r, g, b): (Double, Double, Double) =
      switch i {
      case 0: (v, t, p)
      case 1: (q, v, p)
      case 2: (p, v, t)
      case 3: (p, q, v)
      case 4: (t, p, v)
      default: (v, p, q)
      }
    self.color = Color(red: r, green: g, blue: b, alpha: Double(alpha))
    super.init()
  }

  /// The colour as a ``CGColor`` (in sRGB).
  public var cgColor: CGColor { CGColor(color) }

  /// Makes this the current context's fill colour (`UIGraphicsGetCurrentContext()`).
  open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
  /// Makes this the current context's stroke colour.
  open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
  /// Makes this the current context's fill and stroke colour.
  open func set() {
    setFill()
    setStroke()
  }

  /// This colour with `alpha` instead of its own.
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(color.withAlpha(Double(alpha)))
  }

  /// Writes the sRGB components (0…1) to whichever pointers are given; always true (every
  /// Reel colour converts to RGB).
  @discardableResult
  public func getRed(
    _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
    blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    red?.pointee = CGFloat(color.red)
    green?.pointee = CGFloat(color.green)
    blue?.pointee = CGFloat(color.blue)
    alpha?.pointee = CGFloat(color.alpha)
    return true
  }

  /// Writes the grey level and alpha when the colour is a grey (equal red, green and blue)
  /// and returns true; returns false for other colours, as on Apple.
  @discardableResult
  public func getWhite(
    _ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    guard color.red == color.green, color.green == color.blue else { return false }
    white?.pointee = CGFloat(color.red)
    alpha?.pointee = CGFloat(color.alpha)
    return true
  }

  /// Writes hue, saturation, brightness (HSB, 0…1) and alpha; always true.
  @discardableResult
  public func getHue(
    _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
    brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let (r, g, b) = (color.red, color.green, color.blue)
    let maximum = Swift.max(r, g, b)
    let range = maximum - Swift.min(r, g, b)
    var h = 0.0
    if range > 0 {
      if maximum == r {
        h = ((g - b) / range).truncatingRemainder(dividingBy: 6)
      } else if maximum == g {
        h = (b - r) / range + 2
      } else {
        h = (r - g) / range + 4
      }
      h /= 6
      if h < 0 { h += 1 }
    }
    hue?.pointee = CGFloat(h)
    saturation?.pointee = CGFloat(maximum > 0 ? range / maximum : 0)
    brightness?.pointee = CGFloat(maximum)
    alpha?.pointee = CGFloat(color.alpha)
    return true
  }

  /// Whether the two colours have the same sRGB components and alpha.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIColor else { return false }
    return color == other.color
  }

  /// A hash of the components.
  open override var hash: Int { color.hashValue }

  /// The components, for debugging.
  open override var description: String { "UIColor(\(color.debugDescription))" }

  // MARK: Apple's class colours (exact components)

  /// White 0.
  open class var black: UIColor { UIColor(white: 0, alpha: 1) }
  /// White 1/3.
  open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
  /// White 2/3.
  open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
  /// White 1.
  open class var white: UIColor { UIColor(white: 1, alpha: 1) }
  /// White 0.5.
  open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
  /// (1, 0, 0).
  open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  /// (0, 1, 0).
  open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
  /// (0, 0, 1).
  open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
  /// (0, 1, 1).
  open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
  /// (1, 1, 0).
  open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
  /// (1, 0, 1).
  open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
  /// (1, 0.5, 0).
  open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
  /// (0.5, 0, 0.5).
  open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
  /// (0.6, 0.4, 0.2).
  open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
  /// White 0, alpha 0.
  open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
}
