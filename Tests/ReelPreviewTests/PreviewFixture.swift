import Foundation
import ReelPreview
import TestSupport

/// Runs blocking work (socket reads) on a thread of its own and waits without holding one
/// of Swift's few cooperative threads: the server's export and audio encoding run there, and
/// a test blocking them all would wait for itself.
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}

/// A preview server started in-process on a free port for a template written to a fresh
/// folder, with requests that carry its token.
///
/// `@unchecked Sendable`: a test uses it from one thread at a time (its body, or the work it
/// hands to ``blocking(_:)`` and waits for).
final class PreviewFixture: @unchecked Sendable {
  let folder: URL
  let template: URL
  /// The server, when it runs in this process (nil for ``Where/process``).
  let inProcess: PreviewServer?
  /// The `reel preview` process, when it runs in one.
  let process: Process?
  /// The process's standard error (what it logs), for ``Where/process``.
  let errors: Pipe?
  let port: Int
  let token: String

  /// Where the server runs.
  enum Where {
    /// A ``PreviewServer`` in the test process.
    case inProcess
    /// `reel preview` as a child process: what exports (the Render button, the audio) need
    /// under a loaded test run, where the other tests' blocking calls can hold every one of
    /// this process's cooperative threads for minutes.
    case process
  }

  /// Writes `text` as `name` in a new folder (after `prepare` has made media there) and
  /// starts a server for it.
  init(
    _ text: String, name: String = "card.json", running place: Where = .inProcess,
    prepare: (URL) throws -> Void = { _ in }
  ) throws {
    folder = try TestSupport.makeTemporaryDirectory("reel-preview")
    try prepare(folder)
    template = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: template)
    switch place {
    case .inProcess:
      let server = PreviewServer(templatePath: template.path, port: 0)
      try server.start()
      inProcess = server
      process = nil
      errors = nil
      port = server.port
      token = server.token
    case .process:
      let (process, errors, port, token) = try Self.launch(template: template)
      inProcess = nil
      self.process = process
      self.errors = errors
      self.port = port
      self.token = token
    }
  }

  /// The in-process server (for tests that use its counters).
  var server: PreviewServer {
    get throws {
      guard let inProcess else {
        throw MediaOracle.OracleError(description: "the server runs in another process")
      }
      return inProcess
    }
  }

  deinit {
    inProcess?.stop()
    if let process, process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// Stops a `reel preview` process with SIGINT and waits for it to exit.
  ///
  /// - Returns: Its exit status (nil when it was killed by a signal or runs in-process).
  func interrupt() -> Int32? {
    guard let process else { return nil }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    return process.terminationReason == .exit ? process.terminationStatus : nil
  }

  /// What the process logged on standard error (after it has exited).
  var log: String {
    errors.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
      ?? ""
  }

  /// Runs `reel preview TEMPLATE --port 0` and reads the URL it prints.
  static func launch(template: URL) throws -> (Process, errors: Pipe, port: Int, token: String) {
    let process = Process()
    process.executableURL = try TestSupport.reelExecutable()
    process.arguments = ["preview", template.path, "--port", "0"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The first line, read as it comes (the server keeps running).
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard
      let match = text.wholeMatch(
        of: /Preview: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{32})/),
      let port = Int(match.output.1)
    else {
      kill(process.processIdentifier, SIGKILL)
      throw MediaOracle.OracleError(description: "reel preview printed '\(text)', not its URL")
    }
    return (process, errors, port, String(match.output.2))
  }

  /// `path` with the token added to its query.
  func target(_ path: String) -> String {
    path + (path.contains("?") ? "&" : "?") + "token=" + token
  }

  /// A request with the token.
  func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) throws
    -> HTTPTestClient.Response
  {
    try HTTPTestClient.request(port: port, target(path), method: method, headers: headers)
  }

  /// `/api/state` as JSON.
  func state() throws -> [String: Any] {
    try get("/api/state").json ?? [:]
  }

  /// Replaces the template the way editors save: a new file renamed over the old one.
  func save(_ text: String) throws {
    let temporary = folder.appendingPathComponent(".\(template.lastPathComponent).swp")
    try Data(text.utf8).write(to: temporary)
    guard rename(temporary.path, template.path) == 0 else {
      throw MediaOracle.OracleError(description: "rename failed (errno \(errno))")
    }
  }

  /// Polls `/api/state` until `test` passes or `seconds` have gone (a generous deadline for
  /// a loaded machine, not a timed assertion); returns the last state.
  func waitForState(seconds: Double = 30, _ test: ([String: Any]) -> Bool) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    var state = try self.state()
    while !test(state), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      state = try self.state()
    }
    return state
  }

  /// A 320×240, 1 s, 30 fps layers-only template: a gradient background, a named box that
  /// moves, and a text layer that shows from 0.5 s.
  static func layersTemplate(title: String = "Hello") -> String {
    """
    {
      "version": 1, "size": [320, 240], "duration": 1, "frameRate": 30,
      "background": "#202040",
      "layers": [
        { "type": "gradient", "name": "sky", "gradient": { "kind": "axial", "colors": ["#3060c0", "#c06030"] } },
        { "type": "color", "name": "box", "color": "white", "frame": [40, 30, 100, 50],
          "animations": [ { "property": "position", "from": [90, 55], "to": [230, 55], "begin": 0, "duration": 1 } ] },
        { "type": "text", "name": "title", "frame": [10, 180, 300, 50], "text": "\(title)",
          "font": { "family": "DejaVu Sans", "size": 30 }, "color": "yellow", "start": 0.5 }
      ]
    }
    """
  }

  /// Decodes a PNG or a movie frame to RGB with the ffmpeg CLI (the oracle).
  static func rgb(_ url: URL) throws -> MediaOracle.RGBFrame {
    let size = try MediaOracle.videoSize(url)
    let output = try TestSupport.run(
      "ffmpeg",
      ["-v", "error", "-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    guard output.status == 0 else {
      throw MediaOracle.OracleError(
        description: "ffmpeg could not decode \(url.path): \(output.stderr)")
    }
    return MediaOracle.RGBFrame(
      width: size.width, height: size.height, bytes: [UInt8](output.stdout))
  }
}
