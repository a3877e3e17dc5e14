import Foundation
import Reel
import ReelProject
import TestSupport
import Testing

/// docs/scale-out.md promises byte-identical chunks: a chunk rendered inside a process that
/// has already exported (a server) is the file `reel render --plan --chunk` writes in a fresh
/// process.
@Suite("Chunks in one process", .serialized)
struct ChunkInProcessTests {
  @Test func chunksRenderedInOneProcessAreTheFreshProcessesFiles() async throws {
    let template = try CLITestSupport.writeTemplate(CLITestSupport.smallTemplate(seconds: 1))
    let folder = template.deletingLastPathComponent()
    defer { try? FileManager.default.removeItem(at: folder) }
    let planURL = folder.appendingPathComponent("card.plan.json")
    try ChunkCommandTests.reel(["plan", template.path, "--chunks", "2", "-o", planURL.path])
    let plan = try RenderPlan.read(from: planURL)
    var fresh: [Data] = []
    for chunk in plan.chunks {
      try ChunkCommandTests.reel([
        "render", template.path, "--plan", planURL.path, "--chunk", String(chunk.index), "--quiet",
      ])
      fresh.append(try Data(contentsOf: RenderPlan.url(of: chunk.file, planFolder: folder)))
    }
    let loaded = try Template.load(path: template.path, variables: plan.variables)
    for round in 0..<5 {
      for chunk in plan.chunks {
        HeapNoise.dirty(seed: UInt64(round * 10 + chunk.index) &+ 99, threads: 1)
        let output = folder.appendingPathComponent("in-process-\(chunk.index).mp4")
        try? FileManager.default.removeItem(at: output)
        _ = try await ExportSession(
          movie: loaded.movie, plan: plan, chunk: chunk.index, outputURL: output,
          base: loaded.exportSettings
        ).export()
        let bytes = try Data(contentsOf: output)
        #expect(
          bytes == fresh[chunk.index],
          "round \(round), chunk \(chunk.index): \(bytes.count) bytes in process, \(fresh[chunk.index].count) from reel"
        )
      }
    }
  }
}
