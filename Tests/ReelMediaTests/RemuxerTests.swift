import CFFmpeg
import Foundation
import TestSupport
import Testing

@testable import ReelMedia

/// Tests for ``Remuxer``. The oracle is `ffprobe`: packet payload hashes (MD5 of each
/// packet's bytes), stream parameters, durations and flags of the source and the output.
@Suite("Remuxer")
struct RemuxerTests {
  // MARK: - Whole-file passthrough

  @Test func wholeFileCopiesEveryPacketByteIdenticalWithMoovFirst() throws {
    let source = try MediaFixtures.url(for: .basic)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("copy.mp4")

    let summary = try Remuxer.remux(from: source.path, to: output)

    let sourceVideo = try RemuxProbe.packetHashes(source, stream: "v:0")
    let sourceAudio = try RemuxProbe.packetHashes(source, stream: "a:0")
    #expect(sourceVideo.count == 30)
    #expect(try RemuxProbe.packetHashes(output, stream: "v:0") == sourceVideo)
    #expect(try RemuxProbe.packetHashes(output, stream: "a:0") == sourceAudio)
    #expect(summary.videoPacketCount == sourceVideo.count)
    #expect(summary.audioPacketCount == sourceAudio.count)
    #expect(summary.videoCodec == "h264")
    #expect(summary.audioCodec == "aac")

    for type in ["video", "audio"] {
      let before = try #require(try RemuxProbe.stream(source, type: type))
      let after = try #require(try RemuxProbe.stream(output, type: type))
      for key in [
        "codec_name", "profile", "width", "height", "pix_fmt", "sample_rate", "channels",
        "codec_tag_string", "r_frame_rate",
      ] {
        #expect(
          String(describing: before[key]) == String(describing: after[key]), "\(type) \(key)")
      }
    }
    let sourceDuration = try RemuxProbe.formatDuration(source)
    #expect(abs(try RemuxProbe.formatDuration(output) - sourceDuration) < 0.001)
    #expect(abs(summary.duration.seconds - sourceDuration) < 0.03)

    let boxes = try WriterFixture.topLevelBoxes(of: output)
    let moov = try #require(boxes.firstIndex(of: "moov"))
    let mdat = try #require(boxes.firstIndex(of: "mdat"))
    #expect(moov < mdat, "top-level boxes: \(boxes)")
    #expect(try RemuxProbe.leftovers(in: folder) == ["copy.mp4"])
  }

  @Test func fastStartOffLeavesMoovAfterMdat() throws {
    let source = try MediaFixtures.url(for: .basic)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("copy.mov")

    _ = try Remuxer.remux(from: source.path, to: output, options: RemuxOptions(fastStart: false))

    let boxes = try WriterFixture.topLevelBoxes(of: output)
    let moov = try #require(boxes.firstIndex(of: "moov"))
    let mdat = try #require(boxes.firstIndex(of: "mdat"))
    #expect(mdat < moov, "top-level boxes: \(boxes)")
    #expect(
      try RemuxProbe.packetHashes(output, stream: "v:0")
        == RemuxProbe.packetHashes(source, stream: "v:0"))
  }

  @Test(arguments: ["mp4", "mov", "m4v"])
  func rotatedPortraitKeepsItsDisplayMatrix(fileExtension: String) throws {
    let source = try MediaFixtures.url(for: .portraitRotated)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("portrait.\(fileExtension)")

    _ = try Remuxer.remux(from: source.path, to: output)

    let sourceRotation = try RemuxProbe.rotation(source)
    #expect(sourceRotation == -90)
    #expect(try RemuxProbe.rotation(output) == sourceRotation)
    #expect(
      try RemuxProbe.packetHashes(output, stream: "v:0")
        == RemuxProbe.packetHashes(source, stream: "v:0"))
  }

  /// FFmpeg 5.1's Matroska muxer drops the display matrix (`ffmpeg -c copy` to .mkv loses
  /// it too), so Reel refuses instead of writing a sideways picture.
  @Test func rotatedVideoIntoMatroskaIsRefused() throws {
    let source = try MediaFixtures.url(for: .portraitRotated)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("portrait.mkv")

    #expect(
      throws: MediaError.invalidArgument(
        path: output.path,
        reason:
          "the video in \(source.path) is shown rotated 90° clockwise, which a .mkv file cannot record here; write .mp4, .m4v or .mov instead"
      )
    ) {
      _ = try Remuxer.remux(from: source.path, to: output)
    }
    #expect(try RemuxProbe.leftovers(in: folder).isEmpty)
    // Without video the rotation does not matter.
    _ = try Remuxer.remux(
      from: try MediaFixtures.url(for: .basic).path, to: output,
      options: RemuxOptions(includeVideo: false))
    #expect(try RemuxProbe.stream(output, type: "audio")?["codec_name"] as? String == "aac")
  }

  @Test func colourTagsAreCarriedOver() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("hd.mkv")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=0.5", "-c:v", "libx264",
      "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries",
      "bt709", "-color_trc", "bt709", "-color_range", "tv", source.path,
    ])
    let output = folder.appendingPathComponent("hd.mp4")

    _ = try Remuxer.remux(from: source.path, to: output)

    let video = try #require(try RemuxProbe.stream(output, type: "video"))
    #expect(video["color_space"] as? String == "bt709")
    #expect(video["color_primaries"] as? String == "bt709")
    #expect(video["color_transfer"] as? String == "bt709")
    #expect(video["color_range"] as? String == "tv")
  }

  // MARK: - Time ranges

  @Test func keyframeAlignedRangeCopiesHalfASecond() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try RemuxProbe.makeKeyframeClip(in: folder)
    let output = folder.appendingPathComponent("cut.mp4")
    let range = TimeRange(
      start: Time(value: 1, timescale: 2), end: Time(value: 1, timescale: 1))

    let summary = try Remuxer.remux(
      from: source.path, to: output, options: RemuxOptions(timeRange: range))

    // Frames 15…29 of the source (0.5 s … 29/30 s), unchanged.
    let sourceVideo = try RemuxProbe.packetHashes(source, stream: "v:0")
    #expect(try RemuxProbe.packetHashes(output, stream: "v:0") == Array(sourceVideo[15..<30]))
    let flags = try RemuxProbe.packetField(output, stream: "v:0", field: "flags")
    #expect(flags.first?.hasPrefix("K") == true, "flags: \(flags)")
    let video = try #require(try RemuxProbe.stream(output, type: "video"))
    let videoDuration = try #require((video["duration"] as? String).flatMap(Double.init))
    #expect(abs(videoDuration - 0.5) <= 1.0 / 30 + 0.001, "video duration \(videoDuration)")
    #expect(abs(try RemuxProbe.formatDuration(output) - 0.5) <= 1.0 / 30 + 0.001)
    #expect(summary.firstVideoKeyframeTime?.seconds == 0.5)
    #expect(abs(summary.duration.seconds - 0.5) <= 1.0 / 30 + 0.001)
    let firstTime = try RemuxProbe.packetField(output, stream: "v:0", field: "pts_time").first
    #expect(firstTime.flatMap(Double.init) == 0)
  }

  @Test func unalignedRangeStartsAtThePreviousKeyframeAndMatchesFFmpegStreamCopy() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try RemuxProbe.makeKeyframeClip(in: folder)
    let output = folder.appendingPathComponent("cut.mp4")
    let reference = folder.appendingPathComponent("reference.mp4")
    try TestSupport.ffmpeg([
      "-ss", "0.6", "-i", source.path, "-t", "0.5", "-map", "0:v", "-c", "copy", reference.path,
    ])
    let range = TimeRange(
      start: Time(value: 6, timescale: 10), duration: Time(value: 5, timescale: 10))

    let summary = try Remuxer.remux(
      from: source.path, to: output,
      options: RemuxOptions(timeRange: range, includeAudio: false))

    // Video starts at the keyframe at 0.5 s; the edit list starts playback at 0.6 s.
    #expect(summary.firstVideoKeyframeTime?.seconds == 0.5)
    let hashes = try RemuxProbe.packetHashes(output, stream: "v:0")
    let sourceVideo = try RemuxProbe.packetHashes(source, stream: "v:0")
    #expect(hashes.first == sourceVideo[15])
    #expect(hashes == (try RemuxProbe.packetHashes(reference, stream: "v:0")))
    let times = try RemuxProbe.packetField(output, stream: "v:0", field: "pts_time")
      .compactMap(Double.init)
    let referenceTimes = try RemuxProbe.packetField(reference, stream: "v:0", field: "pts_time")
      .compactMap(Double.init)
    #expect(times == referenceTimes)
    #expect(abs((times.first ?? 0) - -0.1) < 0.001, "first pts \(String(describing: times.first))")
    #expect(abs(try RemuxProbe.formatDuration(output) - 0.5) <= 1.0 / 30 + 0.001)
    #expect(
      abs(try RemuxProbe.formatDuration(output) - RemuxProbe.formatDuration(reference)) < 0.001)
  }

  /// A source whose edit list hides a lead-in (as `ffmpeg -ss 0.5 -c copy` writes) keeps
  /// its lead-in packets and its edit: same packets, same times, same duration.
  @Test func editListSourceKeepsItsLeadInAndTiming() throws {
    let source = try MediaFixtures.url(for: .movEditList)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("copy.mp4")

    let summary = try Remuxer.remux(from: source.path, to: output)

    #expect(
      try RemuxProbe.packetHashes(output, stream: "v:0")
        == RemuxProbe.packetHashes(source, stream: "v:0"))
    let sourceTimes = try RemuxProbe.packetField(source, stream: "v:0", field: "pts_time")
    #expect(try RemuxProbe.packetField(output, stream: "v:0", field: "pts_time") == sourceTimes)
    let sourceDuration = try RemuxProbe.formatDuration(source)
    #expect(abs(try RemuxProbe.formatDuration(output) - sourceDuration) < 0.001)
    #expect(abs(summary.duration.seconds - sourceDuration) < 0.001)
  }

  /// Matroska has no edit list: the cut plays from the keyframe before the requested start.
  @Test func matroskaRangePlaysFromTheKeyframe() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try RemuxProbe.makeKeyframeClip(in: folder)
    let output = folder.appendingPathComponent("cut.mkv")
    let range = TimeRange(
      start: Time(value: 6, timescale: 10), duration: Time(value: 5, timescale: 10))

    let summary = try Remuxer.remux(
      from: source.path, to: output,
      options: RemuxOptions(timeRange: range, includeAudio: false))

    // Frames 15 (the keyframe at 0.5 s) … 32 (the last before 1.1 s): 0.6 s of video.
    let sourceVideo = try RemuxProbe.packetHashes(source, stream: "v:0")
    #expect(try RemuxProbe.packetHashes(output, stream: "v:0") == Array(sourceVideo[15..<33]))
    #expect(abs(summary.duration.seconds - 0.6) < 0.001)
    #expect(abs(try RemuxProbe.formatDuration(output) - 0.6) <= 1.0 / 30 + 0.001)
    let first = try RemuxProbe.packetField(output, stream: "v:0", field: "pts_time").first
    #expect(first.flatMap(Double.init) == 0)
  }

  @Test func rangeOutsideTheFileIsRefusedAndLeavesNothing() throws {
    let source = try MediaFixtures.url(for: .basic)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("late.mp4")
    let range = TimeRange(
      start: Time(value: 5, timescale: 1), duration: Time(value: 1, timescale: 1))

    #expect(
      throws: MediaError.invalidArgument(
        path: output.path,
        reason:
          "the time range [5.0 s, 6.0 s) holds no media in \(source.path); choose a range inside the file"
      )
    ) {
      _ = try Remuxer.remux(from: source.path, to: output, options: RemuxOptions(timeRange: range))
    }
    #expect(try RemuxProbe.leftovers(in: folder).isEmpty)

    let negative = TimeRange(
      start: Time(value: -1, timescale: 1), duration: Time(value: 1, timescale: 1))
    #expect(
      throws: MediaError.invalidArgument(
        path: output.path,
        reason: "time range [-1.0 s, 0.0 s) is not usable; give a start ≥ 0 s and a duration > 0 s"
      )
    ) {
      _ = try Remuxer.remux(
        from: source.path, to: output, options: RemuxOptions(timeRange: negative))
    }
  }

  // MARK: - Containers and codecs

  @Test func matroskaH264AndAACGoIntoMP4() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("source.mkv")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=1", "-f", "lavfi", "-i",
      "sine=frequency=1000:sample_rate=48000:duration=1", "-c:v", "libx264", "-preset", "fast",
      "-bf", "2", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", source.path,
    ])
    let output = folder.appendingPathComponent("out.mp4")

    _ = try Remuxer.remux(from: source.path, to: output)

    #expect(
      try RemuxProbe.packetHashes(output, stream: "v:0")
        == RemuxProbe.packetHashes(source, stream: "v:0"))
    #expect(
      try RemuxProbe.packetHashes(output, stream: "a:0")
        == RemuxProbe.packetHashes(source, stream: "a:0"))
    let video = try #require(try RemuxProbe.stream(output, type: "video"))
    #expect(video["codec_tag_string"] as? String == "avc1")
    #expect(video["profile"] as? String == "High")
    #expect(video["has_b_frames"] as? Int == 2 || video["has_b_frames"] as? Int == 1)
    let audio = try #require(try RemuxProbe.stream(output, type: "audio"))
    #expect(audio["codec_tag_string"] as? String == "mp4a")
    #expect(abs(try RemuxProbe.formatDuration(output) - 1) < 0.05)
  }

  @Test func hevcKeepsItsHVC1Tag() throws {
    let source = try MediaFixtures.url(for: .hevc10Bit)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mov = folder.appendingPathComponent("hevc.mov")
    let mkv = folder.appendingPathComponent("hevc.mkv")
    let backToMP4 = folder.appendingPathComponent("hevc.mp4")

    _ = try Remuxer.remux(from: source.path, to: mov)
    _ = try Remuxer.remux(from: source.path, to: mkv)
    _ = try Remuxer.remux(from: mkv.path, to: backToMP4)

    #expect(try RemuxProbe.stream(mov, type: "video")?["codec_tag_string"] as? String == "hvc1")
    #expect(
      try RemuxProbe.stream(backToMP4, type: "video")?["codec_tag_string"] as? String == "hvc1")
    let hashes = try RemuxProbe.packetHashes(source, stream: "v:0")
    #expect(try RemuxProbe.packetHashes(mov, stream: "v:0") == hashes)
    #expect(try RemuxProbe.packetHashes(backToMP4, stream: "v:0") == hashes)
  }

  /// FFmpeg 5.1 writes VP9 (`vp09`) and Opus (`Opus`) sample entries in MP4, so Reel allows
  /// them there; QuickTime `.mov` refuses both.
  @Test func vp9AndOpusGoIntoMP4ButNotMOV() throws {
    let source = try MediaFixtures.url(for: .webm)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let mp4 = folder.appendingPathComponent("vp9.mp4")

    _ = try Remuxer.remux(from: source.path, to: mp4)

    #expect(try RemuxProbe.stream(mp4, type: "video")?["codec_tag_string"] as? String == "vp09")
    #expect(try RemuxProbe.stream(mp4, type: "audio")?["codec_name"] as? String == "opus")
    #expect(
      try RemuxProbe.packetHashes(mp4, stream: "v:0")
        == RemuxProbe.packetHashes(source, stream: "v:0"))
    #expect(
      try RemuxProbe.packetHashes(mp4, stream: "a:0")
        == RemuxProbe.packetHashes(source, stream: "a:0"))

    let mov = folder.appendingPathComponent("vp9.mov")
    #expect(throws: MediaError.codecNotAllowed(path: mov.path, codec: "vp9", container: "mov")) {
      _ = try Remuxer.remux(from: source.path, to: mov)
    }
    #expect(try RemuxProbe.leftovers(in: folder) == ["vp9.mp4"])
  }

  @Test func h264IntoWebMIsRefusedWithAnExactMessage() throws {
    let source = try MediaFixtures.url(for: .basic)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.webm")

    do {
      _ = try Remuxer.remux(from: source.path, to: output)
      Issue.record("expected codecNotAllowed")
    } catch {
      #expect(error == .codecNotAllowed(path: output.path, codec: "h264", container: "webm"))
      #expect(error.description == "\(output.path): codec 'h264' cannot be written in a .webm file")
    }
    #expect(try RemuxProbe.leftovers(in: folder).isEmpty)
  }

  @Test func audioOnlyOutputs() throws {
    let source = try MediaFixtures.url(for: .basic)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let m4a = folder.appendingPathComponent("sound.m4a")
    let mp4 = folder.appendingPathComponent("sound.mp4")

    let m4aSummary = try Remuxer.remux(from: source.path, to: m4a)
    _ = try Remuxer.remux(from: source.path, to: mp4, options: RemuxOptions(includeVideo: false))

    let audioHashes = try RemuxProbe.packetHashes(source, stream: "a:0")
    for url in [m4a, mp4] {
      let streams = try TestSupport.ffprobeJSON(["-show_streams", url.path])["streams"]
      #expect((streams as? [[String: Any]])?.map { $0["codec_type"] as? String } == ["audio"])
      #expect(try RemuxProbe.packetHashes(url, stream: "a:0") == audioHashes)
    }
    #expect(m4aSummary.videoPacketCount == 0)
    #expect(m4aSummary.videoCodec == nil)
    #expect(m4aSummary.firstVideoKeyframeTime == nil)

    let silent = try MediaFixtures.url(for: .noAudio)
    #expect(throws: MediaError.noAudioTrack(path: silent.path)) {
      _ = try Remuxer.remux(from: silent.path, to: folder.appendingPathComponent("none.m4a"))
    }
  }

  // MARK: - Atomic output, cancellation, bad input

  @Test func cancellationLeavesNothingAndKeepsAnExistingTarget() throws {
    let source = try MediaFixtures.url(for: .basic)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fresh = folder.appendingPathComponent("fresh.mp4")
    var asked = 0
    #expect(throws: MediaError.cancelled(path: fresh.path)) {
      _ = try Remuxer.remux(
        from: source.path, to: fresh,
        isCancelled: {
          asked += 1
          return asked > 10
        })
    }
    #expect(asked == 11)
    #expect(try RemuxProbe.leftovers(in: folder).isEmpty)

    let existing = folder.appendingPathComponent("existing.mp4")
    try Data("keep me".utf8).write(to: existing)
    #expect(throws: MediaError.cancelled(path: existing.path)) {
      _ = try Remuxer.remux(
        from: source.path, to: existing, options: RemuxOptions(overwrite: true),
        isCancelled: { true })
    }
    #expect(try Data(contentsOf: existing) == Data("keep me".utf8))
    #expect(try RemuxProbe.leftovers(in: folder) == ["existing.mp4"])
  }

  @Test func existingTargetNeedsOverwrite() throws {
    let source = try MediaFixtures.url(for: .basic)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let existing = folder.appendingPathComponent("existing.mp4")
    try Data("keep me".utf8).write(to: existing)

    #expect(throws: MediaError.fileExists(path: existing.path)) {
      _ = try Remuxer.remux(from: source.path, to: existing)
    }
    #expect(try Data(contentsOf: existing) == Data("keep me".utf8))

    var fractions: [Double] = []
    _ = try Remuxer.remux(
      from: source.path, to: existing, options: RemuxOptions(overwrite: true),
      progress: { fractions.append($0) })
    #expect(
      try RemuxProbe.packetHashes(existing, stream: "v:0")
        == RemuxProbe.packetHashes(source, stream: "v:0"))
    #expect(fractions.last == 1)
    #expect(fractions.count > 2)
    #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(try RemuxProbe.leftovers(in: folder) == ["existing.mp4"])
  }

  @Test func missingAndCorruptSourcesReportTheInputError() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("out.mp4")

    let missing = folder.appendingPathComponent("missing.mp4").path
    #expect(throws: MediaError.fileNotFound(path: missing)) {
      _ = try Remuxer.remux(from: missing, to: output)
    }

    let garbage = folder.appendingPathComponent("garbage.mp4")
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: garbage)
    let truncated = folder.appendingPathComponent("truncated.mp4")
    let whole = try Data(contentsOf: MediaFixtures.url(for: .basic))
    try whole.prefix(whole.count / 3).write(to: truncated)
    for bad in [garbage, truncated] {
      var expected: MediaError?
      do { _ = try InputContainer(path: bad.path) } catch { expected = error }
      let inputError = try #require(expected, "InputContainer opened \(bad.lastPathComponent)")
      #expect(throws: inputError) {
        _ = try Remuxer.remux(from: bad.path, to: output)
      }
    }
    #expect(try RemuxProbe.leftovers(in: folder) == ["garbage.mp4", "truncated.mp4"])
  }

  @Test func unknownExtensionIsRefused() throws {
    let source = try MediaFixtures.url(for: .basic)
    let output = URL(fileURLWithPath: "/tmp/reel-remux-never-written.avi")
    #expect(throws: MediaError.unsupportedContainer(path: output.path, fileExtension: "avi")) {
      _ = try Remuxer.remux(from: source.path, to: output)
    }
  }
}

/// `ffprobe` queries and generated inputs for the remuxer tests.
enum RemuxProbe {
  /// MD5 of each packet's payload, in file order, for one stream (`v:0`, `a:0`).
  static func packetHashes(_ url: URL, stream: String) throws -> [String] {
    try packetField(url, stream: stream, field: "data_hash", extra: ["-show_data_hash", "MD5"])
  }

  /// One field of each packet of a stream, in file order.
  static func packetField(
    _ url: URL, stream: String, field: String, extra: [String] = []
  ) throws -> [String] {
    let json = try TestSupport.ffprobeJSON(
      extra + ["-select_streams", stream, "-show_entries", "packet=\(field)", url.path])
    let packets = json["packets"] as? [[String: Any]] ?? []
    return packets.compactMap { $0[field] as? String }
  }

  /// The first stream of a type (`video`, `audio`).
  static func stream(_ url: URL, type: String) throws -> [String: Any]? {
    let json = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    return (json["streams"] as? [[String: Any]])?.first { $0["codec_type"] as? String == type }
  }

  /// The container's duration in seconds.
  static func formatDuration(_ url: URL) throws -> Double {
    let json = try TestSupport.ffprobeJSON(["-show_format", url.path])
    let format = json["format"] as? [String: Any]
    guard let text = format?["duration"] as? String, let seconds = Double(text) else {
      throw RemuxProbeError(description: "no duration for \(url.lastPathComponent)")
    }
    return seconds
  }

  /// The display matrix rotation ffprobe reports for the first video stream (its
  /// counter-clockwise angle), or nil without one.
  static func rotation(_ url: URL) throws -> Int? {
    let video = try stream(url, type: "video")
    let sideData = video?["side_data_list"] as? [[String: Any]] ?? []
    return sideData.compactMap { $0["rotation"] as? Int }.first
  }

  /// Names of the files in a folder (temporary files included), sorted.
  static func leftovers(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// A 2 s H.264 + AAC clip at 30 fps with a keyframe exactly every 0.5 s (15 frames) and
  /// no others.
  static func makeKeyframeClip(in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent("keyframes.mp4")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=2", "-f", "lavfi", "-i",
      "sine=frequency=1000:sample_rate=48000:duration=2", "-c:v", "libx264", "-preset",
      "ultrafast", "-g", "15", "-keyint_min", "15", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
      "-c:a", "aac", "-shortest", url.path,
    ])
    let flags = try packetField(url, stream: "v:0", field: "flags")
    let keyframes = flags.enumerated().filter { $0.element.hasPrefix("K") }.map(\.offset)
    guard keyframes == [0, 15, 30, 45] else {
      throw RemuxProbeError(description: "unexpected keyframes \(keyframes)")
    }
    return url
  }
}

/// A test input or probe result was not as the test needs.
struct RemuxProbeError: Error, CustomStringConvertible {
  let description: String
}
