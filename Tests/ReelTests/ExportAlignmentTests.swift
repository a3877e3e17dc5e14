import Foundation
import Reel
import TestSupport
import Testing

/// Timing through the exporter: durations, a flash and a beep that must stay together (also
/// after a cross-fade and a speed change), and audio-mix volumes measured in the written file.
@Suite("Export alignment")
struct ExportAlignmentTests {
  typealias O = ExportOracle
  static let frame = 1.0 / 30

  /// Exports `movie`, then finds the flash (first bright frame) and the beep (first loud
  /// sample at or after `after`) in the output, in seconds.
  static func flashAndBeep(_ movie: Movie, in folder: URL, after: Double = 0) async throws -> (
    flash: Double, beep: Double, duration: Double, result: ExportResult, url: URL
  ) {
    let output = folder.appendingPathComponent("out-\(UUID().uuidString).mp4")
    let result = try await O.export(movie, to: output)
    let frames = try O.frames(output)
    let flashIndex = try #require(
      frames.indices.first { Double($0) * frame >= after - 1e-9 && frames[$0].meanLevel > 128 })
    let beep = try #require(O.onset(try O.audio(output), after: after))
    #expect(frames.count == result.frameCount)
    return (Double(flashIndex) * frame, beep, try O.duration(output), result, output)
  }

  @Test func aFlashAndABeepStayAlignedInAPlainExport() async throws {
    let folder = try O.folder()
    let flash = try O.makeFlashClip(in: folder)
    // The source itself: flash at frame 30, beep at 1.000 s.
    #expect(O.flashFrame(try O.frames(flash)) == 30)
    let sourceBeep = try #require(O.onset(try O.audio(flash)))
    #expect(abs(sourceBeep - 1) < 0.002)

    let found = try await Self.flashAndBeep(O.movie(of: flash), in: folder)
    #expect(abs(found.flash - 1) < 1e-9)
    #expect(abs(found.beep - 1) < Self.frame, "beep at \(found.beep) s")
    #expect(abs(found.duration - 2) <= Self.frame, "duration \(found.duration) s")
    #expect(found.result.frameCount == 60)
  }

  @Test func theyStayAlignedAfterACrossFade() async throws {
    let folder = try O.folder()
    let flash = try O.makeFlashClip(in: folder)
    let first = try O.makeClip(
      "first.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=1",
      audio: "anullsrc=r=48000:cl=stereo")
    var sequence = ClipSequence()
    sequence.append(.media(SourceMedia(asset: try Asset(url: first)), timeRange: nil))
    sequence.append(
      .media(SourceMedia(asset: try Asset(url: flash)), timeRange: nil),
      transition: .crossFade(duration: O.time(1, 2)))
    let built = try sequence.build()
    // The flash clip starts where the cross-fade does (0.5 s plus the first clip's audio
    // padding), so its flash and beep come 1 s later.
    let second = try #require(built.clipTimeRanges.last).start
    let expected = second.seconds + 1
    #expect(abs(second.seconds - 0.5) < 0.01)
    let movie = Movie(
      composition: built.composition, videoComposition: built.videoComposition,
      audioMix: built.audioMix)
    let found = try await Self.flashAndBeep(movie, in: folder, after: 1)
    // A frame shows the last source frame at or before its time: the first white frame is
    // the first frame time at or after the flash.
    #expect(found.flash >= expected - 1e-9 && found.flash < expected + Self.frame)
    #expect(abs(found.beep - expected) < 0.002, "beep at \(found.beep) s")
    let duration = built.composition.duration.seconds
    #expect(abs(found.duration - duration) <= Self.frame, "duration \(found.duration) s")
  }

  @Test func theyStayAlignedAfterASpeedChange() async throws {
    let folder = try O.folder()
    let flash = try O.makeFlashClip(in: folder)
    var composition = Composition()
    try composition.addClip(asset: Asset(url: flash))
    // Half speed: [0, 2) plays over [0, 4), so the flash lands at 2.0 s.
    try composition.scaleTimeRange(O.range(.zero, O.time(2)), toDuration: O.time(4))
    #expect(composition.duration == O.time(4))
    let found = try await Self.flashAndBeep(Movie(composition: composition), in: folder)
    #expect(abs(found.flash - 2) < 1e-9)
    // The beep, stretched pitch-kept by WSOLA (`atempo`), is smeared by about half a window:
    // its onset comes where ffmpeg's own `atempo=0.5` puts it (≈ 38 ms early), and its
    // energy sits within one frame of the stretched beep's middle, [2.0, 2.1) s.
    let stretched = folder.appendingPathComponent("atempo.wav")
    try TestSupport.ffmpeg(["-i", flash.path, "-vn", "-af", "atempo=0.5", stretched.path])
    let reference = try #require(O.onset(try O.audio(stretched)))
    #expect(abs(found.beep - reference) < 0.002, "beep at \(found.beep) s, atempo \(reference) s")
    #expect(abs(found.beep - 2) < 0.05, "beep at \(found.beep) s")
    let output = try O.audio(found.url)
    let middle = O.centroid(output, from: 1.8, to: 2.3)
    #expect(abs(middle - 2.05) < Self.frame, "beep centred at \(middle) s")
    #expect(abs(found.duration - 4) <= Self.frame, "duration \(found.duration) s")
    #expect(found.result.frameCount == 120)
  }

  @Test func outputDurationEqualsTheCompositionDurationForAnOddLength() async throws {
    // 0.7 s of a 1 s clip at 30 fps: 21 frames, and audio just as long.
    let folder = try O.folder()
    var composition = Composition()
    try composition.addClip(
      asset: Asset(url: MediaFixtures.url(for: .basic)), timeRange: O.range(.zero, O.time(7, 10)))
    let output = folder.appendingPathComponent("short.mp4")
    let result = try await O.export(Movie(composition: composition), to: output)
    #expect(result.frameCount == 21)
    #expect(abs(try O.duration(output) - 0.7) <= Self.frame)
    for stream in try O.streams(output) {
      let seconds = try #require(Double(stream["duration"] as? String ?? ""))
      #expect(abs(seconds - 0.7) <= Self.frame, "\(stream["codec_type"] ?? "")")
    }
  }

  /// docs/semantics.md §7 scaled to 2 s: unity, then a step to 1 at 0, a ramp 0.5 → 0.2 over
  /// [0.8, 1.8): the level at 0.4 s is 1, at 0.8 s 0.5, at 1.3 s 0.35, after 1.8 s 0.2.
  @Test func volumeRampsAreHeardInTheExportedFile() async throws {
    let folder = try O.folder()
    let tone = try O.makeClip(
      "tone.mp4", in: folder, video: "color=c=gray:size=160x120:rate=30:duration=2",
      audio: "sine=frequency=1000:sample_rate=48000:duration=2")
    var composition = Composition()
    try composition.addClip(asset: Asset(url: tone))
    let track = try #require(composition.audioTracks.first?.id)
    var parameters = AudioMixInputParameters(trackID: track)
    parameters.setVolume(1, at: .zero)
    parameters.setVolumeRamp(from: 0.5, to: 0.2, timeRange: O.range(O.time(4, 5), O.time(1)))
    let movie = Movie(composition: composition, audioMix: AudioMix(inputParameters: [parameters]))
    let output = folder.appendingPathComponent("mix.mp4")
    try await O.export(movie, to: output)
    let source = try O.audio(tone)
    let mixed = try O.audio(output)
    let reference = O.rms(source, from: 0.2, to: 1.9)
    #expect(reference > 0.05)
    // Short windows around each time (the ramp changes by < 2 % within ±10 ms).
    for (time, volume) in [(0.4, 1.0), (0.81, 0.5), (1.3, 0.35), (1.9, 0.2)] {
      let level = O.rms(mixed, from: time - 0.01, to: time + 0.01) / reference
      #expect(abs(level - volume) < 0.03, "at \(time) s: \(level), expected \(volume)")
    }
  }
}
