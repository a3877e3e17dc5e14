import Foundation
import TestSupport
import Testing

@testable import Reel

/// A clip's length on the timeline is its video track's length when it has video; its audio
/// is trimmed to that (Reel's clip model: `Composition.addClip`, `ClipSequence`, a
/// template's `clips`). A composition built track by track keeps the ranges it was given.
@Suite("Clip length: the video's, audio trimmed to it")
struct ClipLengthTests {
  /// A phone clip's shape: video 1.517 s, audio 1.6 s, the file as long as its audio.
  let phone = SourceMedia(
    path: "/media/phone.mov", duration: time(8, 5),
    videoTrack: videoTrackInfo(duration: time(1517, 1000)),
    audioTrack: audioTrackInfo(duration: time(8, 5)))
  let videoLength = time(1517, 1000)

  @Test("addClip of a clip whose audio outlasts its video: video length, no empty video")
  func addClipTrimsAudio() throws {
    #expect(phone.naturalTimeRange == TimeRange(start: .zero, duration: videoLength))
    var composition = Composition()
    let landed = try composition.addClip(phone)
    #expect(landed == TimeRange(start: .zero, duration: videoLength))
    #expect(composition.duration == videoLength)
    let video = try #require(composition.videoTracks.first)
    let audio = try #require(composition.audioTracks.first)
    #expect(video.segments.allSatisfy { !$0.isEmpty })
    #expect(audio.duration == videoLength)
    #expect(
      audio.segments.map(\.sourceTimeRange) == [TimeRange(start: .zero, duration: videoLength)])
    // A range past the video's end is refused, though the audio has it.
    #expect(
      throws: CompositionError.sourceRangeBeyondSource(
        path: "/media/phone.mov", trackIndex: 0,
        range: TimeRange(start: .zero, duration: time(8, 5)),
        availableDuration: videoLength)
    ) {
      var other = Composition()
      try other.addClip(phone, timeRange: TimeRange(start: .zero, duration: time(8, 5)))
    }
  }

  @Test("Cut clips follow each other at the video's end: no empty video between them")
  func sequenceHasNoGaps() throws {
    var sequence = ClipSequence()
    sequence.append(.media(phone, timeRange: nil))
    sequence.append(.media(phone, timeRange: nil))
    sequence.append(.media(phone, timeRange: nil))
    let output = try sequence.build()
    let ranges = (0..<3).map {
      TimeRange(start: videoLength.multiplied(byRatio: Int64($0), 1), duration: videoLength)
    }
    #expect(output.clipTimeRanges == ranges)
    let total = videoLength.multiplied(byRatio: 3, 1)
    #expect(output.composition.duration == total)
    for track in output.composition.audioTracks {
      #expect(track.duration <= total)
    }
    // Wherever the movie is, some video track shows a clip.
    for step in 0..<90 {
      let t = total.multiplied(byRatio: Int64(step), 90)
      let shown = output.composition.videoTracks.contains { track in
        track.segment(at: t).map { !$0.isEmpty } ?? false
      }
      #expect(shown, "no clip at \(t.seconds) s")
    }
  }

  @Test("An audio-only file keeps its audio's length")
  func audioOnly() {
    let song = SourceMedia(
      path: "/media/song.m4a", duration: seconds(3), videoTrack: nil,
      audioTrack: audioTrackInfo(duration: time(29, 10)))
    #expect(song.naturalTimeRange == TimeRange(start: .zero, duration: time(29, 10)))
  }

  @Test("A composition built track by track keeps exactly the ranges it was given")
  func trackByTrackKeepsRanges() throws {
    var composition = Composition()
    let videoID = composition.addTrack(.video)
    let audioID = composition.addTrack(.audio)
    let video = try #require(phone.video)
    let audio = try #require(phone.audio)
    try composition.modifyTrack(videoID) { (track) throws(CompositionError) in
      try track.insertTimeRange(
        TimeRange(start: .zero, duration: videoLength), of: video, at: .zero)
    }
    try composition.modifyTrack(audioID) { (track) throws(CompositionError) in
      try track.insertTimeRange(
        TimeRange(start: .zero, duration: time(8, 5)), of: audio, at: .zero)
    }
    #expect(composition.duration == time(8, 5))
    #expect(composition.track(audioID)?.duration == time(8, 5))
    #expect(composition.track(videoID)?.duration == videoLength)
  }

  // MARK: Rendered (ffmpeg makes the clip and decodes the result)

  /// A 1.5 s 30 fps testsrc2 clip (45 frames, never black) with 1.6 s of audio.
  func makeLongAudioClip(in folder: URL, name: String = "phone.mp4") throws -> URL {
    let url = folder.appendingPathComponent(name)
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=1.5",
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.6",
      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
      url.path,
    ])
    // The oracle agrees the audio outlasts the video.
    let streams = try ExportOracle.streams(url)
    let durations = streams.compactMap { Double($0["duration"] as? String ?? "") }
    #expect(durations.count == 2 && abs(durations[0] - 1.5) < 0.01 && durations[1] > 1.59)
    return url
  }

  /// Frames whose mean level is that of black (testsrc2's frames are far brighter).
  func blackFrames(_ frames: [ExportOracle.RGBFrame]) -> [Int] {
    frames.indices.filter { frames[$0].meanLevel < 30 }
  }

  @Test("An exported clip whose audio outlasts its video ends on its last picture")
  func exportedClipHasNoBlackTail() async throws {
    let folder = try ExportOracle.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try makeLongAudioClip(in: folder)
    let out = folder.appendingPathComponent("out.mp4")
    try await ExportOracle.export(try ExportOracle.movie(of: clip), to: out)
    let frames = try ExportOracle.frames(out)
    #expect(frames.count == 45)
    #expect(blackFrames(frames).isEmpty, "black frames at \(blackFrames(frames))")
    let duration = try ExportOracle.duration(out)
    #expect(abs(duration - 1.5) < 0.03, "\(duration)")
    // The audio is there, trimmed to the picture.
    let audio = try ExportOracle.audio(out)
    #expect(Double(audio.count) / 48_000 < 1.53)
    #expect(ExportOracle.rms(audio, from: 1.3, to: 1.45) > 0.05)
  }

  @Test("Cut clips whose audio outlasts their video show no black frame between them")
  func exportedSequenceHasNoBlackGap() async throws {
    let folder = try ExportOracle.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try makeLongAudioClip(in: folder)
    let media = SourceMedia(asset: try Asset(url: clip))
    var sequence = ClipSequence()
    sequence.append(.media(media, timeRange: nil))
    sequence.append(.media(media, timeRange: nil))
    let built = try sequence.build()
    let movie = Movie(
      composition: built.composition, videoComposition: built.videoComposition,
      audioMix: built.audioMix)
    let out = folder.appendingPathComponent("out.mp4")
    try await ExportOracle.export(movie, to: out)
    let frames = try ExportOracle.frames(out)
    #expect(frames.count == 90)
    #expect(blackFrames(frames).isEmpty, "black frames at \(blackFrames(frames))")
  }
}

@Suite("Clip length in Matroska: the video stream's DURATION tag")
struct MatroskaClipLengthTests {
  @Test("A Matroska clip whose audio outlasts its video is as long as its video")
  func matroskaClip() async throws {
    let folder = try ExportOracle.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = folder.appendingPathComponent("phone.mkv")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=1.5",
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.6",
      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
      clip.path,
    ])
    // Matroska headers give no stream duration; the muxer's per-stream tag does.
    let tags = try ExportOracle.streams(clip).map {
      ($0["tags"] as? [String: Any])?["DURATION"] as? String
    }
    let videoTag = try #require(tags.first ?? nil)
    let asset = try Asset(url: clip)
    let video = try #require(asset.videoTracks.first?.duration)
    #expect(abs(video.seconds - 1.5) < 0.03, "\(video.seconds) from \(videoTag)")
    #expect(try #require(asset.audioTracks.first?.duration).seconds > 1.59)

    let out = folder.appendingPathComponent("out.mp4")
    try await ExportOracle.export(try ExportOracle.movie(of: clip), to: out)
    let frames = try ExportOracle.frames(out)
    #expect(frames.count >= 45 && frames.count <= 46)
    // No black tail. (Frame 0 is not checked: the muxer starts this file's video at
    // 0.021 s, after the audio's priming, and a picture before a stream's first frame is a
    // separate matter.)
    let black = frames.indices.dropFirst().filter { frames[$0].meanLevel < 30 }
    #expect(black.isEmpty, "black frames at \(black)")
  }
}
