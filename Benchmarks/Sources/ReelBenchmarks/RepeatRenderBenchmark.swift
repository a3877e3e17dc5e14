import Foundation
import Reel
import ReelMedia
import ReelProject

/// The same template exported over and over in one process, as a server does, and the
/// outputs compared byte for byte: how many distinct files N sequential exports make, and how
/// many of M concurrent ones (K at a time) differ from the sequential first. A lossy export is
/// promised to be the same bytes every time (`docs/scale-out.md`); this is the loop that
/// found it was not (issue 27).
enum RepeatRenderBenchmark {
  /// Writes a line to stdout at once.
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Runs the exports and prints the counts.
  ///
  /// - Parameters:
  ///   - templatePath: The template (its files are read relative to it).
  ///   - folder: Where the outputs go (created; one file per export slot, hashed and reused).
  ///   - sequential: Exports one after another.
  ///   - concurrent: Exports after those, `width` at a time.
  ///   - width: How many run at once in the concurrent phase.
  ///   - dirtyHeap: Whether to fill and free heap blocks with noise before each export, so
  ///     that memory read before it is written differs from one export to the next.
  /// - Returns: Whether every output was identical to the first.
  static func run(
    templatePath: String, folder: String, sequential: Int, concurrent: Int, width: Int,
    dirtyHeap: Bool
  ) async throws -> Bool {
    let directory = URL(fileURLWithPath: folder, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let loaded = try Template.load(path: templatePath, variables: [:])
    let environment = ProcessInfo.processInfo.environment
    if let limit = environment["REEL_BENCH_ARENA_LIMIT"] { HeapMemory.arenaLimit = Int(limit) }
    if let bytes = environment["REEL_BENCH_THRESHOLD"] { HeapMemory.threshold = Int(bytes) }

    func export(_ slot: Int) async throws -> String {
      if dirtyHeap { dirty(seed: UInt64(slot) &+ 1) }
      var settings = loaded.exportSettings
      settings.overwrite = true
      let output = directory.appendingPathComponent("repeat-\(slot).mp4")
      let session = ExportSession(movie: loaded.movie, outputURL: output, settings: settings)
      _ = try await session.export()
      return try ContentDigest.sha256(ofFileAt: output.path)
    }

    var counts: [String: Int] = [:]
    var first: String?
    for index in 0..<sequential {
      let digest = try await export(index % 4)
      if first == nil { first = digest }
      counts[digest, default: 0] += 1
      if (index + 1) % 25 == 0 || index + 1 == sequential {
        say(
          "sequential \(index + 1): \(counts.count) distinct, \(counts[first ?? ""] ?? 0) as the first"
        )
      }
    }
    var same = 0
    var done = 0
    while done < concurrent {
      let batch = min(width, concurrent - done)
      let digests = try await withThrowingTaskGroup(of: String.self) { group in
        for slot in 0..<batch { group.addTask { try await export(4 + slot) } }
        var all: [String] = []
        for try await digest in group { all.append(digest) }
        return all
      }
      same += digests.filter { $0 == first }.count
      done += batch
    }
    if concurrent > 0 { say("concurrent (\(width) at a time): \(same)/\(concurrent) as the first") }
    let ok = counts.count <= 1 && same == concurrent
    say("repeat render: " + (ok ? "all identical" : "DIFFERENT"))
    return ok
  }

  /// Allocates blocks of many sizes, fills them with bytes from `seed`, and frees them.
  private static func dirty(seed: UInt64) {
    var state = seed
    var blocks: [UnsafeMutableRawPointer] = []
    for size in [64, 512, 4096, 65_536, 200_000, 1_000_000, 4_000_000] {
      for _ in 0..<4 {
        guard let block = malloc(size) else { continue }
        let words = block.bindMemory(to: UInt64.self, capacity: size / 8)
        for index in 0..<(size / 8) {
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          words[index] = state
        }
        blocks.append(block)
      }
    }
    for block in blocks { free(block) }
  }
}
