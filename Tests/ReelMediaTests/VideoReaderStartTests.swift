import Foundation
import ReelCore
import ReelMedia
import TestSupport
import Testing

/// A video track that starts after its file does — Matroska written by ffmpeg puts the video
/// 23 ms after the AAC audio's priming — shows its first frame from the file's start instead
/// of nothing (which a render drew as a black first frame).
@Suite("VideoReader: a video track that starts after the file")
struct VideoReaderStartTests {
  @Test func theFirstFrameIsShownFromTheFilesStart() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-video-start")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("primed.mkv").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=1", "-f", "lavfi", "-i",
      "sine=duration=1", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", path,
    ])
    let asset = try Asset(path: path)
    let reader = try VideoReader(asset: asset)
    // The oracle: ffprobe's own first video timestamp is after the file's start.
    let first = try #require(try VideoReader(asset: asset).nextFrame())
    #expect(first.time.seconds > 0.01, "the fixture's video should start late: \(first.time)")

    let atStart = try #require(try reader.frame(at: Time(value: 0, timescale: 1)))
    #expect(atStart.time == first.time)
    #expect(atStart.image == first.image)
    // Asked again after a later frame (a seek back), the same.
    _ = try reader.frame(at: Time(value: 1, timescale: 2))
    let again = try #require(try reader.frame(at: Time(value: 1, timescale: 100)))
    #expect(again.time == first.time)
    // Before the file's start there is still nothing.
    #expect(try reader.frame(at: Time(value: -1, timescale: 30)) == nil)
  }
}
