internal import ReelAnimation

/// A layer that emits particles, as QuartzCore's `CAEmitterLayer`. Its cells' particles are
/// drawn in the layer's own coordinate space, not clipped to the bounds, starting at the
/// beginning of the video (time 0 of the Core Animation tool's timeline).
///
/// Reel draws particles as a pure function of the time and ``seed`` (see
/// docs/avfoundation.md): the same frame has the same particles wherever it is rendered.
/// The particles differ from Apple's own random sequence, so an export has Apple's
/// parameters, not Apple's exact particles. At most 20,000 particles may be alive at once
/// (rate × lifetime summed over the cells); a larger emitter fails the export, naming it.
open class CAEmitterLayer: CALayer {
  /// The cells that emit particles (default nil).
  open var emitterCells: [CAEmitterCell]?
  /// Multiplies every cell's birth rate (default 1).
  open var birthRate: Float = 1
  /// Multiplies every cell's lifetime (default 1).
  open var lifetime: Float = 1
  /// The centre of the emitter's shape, in the layer's coordinates (default (0, 0)).
  open var emitterPosition: CGPoint = .zero
  /// The emitter's z position (default 0; particles are flattened into the layer's plane).
  open var emitterZPosition: CGFloat = 0
  /// The size of the emitter's shape (default (0, 0)).
  open var emitterSize: CGSize = .zero
  /// The depth of a cuboid or sphere shape (default 0; Reel's shapes are flat).
  open var emitterDepth: CGFloat = 0
  /// The shape particles start from (default ``CAEmitterLayerEmitterShape/point``).
  open var emitterShape: CAEmitterLayerEmitterShape = .point
  /// Which part of the shape (default ``CAEmitterLayerEmitterMode/volume``).
  open var emitterMode: CAEmitterLayerEmitterMode = .volume
  /// How particles are composited (default ``CAEmitterLayerRenderMode/unordered``).
  open var renderMode: CAEmitterLayerRenderMode = .unordered
  /// Whether particles keep their depth (default false; true fails the export).
  open var preservesDepth = false
  /// Multiplies every cell's velocity (default 1).
  open var velocity: Float = 1
  /// Multiplies every cell's scale (default 1).
  open var scale: Float = 1
  /// Multiplies every cell's spin (default 1).
  open var spin: Float = 1
  /// Chooses the particles' random values (default 0).
  open var seed: UInt32 = 0

  override func snapshotContent(_ context: LayerSnapshotContext) throws(CompatFailure)
    -> LayerContent
  {
    try emitterSnapshot(context)
  }

  /// An emitter layer with Core Animation's defaults.
  public override init() { super.init() }

  /// A copy of `layer`'s properties (see `CALayer.init(layer:)`); the cells are shared.
  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CAEmitterLayer else { return }
    emitterCells = other.emitterCells
    birthRate = other.birthRate
    lifetime = other.lifetime
    emitterPosition = other.emitterPosition
    emitterZPosition = other.emitterZPosition
    emitterSize = other.emitterSize
    emitterDepth = other.emitterDepth
    emitterShape = other.emitterShape
    emitterMode = other.emitterMode
    renderMode = other.renderMode
    preservesDepth = other.preservesDepth
    velocity = other.velocity
    scale = other.scale
    spin = other.spin
    seed = other.seed
  }
}

/// The shape particles start from, as QuartzCore's `CAEmitterLayerEmitterShape` (Apple's
/// string raw values).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The emitter's position.
  public static let point = CAEmitterLayerEmitterShape("point")
  /// A horizontal line of the emitter's width, centred on its position.
  public static let line = CAEmitterLayerEmitterShape("line")
  /// A rectangle of the emitter's size, centred on its position.
  public static let rectangle = CAEmitterLayerEmitterShape("rectangle")
  /// A box (not drawn by Reel: fails the export).
  public static let cuboid = CAEmitterLayerEmitterShape("cuboid")
  /// A circle of the emitter's width as diameter, centred on its position.
  public static let circle = CAEmitterLayerEmitterShape("circle")
  /// A sphere (not drawn by Reel: fails the export).
  public static let sphere = CAEmitterLayerEmitterShape("sphere")
}

/// Which part of the shape particles start from, as QuartzCore's `CAEmitterLayerEmitterMode`.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The shape's vertices (a line's ends, a rectangle's corners, a circle's centre).
  public static let points = CAEmitterLayerEmitterMode("points")
  /// The shape's outline.
  public static let outline = CAEmitterLayerEmitterMode("outline")
  /// The shape's inside.
  public static let surface = CAEmitterLayerEmitterMode("surface")
  /// The shape's volume (the inside, for Reel's flat shapes).
  public static let volume = CAEmitterLayerEmitterMode("volume")
}

/// How particles are composited, as QuartzCore's `CAEmitterLayerRenderMode`.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Over each other in no particular order (Reel: by cell, then by birth).
  public static let unordered = CAEmitterLayerRenderMode("unordered")
  /// Oldest on top (fails the export).
  public static let oldestFirst = CAEmitterLayerRenderMode("oldestFirst")
  /// Newest on top (fails the export).
  public static let oldestLast = CAEmitterLayerRenderMode("oldestLast")
  /// By depth (fails the export).
  public static let backToFront = CAEmitterLayerRenderMode("backToFront")
  /// Colours added up.
  public static let additive = CAEmitterLayerRenderMode("additive")
}
