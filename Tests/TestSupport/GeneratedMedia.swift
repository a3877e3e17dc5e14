import Foundation
import Synchronization

/// Files that `ffmpeg` makes from its `lavfi` sources alone, kept once per test process.
///
/// Many tests make the same small clip (the same test pattern, tone, size and codec) in folders
/// of their own. Each `ffmpeg` start costs about 0.1 s of CPU loading FFmpeg's shared libraries,
/// so the first file made for a set of arguments is kept, and a later request with the same
/// arguments gets a copy of it. Only requests whose every input is a `lavfi` graph and which
/// name no other file are kept: their output depends on nothing but the arguments.
enum GeneratedMedia {
  /// One request that may be answered from what is kept.
  struct Request {
    /// The arguments without the output path, and the output's extension.
    let key: String
    /// Where the caller asked for the file.
    let output: URL
  }

  /// The request `arguments` make, or nil when their output may depend on anything else than
  /// the arguments (a file input, a file named in a filter, several outputs).
  static func request(_ arguments: [String]) -> Request? {
    guard let output = arguments.last, output.hasPrefix("/"), !output.contains("%") else {
      return nil
    }
    let options = arguments.dropLast()
    var inputs = 0
    for (index, argument) in options.enumerated() {
      if argument.contains("/") { return nil }
      if argument == "-i" {
        guard index >= 2, options[index - 2] == "-f", options[index - 1] == "lavfi" else {
          return nil
        }
        inputs += 1
      }
      if argument == "-f", index + 1 < options.count,
        ["segment", "hls", "dash", "tee", "image2"].contains(options[index + 1])
      {
        return nil
      }
    }
    guard inputs > 0 else { return nil }
    let url = URL(fileURLWithPath: output)
    return Request(
      key: options.joined(separator: "\u{0}") + "\u{0}." + url.pathExtension, output: url)
  }

  /// Copies the kept file for `request` to its output; false when none is kept yet.
  static func copyKept(_ request: Request) throws -> Bool {
    guard let kept = keptFiles.withLock({ $0[request.key] }) else { return false }
    try? FileManager.default.removeItem(at: request.output)
    try FileManager.default.copyItem(at: kept, to: request.output)
    return true
  }

  /// Keeps a copy of the file `ffmpeg` just made for `request`.
  static func keep(_ request: Request) throws {
    let kept = folder.appendingPathComponent(
      "\(UUID().uuidString).\(request.output.pathExtension)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: request.output, to: kept)
    keptFiles.withLock { $0[request.key] = kept }
  }

  /// The kept files by request key.
  private static let keptFiles = Mutex<[String: URL]>([:])

  /// This process's folder of kept files, removed when the process exits.
  private static let folder: URL = {
    atexit { try? FileManager.default.removeItem(at: GeneratedMedia.folder) }
    return FileManager.default.temporaryDirectory
      .appendingPathComponent("reel-test-generated-\(getpid())", isDirectory: true)
  }()
}
