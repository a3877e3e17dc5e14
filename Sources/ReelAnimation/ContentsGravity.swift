import ReelCore

/// How image or video content is placed in a layer's bounds (`CALayer.contentsGravity`).
///
/// Names follow Core Animation; positions are on screen with y down, so ``top`` is the top
/// edge of the picture as seen.
public enum ContentsGravity: String, Sendable, Hashable, CaseIterable {
  /// Stretch to fill the bounds (the default, and AVFoundation's video layer behaviour).
  case resize
  /// Scale uniformly to fit inside the bounds, centred ("fit").
  case resizeAspect
  /// Scale uniformly to cover the bounds, centred; overflows unless the layer masks to bounds.
  case resizeAspectFill
  /// Natural size, centred.
  case center
  /// Natural size, centred horizontally, touching the top edge.
  case top
  /// Natural size, centred horizontally, touching the bottom edge.
  case bottom
  /// Natural size, centred vertically, touching the left edge.
  case left
  /// Natural size, centred vertically, touching the right edge.
  case right
  /// Natural size in the top-left corner.
  case topLeft
  /// Natural size in the top-right corner.
  case topRight
  /// Natural size in the bottom-left corner.
  case bottomLeft
  /// Natural size in the bottom-right corner.
  case bottomRight

  /// Where content of a natural size lands in bounds of a size.
  ///
  /// - Parameters:
  ///   - contentSize: The content's natural size in pixels (one content pixel = one layer
  ///     pixel).
  ///   - bounds: The layer's bounds size in pixels.
  /// - Returns: The content's rectangle in the layer's local coordinates (origin at the
  ///   bounds' top-left); it may extend outside the bounds.
  public func placement(of contentSize: Size, in bounds: Size) -> Rect {
    let (w, h) = (bounds.width, bounds.height)
    let (cw, ch) = (contentSize.width, contentSize.height)
    func centred(_ size: Size) -> Rect {
      Rect(
        x: (w - size.width) / 2, y: (h - size.height) / 2, width: size.width, height: size.height)
    }
    switch self {
    case .resize:
      return Rect(x: 0, y: 0, width: w, height: h)
    case .resizeAspect, .resizeAspectFill:
      guard cw > 0, ch > 0 else { return Rect(x: w / 2, y: h / 2, width: 0, height: 0) }
      let scale = self == .resizeAspect ? min(w / cw, h / ch) : max(w / cw, h / ch)
      return centred(Size(width: cw * scale, height: ch * scale))
    case .center: return centred(contentSize)
    case .top: return Rect(x: (w - cw) / 2, y: 0, width: cw, height: ch)
    case .bottom: return Rect(x: (w - cw) / 2, y: h - ch, width: cw, height: ch)
    case .left: return Rect(x: 0, y: (h - ch) / 2, width: cw, height: ch)
    case .right: return Rect(x: w - cw, y: (h - ch) / 2, width: cw, height: ch)
    case .topLeft: return Rect(x: 0, y: 0, width: cw, height: ch)
    case .topRight: return Rect(x: w - cw, y: 0, width: cw, height: ch)
    case .bottomLeft: return Rect(x: 0, y: h - ch, width: cw, height: ch)
    case .bottomRight: return Rect(x: w - cw, y: h - ch, width: cw, height: ch)
    }
  }
}
