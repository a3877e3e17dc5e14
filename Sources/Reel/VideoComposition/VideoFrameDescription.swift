import ReelCore

/// What one output frame shows: the background and the video layers to draw, bottom first,
/// each with its source, source time, opacity, transform and crop evaluated at the frame's
/// time. Made by ``VideoComposition/frameDescription(at:in:)``; a renderer draws it.
public struct VideoFrameDescription: Hashable, Sendable {
  /// One track's picture in the frame.
  public struct Layer: Hashable, Sendable {
    /// The composition track.
    public var trackID: TrackID
    /// What to decode: a track of a media file or a still image (never `.empty`).
    public var source: TrackSegment.Source
    /// The source time to show, in source seconds (the frame whose presentation time is the
    /// last one ≤ this time).
    public var sourceTime: Time
    /// 0 < opacity ≤ 1.
    public var opacity: Double
    /// Coded-picture pixels → render-frame pixels.
    public var transform: Transform2D
    /// The part of the coded picture used, in source pixels; nil for all of it.
    public var cropRectangle: Rect?
  }

  /// The composition time of the frame, in seconds.
  public var time: Time
  /// The colour the frame starts from (the instruction's, else the composition's).
  public var backgroundColor: Color
  /// The layers to draw, bottom first (the reverse of the instruction's order).
  public var layers: [Layer]
  /// The instruction's transition filter and how far through it `time` is, or nil.
  public var transition: Transition? = nil

  /// A transition filter part-way through.
  public struct Transition: Hashable, Sendable {
    /// The filter.
    public var filter: TransitionFilter
    /// 0 at the instruction's start to 1 at its end.
    public var progress: Double
  }
}

extension VideoComposition {
  /// Describes the frame at a composition time: background plus the visible layers.
  ///
  /// Layers whose track is empty at `time`, or whose opacity is 0, or whose crop rectangle
  /// has no area, are left out.
  ///
  /// - Parameters:
  ///   - time: Composition seconds.
  ///   - composition: The composition this video composition renders.
  /// - Returns: The description, or nil when no instruction covers `time`.
  public func frameDescription(at time: Time, in composition: Composition)
    -> VideoFrameDescription?
  {
    guard let instruction = instruction(at: time) else { return nil }
    var layers: [VideoFrameDescription.Layer] = []
    for layer in instruction.layerInstructionsBottomToTop {
      guard let position = composition.position(at: time, track: layer.trackID),
        !position.segment.isEmpty
      else { continue }
      let opacity = layer.opacity(at: time)
      let crop = layer.cropRectangle(at: time)
      if opacity <= 0 { continue }
      if let crop, crop.isEmpty { continue }
      layers.append(
        VideoFrameDescription.Layer(
          trackID: layer.trackID, source: position.segment.source,
          sourceTime: position.sourceTime, opacity: opacity, transform: layer.transform(at: time),
          cropRectangle: crop))
    }
    var description = VideoFrameDescription(
      time: time, backgroundColor: instruction.backgroundColor ?? backgroundColor, layers: layers)
    if let filter = instruction.transitionFilter {
      let range = instruction.timeRange
      let progress =
        range.duration.seconds > 0
        ? (time - range.start).seconds / range.duration.seconds : 1
      description.transition = VideoFrameDescription.Transition(
        filter: filter, progress: min(max(progress, 0), 1))
    }
    return description
  }

  /// How many frames cover a duration: `⌈duration / frameDuration⌉` (0 for an unusable
  /// frame duration).
  ///
  /// - Parameter duration: Seconds, usually the composition's duration.
  /// - Returns: The number of output frames; frame `n` is at `n · frameDuration`.
  public func frameCount(for duration: Time) -> Int64 {
    guard let total = ExactTime(duration), let frame = ExactTime(frameDuration),
      frame > .zero, total > .zero, let ratio = total.divided(by: frame)
    else { return 0 }
    let whole = ratio.floor
    let count = ExactTime(whole, 1) == ratio ? whole : whole + 1
    return Int64(clamping: count)
  }

  /// The composition time of output frame `index`: `index · frameDuration`, exactly.
  ///
  /// - Parameter index: 0 for the first frame.
  /// - Returns: Seconds.
  public func frameTime(_ index: Int64) -> Time {
    Time(frame: index, frameDuration: frameDuration)
  }
}
