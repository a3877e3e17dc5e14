import Foundation
import Reel
import TestSupport
import Testing

/// docs/semantics.md §6 through the exporter: output sizes, time ranges, fast start, existing
/// files, odd sizes and invalid movies.
@Suite("Export files")
struct ExportFileTests {
  typealias O = ExportOracle

  /// Mean absolute difference per channel value between two same-size frames.
  static func difference(_ a: O.RGBFrame, _ b: O.RGBFrame) -> Double {
    var sum = 0
    for index in a.bytes.indices { sum += abs(Int(a.bytes[index]) - Int(b.bytes[index])) }
    return Double(sum) / Double(a.bytes.count)
  }

  @Test func a1080pSourceWithThe1280x720PresetIs1280x720() async throws {
    let folder = try O.folder()
    let source = try O.makeClip(
      "hd.mp4", in: folder, video: "testsrc2=size=1920x1080:rate=30:duration=0.1",
      extra: [
        "-vf", "scale=out_color_matrix=bt709", "-colorspace", "bt709", "-color_primaries",
        "bt709", "-color_trc", "bt709",
      ])
    let output = folder.appendingPathComponent("out.mp4")
    let result = try await O.export(
      O.movie(of: source), to: output, settings: ExportSettings(preset: .preset1280x720))
    #expect(result.videoSize?.width == 1280 && result.videoSize?.height == 720)
    let size = try O.videoSize(output)
    #expect(size.width == 1280 && size.height == 720)
    // The picture is the source scaled down (compared with ffmpeg's own scaling).
    let scaled = folder.appendingPathComponent("scaled.mp4")
    try TestSupport.ffmpeg([
      "-i", source.path, "-vf", "scale=1280:720", "-c:v", "libx264", "-crf", "10", "-colorspace",
      "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", scaled.path,
    ])
    let ours = try O.frames(output)
    let theirs = try O.frames(scaled)
    #expect(ours.count == 3)
    #expect(Self.difference(ours[0], theirs[0]) < 6)
    #expect(Self.difference(ours[0], theirs[0]) < Self.difference(ours[0], theirs[2]))
  }

  @Test func a640x360SourceKeepsItsSizeWithThe1280x720Preset() async throws {
    let folder = try O.folder()
    let source = try O.makeClip(
      "small.mp4", in: folder, video: "testsrc2=size=640x360:rate=30:duration=0.2")
    let output = folder.appendingPathComponent("out.mp4")
    try await O.export(
      O.movie(of: source), to: output, settings: ExportSettings(preset: .preset1280x720))
    let size = try O.videoSize(output)
    #expect(size.width == 640 && size.height == 360)
  }

  @Test func aTimeRangeExportsThatPartOfVideoAndAudio() async throws {
    let folder = try O.folder()
    let source = try MediaFixtures.url(for: .basic)
    let output = folder.appendingPathComponent("part.mp4")
    var settings = ExportSettings()
    settings.timeRange = O.range(O.time(1, 2), O.time(1, 2))
    let result = try await O.export(O.movie(of: source), to: output, settings: settings)
    #expect(result.frameCount == 15)
    #expect(abs(try O.duration(output) - 0.5) <= 1.0 / 30)
    let streams = try O.streams(output)
    #expect(streams.count == 2)
    for stream in streams {
      let seconds = try #require(Double(stream["duration"] as? String ?? ""))
      #expect(abs(seconds - 0.5) <= 1.0 / 30, "\(stream["codec_type"] ?? "")")
    }
    // The first frame written is the source's frame at 0.5 s (frame 15), not its first.
    let ours = try O.frames(output)
    let theirs = try O.frames(source)
    #expect(ours.count == 15)
    let match = Self.difference(ours[0], theirs[15])
    #expect(match < 4)
    #expect(match < Self.difference(ours[0], theirs[14]))
    #expect(match < Self.difference(ours[0], theirs[16]))
    #expect(Self.difference(ours[14], theirs[29]) < 4)
    // The 1 kHz tone plays throughout the range.
    let audio = try O.audio(output)
    #expect(O.rms(audio, from: 0.05, to: 0.45) > 0.05)
  }

  @Test func fastStartPutsTheMovieBoxBeforeTheMediaData() async throws {
    let folder = try O.folder()
    let output = folder.appendingPathComponent("fast.mp4")
    try await O.export(O.movie(of: MediaFixtures.url(for: .basic)), to: output)
    let boxes = try O.topLevelBoxes(output)
    let moov = try #require(boxes.firstIndex(of: "moov"))
    let mdat = try #require(boxes.firstIndex(of: "mdat"))
    #expect(moov < mdat, "\(boxes)")
  }

  @Test func anExistingFileIsRefusedUnlessOverwriteIsAsked() async throws {
    let folder = try O.folder()
    let output = folder.appendingPathComponent("taken.mp4")
    let original = Data("keep me".utf8)
    try original.write(to: output)
    let movie = try O.movie(of: MediaFixtures.url(for: .basic))
    let session = ExportSession(movie: movie, outputURL: output)
    do {
      _ = try await session.export()
      Issue.record("exporting over an existing file without overwrite succeeded")
    } catch {
      guard case .media = error else {
        Issue.record("expected a media error, got \(error)")
        return
      }
      #expect(error.description.contains(output.path))
      #expect(error.description.contains("overwrite"))
    }
    #expect(session.status == .failed)
    #expect(try Data(contentsOf: output) == original)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken.mp4"])

    try await O.export(movie, to: output, settings: ExportSettings(overwrite: true))
    #expect(try O.videoSize(output).width == 320)
  }

  @Test func anOddLayerRenderSizeIsRoundedDownToEvenByThePreset() async throws {
    let folder = try O.folder()
    let movieSource = try MediaFixtures.url(for: .basic)
    var movie = try O.movie(of: movieSource)
    let size = Size(width: 321, height: 241)
    let frame = Rect(origin: .zero, size: size)
    movie.layers = LayerTree(
      root: .group(frame: frame, sublayers: [.color(.red, frame: frame)]), renderSize: size)
    let output = folder.appendingPathComponent("odd.mp4")
    // A few frames are enough (scaling 321×241 → 320×240 is slow in debug builds).
    var settings = ExportSettings()
    settings.timeRange = O.range(.zero, O.time(1, 10))
    let result = try await O.export(movie, to: output, settings: settings)
    #expect(result.videoSize?.width == 320 && result.videoSize?.height == 240)
    let written = try O.videoSize(output)
    #expect(written.width == 320 && written.height == 240)
  }

  @Test func anOddExplicitOutputSizeIsAClearError() async throws {
    let folder = try O.folder()
    let output = folder.appendingPathComponent("odd.mp4")
    var settings = ExportSettings()
    settings.outputSize = (321, 241)
    let session = ExportSession(
      movie: try O.movie(of: MediaFixtures.url(for: .basic)), outputURL: output,
      settings: settings)
    do {
      _ = try await session.export()
      Issue.record("an odd output size was accepted")
    } catch {
      #expect(
        error.description
          == "output size 321×241 has an odd dimension, which 4:2:0 video cannot encode: use 320×240 or 322×242"
      )
    }
    #expect(session.status == .failed)
    #expect(!FileManager.default.fileExists(atPath: output.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func invalidInstructionsFailBeforeAnythingIsWritten() async throws {
    let folder = try O.folder()
    var composition = Composition()
    try composition.addClip(asset: Asset(url: MediaFixtures.url(for: .basic)))
    let track = try #require(composition.videoTracks.first?.id)
    // A gap: [0, 0.5) then [0.6, 1).
    let video = VideoComposition(
      renderSize: Size(width: 320, height: 240), frameDuration: O.time(1, 30),
      instructions: [
        .passThrough(trackID: track, timeRange: O.range(.zero, O.time(1, 2))),
        .passThrough(trackID: track, timeRange: O.range(O.time(3, 5), O.time(2, 5))),
      ])
    let output = folder.appendingPathComponent("never.mp4")
    let session = ExportSession(
      movie: Movie(composition: composition, videoComposition: video), outputURL: output)
    do {
      _ = try await session.export()
      Issue.record("a gap between instructions was exported")
    } catch {
      guard case .invalidMovie(let reason) = error else {
        Issue.record("expected invalidMovie, got \(error)")
        return
      }
      #expect(
        reason
          == "instruction 1 starts at 0.6 s but instruction 0 ends at 0.5 s: instructions must leave no gap"
      )
    }
    #expect(session.status == .failed)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func anEmptyMovieIsRefused() async throws {
    let folder = try O.folder()
    let session = ExportSession(
      movie: Movie(composition: Composition()),
      outputURL: folder.appendingPathComponent("empty.mp4"))
    await #expect(throws: ExportError.self) { try await session.export() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
