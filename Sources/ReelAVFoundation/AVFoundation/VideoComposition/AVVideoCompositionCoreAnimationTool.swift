/// Puts the composited video into a Core Animation layer tree, as AVFoundation's
/// `AVVideoCompositionCoreAnimationTool`: each frame, the video layers show the frame of the
/// video composition and the whole tree under `animationLayer` is the output picture.
///
/// The tree is read when an export (or a still) starts, as Reel's `LayerTree`
/// (QuartzCore/Snapshot/): the space of the animation layer is y-up, origin at the bottom
/// left of the render size, unless a layer sets `isGeometryFlipped`; animations run on the
/// video's timeline, where a `beginTime` of 0 means "now" (never) as on Apple — use
/// `AVCoreAnimationBeginTimeAtZero`. A video layer of any size shows the whole composited
/// frame, stretched to its bounds.
open class AVVideoCompositionCoreAnimationTool: NSObject {
  /// The layers whose content is the composited video.
  let videoLayers: [CALayer]
  /// The root of the tree that becomes the output picture.
  let animationLayer: CALayer

  /// The video shown in `videoLayer`, somewhere in the tree under `animationLayer`.
  ///
  /// - Parameters:
  ///   - videoLayer: The layer that shows the composited video each frame.
  ///   - animationLayer: The root of the tree drawn as the output picture.
  public convenience init(
    postProcessingAsVideoLayer videoLayer: CALayer, in animationLayer: CALayer
  ) {
    self.init(postProcessingAsVideoLayers: [videoLayer], in: animationLayer)
  }

  /// The video shown in each of `videoLayers`, all in the tree under `animationLayer`.
  ///
  /// - Parameters:
  ///   - videoLayers: The layers that show the composited video each frame.
  ///   - animationLayer: The root of the tree drawn as the output picture.
  public init(postProcessingAsVideoLayers videoLayers: [CALayer], in animationLayer: CALayer) {
    self.videoLayers = videoLayers
    self.animationLayer = animationLayer
    super.init()
  }
}
