import Foundation
import ReelMedia
import TestSupport
import Testing

/// `VideoOutputSettings.keptFrameCount`: frames appended after the kept ones reach x264's
/// lookahead but not the file, and the last kept frame refers to nothing after it. Checked
/// with ffprobe's frame list and ffmpeg's decode.
@Suite("Media writer kept frames")
struct MediaWriterKeptFramesTests {
  static let thirtyFPS = Time(value: 1, timescale: 30)

  /// A moving picture: a diagonal ramp shifted by `frame`, so B-frames are worth making.
  static func picture(_ frame: Int) -> YUVImage {
    MediaWriterYUVTests.ramp(width: 128, height: 96, matrix: .bt601, frame: frame * 3)
  }

  /// Writes `kept` of `appended` frames with the pinned encoder (macroblock tree on);
  /// returns the file and how many frames had been appended when the writer said it had
  /// every kept frame (nil: never before the end).
  static func write(kept: Int, appended: Int, in folder: URL) throws -> (URL, Int?) {
    let url = folder.appendingPathComponent("kept-\(kept)-of-\(appended).mp4")
    var video = VideoOutputSettings(
      width: 128, height: 96, frameDuration: thirtyFPS, crf: 23)
    video.pinned = PinnedVideoEncoding(macroblockTree: true)
    video.keptFrameCount = kept
    let writer = try MediaWriter(url: url, video: video, audio: nil)
    var doneAt: Int?
    for index in 0..<appended {
      try writer.appendVideo(Self.picture(index), at: Time(value: Int64(index), timescale: 30))
      if doneAt == nil && writer.hasWrittenKeptVideoFrames { doneAt = index + 1 }
    }
    try writer.finish()
    return (url, doneAt)
  }

  /// ffprobe's picture types of the decoded frames, in display order.
  static func pictureTypes(_ url: URL) throws -> [String] {
    let json = try TestSupport.ffprobeJSON([
      "-select_streams", "v:0", "-show_entries", "frame=pict_type", url.path,
    ])
    return ((json["frames"] as? [[String: Any]]) ?? []).compactMap { $0["pict_type"] as? String }
  }

  @Test func onlyTheKeptFramesAreWrittenAndTheLastReferToNothingLater() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (url, doneAt) = try Self.write(kept: 30, appended: 90, in: folder)
    let types = try Self.pictureTypes(url)
    #expect(types.count == 30)
    #expect(types.first == "I")
    #expect(types.last == "P")
    #expect(types.contains("B"), "the frames before the last are still B-frames")
    // The writer had every kept frame long before the 60 extra frames were all appended.
    let appendedWhenDone = try #require(doneAt)
    #expect(appendedWhenDone > 30 && appendedWhenDone < 60)
    // Decodes cleanly: no reference to a dropped frame.
    let decode = try TestSupport.run("ffmpeg", ["-v", "error", "-i", url.path, "-f", "null", "-"])
    #expect(decode.status == 0 && decode.stderr.isEmpty)
  }

  /// The encoder's delay shows with its first packet and is what the kept frames need: the
  /// last kept packet comes out exactly when kept + delay frames are in.
  @Test func theEncoderDelayTellsHowManyFramesTheKeptOnesNeed() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var video = VideoOutputSettings(width: 128, height: 96, frameDuration: Self.thirtyFPS, crf: 23)
    video.pinned = PinnedVideoEncoding(macroblockTree: true)
    video.keptFrameCount = 40
    let writer = try MediaWriter(
      url: folder.appendingPathComponent("delay.mp4"), video: video, audio: nil)
    #expect(writer.videoEncoderDelay == nil)
    var delays: [Int?] = []
    var doneAt: Int?
    for index in 0..<90 where doneAt == nil {
      try writer.appendVideo(Self.picture(index), at: Time(value: Int64(index), timescale: 30))
      delays.append(writer.videoEncoderDelay)
      if writer.hasWrittenKeptVideoFrames { doneAt = index + 1 }
    }
    try writer.finish()
    let delay = try #require(delays.last ?? nil)
    // veryfast looks 10 frames ahead, and the second thread holds one more.
    #expect((10...16).contains(delay))
    // Unknown until the first packet (frame 0's, when frame `delay` goes in), then fixed.
    #expect(delays.prefix(delay).allSatisfy { $0 == nil })
    #expect(delays.dropFirst(delay).allSatisfy { $0 == delay })
    #expect(doneAt == 40 + delay)
    #expect(try Self.pictureTypes(folder.appendingPathComponent("delay.mp4")).count == 40)
  }

  /// Fewer extra frames than the encoder holds back: the writer drains it at the end and
  /// still writes exactly the kept frames.
  @Test func aShortLookaheadIsDrainedAndCut() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (url, doneAt) = try Self.write(kept: 20, appended: 23, in: folder)
    #expect(doneAt == nil)
    let types = try Self.pictureTypes(url)
    #expect(types.count == 20)
    #expect(types.last != "B")
  }

  @Test func aKeptCountMustBePositiveAndForH264() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var video = VideoOutputSettings(width: 64, height: 64, frameDuration: Self.thirtyFPS)
    video.keptFrameCount = 0
    #expect {
      try MediaWriter(url: folder.appendingPathComponent("a.mp4"), video: video, audio: nil)
    } throws: { "\($0)".contains("at least 1") }
    video.keptFrameCount = 5
    video.codec = .vp9
    #expect {
      try MediaWriter(url: folder.appendingPathComponent("a.webm"), video: video, audio: nil)
    } throws: { "\($0)".contains("H.264 only") }
  }
}
