import Foundation
import ReelCore
import ReelMedia

/// The passthrough preset: one clip copied from its file without re-encoding (video packets
/// byte-identical), as `AVAssetExportPresetPassthrough`. The video composition, audio mix
/// and layers are ignored, as Apple's passthrough ignores them.
struct PassthroughJob: Sendable {
  /// The file the clip comes from.
  let sourcePath: String
  /// The part of the file to copy, in source seconds.
  let sourceRange: TimeRange
  let includesAudio: Bool
  let outputURL: URL
  let overwrite: Bool

  /// Checks that the movie is a single untouched clip and works out what to copy.
  ///
  /// - Throws: ``ExportError/invalidMovie(_:)`` naming what stops a passthrough.
  init(movie: Movie, outputURL: URL, settings: ExportSettings) throws(ExportError) {
    let composition = movie.composition
    let videoTracks = composition.videoTracks.filter(\.hasMedia)
    guard videoTracks.count == 1, let videoTrack = videoTracks.first else {
      throw .invalidMovie(
        "passthrough copies one clip without re-encoding, but the movie has \(videoTracks.count) video tracks with media: choose an encoding preset"
      )
    }
    let segments = videoTrack.segments.filter { !$0.isEmpty }
    guard segments.count == 1, let segment = segments.first,
      case .track(let source) = segment.source,
      segment.targetTimeRange.start == .zero,
      segment.sourceTimeRange.duration == segment.targetTimeRange.duration
    else {
      throw .invalidMovie(
        "passthrough needs a single clip at normal speed starting at 0 (the movie's video track has \(segments.count) segments or a speed change): choose an encoding preset"
      )
    }
    var includesAudio = !settings.excludesAudio
    for track in composition.audioTracks where track.hasMedia {
      let audio = track.segments.filter { !$0.isEmpty }
      guard audio.count == 1, case .track(let audioSource) = audio[0].source,
        audioSource.path == source.path, audio[0].sourceTimeRange == segment.sourceTimeRange,
        audio[0].targetTimeRange == segment.targetTimeRange
      else {
        throw .invalidMovie(
          "passthrough can only copy the clip's own audio, unchanged: choose an encoding preset to mix other audio"
        )
      }
    }
    if !composition.audioTracks.contains(where: \.hasMedia) { includesAudio = false }

    var range = segment.sourceTimeRange
    if let requested = settings.timeRange {
      let whole = TimeRange(start: .zero, duration: composition.duration)
      let part = requested.intersection(whole)
      guard requested.isValid, part.duration > .zero else {
        throw .invalidMovie(
          "export time range \(requested) is outside the movie [0, \(composition.duration.seconds) s): choose a range inside it"
        )
      }
      range = TimeRange(start: range.start + part.start, duration: part.duration)
    }
    sourcePath = source.path
    sourceRange = range
    self.includesAudio = includesAudio
    self.outputURL = outputURL
    overwrite = settings.overwrite
  }

  /// Copies the packets.
  func run(
    cancellation: ExportCancellation, progress: AsyncStream<ExportProgress>.Continuation
  ) -> Result<ExportResult, ExportError> {
    let clock = ContinuousClock()
    let started = clock.now
    let options = RemuxOptions(
      timeRange: sourceRange, includeVideo: true, includeAudio: includesAudio,
      overwrite: overwrite, fastStart: true)
    do {
      let summary = try Remuxer.remux(
        from: sourcePath, to: outputURL, options: options,
        progress: { fraction in
          let elapsed = ExportJob.seconds(clock.now - started)
          progress.yield(
            ExportProgress(
              fraction: fraction, framesDone: 0, totalFrames: 0, framesPerSecond: 0,
              secondsRemaining: fraction > 0 ? elapsed * (1 - fraction) / fraction : nil,
              secondsElapsed: elapsed))
        }, isCancelled: { cancellation.isCancelled })
      return .success(
        ExportResult(
          url: outputURL, frameCount: summary.videoPacketCount, duration: summary.duration,
          videoSize: nil, wallSeconds: ExportJob.seconds(clock.now - started),
          statistics: ExportStatistics()))
    } catch {
      if case .cancelled = error { return .failure(.cancelled(path: outputURL.path)) }
      return .failure(.media(error))
    }
  }
}
