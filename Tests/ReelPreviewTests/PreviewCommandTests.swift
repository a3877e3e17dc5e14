import Foundation
import TestSupport
import Testing

/// `reel preview` run as a process: the URL line, serving, and a clean stop on SIGINT.
@Suite("reel preview")
struct PreviewCommandTests {
  @Test("prints the URL, serves, and on SIGINT stops: exit 0, port closed")
  func runAndInterrupt() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-preview-cli")
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("card.json")
    try Data(PreviewFixture.layersTemplate().utf8).write(to: template)
    let process = Process()
    process.executableURL = try TestSupport.reelExecutable()
    process.arguments = ["preview", template.path, "--port", "0"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // The first line, read as it comes (the server keeps running).
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let match = try #require(
      text.wholeMatch(of: /Preview: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/))
    let port = try #require(Int(match.output.1))
    let token = String(match.output.2)
    let state = try HTTPTestClient.request(port: port, "/api/state?token=\(token)")
    #expect(state.status == 200)
    #expect(state.json?["ok"] as? Bool == true)
    #expect(try HTTPTestClient.request(port: port, "/api/state").status == 403)

    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(!HTTPTestClient.isListening(port: port))
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(log.contains("stopped"))
  }

  @Test("usage errors: no template, a bad port")
  func usage() throws {
    let missing = try TestSupport.reel(["preview"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("missing TEMPLATE"))
    let badPort = try TestSupport.reel(["preview", "x.json", "--port", "70000"])
    #expect(badPort.status == 2)
    let help = try TestSupport.reel(["preview", "--help"])
    #expect(help.status == 0)
    #expect(help.stdoutText.contains("Usage: reel preview TEMPLATE"))
  }
}
