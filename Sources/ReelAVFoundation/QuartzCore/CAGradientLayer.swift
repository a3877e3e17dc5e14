internal import ReelAnimation

/// A layer filled with a colour gradient, as QuartzCore's `CAGradientLayer`. Points are in
/// the layer's unit geometry ((0, 0) is the bounds' minimum corner: the bottom-left in an
/// export's y-up space), so the gradient follows flipped geometry as on Apple.
open class CAGradientLayer: CALayer {
  /// The colours: ``CGColor``s (anything else fails the export, naming the layer).
  open var colors: [Any]?
  /// Each colour's position 0…1 (nil: evenly spaced).
  open var locations: [NSNumber]?
  /// The start (axial) or centre (radial, conic) in unit coordinates (default (0.5, 0)).
  open var startPoint = CGPoint(x: 0.5, y: 0)
  /// The end point in unit coordinates (default (0.5, 1)).
  open var endPoint = CGPoint(x: 0.5, y: 1)
  /// The geometry (default ``CAGradientLayerType/axial``).
  open var type: CAGradientLayerType = .axial

  override func snapshotContent(_ context: LayerSnapshotContext) throws(CompatFailure)
    -> LayerContent
  {
    try gradientSnapshot(context)
  }

  /// A gradient layer with Core Animation's defaults.
  public override init() { super.init() }

  /// A copy of `layer`'s properties (see `CALayer.init(layer:)`).
  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CAGradientLayer else { return }
    colors = other.colors
    locations = other.locations
    startPoint = other.startPoint
    endPoint = other.endPoint
    type = other.type
  }
}

/// A gradient's geometry, as QuartzCore's `CAGradientLayerType` (Apple's string raw values).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
  /// Apple's string value.
  public var rawValue: String
  /// The value with Apple's string `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The value with Apple's string `rawValue`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Along the line from the start point to the end point.
  public static let axial = CAGradientLayerType("axial")
  /// From the centre (start point) out to an ellipse through the end point.
  public static let radial = CAGradientLayerType("radial")
  /// Around the start point, starting towards the end point.
  public static let conic = CAGradientLayerType("conic")
}
