import Foundation
import TestSupport
import Testing

@Suite("reel demo")
struct DemoCommandTests {
  @Test func writesAPlayableClipAndDescribesIt() throws {
    let folder = try TestSupport.makeTemporaryDirectory().appendingPathComponent("media")
    let output = try TestSupport.reel(["demo", "-o", folder.path])
    #expect(output.status == 0, "\(output.stderr)")
    let clip = folder.appendingPathComponent("demo-clip.mp4")
    #expect(output.stdoutText.hasPrefix(clip.path + "\n"))
    #expect(output.stdoutText.contains("Wrote \(clip.path)"))

    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-show_format", clip.path])
    let streams = try #require(probe["streams"] as? [[String: Any]])
    #expect(streams.map { $0["codec_name"] as? String } == ["h264", "aac"])
    #expect(streams[0]["width"] as? Int == 640 && streams[0]["height"] as? Int == 360)
    #expect(streams[0]["nb_frames"] as? String == "60")
    let duration = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
    #expect(abs(duration - 2.0) < 0.05)
    // Nothing but the clip is left in the folder (no temporary files).
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["demo-clip.mp4"])
  }

  /// Ctrl-C while the clip is being written: exit 130, one line naming the file, and nothing
  /// left in the folder (neither the clip nor the temporary file beside it).
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
      if names.contains(where: { $0.hasPrefix(".demo-clip.mp4.reel-") }) { break }
      usleep(2_000)
    }
    process.interrupt()
    process.waitUntilExit()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130, "\(message)")
    let clip = folder.appendingPathComponent("demo-clip.mp4").path
    #expect(message == "reel: interrupted; \(clip) was not written\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func rejectsStrayArguments() throws {
    let output = try TestSupport.reel(["demo", "extra"])
    #expect(output.status == 2)
    #expect(output.stderr == "reel: demo: unexpected argument 'extra'; usage: reel demo [-o DIR]\n")
  }
}
