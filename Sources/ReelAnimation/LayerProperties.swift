import Foundation
import ReelCore

/// Every model value of a layer: geometry, transform, appearance — all that animations can
/// change. Plain values in render pixels (origin top-left, y down); angles in radians.
///
/// ## The transform
/// The layer's effective transform is composed from components, so that each can be animated
/// alone (Core Animation's `transform.rotation.y`, `transform.scale`, …):
///
///     effectiveTransform = scale · rotationX · rotationY · rotationZ · translation · transform
///
/// in the row-vector convention of ``ReelCore/Transform3D`` (the leftmost factor acts on a
/// point first): a point is scaled, rotated about x, then y, then z, translated, and finally
/// ``transform`` — the base matrix — is applied. A perspective `m34 = −1/d` in ``transform``
/// therefore applies after the rotations, which is what Core Animation computes for
/// `transform = perspective; animate transform.rotation.y` (the classic tilt). All of it acts
/// about the ``anchorPoint``. A positive ``rotationZ`` turns clockwise on screen.
public struct LayerProperties: Sendable, Hashable {
  // MARK: Geometry

  /// The layer's own coordinate space: `origin` is the coordinate of its top-left corner
  /// (sublayer positions are measured in it), `size` its size in pixels.
  public var bounds: Rect
  /// Where the anchor point sits in the parent's coordinate space, in pixels.
  public var position: Point
  /// The point of the bounds that sits at ``position`` and that transforms act about, in
  /// unit coordinates ((0, 0) top-left, (1, 1) bottom-right; default centre).
  public var anchorPoint: Point
  /// Depth: a translation along z, and the drawing order among siblings (higher in front;
  /// ties keep the sublayer order).
  public var zPosition: Double

  // MARK: Transform

  /// The base 3D transform, applied after the component transforms (see the type's doc).
  public var transform: Transform3D
  /// Rotation about the x axis in radians (tilts the top towards or away from the viewer).
  public var rotationX: Double
  /// Rotation about the y axis in radians.
  public var rotationY: Double
  /// Rotation about the z axis in radians; positive is clockwise on screen.
  public var rotationZ: Double
  /// Scale along x (1 = none).
  public var scaleX: Double
  /// Scale along y (1 = none).
  public var scaleY: Double
  /// Scale along z (1 = none).
  public var scaleZ: Double
  /// Translation along x in pixels.
  public var translationX: Double
  /// Translation along y in pixels.
  public var translationY: Double
  /// Translation along z in pixels.
  public var translationZ: Double
  /// A transform applied to the sublayers (not to this layer's own drawing), about the
  /// anchor point; set `m34` here to give the children a shared perspective.
  public var sublayerTransform: Transform3D
  /// Flips the coordinate space of the sublayers (and the mask) vertically relative to this
  /// layer, as `CALayer.isGeometryFlipped`: a sublayer's `y` is measured up from the bottom
  /// edge of the bounds, so positions, frames, `position.y` animations, rotations (positive
  /// turns counter-clockwise on screen) and paths of the sublayers are mirrored — but images,
  /// text and video stay upright (see ``LayerTree``). Flips nest: two flipped ancestors cancel.
  /// Default false.
  public var isGeometryFlipped: Bool

  // MARK: Appearance

  /// Opacity in [0, 1]; multiplies down the tree.
  public var opacity: Double
  /// Hides the layer and its whole subtree.
  public var isHidden: Bool
  /// Fill of the bounds, under the content (clear = none).
  public var backgroundColor: Color
  /// Radius in pixels rounding the background, the border and the masks-to-bounds clip.
  public var cornerRadius: Double
  /// Border width in pixels, inset from the bounds, drawn above content and sublayers.
  public var borderWidth: Double
  /// Border colour (default opaque black, as Core Animation).
  public var borderColor: Color
  /// Clips the content and the sublayers to the (rounded) bounds.
  public var masksToBounds: Bool
  /// Drop shadow of the layer's background, content and border (default none: opacity 0).
  public var shadow: Shadow
  /// How image and video content is placed in the bounds.
  public var contentsGravity: ContentsGravity

  // MARK: Shape layers

  /// Fill colour of a shape layer's path (clear = no fill; default opaque black, as
  /// `CAShapeLayer`).
  public var fillColor: Color
  /// Stroke colour of a shape layer's path (clear = no stroke, the default).
  public var strokeColor: Color
  /// Stroke width of a shape layer's path in pixels.
  public var lineWidth: Double
  /// Where the stroke starts, as a fraction of the path's length in [0, 1].
  public var strokeStart: Double
  /// Where the stroke ends, as a fraction of the path's length in [0, 1].
  public var strokeEnd: Double
  /// How far into the dash pattern a shape layer's stroke starts, in pixels (default 0);
  /// replaces the shape content's ``ReelCore/StrokeStyle/dashPhase``.
  public var lineDashPhase: Double
  /// Miter joins longer than `miterLimit × lineWidth` are drawn as bevels (default 10, as
  /// `CAShapeLayer`); replaces the shape content's ``ReelCore/StrokeStyle/miterLimit``.
  public var miterLimit: Double
  /// The outline a shape layer draws instead of its content's path, set by a
  /// ``ShapePathAnimation`` (nil, the default, draws ``ShapeContent/path``); in the layer's
  /// local pixels.
  public var shapePath: Path?

  // MARK: Filters

  /// The numbers a layer's ``Layer/contentFilter`` reads, animatable one by one
  /// (`AnimatableProperty("filters…", \.filterParameters[i])`); empty by default.
  public var filterParameters: [Double]

  /// Makes properties with Core Animation's defaults and the given geometry.
  ///
  /// - Parameters:
  ///   - bounds: Bounds in pixels (default empty).
  ///   - position: Anchor position in the parent, in pixels.
  ///   - anchorPoint: Unit anchor (default centre).
  public init(
    bounds: Rect = .zero, position: Point = .zero, anchorPoint: Point = Point(x: 0.5, y: 0.5)
  ) {
    self.bounds = bounds
    self.position = position
    self.anchorPoint = anchorPoint
    zPosition = 0
    transform = .identity
    rotationX = 0
    rotationY = 0
    rotationZ = 0
    scaleX = 1
    scaleY = 1
    scaleZ = 1
    translationX = 0
    translationY = 0
    translationZ = 0
    sublayerTransform = .identity
    isGeometryFlipped = false
    opacity = 1
    isHidden = false
    backgroundColor = .clear
    cornerRadius = 0
    borderWidth = 0
    borderColor = .black
    masksToBounds = false
    shadow = Shadow()
    contentsGravity = .resize
    fillColor = .black
    strokeColor = .clear
    lineWidth = 1
    strokeStart = 0
    strokeEnd = 1
    lineDashPhase = 0
    miterLimit = 10
    shapePath = nil
    filterParameters = []
  }

  /// Makes properties whose bounds and position put the layer at `frame` (with the default
  /// centre anchor and no transform).
  public init(frame: Rect) {
    self.init()
    self.frame = frame
  }

  // MARK: Derived values

  /// Uniform scale: reads ``scaleX``; writing sets x, y and z (`transform.scale`).
  public var scale: Double {
    get { scaleX }
    set {
      scaleX = newValue
      scaleY = newValue
      scaleZ = newValue
    }
  }

  /// Translation in the plane: (``translationX``, ``translationY``) (`transform.translation`).
  public var translation: Point {
    get { Point(x: translationX, y: translationY) }
    set {
      translationX = newValue.x
      translationY = newValue.y
    }
  }

  /// The bounds size (`bounds.size`).
  public var size: Size {
    get { bounds.size }
    set { bounds.size = newValue }
  }

  /// The transform actually applied about the anchor point:
  /// `scale · rotationX · rotationY · rotationZ · translation · transform`.
  public var effectiveTransform: Transform3D {
    var result = Transform3D.identity
    if scaleX != 1 || scaleY != 1 || scaleZ != 1 {
      result = Transform3D(scaleX: scaleX, y: scaleY, z: scaleZ)
    }
    if rotationX != 0 {
      result = result.concatenating(Transform3D(rotationAngle: rotationX, x: 1, y: 0, z: 0))
    }
    if rotationY != 0 {
      result = result.concatenating(Transform3D(rotationAngle: rotationY, x: 0, y: 1, z: 0))
    }
    if rotationZ != 0 {
      result = result.concatenating(Transform3D(rotationAngle: rotationZ, x: 0, y: 0, z: 1))
    }
    if translationX != 0 || translationY != 0 || translationZ != 0 {
      result = result.concatenating(
        Transform3D(translationX: translationX, y: translationY, z: translationZ))
    }
    return transform.isIdentity ? result : result.concatenating(transform)
  }

  /// The anchor point in the layer's local coordinates (origin at the bounds' top-left).
  public var anchorOffset: Point {
    Point(x: anchorPoint.x * bounds.size.width, y: anchorPoint.y * bounds.size.height)
  }

  /// The layer's rectangle in its parent's coordinates.
  ///
  /// Reading: `position − anchor·size` when the effective transform is identity, otherwise
  /// the bounding box of the transformed corners (projected; corners behind the viewer are
  /// skipped). Writing (as `CALayer.frame`): sets the bounds size and the position, keeping
  /// the anchor point and the bounds origin.
  public var frame: Rect {
    get {
      let offset = anchorOffset
      let matrix = effectiveTransform
      let origin = Point(x: position.x - offset.x, y: position.y - offset.y)
      guard !matrix.isIdentity else { return Rect(origin: origin, size: bounds.size) }
      let local = Transform3D(translationX: -offset.x, y: -offset.y, z: 0)
        .concatenating(matrix)
        .concatenating(Transform3D(translationX: position.x, y: position.y, z: zPosition))
      let corners = [
        Point.zero, Point(x: bounds.size.width, y: 0), Point(x: 0, y: bounds.size.height),
        Point(x: bounds.size.width, y: bounds.size.height),
      ].compactMap { local.project($0) }
      guard let first = corners.first else { return Rect(origin: origin, size: .zero) }
      var box = Rect(origin: first, size: .zero)
      for corner in corners.dropFirst() {
        let left = min(box.minX, corner.x)
        let top = min(box.minY, corner.y)
        box = Rect(
          x: left, y: top, width: max(box.maxX, corner.x) - left,
          height: max(box.maxY, corner.y) - top)
      }
      return box
    }
    set {
      bounds.size = newValue.standardized.size
      let standard = newValue.standardized
      position = Point(
        x: standard.minX + anchorPoint.x * standard.width,
        y: standard.minY + anchorPoint.y * standard.height)
    }
  }
}
