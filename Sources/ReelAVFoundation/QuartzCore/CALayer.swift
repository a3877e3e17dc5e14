internal import ReelAnimation
internal import ReelCore

/// A layer of a Core Animation tree, as QuartzCore's `CALayer`: geometry, appearance,
/// contents, sublayers and animations.
///
/// A layer is a mutable reference; when an export starts, the tree under the Core Animation
/// tool is snapshotted into Reel's `LayerTree` (QuartzCore/Snapshot/), so changes made after
/// that do not reach the export already running. Geometry is in the coordinates of the
/// superlayer: under `AVVideoCompositionCoreAnimationTool` the root's space is y-up (origin
/// bottom-left), as on Apple, unless a layer sets ``isGeometryFlipped``.
open class CALayer: NSObject, CAMediaTiming {
  // MARK: Geometry

  /// The layer's own coordinate space: the origin sublayers are measured from, and its size.
  open var bounds: CGRect = .zero
  /// Where the anchor point sits in the superlayer's coordinates.
  open var position: CGPoint = .zero
  /// The point of the bounds at ``position`` that transforms act about, in unit coordinates
  /// (default (0.5, 0.5), the centre).
  open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
  /// Depth: a translation along z and the drawing order among siblings.
  open var zPosition: CGFloat = 0
  /// The anchor point's z coordinate (Reel draws only 0; other values fail the export).
  open var anchorPointZ: CGFloat = 0
  /// The transform applied about the anchor point.
  open var transform: CATransform3D = CATransform3DIdentity
  /// The transform applied to the sublayers, about the anchor point.
  open var sublayerTransform: CATransform3D = CATransform3DIdentity
  /// Flips the sublayers' coordinate space vertically relative to this layer; contents
  /// (images, text, video) stay upright either way.
  open var isGeometryFlipped = false

  /// The layer's rectangle in the superlayer's coordinates: `position − anchor·size` without
  /// a transform, otherwise the bounding box of the transformed bounds. Setting it sets the
  /// bounds size and the position, keeping the anchor point.
  open var frame: CGRect {
    get {
      let frame = geometry.frame
      return CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height)
    }
    set {
      var geometry = self.geometry
      geometry.frame = newValue.reelRect
      bounds.size = CGSize(width: geometry.bounds.size.width, height: geometry.bounds.size.height)
      position = CGPoint(x: geometry.position.x, y: geometry.position.y)
    }
  }

  /// The transform as an affine transform (its `m11 m12 m21 m22 m41 m42`).
  open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

  /// Sets the transform to the 3D form of `m`.
  open func setAffineTransform(_ m: CGAffineTransform) {
    transform = CATransform3DMakeAffineTransform(m)
  }

  // MARK: Appearance

  /// Opacity in 0…1, multiplying down the tree.
  open var opacity: Float = 1
  /// Hides the layer and its sublayers.
  open var isHidden = false
  /// Fill of the bounds under the contents (nil: none).
  open var backgroundColor: CGColor?
  /// Border width, inset from the bounds, drawn above the contents and sublayers.
  open var borderWidth: CGFloat = 0
  /// Border colour (default opaque black).
  open var borderColor: CGColor? = .black
  /// Radius rounding the background, the border and the masks-to-bounds clip.
  open var cornerRadius: CGFloat = 0
  /// Clips the contents and sublayers to the (rounded) bounds.
  open var masksToBounds = false
  /// A layer whose alpha masks this layer and its sublayers (in this layer's coordinates).
  open var mask: CALayer?
  /// Shadow colour (default opaque black).
  open var shadowColor: CGColor? = .black
  /// Shadow opacity in 0…1 (default 0: no shadow).
  open var shadowOpacity: Float = 0
  /// Shadow offset in the layer's geometry (default (0, −3)).
  open var shadowOffset = CGSize(width: 0, height: -3)
  /// Shadow blur radius (default 3).
  open var shadowRadius: CGFloat = 3
  /// A name for lookups (and Reel's messages).
  open var name: String?

  // MARK: Contents

  /// The picture the layer shows: a ``CGImage`` (anything else shows nothing, as on Apple,
  /// with a warning).
  open var contents: Any?
  /// How the contents are placed in the bounds (default ``CALayerContentsGravity/resize``);
  /// "top" is the maximum y, "bottom" the minimum, as on Apple.
  open var contentsGravity: CALayerContentsGravity = .resize
  /// The part of the contents shown, in unit coordinates of the upright image, y from its
  /// top row (default (0, 0, 1, 1)); Reel cuts it to whole pixels.
  open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  /// Pixels of the contents per point (default 1).
  open var contentsScale: CGFloat = 1

  // MARK: Accepted no-ops (an export draws every frame at output resolution)

  /// Accepted and ignored: Reel rasterises each drawing once at output resolution.
  open var shouldRasterize = false
  /// Accepted and ignored.
  open var rasterizationScale: CGFloat = 1
  /// Accepted and ignored.
  open var needsDisplayOnBoundsChange = false
  /// Accepted and ignored.
  open var isOpaque = false
  /// Accepted and ignored.
  open var allowsEdgeAntialiasing = false
  /// Accepted and ignored.
  open var drawsAsynchronously = false
  /// How the contents are sampled when shown smaller (default ``CALayerContentsFilter/linear``;
  /// an export fails naming the layer for `.nearest`, which Reel does not draw).
  open var minificationFilter: CALayerContentsFilter = .linear
  /// How the contents are sampled when shown larger (default ``CALayerContentsFilter/linear``;
  /// an export fails naming the layer for `.nearest`).
  open var magnificationFilter: CALayerContentsFilter = .linear
  /// Accepted: Reel samples bilinearly without mipmaps.
  open var minificationFilterBias: Float = 0

  /// Whether ``setNeedsDisplay()`` was called since the last ``display()``.
  private var displayPending = false

  /// Draws the layer's picture into `ctx`: nothing here; a subclass overrides it. Called by
  /// ``display()``.
  ///
  /// - Parameter ctx: A bitmap of the bounds' size times `contentsScale`, y-down from the
  ///   bounds' top left in points as on iOS (UIKit's convention), cleared to transparent.
  open func draw(in ctx: CGContext) {}

  /// Makes the layer's `contents` from ``draw(in:)``: a transparent bitmap of the bounds'
  /// size times `contentsScale`, drawn into, becomes a `CGImage` the layer shows (stretched
  /// to its bounds by its `contentsGravity`). Reel's own drawn layers (text, shape,
  /// gradient, emitter) keep theirs. An export displays every layer still waiting for it
  /// (``setNeedsDisplay()``), as Core Animation does before it renders.
  open func display() {
    displayPending = false
    guard
      !(self is CATextLayer || self is CAShapeLayer || self is CAGradientLayer
        || self is CAEmitterLayer)
    else { return }
    let scale = contentsScale > 0 ? contentsScale : 1
    let width = Int((Double(bounds.width) * Double(scale)).rounded(.up))
    let height = Int((Double(bounds.height) * Double(scale)).rounded(.up))
    guard width > 0, height > 0,
      let context = CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
          | CGBitmapInfo.byteOrder32Little.rawValue)
    else {
      contents = nil
      return
    }
    context.translateBy(x: 0, y: CGFloat(height))
    context.scaleBy(x: scale, y: -scale)
    context.translateBy(x: -bounds.minX, y: -bounds.minY)
    draw(in: context)
    contents = context.makeImage()
  }

  /// Displays the layer if ``setNeedsDisplay()`` was called since it last was.
  open func displayIfNeeded() {
    if displayPending { display() }
  }

  /// Marks the layer for ``display()`` (before the next export or still draws it).
  open func setNeedsDisplay() { displayPending = true }
  /// Marks the layer for ``display()`` (the whole layer is drawn again).
  open func setNeedsDisplay(_ r: CGRect) { displayPending = true }
  /// Whether the layer waits to be displayed.
  open func needsDisplay() -> Bool { displayPending }

  /// The layer's preferred size in its superlayer: its bounds' size (Apple's default
  /// without a layout manager).
  open func preferredFrameSize() -> CGSize { bounds.size }
  /// No-op.
  open func layoutIfNeeded() {}
  /// No-op.
  open func setNeedsLayout() {}
  /// No-op.
  open func layoutSublayers() {}

  // MARK: Timing (CAMediaTiming)

  /// The layer's begin time in its superlayer's time (Reel times layers only at the default:
  /// any other value fails the export, naming the layer).
  open var beginTime: CFTimeInterval = 0
  /// The layer's duration (see ``beginTime``).
  open var duration: CFTimeInterval = 0
  /// The layer's speed (see ``beginTime``; default 1).
  open var speed: Float = 1
  /// The layer's time offset (see ``beginTime``).
  open var timeOffset: CFTimeInterval = 0
  /// The layer's repeat count (see ``beginTime``).
  open var repeatCount: Float = 0
  /// The layer's repeat duration (see ``beginTime``).
  open var repeatDuration: CFTimeInterval = 0
  /// Whether the layer's time autoreverses (see ``beginTime``).
  open var autoreverses = false
  /// The layer's fill mode (see ``beginTime``).
  open var fillMode: CAMediaTimingFillMode = .removed

  // MARK: Tree

  /// The sublayers, back to front, or nil when there are none. Setting it detaches the old
  /// sublayers and attaches the new ones (each removed from its previous superlayer).
  open var sublayers: [CALayer]? {
    get { sublayerStorage.isEmpty ? nil : sublayerStorage }
    set {
      for layer in sublayerStorage { layer.superlayerStorage = nil }
      sublayerStorage = []
      for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(sublayerStorage.count)) }
    }
  }

  /// The layer this one is a sublayer of.
  open var superlayer: CALayer? { superlayerStorage }

  /// Adds `layer` in front of the other sublayers (removing it from its superlayer first).
  open func addSublayer(_ layer: CALayer) {
    insertSublayer(layer, at: UInt32(sublayerStorage.count))
  }

  /// Inserts `layer` at index `idx` of the sublayers (clamped to their count).
  open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
    guard layer !== self else { return }
    layer.removeFromSuperlayer()
    let index = min(Int(idx), sublayerStorage.count)
    sublayerStorage.insert(layer, at: index)
    layer.superlayerStorage = self
  }

  /// Inserts `layer` just behind `sibling` (at the back when `sibling` is nil or not a
  /// sublayer).
  open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    guard layer !== self else { return }
    layer.removeFromSuperlayer()
    let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s } } ?? 0
    insertSublayer(layer, at: UInt32(index))
  }

  /// Inserts `layer` just in front of `sibling` (in front of all when `sibling` is nil or
  /// not a sublayer).
  open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
    guard layer !== self else { return }
    layer.removeFromSuperlayer()
    let index =
      sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s }.map { $0 + 1 } }
      ?? sublayerStorage.count
    insertSublayer(layer, at: UInt32(index))
  }

  /// Puts `newLayer` where `oldLayer` is among the sublayers (nothing happens when
  /// `oldLayer` is not a sublayer).
  open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
    guard let index = sublayerStorage.firstIndex(where: { $0 === oldLayer }) else { return }
    oldLayer.removeFromSuperlayer()
    if oldLayer !== newLayer { insertSublayer(newLayer, at: UInt32(index)) }
  }

  /// Detaches the layer from its superlayer.
  open func removeFromSuperlayer() {
    guard let parent = superlayerStorage else { return }
    parent.sublayerStorage.removeAll { $0 === self }
    superlayerStorage = nil
  }

  // MARK: Animations

  /// Attaches a copy of `anim` (so changing `anim` afterwards changes nothing), replacing
  /// the animation already attached under the same `key`. Animations without a key are
  /// kept and cannot be looked up.
  open func add(_ anim: CAAnimation, forKey key: String?) {
    let copy = anim.copiedAnimation()
    if let key, let index = attachedAnimations.firstIndex(where: { $0.key == key }) {
      attachedAnimations.remove(at: index)
    }
    attachedAnimations.append((key, copy))
  }

  /// The animation attached under `key`.
  open func animation(forKey key: String) -> CAAnimation? {
    attachedAnimations.first { $0.key == key }?.animation
  }

  /// Detaches the animation attached under `key`.
  open func removeAnimation(forKey key: String) {
    attachedAnimations.removeAll { $0.key == key }
  }

  /// Detaches every animation.
  open func removeAllAnimations() { attachedAnimations.removeAll() }

  /// The keys of the attached animations, in the order added, or nil when none has a key.
  open func animationKeys() -> [String]? {
    let keys = attachedAnimations.compactMap(\.key)
    return keys.isEmpty ? nil : keys
  }

  // MARK: Storage

  /// The sublayers, back to front (stored here; see ``sublayers``).
  var sublayerStorage: [CALayer] = []
  /// The superlayer (stored here; see ``superlayer``).
  weak var superlayerStorage: CALayer?
  /// The attached animations in the order added, each a copy, with its key.
  var attachedAnimations: [(key: String?, animation: CAAnimation)] = []

  // MARK: Making layers

  /// A layer with Core Animation's defaults.
  public override init() { super.init() }

  /// A copy of `layer`'s own properties (not its sublayers, superlayer or animations), as
  /// Core Animation's shadow copies.
  public init(layer: Any) {
    super.init()
    if let other = layer as? CALayer { copyProperties(from: other) }
  }

  /// Copies every stored property but the tree and the animations.
  func copyProperties(from other: CALayer) {
    bounds = other.bounds
    position = other.position
    anchorPoint = other.anchorPoint
    zPosition = other.zPosition
    anchorPointZ = other.anchorPointZ
    transform = other.transform
    sublayerTransform = other.sublayerTransform
    isGeometryFlipped = other.isGeometryFlipped
    opacity = other.opacity
    isHidden = other.isHidden
    backgroundColor = other.backgroundColor
    borderWidth = other.borderWidth
    borderColor = other.borderColor
    cornerRadius = other.cornerRadius
    masksToBounds = other.masksToBounds
    mask = other.mask
    shadowColor = other.shadowColor
    shadowOpacity = other.shadowOpacity
    shadowOffset = other.shadowOffset
    shadowRadius = other.shadowRadius
    name = other.name
    contents = other.contents
    contentsGravity = other.contentsGravity
    contentsRect = other.contentsRect
    contentsScale = other.contentsScale
    shouldRasterize = other.shouldRasterize
    rasterizationScale = other.rasterizationScale
    needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
    minificationFilter = other.minificationFilter
    magnificationFilter = other.magnificationFilter
    beginTime = other.beginTime
    duration = other.duration
    speed = other.speed
    timeOffset = other.timeOffset
    repeatCount = other.repeatCount
    repeatDuration = other.repeatDuration
    autoreverses = other.autoreverses
    fillMode = other.fillMode
  }

  // MARK: Snapshot (QuartzCore/Snapshot/)

  /// What this layer draws, as Reel's layer content: each layer class Reel draws overrides
  /// it (``CATextLayer``, ``CAGradientLayer``; part 2 adds shape, emitter and replicator
  /// layers); a class that Reel does not draw must throw, naming itself.
  ///
  /// - Parameter context: Where the layer is in the tree and how its space is oriented.
  /// - Throws: `CompatFailure` (`.invalidVideoComposition`) naming what Reel cannot draw.
  func snapshotContent(_ context: LayerSnapshotContext) throws(CompatFailure) -> LayerContent {
    try contentsSnapshot(context)
  }

  /// Sets the layer class's own animatable values on Reel's properties (a shape layer's
  /// colours, line width and stroke ends); a plain layer has none.
  ///
  /// - Parameter properties: The layer's Reel properties, already holding `CALayer`'s own.
  func snapshotAppearance(_ properties: inout LayerProperties) {}

  /// The geometry as Reel's layer properties: bounds, position, anchor point, zPosition and
  /// transform (Reel owns the frame maths).
  var geometry: LayerProperties {
    var properties = LayerProperties(
      bounds: bounds.reelRect, position: position.reelPoint, anchorPoint: anchorPoint.reelPoint)
    properties.zPosition = Double(zPosition)
    properties.transform = transform.transform3D
    return properties
  }
}

/// How a layer's contents are placed in its bounds, as QuartzCore's `CALayerContentsGravity`
/// (Apple's string raw values). "top" means the maximum y and "bottom" the minimum y of
/// the layer's geometry, as on Apple: on screen, "top" is the top in a y-up space (an
/// export's default) and the bottom in a flipped one.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Natural size, centred. (`"center"`)
  public static let center = CALayerContentsGravity("center")
  /// Natural size, centred across, at the maximum y. (`"top"`)
  public static let top = CALayerContentsGravity("top")
  /// Natural size, centred across, at the minimum y. (`"bottom"`)
  public static let bottom = CALayerContentsGravity("bottom")
  /// Natural size, centred vertically, at the left edge. (`"left"`)
  public static let left = CALayerContentsGravity("left")
  /// Natural size, centred vertically, at the right edge. (`"right"`)
  public static let right = CALayerContentsGravity("right")
  /// Natural size, at the left edge and the maximum y. (`"topLeft"`)
  public static let topLeft = CALayerContentsGravity("topLeft")
  /// Natural size, at the right edge and the maximum y. (`"topRight"`)
  public static let topRight = CALayerContentsGravity("topRight")
  /// Natural size, at the left edge and the minimum y. (`"bottomLeft"`)
  public static let bottomLeft = CALayerContentsGravity("bottomLeft")
  /// Natural size, at the right edge and the minimum y. (`"bottomRight"`)
  public static let bottomRight = CALayerContentsGravity("bottomRight")
  /// Stretch to fill the bounds (the default).
  public static let resize = CALayerContentsGravity("resize")
  /// Fit inside the bounds, centred.
  public static let resizeAspect = CALayerContentsGravity("resizeAspect")
  /// Cover the bounds, centred.
  public static let resizeAspectFill = CALayerContentsGravity("resizeAspectFill")
}

extension CGRect {
  /// The rectangle as Reel's `Rect`.
  var reelRect: Rect {
    Rect(
      x: Double(origin.x), y: Double(origin.y), width: Double(size.width),
      height: Double(size.height))
  }
}

extension CGPoint {
  /// The point as Reel's `Point`.
  var reelPoint: Point { Point(x: Double(x), y: Double(y)) }
}

extension CGSize {
  /// The size as Reel's `Size`.
  var reelSize: Size { Size(width: Double(width), height: Double(height)) }
}

/// How a layer's contents are sampled when scaled, as Core Animation's
/// `CALayerContentsFilter` (Apple's raw values).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Bilinear (Reel's sampling).
  public static let linear = CALayerContentsFilter("linear")
  /// Nearest neighbour: Reel does not draw it (the export fails naming the layer).
  public static let nearest = CALayerContentsFilter("nearest")
  /// Bilinear between mipmap levels: drawn as `.linear` (a warning says so).
  public static let trilinear = CALayerContentsFilter("trilinear")
}
