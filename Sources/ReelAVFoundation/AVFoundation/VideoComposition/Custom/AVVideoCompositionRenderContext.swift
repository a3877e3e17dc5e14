/// Where a custom compositor renders, as AVFoundation's `AVVideoCompositionRenderContext`:
/// the render size and the buffers to draw into (``newPixelBuffer()``, in the format of the
/// compositor's `requiredPixelBufferAttributesForRenderContext`).
///
/// Reel renders for export and stills only: the render scale is 1, the transform identity,
/// pixels square, no edges, high quality on.
open class AVVideoCompositionRenderContext: NSObject, @unchecked Sendable {
  // Immutable after init.
  let layout: PixelLayout
  let storedVideoComposition: AVVideoComposition
  let storedSize: CGSize

  init(videoComposition: AVVideoComposition, layout: PixelLayout) {
    self.storedVideoComposition = videoComposition
    self.layout = layout
    self.storedSize = videoComposition.renderSize
  }

  /// The size of the frames to compose, in pixels (the video composition's render size).
  open var size: CGSize { storedSize }
  /// The transform from the render size to the output (identity: Reel renders at the render
  /// size).
  open var renderTransform: CGAffineTransform { .identity }
  /// 1.
  open var renderScale: Float { 1 }
  /// 1:1 (square pixels).
  open var pixelAspectRatio: AVPixelAspectRatio {
    AVPixelAspectRatio(horizontalSpacing: 1, verticalSpacing: 1)
  }
  /// No edges.
  open var edgeWidths: AVEdgeWidths { AVEdgeWidths() }
  /// True: exports render at the highest quality.
  open var highQualityRendering: Bool { true }
  /// The video composition being rendered.
  open var videoComposition: AVVideoComposition { storedVideoComposition }

  /// A new buffer of the render size in the compositor's required format (BGRA starts
  /// transparent black, 4:2:0 black), or nil when there is no memory for it.
  open func newPixelBuffer() -> CVPixelBuffer? {
    let width = Int(storedSize.width.rounded())
    let height = Int(storedSize.height.rounded())
    switch CVBuffer.make(layout: layout, width: width, height: height) {
    case .success(let buffer): return buffer
    case .failure(let failure):
      CompatWarnings.warnOnce(
        key: "newPixelBuffer", "AVVideoCompositionRenderContext.newPixelBuffer: \(failure.reason)")
      return nil
    }
  }
}
