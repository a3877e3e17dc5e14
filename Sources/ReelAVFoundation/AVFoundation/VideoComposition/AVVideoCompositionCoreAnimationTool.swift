/// Puts the composited video into a Core Animation layer tree, as AVFoundation's
/// `AVVideoCompositionCoreAnimationTool`: each frame, the video layers show the frame of the
/// video composition and the whole tree under `animationLayer` is the output picture.
open class AVVideoCompositionCoreAnimationTool: NSObject {
  /// The layers whose content is the composited video.
  let videoLayers: [CALayer]
  /// The root of the tree that becomes the output picture.
  let animationLayer: CALayer

  /// The video shown in `videoLayer`, somewhere in the tree under `animationLayer`.
  public convenience init(
    postProcessingAsVideoLayer videoLayer: CALayer, in animationLayer: CALayer
  ) {
    self.init(postProcessingAsVideoLayers: [videoLayer], in: animationLayer)
  }

  /// The video shown in each of `videoLayers`, all in the tree under `animationLayer`.
  public init(postProcessingAsVideoLayers videoLayers: [CALayer], in animationLayer: CALayer) {
    self.videoLayers = videoLayers
    self.animationLayer = animationLayer
    super.init()
  }
}
