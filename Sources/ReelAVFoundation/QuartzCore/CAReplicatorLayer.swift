internal import ReelAnimation

/// A layer that draws copies of its sublayers, as QuartzCore's `CAReplicatorLayer`. Reel
/// does not draw replicated copies: exporting a tree with one fails, naming the layer.
open class CAReplicatorLayer: CALayer {
  /// How many copies of the sublayers are drawn (default 1).
  open var instanceCount = 1
  /// The delay between copies' animations, in seconds (default 0).
  open var instanceDelay: CFTimeInterval = 0
  /// The transform from one copy to the next (default identity).
  open var instanceTransform = CATransform3DIdentity
  /// Whether copies keep their depth (default false).
  open var preservesDepth = false
  /// The first copy's colour multiplier (default nil: white).
  open var instanceColor: CGColor?
  /// Red added per copy (default 0).
  open var instanceRedOffset: Float = 0
  /// Green added per copy (default 0).
  open var instanceGreenOffset: Float = 0
  /// Blue added per copy (default 0).
  open var instanceBlueOffset: Float = 0
  /// Alpha added per copy (default 0).
  open var instanceAlphaOffset: Float = 0

  override func snapshotContent(_ context: LayerSnapshotContext) throws(CompatFailure)
    -> LayerContent
  {
    throw CompatFailure(
      .invalidVideoComposition,
      "\(context.description) is a CAReplicatorLayer, which Reel does not draw; add the "
        + "copies as sublayers of a CALayer instead")
  }

  /// A replicator layer with Core Animation's defaults.
  public override init() { super.init() }

  /// A copy of `layer`'s properties (see `CALayer.init(layer:)`).
  public override init(layer: Any) {
    super.init(layer: layer)
    guard let other = layer as? CAReplicatorLayer else { return }
    instanceCount = other.instanceCount
    instanceDelay = other.instanceDelay
    instanceTransform = other.instanceTransform
    preservesDepth = other.preservesDepth
    instanceColor = other.instanceColor
    instanceRedOffset = other.instanceRedOffset
    instanceGreenOffset = other.instanceGreenOffset
    instanceBlueOffset = other.instanceBlueOffset
    instanceAlphaOffset = other.instanceAlphaOffset
  }
}
