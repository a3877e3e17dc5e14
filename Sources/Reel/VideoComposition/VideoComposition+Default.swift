import ReelCore

extension VideoComposition {
  /// The highest frame rate a default video composition uses, in frames per second.
  public static let maximumDefaultFrameRate: Int32 = 60

  /// A video composition that shows each clip of `composition` upright, fitted and centred
  /// in the render frame, letterboxed in the background colour.
  ///
  /// - One instruction covers `[0, duration)`; it has one layer instruction per video
  ///   track, the first track added on top. Each clip's transform
  ///   (`fittedTransform(for:into:)` of its source: rotation metadata honoured,
  ///   so a portrait clip stays portrait) is set as a step at the clip's start.
  /// - Render size, when not given: the largest display size (by area) among the clips,
  ///   after rotation, each side rounded up to an even number.
  /// - Frame duration: one frame of the highest nominal frame rate among the video tracks'
  ///   sources, capped at 60 fps; 1/30 s when no source says.
  ///
  /// - Parameters:
  ///   - composition: The composition.
  ///   - renderSize: The output size in pixels, or nil for the default above.
  ///   - backgroundColor: Behind and around the clips; opaque black by default.
  /// - Returns: The video composition (its render size is zero when there is no video).
  public static func `default`(
    for composition: Composition, renderSize: Size? = nil, backgroundColor: Color = .black
  ) -> VideoComposition {
    let segments = composition.videoTracks.flatMap(\.segments)
    let size = renderSize ?? defaultRenderSize(for: segments.map(\.source))
    var video = VideoComposition(
      renderSize: size, frameDuration: defaultFrameDuration(for: segments.map(\.source)),
      backgroundColor: backgroundColor)
    let duration = composition.duration
    guard duration > .zero else { return video }
    let layers = composition.videoTracks.map { track in
      var layer = LayerInstruction(trackID: track.id)
      for segment in track.segments where !segment.isEmpty {
        layer.setTransform(
          fittedTransform(for: segment.source, into: size), at: segment.targetTimeRange.start)
      }
      return layer
    }
    video.instructions = [
      VideoCompositionInstruction(
        timeRange: TimeRange(start: .zero, duration: duration), layerInstructions: layers)
    ]
    return video
  }

  /// The largest display size (by area; the first on ties) among sources, each side rounded
  /// up to even; zero when there are none.
  static func defaultRenderSize(for sources: [TrackSegment.Source]) -> Size {
    var best = Size.zero
    for source in sources {
      guard let size = displaySize(of: source) else { continue }
      if size.width * size.height > best.width * best.height { best = size }
    }
    return Size(width: roundedUpToEven(best.width), height: roundedUpToEven(best.height))
  }

  /// One frame of the highest nominal frame rate among the sources, capped at 60 fps;
  /// 1/30 s when none is known.
  static func defaultFrameDuration(for sources: [TrackSegment.Source]) -> Time {
    let shortest =
      sources.compactMap { source -> Time? in
        guard case .track(let track) = source, let frame = track.track.nominalFrameDuration,
          frame.isNumeric, frame > .zero
        else { return nil }
        return frame
      }.min()
    guard let shortest else { return Time(value: 1, timescale: 30) }
    return Time.max(shortest, Time(value: 1, timescale: maximumDefaultFrameRate))
  }

  /// A pixel count rounded up to the next even whole number (161.0 → 162, 240.5 → 242).
  static func roundedUpToEven(_ value: Double) -> Double {
    guard value > 0 else { return 0 }
    let whole = value.rounded(.up)
    return whole.truncatingRemainder(dividingBy: 2) == 0 ? whole : whole + 1
  }
}
