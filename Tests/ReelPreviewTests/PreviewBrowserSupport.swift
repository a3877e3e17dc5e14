import Foundation
import Synchronization
import TestSupport
import Testing

extension Trait where Self == ConditionTrait {
  /// Runs the test only when headless Chromium can be driven (Debian's `chromium` and
  /// `chromium-driver`, from scripts/install-deps.sh, and a `python3`), so without them it is
  /// reported as skipped.
  static var needsChromium: Self {
    .enabled(
      if: PreviewBrowserSupport.browserIsAvailable,
      "needs chromium, chromedriver and python3 on PATH (scripts/install-deps.sh installs them)")
  }
}

/// Helpers for the tests that open the preview page in a real browser: the scenario, `reel
/// preview` as a child process, and the Python + Selenium script that drives Chromium.
enum PreviewBrowserSupport {
  /// The repository's root folder (this file is Tests/ReelPreviewTests/…).
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folder of the browser scripts (Tests/ReelPreviewTests/Browser).
  static let scripts = repositoryRoot.appendingPathComponent("Tests/ReelPreviewTests/Browser")

  /// Whether `chromium`, `chromedriver` and `python3` are all found.
  static let browserIsAvailable: Bool =
    executable("chromium") != nil && executable("chromedriver") != nil
    && executable("python3") != nil

  /// `name` on PATH (or in /usr/bin), or nil.
  static func executable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let folders = path.split(separator: ":").map(String.init) + ["/usr/bin"]
    for folder in folders {
      let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
  }

  /// An example template copied into a fresh folder beside a `media/` folder made by `reel demo
  /// --media-only`; returns the template's path.
  static func example(_ name: String) throws -> URL {
    let folder = try TestSupport.makeTemporaryDirectory("reel-preview-browser")
    let template = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name),
      to: template)
    let demo = try TestSupport.reel([
      "demo", "-o", folder.appendingPathComponent("media").path, "--media-only",
    ])
    guard demo.status == 0 else { throw BrowserTestFailure("reel demo failed: \(demo.stderr)") }
    return template
  }

  /// One check the browser script reported.
  struct Check: Sendable {
    let name: String
    let ok: Bool
    let detail: String
  }

  /// The checks in the script's output (JSON lines `{"check", "ok", "detail"}`).
  static func checks(in output: String) -> [Check] {
    output.split(separator: "\n").compactMap { line in
      guard let data = line.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let name = object["check"] as? String, let ok = object["ok"] as? Bool
      else { return nil }
      return Check(name: name, ok: ok, detail: object["detail"] as? String ?? "")
    }
  }
}

/// `reel preview TEMPLATE --port 0` running as a child process: started by the test, stopped
/// by its process id (SIGINT as Ctrl-C, then SIGKILL).
final class PreviewProcess {
  private let process = Process()
  /// The URL it printed (`Preview: URL`), token included.
  private(set) var url = ""
  /// Its stderr (logs), written to a file in `folder`.
  let logFile: URL

  /// Starts it and waits (up to `timeout` seconds) for the URL line on stdout.
  init(template: URL, timeout: Double = 120) throws {
    logFile = template.deletingLastPathComponent().appendingPathComponent(".preview-log.txt")
    _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
    process.executableURL = try TestSupport.reelExecutable()
    process.arguments = ["preview", template.path, "--port", "0"]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: logFile)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The first line is the URL; anything after it is drained so the child never blocks.
    let firstLine = Mutex<String?>(nil)
    let lineRead = DispatchSemaphore(value: 0)
    let reader = out.fileHandleForReading
    DispatchQueue.global().async {
      var buffer = Data()
      var signalled = false
      while true {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        if !signalled {
          buffer.append(chunk)
          if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            firstLine.withLock { $0 = String(decoding: buffer[..<newline], as: UTF8.self) }
            signalled = true
            lineRead.signal()
          }
        }
      }
      if !signalled { lineRead.signal() }
    }
    guard lineRead.wait(timeout: .now() + timeout) == .success,
      let line = firstLine.withLock({ $0 }), line.hasPrefix("Preview: ")
    else {
      stop()
      throw BrowserTestFailure("reel preview printed no 'Preview: URL' line: \(log())")
    }
    url = String(line.dropFirst("Preview: ".count))
  }

  /// The process id.
  var pid: Int32 { process.processIdentifier }

  /// What it wrote on stderr so far.
  func log() -> String {
    (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
  }

  /// Stops it: SIGINT, then SIGKILL when it is still running after 5 s.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGINT)
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  deinit { stop() }
}

/// A failure while setting up a browser test.
struct BrowserTestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
