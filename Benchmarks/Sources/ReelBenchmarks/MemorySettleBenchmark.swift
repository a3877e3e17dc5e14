import Foundation
import Reel
import ReelMedia
import ReelProject

/// Many exports in one process, as a server runs them: 300 one after another, then a burst
/// of 8 at once, then idle. Prints the resident size (RSS) after 25, 100, 200 and 300
/// exports, after the burst and after a second of idle, and checks the two promises of
/// `docs/server.md`: growth per 100 sequential exports ≤ 2 MB, and idle RSS after the burst
/// within 32 MB of the RSS before it.
enum MemorySettleBenchmark {
  /// A small template with text, shapes and an animation (640×360, 1 s at 30 fps).
  static let template = """
    { "version": 1, "size": [640, 360], "duration": 1, "frameRate": 30,
      "background": "#203050",
      "layers": [
        { "type": "color", "color": "orange", "frame": [40, 40, 120, 120],
          "animations": [ { "property": "position", "from": [100, 100], "to": [540, 260],
                            "duration": 1 } ] },
        { "type": "text", "text": "Happy birthday", "font": { "family": "DejaVu Sans", "size": 48 }, "color": "white",
          "frame": [120, 200, 400, 80] } ] }
    """

  /// Writes a line to stdout at once (unbuffered: the run takes minutes).
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Runs the exports in `folder` and prints one line per measurement, then the verdict.
  ///
  /// - Parameters:
  ///   - folder: Where the template and the outputs go (created).
  ///   - exports: Sequential exports (300 for `make bench`).
  /// - Returns: Whether both limits held.
  static func run(folder: String, exports: Int) async throws -> Bool {
    let directory = URL(fileURLWithPath: folder, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let templateURL = directory.appendingPathComponent("settle.json")
    try Data(template.utf8).write(to: templateURL)
    let loaded = try Template.load(path: templateURL.path, variables: [:])
    // The allocator settings Reel applies before its first export, as an embedder sets
    // them: REEL_BENCH_ARENA_LIMIT / REEL_BENCH_THRESHOLD = a number, or `none` for glibc's
    // own behaviour (for comparing; unset keeps Reel's defaults).
    let environment = ProcessInfo.processInfo.environment
    if let limit = environment["REEL_BENCH_ARENA_LIMIT"] { HeapMemory.arenaLimit = Int(limit) }
    if let bytes = environment["REEL_BENCH_THRESHOLD"] { HeapMemory.threshold = Int(bytes) }

    func export(_ index: Int) async throws {
      var settings = loaded.exportSettings
      settings.overwrite = true
      let session = ExportSession(
        movie: loaded.movie, outputURL: directory.appendingPathComponent("out-\(index % 8).mp4"),
        settings: settings)
      _ = try await session.export()
    }
    func megabytes() -> Double { Double(HeapMemory.residentBytes ?? 0) / 1_048_576 }

    let started = megabytes()
    say(String(format: "rss before: %.1f MB", started))
    var marks: [Int: Double] = [:]
    for index in 1...exports {
      try await export(index)
      if [25, 100, 200, 300].contains(index) || index == exports {
        marks[index] = megabytes()
        say(String(format: "rss after %d exports: %.1f MB", index, marks[index] ?? 0))
      }
    }
    let beforeBurst = megabytes()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<8 { group.addTask { try await export(index) } }
      try await group.waitForAll()
    }
    let afterBurst = megabytes()
    say(String(format: "rss after an 8-way burst: %.1f MB", afterBurst))
    let configured = HeapMemory.configureAllocator()
    say(
      "malloc arenas: \(HeapMemory.arenaCount.map(String.init) ?? "?"); Reel set "
        + "arena limit \(configured.arenaLimit.map(String.init) ?? "none (environment or off)"), "
        + "threshold \(configured.threshold.map(String.init) ?? "none (environment or off)")")
    try await Task.sleep(for: .seconds(1))
    let idle = megabytes()
    say(String(format: "rss idle after the burst: %.1f MB", idle))
    // What is left is not free heap memory when another trim gives nothing back.
    HeapMemory.releaseFreeMemory()
    say(String(format: "rss after another malloc_trim: %.1f MB", megabytes()))

    // Growth per 100 exports, from the 25th (warmed up) to the last.
    let first = marks[min(25, exports)] ?? started
    let last = marks[exports] ?? first
    let span = Double(max(exports - min(25, exports), 1))
    let growth = (last - first) / span * 100
    let settled = idle - beforeBurst
    let ok = growth <= 2 && settled <= 32
    say(
      String(
        format:
          "memory settle: %d exports, growth %.2f MB per 100 (limit 2), idle after burst %+.1f MB from before it (limit 32): ",
        exports, growth, settled) + (ok ? "ok" : "FAILED"))
    return ok
  }
}
