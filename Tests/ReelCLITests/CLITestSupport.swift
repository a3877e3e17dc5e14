import Foundation
import TestSupport

/// Helpers for the `reel` tool's tests: small templates in temporary folders, decoded
/// frames (through the ffmpeg CLI, the independent oracle) and the examples set up beside
/// demo media.
enum CLITestSupport {
  /// The repository's root folder (this file is Tests/ReelCLITests/CLITestSupport.swift).
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Writes `text` as `name` in a fresh temporary folder and returns its URL.
  static func writeTemplate(_ text: String, name: String = "template.json") throws -> URL {
    let folder = try TestSupport.makeTemporaryDirectory("reel-cli")
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  /// A 320×240, layers-only template of `seconds` with a `{{colour}}` background (default
  /// blue) and a white square in the middle.
  static func smallTemplate(seconds: Double = 1) -> String {
    """
    { "version": 1, "size": [320, 240], "duration": \(seconds), "frameRate": 30,
      "variables": { "colour": "blue" },
      "background": "{{colour}}",
      "layers": [ { "type": "color", "color": "white", "frame": [140, 100, 40, 40] } ] }
    """
  }

  /// Names in a folder, sorted.
  static func contents(of folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// One decoded RGB frame.
  struct Frame {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    /// The pixel at (x, y) as (r, g, b).
    func pixel(_ x: Int, _ y: Int) -> (r: Double, g: Double, b: Double) {
      let offset = (y * width + x) * 3
      return (Double(bytes[offset]), Double(bytes[offset + 1]), Double(bytes[offset + 2]))
    }

    /// The mean colour of the block [x, x+size) × [y, y+size).
    func mean(_ x: Int, _ y: Int, size: Int) -> (r: Double, g: Double, b: Double) {
      var sum = (r: 0.0, g: 0.0, b: 0.0)
      for row in y..<(y + size) {
        for column in x..<(x + size) {
          let value = pixel(column, row)
          sum = (sum.r + value.r, sum.g + value.g, sum.b + value.b)
        }
      }
      let count = Double(size * size)
      return (sum.r / count, sum.g / count, sum.b / count)
    }

    /// How many pixels in the rectangle pass `test`.
    func count(
      x: Int, y: Int, width: Int, height: Int,
      where test: ((r: Double, g: Double, b: Double)) -> Bool
    ) -> Int {
      var total = 0
      for row in y..<(y + height) {
        for column in x..<(x + width) where test(pixel(column, row)) { total += 1 }
      }
      return total
    }
  }

  /// Decodes frame number `index` (counting from 0) of a video with the ffmpeg CLI.
  static func frame(_ path: String, index: Int, width: Int, height: Int) throws -> Frame {
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-i", path, "-vf", "select=eq(n\\,\(index))",
        "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
      ])
    guard output.status == 0, output.stdout.count == width * height * 3 else {
      throw CLITestFailure(
        "ffmpeg could not decode frame \(index) of \(path) (\(output.stdout.count) bytes): \(output.stderr)"
      )
    }
    return Frame(width: width, height: height, bytes: [UInt8](output.stdout))
  }

  /// The largest per-channel difference between two colours.
  static func distance(
    _ a: (r: Double, g: Double, b: Double), _ b: (r: Double, g: Double, b: Double)
  ) -> Double {
    max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
  }

  /// The examples, copied into a temporary folder beside a `media/` folder made by
  /// `reel demo --media-only` (made once per test run).
  static let examples: Result<URL, CLITestFailure> = {
    do {
      let folder = try TestSupport.makeTemporaryDirectory("reel-examples")
      let source = repositoryRoot.appendingPathComponent("Examples")
      for name in try contents(of: source) where name.hasSuffix(".json") {
        try FileManager.default.copyItem(
          at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
      }
      for name in TestSupport.exampleDataFolders {
        try FileManager.default.copyItem(
          at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
      }
      let demo = try TestSupport.reel([
        "demo", "-o", folder.appendingPathComponent("media").path, "--media-only",
      ])
      guard demo.status == 0 else {
        return .failure(CLITestFailure("reel demo failed: \(demo.stderr)"))
      }
      return .success(folder)
    } catch {
      return .failure(CLITestFailure("setting up the examples: \(error)"))
    }
  }()

  /// The names of the example templates in the repository.
  static func exampleNames() throws -> [String] {
    try contents(of: repositoryRoot.appendingPathComponent("Examples"))
      .filter { $0.hasSuffix(".json") }
  }
}

/// A failure while setting up or decoding in a CLI test.
struct CLITestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
