import Foundation
import TestSupport
import Testing

@Suite("reel demo")
struct DemoCommandTests {
  /// The media made by `reel demo` (shared with the example tests): what each file is.
  @Test func makesTheExampleMedia() throws {
    let media = try CLITestSupport.examples.get().appendingPathComponent("media")
    #expect(
      try CLITestSupport.contents(of: media) == [
        "captions-zh.srt", "captions.srt", "clip-a.mp4", "clip-b.mp4", "overlay.png", "star.png",
      ])
    for clip in ["clip-a.mp4", "clip-b.mp4"] {
      let path = media.appendingPathComponent(clip).path
      let probe = try TestSupport.ffprobeJSON(["-show_streams", "-show_format", path])
      let streams = try #require(probe["streams"] as? [[String: Any]])
      #expect(streams.map { $0["codec_name"] as? String } == ["h264", "aac"])
      #expect(streams[0]["width"] as? Int == 640 && streams[0]["height"] as? Int == 360)
      #expect(streams[0]["nb_frames"] as? String == "120")
      let duration = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "")
      #expect(abs((duration ?? 0) - 4) < 0.05)
    }
    // The star is a PNG with transparency: clear corners, an opaque gold centre.
    let star = media.appendingPathComponent("star.png").path
    let output = try TestSupport.run(
      "ffmpeg",
      ["-hide_banner", "-loglevel", "error", "-i", star, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    let rgba = [UInt8](output.stdout)
    #expect(rgba.count == 256 * 256 * 4)
    #expect(rgba[3] == 0)
    let centre = (136 * 256 + 128) * 4
    #expect(rgba[centre + 3] == 255 && rgba[centre] > 200 && rgba[centre + 2] < 100)
    let srt = try String(
      contentsOf: media.appendingPathComponent("captions-zh.srt"), encoding: .utf8)
    #expect(srt.contains("00:00:00,300 --> 00:00:01,500\n生日快乐！"))
  }

  /// The card `reel demo` renders is Examples/birthday-card.json, word for word.
  @Test func embeddedBirthdayCardMatchesTheExample() throws {
    let example = try String(
      contentsOf: CLITestSupport.repositoryRoot.appendingPathComponent(
        "Examples/birthday-card.json"), encoding: .utf8)
    let source = try String(
      contentsOf: CLITestSupport.repositoryRoot.appendingPathComponent(
        "Sources/ReelCLI/DemoMedia/DemoMedia+BirthdayCard.swift"), encoding: .utf8)
    let start = try #require(source.range(of: "#\"\"\"\n"))
    let end = try #require(source.range(of: "\n    \"\"\"#"))
    let embedded = source[start.upperBound..<end.lowerBound]
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
      .joined(separator: "\n")
    #expect(embedded + "\n" == example)
    #expect(example.split(separator: "\n").count <= 40)
  }

  /// Ctrl-C while the first clip is being written: exit 130, one line naming the folder,
  /// and nothing left in it (neither the clip nor the temporary file beside it).
  @Test func interruptLeavesNothingBehind() throws {
    let folder = try TestSupport.makeTemporaryDirectory().appendingPathComponent("media")
    let process = Process()
    process.executableURL = try TestSupport.reelExecutable()
    process.arguments = ["demo", "-o", folder.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    // The writer's temporary file appears when the clip starts being written.
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, process.isRunning {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if names.contains(where: { $0.hasPrefix(".clip-a.mp4.reel-") }) { break }
      usleep(2_000)
    }
    process.interrupt()
    process.waitUntilExit()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130, "\(message)")
    #expect(message == "reel: interrupted; \(folder.path) was not written\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func rejectsStrayArguments() throws {
    let output = try TestSupport.reel(["demo", "extra"])
    #expect(output.status == 2)
    #expect(
      output.stderr
        == "reel: demo: unexpected argument 'extra'; usage: reel demo [-o DIR] [--name NAME] [--media-only] [--quiet]\n"
    )
  }
}
