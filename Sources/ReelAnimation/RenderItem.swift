import ReelCore

/// Identifies a layer in a tree: the index path from the root (`[]` is the root, `[1, 0]`
/// the first sublayer of the root's second sublayer; a mask layer adds `-1` after the path
/// of the layer it masks) and its name.
public struct LayerIdentity: Sendable, Hashable, CustomStringConvertible {
  /// Index path from the root; `-1` steps into a mask.
  public var path: [Int]
  /// The layer's name, if any.
  public var name: String?

  /// Makes an identity.
  public init(path: [Int], name: String? = nil) {
    self.path = path
    self.name = name
  }

  public var description: String {
    let indices = "[" + path.map { $0 < 0 ? "mask" : String($0) }.joined(separator: ".") + "]"
    return name.map { "\(indices) \($0)" } ?? indices
  }
}

/// One thing to draw, fully resolved: what, where (a projective transform to render pixels),
/// how opaque, and what clips and masks it.
public struct RenderItem: Sendable {
  /// Which part of a layer an item is.
  public enum Part: String, Sendable, Hashable {
    /// The layer's drop shadow (below everything of the layer).
    case shadow
    /// The background fill.
    case background
    /// The content (image, text, shape, gradient, video).
    case content
    /// The border (above content and sublayers).
    case border
  }

  /// The layer the item belongs to.
  public var layer: LayerIdentity
  /// Which part of the layer.
  public var part: Part
  /// What to draw, in the layer's local pixels.
  public var drawing: Drawing
  /// Maps the layer's local pixels (origin at its bounds' top-left, z = 0) to render
  /// pixels: `(x, y, 0, 1) · transform = (X, Y, Z, W)`, pixel = (X/W, Y/W). Includes the
  /// anchor point, position, the layer's and every ancestor's transform and sublayer
  /// transform, with 3D children flattened into each parent's plane.
  public var transform: Transform3D
  /// Accumulated opacity in (0, 1] (the layer's times all ancestors').
  public var opacity: Double
  /// Clips from ancestors (and the layer itself) that mask to bounds, outermost first; the
  /// item shows only inside all of them.
  public var clips: [Clip]
  /// Mask layers of ancestors (and the layer itself), outermost first; the item's alpha is
  /// multiplied by each mask's rendered alpha.
  public var masks: [Mask]
  /// The filter the item goes through before it is composited, with this frame's
  /// parameters (the layer's ``Part/background`` and ``Part/content`` items), or nil.
  public var filter: AppliedLayerFilter? = nil

  /// A hash of the drawing: equal drawings rasterise identically; it does not change with
  /// position, transform or opacity.
  public var contentKey: Int { drawing.hashValue }

  /// Whether the transform is affine (no perspective), so a 2D compositing path suffices.
  public var isAffine: Bool { transform.m14 == 0 && transform.m24 == 0 && transform.m44 == 1 }

  /// The transform as a 2D affine map (local pixels → render pixels) when ``isAffine``,
  /// otherwise nil (use the projective ``transform``).
  public var affineTransform: ReelCore.AffineTransform? {
    guard isAffine else { return nil }
    return ReelCore.AffineTransform(
      a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22,
      tx: transform.m41, ty: transform.m42)
  }

  /// Where a local point lands in render pixels, or nil when behind the viewer.
  public func project(_ point: Point) -> Point? { transform.project(point) }
}

/// A clipping rectangle of a layer that masks to bounds.
public struct Clip: Sendable, Hashable {
  /// The clipping layer.
  public var layer: LayerIdentity
  /// The rectangle in the clipping layer's local pixels (origin 0, bounds size).
  public var rect: Rect
  /// Corner radius in the clipping layer's pixels.
  public var cornerRadius: Double
  /// Maps the clipping layer's local pixels to render pixels (as ``RenderItem/transform``).
  public var transform: Transform3D
}

/// A mask: the render list of a mask layer, in render pixels; its alpha multiplies what it
/// masks.
public struct Mask: Sendable {
  /// The masked layer.
  public var layer: LayerIdentity
  /// The mask layer's items, with transforms to render pixels (their opacities include the
  /// mask layer's opacity).
  public var items: [RenderItem]
}
