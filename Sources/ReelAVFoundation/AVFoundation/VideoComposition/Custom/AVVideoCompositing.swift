/// What a custom video compositor implements, as AVFoundation's `AVVideoCompositing`: set its
/// class as a video composition's `customVideoCompositorClass` and every output frame becomes
/// an ``AVAsynchronousVideoCompositionRequest`` holding the source frames of the tracks the
/// frame's instruction needs; the compositor finishes it with the composed pixel buffer, now
/// or later, from any thread.
///
/// Reel creates the compositor from its class with `init()`, so unlike Apple's protocol this
/// one requires it: a `final` class has it from `NSObject`; a class that can be subclassed
/// must declare it `required` (`required override init() { super.init() }`) — Swift on Linux
/// cannot call a non-required initializer through a class value.
///
/// Apple's optional members (`cancelAllPendingVideoCompositionRequests`,
/// `supportsWideColorSourceFrames`, …) have defaults here: implementing them is optional.
public protocol AVVideoCompositing: NSObjectProtocol, Sendable {
  /// Makes the compositor (Reel calls it once for each export, reader output or image
  /// generator that uses the video composition).
  init()

  /// The pixel buffer attributes of the source frames the compositor accepts: its
  /// `kCVPixelBufferPixelFormatTypeKey` is a format or a list of formats, in order of
  /// preference (Reel hands over `32BGRA`, `32ARGB`, `420YpCbCr8BiPlanarVideoRange` /
  /// `FullRange` or `420YpCbCr8Planar`: the first of these listed).
  var sourcePixelBufferAttributes: [String: any Sendable]? { get }

  /// The pixel buffer attributes of the buffers the render context makes
  /// (``AVVideoCompositionRenderContext/newPixelBuffer()``); its
  /// `kCVPixelBufferPixelFormatTypeKey` is required, as on Apple.
  var requiredPixelBufferAttributesForRenderContext: [String: any Sendable] { get }

  /// Called with the render context before the first request (and when it changes).
  func renderContextChanged(_ newRenderContext: AVVideoCompositionRenderContext)

  /// Starts composing one frame: the compositor finishes the request (now or later, from any
  /// thread) with `finish(withComposedVideoFrame:)`, `finish(with:)` or, after
  /// ``cancelAllPendingVideoCompositionRequests()``, `finishCancelledRequest()`. Reel starts
  /// several requests before the first is finished, as Apple does.
  func startRequest(_ asyncVideoCompositionRequest: AVAsynchronousVideoCompositionRequest)

  /// Finish every pending request as cancelled (the export stopped). Default: nothing.
  func cancelAllPendingVideoCompositionRequests()

  /// Whether the compositor handles wide-colour sources (Reel's sources are Rec. 709 /
  /// sRGB; accepted). Default false.
  var supportsWideColorSourceFrames: Bool { get }
  /// Whether the compositor handles HDR sources (Reel decodes 8-bit SDR; accepted).
  /// Default false.
  var supportsHDRSourceFrames: Bool { get }
  /// Whether the compositor can convert sources' colours itself (accepted). Default false.
  var canConformColorOfSourceFrames: Bool { get }

  /// Told which frames come next before they are requested (Apple: playback only; Reel never
  /// calls it). Default: nothing.
  func anticipateRendering(using renderHint: AVVideoCompositionRenderHint)
  /// Asked to prepare for the frames of a range (Apple: playback only; Reel never calls it).
  /// Default: nothing.
  func prerollForRendering(using renderHint: AVVideoCompositionRenderHint)
}

extension AVVideoCompositing {
  /// Nothing to cancel.
  public func cancelAllPendingVideoCompositionRequests() {}
  /// False.
  public var supportsWideColorSourceFrames: Bool { false }
  /// False.
  public var supportsHDRSourceFrames: Bool { false }
  /// False.
  public var canConformColorOfSourceFrames: Bool { false }
  /// Nothing.
  public func anticipateRendering(using renderHint: AVVideoCompositionRenderHint) {}
  /// Nothing.
  public func prerollForRendering(using renderHint: AVVideoCompositionRenderHint) {}
}

/// The frames about to be composed, as AVFoundation's `AVVideoCompositionRenderHint`.
open class AVVideoCompositionRenderHint: NSObject, @unchecked Sendable {
  /// The first composition time about to be requested.
  public let startCompositionTime: CMTime
  /// The end of the range about to be requested.
  public let endCompositionTime: CMTime

  init(startCompositionTime: CMTime, endCompositionTime: CMTime) {
    self.startCompositionTime = startCompositionTime
    self.endCompositionTime = endCompositionTime
  }
}

/// The shape of a pixel, as AVFoundation's `AVPixelAspectRatio` (Reel's are square: 1:1).
public struct AVPixelAspectRatio: Sendable, Hashable {
  /// Horizontal spacing.
  public var horizontalSpacing: Int
  /// Vertical spacing.
  public var verticalSpacing: Int

  /// 0:0, as Apple's zero initializer.
  public init() {
    horizontalSpacing = 0
    verticalSpacing = 0
  }

  /// A ratio.
  public init(horizontalSpacing: Int, verticalSpacing: Int) {
    self.horizontalSpacing = horizontalSpacing
    self.verticalSpacing = verticalSpacing
  }
}

/// Widths of the edges of a render (for edge processing), as AVFoundation's `AVEdgeWidths`
/// (Reel's renders have none: all zero).
public struct AVEdgeWidths: Sendable, Hashable {
  /// Left edge, in pixels.
  public var left: CGFloat
  /// Top edge, in pixels.
  public var top: CGFloat
  /// Right edge, in pixels.
  public var right: CGFloat
  /// Bottom edge, in pixels.
  public var bottom: CGFloat

  /// All zero.
  public init() {
    left = 0
    top = 0
    right = 0
    bottom = 0
  }

  /// Given widths.
  public init(left: CGFloat, top: CGFloat, right: CGFloat, bottom: CGFloat) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }
}
