/// A layer of the Core Animation tree, as QuartzCore's `CALayer`.
///
/// SKELETON: the quartz helper fills this class in (geometry, appearance, sublayers,
/// animations) and snapshots it into Reel's `Layer` (QuartzCore/Snapshot/).
open class CALayer: NSObject {
  public override init() { super.init() }
}
