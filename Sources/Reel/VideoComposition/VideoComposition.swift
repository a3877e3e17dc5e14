import ReelCore

/// How the video tracks of a ``Composition`` become frames, as `AVVideoComposition`: the
/// output size and frame rate, the background, and instructions that tile the timeline.
///
///     var video = VideoComposition(renderSize: Size(width: 1280, height: 720),
///                                  frameDuration: Time(value: 1, timescale: 30))
///     video.instructions = [.passThrough(trackID: track, timeRange: composition.timeRange)]
///     try video.validate(against: composition)
///     let shown = video.instruction(at: Time(value: 3, timescale: 1))
public struct VideoComposition: Hashable, Sendable {
  /// The output frame size in pixels (whole, even numbers).
  public var renderSize: Size
  /// The length of one output frame, in seconds (1/30 s for 30 fps).
  public var frameDuration: Time
  /// The colour behind all tracks (default opaque black).
  public var backgroundColor: Color
  /// Instructions in time order; they must tile `[0, composition duration)`.
  public var instructions: [VideoCompositionInstruction]
  /// A step applied to each composed frame (the Apple layer's Core Image handler), or nil.
  public var frameFilter: (any VideoFrameFilter)? {
    get { frameFilterReference?.filter }
    set { frameFilterReference = newValue.map(FrameFilterReference.init) }
  }
  var frameFilterReference: FrameFilterReference?
  /// A program's own compositing of the source frames (the Apple layer's custom
  /// compositor), or nil for Reel's drawing of the layer instructions. Runs before
  /// ``frameFilter``.
  public var composer: (any VideoFrameComposer)? {
    get { composerReference?.composer }
    set { composerReference = newValue.map(ComposerReference.init) }
  }
  var composerReference: ComposerReference?

  /// Makes a video composition.
  ///
  /// - Parameters:
  ///   - renderSize: Output size in pixels.
  ///   - frameDuration: One frame, in seconds.
  ///   - backgroundColor: Behind all tracks; opaque black by default.
  ///   - instructions: In time order.
  public init(
    renderSize: Size, frameDuration: Time, backgroundColor: Color = .black,
    instructions: [VideoCompositionInstruction] = []
  ) {
    self.renderSize = renderSize
    self.frameDuration = frameDuration
    self.backgroundColor = backgroundColor
    self.instructions = instructions
  }

  /// The render size as whole pixels (rounded to the nearest).
  public var pixelSize: (width: Int, height: Int) { PixelLimits.wholePixels(renderSize) }

  /// The instruction covering a composition time.
  ///
  /// - Parameter time: Composition seconds.
  /// - Returns: The first instruction whose range contains `time`, or nil.
  public func instruction(at time: Time) -> VideoCompositionInstruction? {
    instructions.first { $0.timeRange.contains(time) }
  }

  /// The background colour at a composition time: the covering instruction's own
  /// background, else ``backgroundColor``.
  ///
  /// - Parameter time: Composition seconds.
  public func backgroundColor(at time: Time) -> Color {
    instruction(at: time)?.backgroundColor ?? backgroundColor
  }

  /// Checks that this video composition can render `composition`.
  ///
  /// Checks, in order: the render size (positive, whole, even), the frame duration
  /// (positive), then the instructions: each range valid; the first starts at 0; each next
  /// starts exactly where the previous ended; each layer instruction names a distinct video
  /// track of the composition with opacities in 0…1; with a ``composer``, each required
  /// source track and pass-through track is a video track of the composition; the last ends
  /// at or after the composition's end.
  ///
  /// - Parameter composition: The composition to be rendered.
  /// - Throws: The first ``VideoCompositionError`` found.
  public func validate(against composition: Composition) throws(VideoCompositionError) {
    let width = renderSize.width
    let height = renderSize.height
    guard width.isFinite, height.isFinite, width >= 1, height >= 1 else {
      throw .emptyRenderSize(width: width, height: height)
    }
    guard width == width.rounded(), height == height.rounded() else {
      throw .fractionalRenderSize(width: width, height: height)
    }
    let (pixelWidth, pixelHeight) = pixelSize
    guard pixelWidth % 2 == 0, pixelHeight % 2 == 0 else {
      throw .oddRenderSize(width: pixelWidth, height: pixelHeight)
    }
    guard frameDuration.isNumeric, frameDuration > .zero else {
      throw .nonPositiveFrameDuration(frameDuration)
    }
    let duration = composition.duration
    guard let last = instructions.last else {
      if duration > .zero { throw .noInstructions(compositionDuration: duration) }
      return
    }
    let videoTracks = composition.videoTracks.map(\.id)
    var previousEnd = Time.zero
    for (index, instruction) in instructions.enumerated() {
      let range = instruction.timeRange
      guard range.start.isNumeric, range.duration.isNumeric, range.start >= .zero,
        range.duration > .zero
      else { throw .invalidInstructionTimeRange(instruction: index, range: range) }
      if index == 0 {
        guard range.start == .zero else { throw .firstInstructionStartsLate(start: range.start) }
      } else if range.start > previousEnd {
        throw .gap(instruction: index, start: range.start, previousEnd: previousEnd)
      } else if range.start < previousEnd {
        throw .overlap(instruction: index, start: range.start, previousEnd: previousEnd)
      }
      previousEnd = range.end
      if composer != nil {
        for track in (instruction.requiredSourceTrackIDs ?? [])
          + [instruction.passthroughTrackID]
          .compactMap({ $0 }) where !videoTracks.contains(track)
        {
          throw .unknownSourceTrack(instruction: index, track: track, videoTracks: videoTracks)
        }
      }
      var seen: Set<TrackID> = []
      for (layerIndex, layer) in instruction.layerInstructions.enumerated() {
        guard videoTracks.contains(layer.trackID) else {
          throw .unknownTrack(
            instruction: index, layer: layerIndex, track: layer.trackID, videoTracks: videoTracks)
        }
        guard seen.insert(layer.trackID).inserted else {
          throw .duplicateTrack(instruction: index, track: layer.trackID)
        }
        for ramp in layer.opacityTimeline.ramps {
          for value in [ramp.startValue, ramp.endValue] where !(0...1).contains(value) {
            throw .opacityOutOfRange(instruction: index, track: layer.trackID, value: value)
          }
        }
      }
    }
    if last.timeRange.end < duration {
      throw .endsBeforeComposition(
        instruction: instructions.count - 1, end: last.timeRange.end,
        compositionDuration: duration)
    }
  }
}
