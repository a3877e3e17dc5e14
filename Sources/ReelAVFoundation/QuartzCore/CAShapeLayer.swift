internal import ReelAnimation

/// A layer that draws a path, as QuartzCore's `CAShapeLayer`. The path is in the layer's own
/// coordinate space (y-up under `AVVideoCompositionCoreAnimationTool` unless a layer on the
/// way is flipped, so CoreText's y-up glyph outlines appear upright) and is not clipped to
/// the bounds. It is filled, then stroked, over the background and below the sublayers.
///
/// `fillColor`, `strokeColor`, `lineWidth`, `strokeStart` and `strokeEnd` are animatable;
/// animating `path`, `lineDashPhase` or `miterLimit` fails the export, naming the key path.
open class CAShapeLayer: CALayer {
  /// The outline to draw, in the layer's coordinates (default nil: nothing is drawn).
  open var path: CGPath?
  /// The fill (default opaque black; nil fills nothing).
  open var fillColor: CGColor? = CGColor(gray: 0, alpha: 1)
  /// Which regions of a self-intersecting path are filled (default ``CAShapeLayerFillRule/nonZero``).
  open var fillRule: CAShapeLayerFillRule = .nonZero
  /// The stroke (default nil: no stroke).
  open var strokeColor: CGColor?
  /// Where the stroke starts, as a fraction 0…1 of the path's length (default 0).
  open var strokeStart: CGFloat = 0
  /// Where the stroke ends, as a fraction 0…1 of the path's length (default 1).
  open var strokeEnd: CGFloat = 1
  /// The stroke's width in points (default 1).
  open var lineWidth: CGFloat = 1
  /// The longest miter join, as a multiple of the line width, before it is bevelled (default 10).
  open var miterLimit: CGFloat = 10
  /// The ends of open subpaths (default ``CAShapeLayerLineCap/butt``).
  open var lineCap: CAShapeLayerLineCap = .butt
  /// The corners (default ``CAShapeLayerLineJoin/miter``).
  open var lineJoin: CAShapeLayerLineJoin = .miter
  /// How far into the dash pattern the stroke starts, in points (default 0).
  open var lineDashPhase: CGFloat = 0
  /// Alternating dash and gap lengths in points (default nil: a solid line).
  open var lineDashPattern: [NSNumber]?

  override func snapshotContent(_ context: LayerSnapshotContext) throws(CompatFailure)
    -> LayerContent
  {
    try shapeSnapshot(context)
  }

  override func snapshotAppearance(_ properties: inout LayerProperties) {
    shapeAppearance(&properties)
  }

  /// A shape layer with Core Animation's defaults.
  public override init() { super.init() }

  /// A copy of `layer`'s properties (see `CALayer.init(layer:)`).
  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CAShapeLayer else { return }
    path = other.path
    fillColor = other.fillColor
    fillRule = other.fillRule
    strokeColor = other.strokeColor
    strokeStart = other.strokeStart
    strokeEnd = other.strokeEnd
    lineWidth = other.lineWidth
    miterLimit = other.miterLimit
    lineCap = other.lineCap
    lineJoin = other.lineJoin
    lineDashPhase = other.lineDashPhase
    lineDashPattern = other.lineDashPattern
  }
}

/// How a shape layer decides the inside of its path, as QuartzCore's `CAShapeLayerFillRule`
/// (Apple's string raw values).
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Inside where the winding number is not zero (`kCAFillRuleNonZero`).
  public static let nonZero = CAShapeLayerFillRule("non-zero")
  /// Inside where a ray crosses the path an odd number of times (`kCAFillRuleEvenOdd`).
  public static let evenOdd = CAShapeLayerFillRule("even-odd")
}

/// The ends of a shape layer's open subpaths, as QuartzCore's `CAShapeLayerLineCap`.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The line stops at its end point (`kCALineCapButt`).
  public static let butt = CAShapeLayerLineCap("butt")
  /// A half circle of the line's width at each end (`kCALineCapRound`).
  public static let round = CAShapeLayerLineCap("round")
  /// A half square of the line's width at each end (`kCALineCapSquare`).
  public static let square = CAShapeLayerLineCap("square")
}

/// The corners of a shape layer's stroke, as QuartzCore's `CAShapeLayerLineJoin`.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The outer edges meet in a point (`kCALineJoinMiter`).
  public static let miter = CAShapeLayerLineJoin("miter")
  /// A circular arc joins the outer edges (`kCALineJoinRound`).
  public static let round = CAShapeLayerLineJoin("round")
  /// A straight edge cuts the corner (`kCALineJoinBevel`).
  public static let bevel = CAShapeLayerLineJoin("bevel")
}
