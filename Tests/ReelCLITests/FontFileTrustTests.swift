import Foundation
import TestSupport
import Testing

/// A FIFO or a device as a font file must not hang `validate` or `render`: it is refused
/// before anything opens it, and the text falls back with a warning.
@Suite("reel and font paths that are not regular files")
struct FontFileTrustTests {
  /// Runs the built `reel` with `arguments`, killing it after `seconds`.
  ///
  /// - Returns: The exit status (nil when it had to be killed) and standard error.
  func reel(_ arguments: [String], timeout seconds: Double) throws -> (
    status: Int32?, stderr: String
  ) {
    let process = Process()
    process.executableURL = try TestSupport.reelExecutable()
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    if exited.wait(timeout: .now() + seconds) == .timedOut {
      process.terminate()
      process.waitUntilExit()
      return (
        nil, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      )
    }
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (process.terminationStatus, stderr)
  }

  @Test(arguments: ["fifo", "/dev/zero"])
  func validateAndRenderDoNotHang(_ font: String) throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-font-fifo")
    defer { try? FileManager.default.removeItem(at: folder) }
    var fontPath = font
    if font == "fifo" {
      fontPath = folder.appendingPathComponent("font.ttf").path
      #expect(mkfifo(fontPath, 0o600) == 0)
    }
    let template = folder.appendingPathComponent("card.json")
    try Data(
      """
      {"version": 1, "size": [64, 64], "duration": 0.2,
       "layers": [{"type": "text", "text": "hi", "font": {"file": "\(fontPath)", "size": 20}}]}
      """.utf8
    ).write(to: template)
    let kind = font == "fifo" ? "a FIFO" : "a character device"
    let expected =
      "reel: warning: \(template.path): layers[0].font.file: \(fontPath) is not a regular file (it is \(kind))"

    let validated = try reel(["validate", template.path], timeout: 30)
    #expect(
      validated.status == 0, "validate \(validated.status == nil ? "hung" : validated.stderr)")
    #expect(validated.stderr.hasPrefix(expected), "\(validated.stderr)")

    let out = folder.appendingPathComponent("out.mp4").path
    let rendered = try reel(["render", template.path, "-o", out], timeout: 60)
    #expect(rendered.status == 0, "render \(rendered.status == nil ? "hung" : rendered.stderr)")
    #expect(rendered.stderr.contains(expected), "\(rendered.stderr)")
    #expect(FileManager.default.fileExists(atPath: out))
  }
}
