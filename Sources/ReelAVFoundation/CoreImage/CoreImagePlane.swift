internal import ReelCore

// Core Image's plane has y up; Reel's filter engine has y down. The Apple layer flips y
// (y → −y) on the way in and out: a pixel buffer of height H at Core Image's (0, 0, W, H) is
// the engine's (0, −H, W, H), row 0 on top in both.
enum CoreImagePlane {
  /// Core Image's rectangle in the engine's plane.
  static func engineRect(_ rect: CGRect) -> Rect {
    let standard = rect.rect.standardized
    if standard.isInfinite || rect.isInfinite { return .infinite }
    return Rect(x: standard.minX, y: -standard.maxY, width: standard.width, height: standard.height)
  }

  /// The engine's rectangle in Core Image's plane.
  static func coreImageRect(_ rect: Rect) -> CGRect {
    if rect.isInfinite { return .infinite }
    return CGRect(
      x: CGFloat(rect.minX), y: CGFloat(-rect.maxY), width: CGFloat(rect.width),
      height: CGFloat(rect.height))
  }

  /// Core Image's point in the engine's plane.
  static func enginePoint(x: Double, y: Double) -> Point { Point(x: x, y: -y) }

  /// Core Image's transform as the same motion in the engine's plane (conjugated by the flip).
  static func engineTransform(_ t: CGAffineTransform) -> ReelAffineTransform {
    ReelAffineTransform(
      a: Double(t.a), b: -Double(t.b), c: -Double(t.c), d: Double(t.d), tx: Double(t.tx),
      ty: -Double(t.ty))
  }

  /// The engine's transform in Core Image's plane.
  static func coreImageTransform(_ t: ReelAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: CGFloat(t.a), b: -CGFloat(t.b), c: -CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx),
      ty: -CGFloat(t.ty))
  }
}
