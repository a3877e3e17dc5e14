internal import ReelAnimation

/// One source of particles of a ``CAEmitterLayer``, as QuartzCore's `CAEmitterCell`. Ranges
/// vary a value by up to ± the range for each particle; speeds change it per second of the
/// particle's age. Times are in seconds, angles in radians, distances in points.
open class CAEmitterCell: NSObject {
  /// A name (default nil).
  open var name: String?
  /// Whether the cell emits (default true).
  open var isEnabled = true
  /// Particles per second, times the layer's `birthRate` (default 0).
  open var birthRate: Float = 0
  /// Seconds each particle lives (default 0).
  open var lifetime: Float = 0
  /// ± seconds of lifetime (default 0).
  open var lifetimeRange: Float = 0
  /// The direction out of the layer's plane (default 0; anything else fails the export).
  open var emissionLatitude: CGFloat = 0
  /// The direction in the layer's plane: 0 along +x, π/2 along +y (default 0).
  open var emissionLongitude: CGFloat = 0
  /// The width of the cone of directions around the longitude (default 0).
  open var emissionRange: CGFloat = 0
  /// Points per second (default 0).
  open var velocity: CGFloat = 0
  /// ± points per second (default 0).
  open var velocityRange: CGFloat = 0
  /// Points per second² along x (default 0).
  open var xAcceleration: CGFloat = 0
  /// Points per second² along y (default 0).
  open var yAcceleration: CGFloat = 0
  /// Points per second² along z (default 0; anything else fails the export).
  open var zAcceleration: CGFloat = 0
  /// The picture's scale (default 1).
  open var scale: CGFloat = 1
  /// ± scale (default 0).
  open var scaleRange: CGFloat = 0
  /// Scale per second (default 0).
  open var scaleSpeed: CGFloat = 0
  /// Radians per second (default 0).
  open var spin: CGFloat = 0
  /// ± radians per second (default 0).
  open var spinRange: CGFloat = 0
  /// Multiplies the picture's colour (default nil: white).
  open var color: CGColor?
  /// ± red (default 0).
  open var redRange: Float = 0
  /// ± green (default 0).
  open var greenRange: Float = 0
  /// ± blue (default 0).
  open var blueRange: Float = 0
  /// ± alpha (default 0).
  open var alphaRange: Float = 0
  /// Red per second (default 0).
  open var redSpeed: Float = 0
  /// Green per second (default 0).
  open var greenSpeed: Float = 0
  /// Blue per second (default 0).
  open var blueSpeed: Float = 0
  /// Alpha per second (default 0).
  open var alphaSpeed: Float = 0
  /// The particle's picture: a ``CGImage`` (default nil: nothing is drawn).
  open var contents: Any?
  /// The part of the contents drawn, in unit coordinates (default the whole; anything
  /// else fails the export).
  open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  /// Picture pixels per point (default 1; anything else fails the export).
  open var contentsScale: CGFloat = 1
  /// Cells emitted by each particle (default nil; Reel fails the export when set).
  open var emitterCells: [CAEmitterCell]?

  /// A cell with Core Animation's defaults.
  public override init() { super.init() }
}
