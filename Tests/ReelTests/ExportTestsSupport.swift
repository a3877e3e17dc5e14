import Foundation
import Reel
import TestSupport
import Testing

/// The media oracle (TestSupport) under the name the export tests use.
typealias ExportOracle = MediaOracle

/// Oracle helpers that need Reel's model.
extension MediaOracle {
  /// A one-second-per-unit exact time.
  static func time(_ value: Int64, _ timescale: Int32 = 1) -> Time {
    Time(value: value, timescale: timescale)
  }

  /// [start, start + duration) in exact seconds.
  static func range(_ start: Time, _ duration: Time) -> TimeRange {
    TimeRange(start: start, duration: duration)
  }

  /// Exports a movie and returns the session's result.
  @discardableResult
  static func export(
    _ movie: Movie, to url: URL, settings: ExportSettings = ExportSettings()
  ) async throws -> ExportResult {
    let session = ExportSession(movie: movie, outputURL: url, settings: settings)
    return try await session.export()
  }

  /// Two 2 s 320×240 clips (testsrc2, then slowly moving gradients) in a sequence with a
  /// 1 s cross-fade over [1, 2) s, and the movie of it.
  static func crossFade(in folder: URL) throws -> (
    first: URL, second: URL, built: ClipSequence.Output, movie: Movie
  ) {
    let first = try makeClip(
      "a.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=2")
    let second = try makeClip(
      "b.mp4", in: folder, video: "gradients=size=320x240:rate=30:duration=2:speed=0.05")
    var sequence = ClipSequence()
    sequence.append(.media(SourceMedia(asset: try Asset(url: first)), timeRange: nil))
    sequence.append(
      .media(SourceMedia(asset: try Asset(url: second)), timeRange: nil),
      transition: .crossFade(duration: time(1)))
    let built = try sequence.build()
    let movie = Movie(
      composition: built.composition, videoComposition: built.videoComposition,
      audioMix: built.audioMix)
    return (first, second, built, movie)
  }

  /// A movie of one file's clip with the default video composition.
  static func movie(of url: URL) throws -> Movie {
    var composition = Composition()
    try composition.addClip(asset: Asset(url: url))
    return Movie(composition: composition)
  }
}
