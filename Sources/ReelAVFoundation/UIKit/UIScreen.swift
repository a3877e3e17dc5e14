/// The screen, as UIKit's `UIScreen`. A Linux server has none: `main` is a stand-in with
/// scale 1 (one point is one pixel of the render size) and empty bounds.
open class UIScreen: NSObject, @unchecked Sendable {
  private static let shared = UIScreen()

  /// The stand-in screen.
  open class var main: UIScreen { shared }

  /// Pixels per point: 1 on Linux.
  open var scale: CGFloat { 1 }
  /// Pixels per point of the physical screen: 1 on Linux.
  open var nativeScale: CGFloat { 1 }
  /// The screen's rectangle in points: `.zero` on Linux (there is no screen).
  open var bounds: CGRect { .zero }
  /// The screen's rectangle in pixels: `.zero` on Linux.
  open var nativeBounds: CGRect { .zero }
}
