import Foundation
import ReelMedia
import TestSupport
import Testing

/// `PinnedVideoEncoding`: what a chunk's encoder writes, whatever the speed. ffprobe names
/// the profile in the file.
@Suite("Pinned video encoding")
struct PinnedVideoEncodingTests {
  /// Every speed writes the profile `h264ProfileName` names, which a plan pins and the join
  /// checks: High, or High 4:4:4 Predictive when lossless. x264's `ultrafast` turns the 8×8
  /// transform off, and a stream without it is Main (B-frames) or Baseline.
  @Test(arguments: EncoderSpeed.allCases)
  func everySpeedWritesTheProfileThePlanNames(speed: EncoderSpeed) throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    for lossless in [false, true] {
      var video = VideoOutputSettings(
        width: 128, height: 96, frameDuration: MediaWriterKeptFramesTests.thirtyFPS, crf: 23)
      video.speed = speed
      video.pinned = PinnedVideoEncoding(lossless: lossless)
      let url = folder.appendingPathComponent("\(speed.rawValue)-\(lossless).mp4")
      let writer = try MediaWriter(url: url, video: video, audio: nil)
      for index in 0..<12 {
        try writer.appendVideo(
          MediaWriterKeptFramesTests.picture(index), at: Time(value: Int64(index), timescale: 30))
      }
      try writer.finish()
      let json = try TestSupport.ffprobeJSON([
        "-select_streams", "v:0", "-show_entries", "stream=profile", url.path,
      ])
      let profile = (json["streams"] as? [[String: Any]])?.first?["profile"] as? String
      #expect(video.h264ProfileName == (lossless ? "high444" : "high"))
      #expect(
        profile == (lossless ? "High 4:4:4 Predictive" : "High"), "\(speed), lossless \(lossless)")
    }
  }
}
