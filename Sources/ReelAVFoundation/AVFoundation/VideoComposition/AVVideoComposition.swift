internal import Reel

/// How a composition's video tracks become frames, as AVFoundation's `AVVideoComposition`:
/// render size, frame duration, instructions and the Core Animation tool. Taken as Reel's
/// `VideoComposition` when an export starts.
///
/// Apple's video composition has no background colour of its own (instructions have one);
/// nor does this one.
open class AVVideoComposition: NSObject, NSCopying, NSMutableCopying {
  var storedFrameDuration = CMTime.zero
  var storedRenderSize = CGSize.zero
  var storedRenderScale: Float = 1
  var storedInstructions: [any AVVideoCompositionInstructionProtocol] = []
  var storedAnimationTool: AVVideoCompositionCoreAnimationTool?
  var storedSourceTrackIDForFrameTiming = kCMPersistentTrackID_Invalid
  var storedCIFilterHandler: CoreImageHandler?
  var storedCustomVideoCompositorClass: (any AVVideoCompositing.Type)?

  /// An empty video composition: zero render size and frame duration, no instructions.
  public override init() { super.init() }

  /// The video composition Apple makes for `asset`: one instruction over the whole
  /// duration with one layer instruction per video track (the first on top), each clip
  /// upright and fitted; the render size of the largest clip; the frame duration of the
  /// fastest track (at most 60 fps, 1/30 s when unknown). Reel's default video composition
  /// decides all of it.
  public convenience init(propertiesOf asset: AVAsset) {
    self.init()
    let timeline =
      (try? asset.reelTimeline())
      ?? ReelTimeline(composition: Composition(), trackIDs: [:], preferredTransforms: [:])
    let reel = VideoComposition.default(for: timeline.composition)
    storedRenderSize = CGSize(width: reel.renderSize.width, height: reel.renderSize.height)
    storedFrameDuration = CMTime(reel.frameDuration)
    var appleIDs: [TrackID: CMPersistentTrackID] = [:]
    for (apple, reelID) in timeline.trackIDs { appleIDs[reelID] = apple }
    storedInstructions = reel.instructions.map { instruction in
      let made = AVMutableVideoCompositionInstruction()
      made.timeRange = CMTimeRange(instruction.timeRange)
      made.layerInstructions = instruction.layerInstructions.map { layer in
        let madeLayer = AVMutableVideoCompositionLayerInstruction()
        madeLayer.trackID = appleIDs[layer.trackID] ?? kCMPersistentTrackID_Invalid
        madeLayer.reel = layer
        return madeLayer
      }
      return made
    }
  }

  /// The video composition Apple makes for `asset`, loaded off the calling thread (Apple's
  /// form since iOS 16 / macOS 13): as ``init(propertiesOf:)``.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` when the asset cannot be read.
  open class func videoComposition(withPropertiesOf asset: AVAsset) async throws
    -> AVVideoComposition
  {
    try await AsyncLoading.loaded(asset)
    return AVVideoComposition(propertiesOf: asset)
  }

  /// The video composition for `asset` whose every frame goes through `applier`, loaded off
  /// the calling thread (Apple's form since iOS 16 / macOS 13): as
  /// ``init(asset:applyingCIFiltersWithHandler:)``.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` when the asset cannot be read.
  open class func videoComposition(
    with asset: AVAsset,
    applyingCIFiltersWithHandler applier:
      @escaping @Sendable (
        AVAsynchronousCIImageFilteringRequest
      ) -> Void
  ) async throws -> AVVideoComposition {
    try await AsyncLoading.loaded(asset)
    return AVVideoComposition(asset: asset, applyingCIFiltersWithHandler: applier)
  }

  /// An immutable copy (`copy()`): the values, with copies of the instructions, so editing
  /// either afterwards does not change the other (the animation tool's layers are shared).
  open func copy(with zone: NSZone? = nil) -> Any { duplicate(into: AVVideoComposition()) }

  /// A mutable copy (`mutableCopy()`), an ``AVMutableVideoComposition``: the values, with
  /// copies of the instructions (the animation tool's layers are shared).
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVMutableVideoComposition())
  }

  private func duplicate<Made: AVVideoComposition>(into made: Made) -> Made {
    made.storedFrameDuration = storedFrameDuration
    made.storedRenderSize = storedRenderSize
    made.storedRenderScale = storedRenderScale
    made.storedInstructions = storedInstructions.map { instruction in
      if let own = instruction as? AVVideoCompositionInstruction { return own.sameKindCopy() }
      if let copying = instruction as? NSCopying,
        let copied = copying.copy(with: nil) as? any AVVideoCompositionInstructionProtocol
      {
        return copied
      }
      return instruction
    }
    made.storedAnimationTool = storedAnimationTool
    made.storedSourceTrackIDForFrameTiming = storedSourceTrackIDForFrameTiming
    made.storedCIFilterHandler = storedCIFilterHandler
    made.storedCustomVideoCompositorClass = storedCustomVideoCompositorClass
    return made
  }

  /// The length of one output frame.
  open var frameDuration: CMTime { storedFrameDuration }
  /// The output size in pixels.
  open var renderSize: CGSize { storedRenderSize }
  /// 1 (Apple allows other values only for playback).
  open var renderScale: Float { storedRenderScale }
  /// The instructions, in time order; they must tile the composition.
  open var instructions: [any AVVideoCompositionInstructionProtocol] { storedInstructions }
  /// Layers drawn around and over the video.
  open var animationTool: AVVideoCompositionCoreAnimationTool? { storedAnimationTool }
  /// The track whose frame times the output follows (Reel: accepted, frames follow
  /// `frameDuration`).
  open var sourceTrackIDForFrameTiming: CMPersistentTrackID { storedSourceTrackIDForFrameTiming }
  /// The custom compositor's class, or nil for the built-in compositor (which draws the
  /// layer instructions). With a class, each export, reader output and image generator
  /// makes an instance and hands it every frame's source frames
  /// (``AVAsynchronousVideoCompositionRequest``); the instructions may be any
  /// ``AVVideoCompositionInstructionProtocol`` objects.
  open var customVideoCompositorClass: (any AVVideoCompositing.Type)? {
    storedCustomVideoCompositorClass
  }
}

/// A video composition a program sets up, as AVFoundation's `AVMutableVideoComposition`.
open class AVMutableVideoComposition: AVVideoComposition {
  public override init() { super.init() }

  /// The mutable video composition Apple makes for `asset`, loaded off the calling thread.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` when the asset cannot be read.
  open override class func videoComposition(withPropertiesOf asset: AVAsset) async throws
    -> AVMutableVideoComposition
  {
    try await AsyncLoading.loaded(asset)
    return AVMutableVideoComposition(propertiesOf: asset)
  }

  /// The mutable video composition for `asset` whose every frame goes through `applier`,
  /// loaded off the calling thread.
  ///
  /// - Throws: An `NSError` in `AVFoundationErrorDomain` when the asset cannot be read.
  open override class func videoComposition(
    with asset: AVAsset,
    applyingCIFiltersWithHandler applier:
      @escaping @Sendable (
        AVAsynchronousCIImageFilteringRequest
      ) -> Void
  ) async throws -> AVMutableVideoComposition {
    try await AsyncLoading.loaded(asset)
    return AVMutableVideoComposition(asset: asset, applyingCIFiltersWithHandler: applier)
  }

  /// The length of one output frame.
  open override var frameDuration: CMTime {
    get { storedFrameDuration }
    set { storedFrameDuration = newValue }
  }
  /// The output size in pixels.
  open override var renderSize: CGSize {
    get { storedRenderSize }
    set { storedRenderSize = newValue }
  }
  /// The render scale; an export fails unless it is 1, as on Apple.
  open override var renderScale: Float {
    get { storedRenderScale }
    set { storedRenderScale = newValue }
  }
  /// The instructions, in time order; they must tile the composition.
  open override var instructions: [any AVVideoCompositionInstructionProtocol] {
    get { storedInstructions }
    set { storedInstructions = newValue }
  }
  /// Layers drawn around and over the video.
  open override var animationTool: AVVideoCompositionCoreAnimationTool? {
    get { storedAnimationTool }
    set { storedAnimationTool = newValue }
  }
  /// The track whose frame times the output follows (accepted; frames follow
  /// `frameDuration`).
  open override var sourceTrackIDForFrameTiming: CMPersistentTrackID {
    get { storedSourceTrackIDForFrameTiming }
    set { storedSourceTrackIDForFrameTiming = newValue }
  }
  /// The custom compositor's class, or nil for the built-in compositor.
  open override var customVideoCompositorClass: (any AVVideoCompositing.Type)? {
    get { storedCustomVideoCompositorClass }
    set { storedCustomVideoCompositorClass = newValue }
  }
}
