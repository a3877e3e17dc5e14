import Foundation
import TestSupport
import Testing

/// Outputs are never lost (issue 10), through the `reel` tool: a file that appears at OUT
/// while rendering is kept (exit 2), and the temporary file of a killed render is removed
/// by the next render to the folder.
@Suite("reel outputs")
struct RenderOutputTrustTests {
  /// A running `reel render … --progress json`, started and waited for.
  final class Render {
    let process = Process()
    private let progress = Pipe()
    private let errors = Pipe()

    init(_ arguments: [String]) throws {
      process.executableURL = try TestSupport.reelExecutable()
      process.arguments = arguments + ["--progress", "json"]
      process.standardOutput = progress
      process.standardError = errors
      try process.run()
    }

    /// Waits for the first complete progress line; false if the process ended first.
    func waitForProgress() -> Bool {
      var received = Data()
      while !received.contains(UInt8(ascii: "\n")) {
        let chunk = progress.fileHandleForReading.availableData
        if chunk.isEmpty { return false }
        received.append(chunk)
      }
      return true
    }

    /// Waits for the end; returns the status and standard error.
    func finish() -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
      _ = progress.fileHandleForReading.readDataToEndOfFile()
      let text = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return (process.terminationStatus, process.terminationReason, text)
    }
  }

  /// Before the fix both renders exited 0 and the later one replaced the earlier's file.
  @Test func fileAppearingWhileRenderingIsKeptAndTheRenderExitsTwo() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 20))
    let folder = template.deletingLastPathComponent()
    let output = folder.appendingPathComponent("out.mp4")
    let render = try Render(["render", template.path, "-o", output.path])
    #expect(render.waitForProgress(), "no progress line before the end")
    // Another render (or anything) finishes at OUT first.
    let other = Data("the other render's movie".utf8)
    try other.write(to: output)
    let result = render.finish()
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr
        == "reel: render: \(output.path) already exists (it appeared while writing) and was kept; pass --overwrite to replace it\n"
    )
    #expect(try Data(contentsOf: output) == other)
    #expect(try CLITestSupport.contents(of: folder) == ["out.mp4", "template.json"])
  }

  /// Two renders to one path at once, as in the reproduction: whatever the timing,
  /// one writes the file (exit 0), the other keeps it (exit 2) and leaves no temporary file.
  @Test func twoRendersToOnePathWriteOneFile() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 4))
    let folder = template.deletingLastPathComponent()
    let output = folder.appendingPathComponent("same.mp4").path
    let first = try Render(["render", template.path, "-o", output])
    let second = try Render(["render", template.path, "-o", output, "--set", "colour=red"])
    let results = [first.finish(), second.finish()]
    #expect(results.map(\.status).sorted() == [0, 2], "\(results.map(\.stderr))")
    #expect(try CLITestSupport.contents(of: folder) == ["same.mp4", "template.json"])
    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-count_frames", output])
    #expect((probe["streams"] as? [[String: Any]])?.first?["nb_read_frames"] as? String == "120")
  }

  @Test func withOverwriteAFileAppearingWhileRenderingIsReplaced() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 8))
    let folder = template.deletingLastPathComponent()
    let output = folder.appendingPathComponent("out.mp4")
    let render = try Render(["render", template.path, "-o", output.path, "--overwrite"])
    #expect(render.waitForProgress())
    try Data("older".utf8).write(to: output)
    let result = render.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let probe = try TestSupport.ffprobeJSON(["-show_streams", output.path])
    #expect((probe["streams"] as? [[String: Any]])?.first?["codec_name"] as? String == "h264")
    #expect(try CLITestSupport.contents(of: folder) == ["out.mp4", "template.json"])
  }

  /// SIGKILL cannot be handled: the temporary file stays, named with the host and the
  /// render's PID. The next render in the folder removes it, and only it: not a
  /// live process's file, not another host's, not a link, not other names.
  @Test func temporaryFileOfAKilledRenderIsRemovedByTheNextRender() throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 120))
    let folder = template.deletingLastPathComponent()
    let killed = try Render([
      "render", template.path, "-o", folder.appendingPathComponent("long.mp4").path,
    ])
    #expect(killed.waitForProgress())
    let pid = killed.process.processIdentifier
    kill(pid, SIGKILL)
    let ended = killed.finish()
    #expect(ended.reason == .uncaughtSignal)

    let left = try CLITestSupport.contents(of: folder).filter { $0 != "template.json" }
    #expect(left.count == 1, "\(left)")
    let stale = try #require(left.first)
    #expect(stale.hasPrefix(".long.mp4.reel-") && stale.hasSuffix(".tmp"))
    #expect(stale.contains("-\(pid)-"), "the name has the writer's PID: \(stale)")

    // Look-alikes that must stay.
    let me = String(ProcessInfo.processInfo.processIdentifier)
    let owner = stale.dropFirst(".long.mp4.reel-".count).components(separatedBy: "-\(pid)-")[0]
    let running = stale.replacingOccurrences(of: "-\(pid)-", with: "-\(me)-")
    let foreign = stale.replacingOccurrences(of: owner, with: "other.host-4026531836")
    let linked = stale.replacingOccurrences(of: ".long.mp4.", with: ".link.mp4.")
    let unrelated = ".long.mp4.tmp"
    for name in [running, foreign, unrelated] {
      try Data("partial".utf8).write(to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent(linked).path, withDestinationPath: unrelated)

    // The next render into the folder (a short template of its own) removes it.
    let short = folder.appendingPathComponent("short.json")
    try Data(CLITestSupport.smallTemplate(seconds: 0.2).utf8).write(to: short)
    let next = try TestSupport.reel([
      "render", short.path, "-o", folder.appendingPathComponent("next.mp4").path, "--quiet",
    ])
    #expect(next.status == 0, "\(next.stderr)")
    let after = Set(try CLITestSupport.contents(of: folder))
    #expect(!after.contains(stale), "\(after)")
    #expect(
      after == [running, foreign, linked, unrelated, "next.mp4", "short.json", "template.json"],
      "\(after)")
  }
}
