internal import ReelCore

/// A colour, as UIKit's `UIColor`: device RGB with alpha, bridged to ``CGColor``.
///
/// SKELETON: the core helper completes the named colours, `init(cgColor:)`, `set()` etc.
open class UIColor: NSObject, @unchecked Sendable {
  /// Reel's colour.
  let color: Color

  init(_ color: Color) {
    self.color = color
    super.init()
  }

  /// An RGB colour; components 0…1.
  public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(
      Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
  }

  /// A grey.
  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(Color(white: Double(white), alpha: Double(alpha)))
  }

  /// The colour as a ``CGColor``.
  public var cgColor: CGColor { CGColor(color) }

  /// This colour with `alpha` instead of its own.
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(color.withAlpha(Double(alpha)))
  }

  /// Opaque black.
  open class var black: UIColor { UIColor(Color.black) }
  /// Opaque white.
  open class var white: UIColor { UIColor(Color.white) }
  /// Transparent.
  open class var clear: UIColor { UIColor(Color.clear) }
}
