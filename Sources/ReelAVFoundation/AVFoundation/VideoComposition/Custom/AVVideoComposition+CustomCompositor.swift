internal import Reel
internal import ReelCore

/// Reel's composer over a program's custom compositor (``AVVideoCompositing``): each Reel
/// request becomes an ``AVAsynchronousVideoCompositionRequest`` with the source frames as
/// pixel buffers in the compositor's format, its answer goes back as it is.
final class CustomCompositorBridge: VideoFrameComposer, @unchecked Sendable {
  /// The compositor instance (made from the class for this export, reader output or
  /// generator).
  let compositor: any AVVideoCompositing
  /// The program's instructions, by the index of Reel's instruction made from each.
  let instructions: [any AVVideoCompositionInstructionProtocol]
  /// Apple's track IDs by Reel's.
  let appleTrackIDs: [TrackID: CMPersistentTrackID]
  /// The format source frames are handed over in.
  let sourceLayout: PixelLayout
  let renderContext: AVVideoCompositionRenderContext
  /// The first error the compositor finished a request with.
  let errors = CompositorErrors()
  private let contextGiven = NSLock()
  private var hasGivenContext = false

  /// A bridge for `videoComposition`'s compositor class.
  ///
  /// - Throws: `CompatFailure` (`.invalidVideoComposition`) when neither attribute dictionary
  ///   names a pixel format Reel's buffers hold.
  init(
    compositorClass: any AVVideoCompositing.Type, videoComposition: AVVideoComposition,
    appleTrackIDs: [TrackID: CMPersistentTrackID]
  ) throws(CompatFailure) {
    let compositor = compositorClass.init()
    self.compositor = compositor
    instructions = videoComposition.instructions
    self.appleTrackIDs = appleTrackIDs
    let name = String(describing: compositorClass)
    sourceLayout = try Self.layout(
      compositor.sourcePixelBufferAttributes, of: "\(name).sourcePixelBufferAttributes",
      default: .bgra)
    let renderLayout = try Self.layout(
      compositor.requiredPixelBufferAttributesForRenderContext,
      of: "\(name).requiredPixelBufferAttributesForRenderContext", default: nil)
    renderContext = AVVideoCompositionRenderContext(
      videoComposition: videoComposition, layout: renderLayout)
  }

  /// The first layout Reel holds among the formats an attribute dictionary lists.
  private static func layout(
    _ attributes: [String: any Sendable]?, of what: String, default fallback: PixelLayout?
  ) throws(CompatFailure) -> PixelLayout {
    let value = AttributeDictionary(attributes)[kCVPixelBufferPixelFormatTypeKey as String]
    guard let value else {
      if let fallback { return fallback }
      throw CompatFailure(
        .invalidVideoComposition,
        "\(what) has no kCVPixelBufferPixelFormatTypeKey: name the pixel format the compositor renders into (Apple raises an exception)"
      )
    }
    let listed = (value as? [Any]) ?? (value as? NSArray).map { $0.map { $0 } } ?? [value]
    let formats = listed.compactMap {
      AttributeDictionary.integer($0).flatMap(OSType.init(exactly:))
    }
    if let layout = formats.lazy.compactMap(PixelLayout.init).first { return layout }
    throw CompatFailure(
      .invalidVideoComposition,
      "\(what) lists \(formats.map(PixelLayout.name).joined(separator: ", ")): Reel's pixel buffers hold \(PixelLayout.supportedNames); list one of them"
    )
  }

  var wantsRGBSources: Bool {
    switch sourceLayout {
    case .bgra, .argb, .rgba: true
    case .biPlanar, .planar, .biPlanar10: false
    }
  }

  var framesInFlight: Int { 4 }

  func startComposing(_ request: VideoCompositionRequest) {
    let instruction = instructions[request.instructionIndex]
    var sources: [CMPersistentTrackID: CVPixelBuffer] = [:]
    var trackIDs: [CMPersistentTrackID] = []
    for (track, picture) in request.sourcePictures.sorted(by: { $0.key.rawValue < $1.key.rawValue })
    {
      guard let apple = appleTrackIDs[track] else { continue }
      switch CVBuffer.make(layout: sourceLayout, from: picture) {
      case .success(let buffer):
        sources[apple] = buffer
        trackIDs.append(apple)
      case .failure(let failure):
        request.finish(
          throwing: CompositorMessage(
            "the source frame of track \(apple) could not be made: \(failure.reason)"))
        return
      }
    }
    let made = AVAsynchronousVideoCompositionRequest(
      reel: request, sources: sources, trackIDs: trackIDs, instruction: instruction,
      renderContext: renderContext, errors: errors)
    let first = contextGiven.withLock { () -> Bool in
      defer { hasGivenContext = true }
      return !hasGivenContext
    }
    if first { compositor.renderContextChanged(renderContext) }
    compositor.startRequest(made)
  }

  func cancelPendingRequests() {
    compositor.cancelAllPendingVideoCompositionRequests()
  }
}

/// A message as an error (what a request is failed with when Reel, not the compositor,
/// cannot go on).
struct CompositorMessage: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension AVVideoComposition {
  /// The instructions of a video composition with a custom compositor, as Reel's: each one's
  /// range, required source tracks and pass-through track (Reel does not draw their layer
  /// instructions: the compositor does what it wants with them).
  ///
  /// - Throws: `CompatFailure` naming an instruction whose track IDs the composition lacks.
  func reelCustomInstructions(for timeline: ReelTimeline) throws(CompatFailure)
    -> [VideoCompositionInstruction]
  {
    let known = timeline.trackIDs.keys.sorted().map(String.init).joined(separator: ", ")
    func reelID(_ apple: CMPersistentTrackID, _ index: Int, _ what: String) throws(CompatFailure)
      -> TrackID
    {
      guard let id = timeline.trackIDs[apple] else {
        throw CompatFailure(
          .invalidVideoComposition,
          "instruction \(index)'s \(what) names track \(apple), which the composition does not have (its tracks: \(known.isEmpty ? "none" : known)): name a composition track's trackID"
        )
      }
      return id
    }
    var made: [VideoCompositionInstruction] = []
    for (index, instruction) in instructions.enumerated() {
      var reel = VideoCompositionInstruction(timeRange: instruction.timeRange.range)
      if let required = instruction.requiredSourceTrackIDs {
        var tracks: [TrackID] = []
        for value in required {
          guard let number = value as? NSNumber else {
            throw CompatFailure(
              .invalidVideoComposition,
              "instruction \(index)'s requiredSourceTrackIDs holds \(value), not a track ID: list NSNumbers of CMPersistentTrackIDs"
            )
          }
          tracks.append(try reelID(number.int32Value, index, "requiredSourceTrackIDs"))
        }
        reel.requiredSourceTrackIDs = tracks
      }
      if instruction.passthroughTrackID != kCMPersistentTrackID_Invalid {
        reel.passthroughTrackID = try reelID(
          instruction.passthroughTrackID, index, "passthroughTrackID")
      }
      made.append(reel)
    }
    return made
  }
}
