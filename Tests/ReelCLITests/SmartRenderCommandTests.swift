import Foundation
import TestSupport
import Testing

/// `reel render`'s smart rendering (docs/smart-render.md): a 2 s clip (H.264 High with
/// B-frames, a closed group of pictures every 15 frames) with a title over its first 0.4 s.
/// The first group is drawn and encoded, the other three copied; ffmpeg is the oracle.
@Suite("reel render: smart rendering")
struct SmartRenderCommandTests {
  /// The clip and a template showing it with a title over frames 0…11.
  static func setUp() throws -> (folder: URL, clip: URL, template: URL) {
    let folder = try TestSupport.makeTemporaryDirectory("reel-smart")
    let clip = try MediaOracle.makeClip(
      "clip.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=2",
      audio: "sine=frequency=440:sample_rate=48000:duration=2",
      extra: [
        "-preset", "veryfast", "-bf", "2", "-g", "15", "-keyint_min", "15", "-sc_threshold", "0",
      ])
    let template = folder.appendingPathComponent("title.json")
    let text = """
      { "version": 1, "size": [320, 240], "frameRate": 30,
        "clips": [ { "media": "clip.mp4" } ],
        "layers": [
          { "type": "video" },
          { "type": "text", "name": "title", "frame": [20, 20, 280, 40], "text": "Title",
            "font": { "family": "DejaVu Sans", "size": 28 }, "color": "white",
            "start": 0, "end": 0.4 } ] }
      """
    try Data(text.utf8).write(to: template)
    return (folder, clip, template)
  }

  /// Each decoded frame's MD5 (ffmpeg's `framemd5`), in presentation order.
  static func frameHashes(_ url: URL) throws -> [String] {
    let output = try TestSupport.run(
      "ffmpeg", ["-v", "error", "-i", url.path, "-map", "0:v", "-f", "framemd5", "-"])
    #expect(output.status == 0, "\(output.stderr)")
    return output.stdoutText.split(separator: "\n").filter { !$0.hasPrefix("#") }
      .compactMap { $0.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) } }
  }

  @Test func copiesTheUntouchedGroupsAndEncodesTheTitledOne() throws {
    let (folder, clip, template) = try Self.setUp()
    let explained = try TestSupport.reel([
      "render", template.path, "-o", "x.mp4", "--explain-smart",
    ])
    #expect(explained.status == 0, "\(explained.stderr)")
    #expect(explained.stdoutText.contains("60 frames: 45 copied, 15 encoded"))
    #expect(explained.stdoutText.contains("frames 0…14: encoded, layer title is drawn"))
    #expect(explained.stdoutText.contains("frames 15…59: copied from"))

    let smart = folder.appendingPathComponent("smart.mp4")
    let result = try TestSupport.reel([
      "render", template.path, "-o", smart.path, "--progress", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    // The summary (on stderr with --progress json) and the last progress line count the
    // copied frames.
    #expect(result.stderr.contains("60 frames (45 copied) in"), "\(result.stderr)")
    let last = result.stdoutText.split(separator: "\n").last.map(String.init) ?? ""
    #expect(last.contains("\"frame\":60") && last.contains("\"copied\":45"), "\(last)")

    // One stream that decodes with no error at all.
    let check = try TestSupport.run(
      "ffmpeg", ["-v", "error", "-xerror", "-i", smart.path, "-f", "null", "-"])
    #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")

    // The copied frames are the source's, bit for bit; the titled ones are not.
    let source = try Self.frameHashes(clip)
    let output = try Self.frameHashes(smart)
    #expect(output.count == 60 && source.count == 60)
    #expect(Array(output[15...]) == Array(source[15...]))
    #expect(output[5] != source[5])

    // Decode times increase across the seams; presentation times are the 60 frame times.
    let probe = try TestSupport.ffprobeJSON([
      "-select_streams", "v", "-show_entries", "packet=pts,dts,flags", smart.path,
    ])
    let packets = try #require(probe["packets"] as? [[String: Any]])
    let decodeTimes = packets.compactMap { $0["dts"] as? Int }
    let shownTimes = packets.compactMap { $0["pts"] as? Int }.sorted()
    #expect(decodeTimes.count == 60 && zip(decodeTimes, decodeTimes.dropFirst()).allSatisfy(<))
    let step = shownTimes[1] - shownTimes[0]
    #expect(shownTimes.enumerated().allSatisfy { $0.element == shownTimes[0] + $0.offset * step })
    let keyframes = packets.enumerated().filter { ($0.element["flags"] as? String)?.first == "K" }
    #expect(keyframes.map(\.offset) == [0, 15, 30, 45])

    // The encoded frames match a full render's (same pictures, another encode).
    let full = folder.appendingPathComponent("full.mp4")
    let whole = try TestSupport.reel(["render", template.path, "-o", full.path, "--no-smart"])
    #expect(whole.status == 0, "\(whole.stderr)")
    #expect(!whole.stdoutText.contains("copied"))
    let psnr = try TestSupport.run(
      "ffmpeg",
      [
        "-hide_banner", "-i", smart.path, "-i", full.path, "-lavfi",
        "[0:v]trim=end_frame=15[a];[1:v]trim=end_frame=15[b];[a][b]psnr", "-f", "null", "-",
      ])
    let average = psnr.stderr.components(separatedBy: "average:").last.flatMap {
      Double($0.prefix { !$0.isWhitespace })
    }
    #expect((average ?? 0) > 35, "\(psnr.stderr.suffix(300))")
    // The audio is there, as long as the full render's.
    let audio = try TestSupport.ffprobeJSON(["-select_streams", "a", "-show_streams", smart.path])
    let stream = try #require((audio["streams"] as? [[String: Any]])?.first)
    let duration = Double(stream["duration"] as? String ?? "") ?? 0
    #expect(abs(duration - 2) < 0.05)
  }
}
