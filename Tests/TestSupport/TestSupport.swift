import Foundation
import Synchronization

/// Helpers shared by Reel's test targets: temporary folders and running the `ffmpeg` /
/// `ffprobe` command-line tools, which serve as the independent oracle for what Reel reads
/// and writes.
public enum TestSupport {
  /// Errors from running a tool in a test.
  public struct ToolError: Error, CustomStringConvertible {
    public let description: String
  }

  /// The result of running a tool.
  public struct ToolOutput: Sendable {
    public let status: Int32
    public let stdout: Data
    public let stderr: String
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  }

  /// A fresh, empty folder under the system's temporary directory.
  public static func makeTemporaryDirectory(_ label: String = "reel-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `executable` (looked up on PATH) with `arguments` and waits for it.
  ///
  /// - Parameters:
  ///   - environment: Variables to set (or replace) in the child's environment.
  ///   - currentDirectory: The child's working folder (default: this process's).
  ///   - timeout: Seconds after which the child is killed and a `ToolError` thrown (default:
  ///     wait for ever).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    currentDirectory: URL? = nil, timeout: Double? = nil
  ) throws -> ToolOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    process.currentDirectoryURL = currentDirectory
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let timedOut = Mutex(false)
    if let timeout {
      let pid = process.processIdentifier
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
        guard process.isRunning else { return }
        timedOut.withLock { $0 = true }
        kill(pid, SIGKILL)
      }
    }
    // Read both pipes concurrently so a chatty tool cannot block on a full pipe.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    if timedOut.withLock({ $0 }) {
      throw ToolError(
        description:
          "\(executable) \(arguments.joined(separator: " ")) ran over \(timeout ?? 0) s and was killed"
      )
    }
    return ToolOutput(
      status: process.terminationStatus, stdout: outData,
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs the `ffmpeg` CLI quietly (`-hide_banner -loglevel error -y` are added) and throws
  /// when it fails.
  ///
  /// A file made from `lavfi` sources alone (see ``GeneratedMedia``) is made once per test
  /// process and copied to every later request for the same arguments.
  public static func ffmpeg(_ arguments: [String]) throws {
    let generated = GeneratedMedia.request(arguments)
    if let generated, try GeneratedMedia.copyKept(generated) { return }
    let output = try run("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments)
    guard output.status == 0 else {
      throw ToolError(
        description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(output.stderr)")
    }
    if let generated { try GeneratedMedia.keep(generated) }
  }

  /// Runs `ffprobe -v error -print_format json` with `arguments` and returns the parsed
  /// JSON object.
  ///
  /// The same question about the same file is answered once per test process: the answer is
  /// kept under the arguments and the identity of every file they name (device, inode, size,
  /// modification time in nanoseconds), so a file written again — Reel writes atomically, by
  /// renaming a new file into place — is probed again. (Each ffprobe start costs about 0.1 s
  /// of CPU loading FFmpeg's 200-odd shared libraries; the suite probes thousands of times.)
  public static func ffprobeJSON(_ arguments: [String]) throws -> [String: Any] {
    let key = probeKey(arguments)
    let stdout: Data
    if let key, let kept = probeAnswers.withLock({ $0[key] }) {
      stdout = kept
    } else {
      let output = try run("ffprobe", ["-v", "error", "-print_format", "json"] + arguments)
      guard output.status == 0 else {
        throw ToolError(
          description: "ffprobe \(arguments.joined(separator: " ")) failed: \(output.stderr)")
      }
      stdout = output.stdout
      if let key { probeAnswers.withLock { $0[key] = stdout } }
    }
    guard let object = try JSONSerialization.jsonObject(with: stdout) as? [String: Any]
    else {
      throw ToolError(description: "ffprobe printed no JSON object")
    }
    return object
  }
}

extension TestSupport {
  /// The folders of `Examples/` holding files the example templates name (lookup tables,
  /// word timings, Lottie animations): tests that copy the examples elsewhere copy these
  /// beside them.
  public static let exampleDataFolders = ["looks", "words", "lottie"]

  /// ffprobe's answers kept by ``probeKey(_:)``.
  private static let probeAnswers = Mutex<[String: Data]>([:])

  /// The arguments and the identity of each regular file among them, or nil when an
  /// argument names no file at all (nothing to key the answer by: it is not kept).
  private static func probeKey(_ arguments: [String]) -> String? {
    var key = arguments.joined(separator: "\u{0}")
    var namesAFile = false
    for argument in arguments where argument.hasPrefix("/") {
      var status = stat()
      guard stat(argument, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
      namesAFile = true
      key +=
        "\u{0}\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }
    return namesAFile ? key : nil
  }

  /// The `reel` executable built beside the test bundle (`swift build --build-tests` builds it).
  public static func reelExecutable() throws -> URL { try builtExecutable("reel") }

  /// An executable product of this package built beside the test bundle (`swift build
  /// --build-tests` builds them all): `reel`, or an example such as `CrossFade`.
  public static func builtExecutable(_ name: String) throws -> URL {
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ].compactMap { $0 }
    for folder in candidates {
      let url = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw ToolError(description: "the \(name) executable was not found beside the test bundle")
  }

  /// Runs the built `reel` tool with `arguments`.
  public static func reel(_ arguments: [String], environment: [String: String] = [:]) throws
    -> ToolOutput
  {
    try run(reelExecutable().path, arguments, environment: environment)
  }
}
