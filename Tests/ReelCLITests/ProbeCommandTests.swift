import Foundation
import TestSupport
import Testing

/// `reel probe` and the tool's exit codes, run as a user would run them.
@Suite("reel probe")
struct ProbeCommandTests {
  @Test func jsonMatchesTheDocumentedShape() throws {
    let url = try MediaFixtures.url(for: .portraitRotated)
    let output = try TestSupport.reel(["probe", "--json", url.path])
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty)
    let object = try #require(
      try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
    #expect(object["path"] as? String == url.path)
    #expect(object["format"] as? String == "mov,mp4,m4a,3gp,3g2,mj2")
    #expect(abs((object["duration"] as? Double ?? 0) - 1.0) < 0.001)
    let tracks = try #require(object["tracks"] as? [[String: Any]])
    #expect(tracks.count == 1)
    let video = tracks[0]
    #expect(video["kind"] as? String == "video")
    #expect(video["codec"] as? String == "h264")
    #expect(video["width"] as? Int == 320 && video["height"] as? Int == 240)
    #expect(video["displayWidth"] as? Int == 240 && video["displayHeight"] as? Int == 320)
    #expect(video["rotation"] as? Int == 90)
    #expect(video["frameRate"] as? Double == 30)
    #expect(video["pixelFormat"] as? String == "yuv420p")
    #expect(video["sampleRate"] == nil && video["channels"] == nil)
    // Keys come in the documented order.
    let text = output.stdoutText
    let order = ["\"path\"", "\"format\"", "\"duration\"", "\"tracks\""].map {
      text.range(of: $0)?.lowerBound
    }
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted() && !order.contains(nil))
  }

  @Test func audioTracksOmitVideoFields() throws {
    let url = try MediaFixtures.url(for: .audioOnly)
    let output = try TestSupport.reel(["probe", "--json", url.path])
    #expect(output.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
    let track = try #require((object["tracks"] as? [[String: Any]])?.first)
    #expect(Set(track.keys) == ["index", "kind", "codec", "sampleRate", "channels"])
    #expect(track["sampleRate"] as? Int == 48_000)
    #expect(track["channels"] as? Int == 1)
  }

  @Test func readableSummaryNamesEveryTrack() throws {
    let url = try MediaFixtures.url(for: .basic)
    let output = try TestSupport.reel(["probe", url.path])
    #expect(output.status == 0)
    let lines = output.stdoutText.split(separator: "\n").map(String.init)
    #expect(lines.first == url.path)
    #expect(lines.contains("  duration: 1.000 s"))
    #expect(
      lines.contains {
        $0.hasPrefix(
          "  #0 video: h264 (Constrained Baseline), 320×240, 30 fps, yuv420p 8-bit 4:2:0, colour untagged"
        )
      })
    #expect(lines.contains { $0.hasPrefix("  #1 audio: aac (LC), 48000 Hz, mono") })
  }

  @Test func mediaErrorsExitWithFourAndOneLine() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    let text = folder.appendingPathComponent("notes.mp4").path
    try Data("not a movie\n".utf8).write(to: URL(fileURLWithPath: text))
    let cases: [(String, String)] = [
      (text, "reel: \(text): not a media file FFmpeg recognises (no known container format)\n"),
      (
        folder.path,
        "reel: \(folder.path): is a directory, not a regular file; give the path of a media file\n"
      ),
      ("/nonexistent/clip.mp4", "reel: /nonexistent/clip.mp4: no such file; check the path\n"),
    ]
    for (path, message) in cases {
      let output = try TestSupport.reel(["probe", path])
      #expect(output.status == 4)
      #expect(output.stderr == message)
      #expect(output.stdout.isEmpty)
    }
  }

  @Test func usageErrorsExitWithTwo() throws {
    let cases: [([String], String)] = [
      (["probe"], "reel: probe: missing FILE; usage: reel probe FILE [--json]\n"),
      (["probe", "--jsn", "x"], "reel: probe: unknown option '--jsn'; run 'reel probe --help'\n"),
      (
        ["frobnicate"],
        "reel: unknown command 'frobnicate'; run 'reel --help' for the list of commands\n"
      ),
    ]
    for (arguments, message) in cases {
      let output = try TestSupport.reel(arguments)
      #expect(output.status == 2)
      #expect(output.stderr == message)
    }
    #expect(try TestSupport.reel([]).status == 2)
  }

  @Test func helpAndVersion() throws {
    let help = try TestSupport.reel(["--help"])
    #expect(help.status == 0)
    #expect(help.stdoutText.contains("probe FILE [--json]"))
    let probeHelp = try TestSupport.reel(["probe", "--help"])
    #expect(probeHelp.status == 0)
    #expect(probeHelp.stdoutText.hasPrefix("Usage: reel probe FILE [--json]"))
    let version = try TestSupport.reel(["--version"])
    #expect(version.status == 0)
    #expect(version.stdoutText.hasPrefix("reel "))
  }

  /// A relative file name with a colon (`clip:1.mp4`) is a file, not an FFmpeg protocol
  /// prefix: it used to be reported as corrupt ("Protocol not found").
  @Test func relativePathWithAColonIsAFile() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: MediaFixtures.url(for: .basic), to: folder.appendingPathComponent("clip:1.mp4"))
    let process = Process()
    process.executableURL = try TestSupport.reelExecutable()
    process.arguments = ["probe", "--json", "clip:1.mp4"]
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["path"] as? String == "clip:1.mp4")
    #expect((object["tracks"] as? [Any])?.count == 2)
  }
}
