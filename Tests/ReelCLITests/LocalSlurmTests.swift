import Foundation
import TestSupport
import Testing

@testable import ReelCLI

/// The submit script run by a real single-node Slurm started for the test
/// (`LocalSlurm`), with a fake `reel` that records each task: the array, the audio job and
/// the join run with the right arguments, and a failing chunk makes Slurm cancel the join.
@Suite("Slurm engine (local single-node Slurm)", .serialized, .enabled(if: LocalSlurm.isAvailable))
struct LocalSlurmTests {
  /// A folder named `name` with the fake `reel` and the submit script for 3 chunks.
  func prepare(_ name: String) throws -> (folder: URL, job: ClusterJob, script: URL) {
    let folder = try TestSupport.makeTemporaryDirectory("reel-cluster")
      .appendingPathComponent(name, isDirectory: true)
    let bin = folder.appendingPathComponent("bin", isDirectory: true)
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let reel = bin.appendingPathComponent("reel")
    try ClusterTestSupport.writeExecutable(ClusterTestSupport.fakeReel, to: reel)
    let job = ClusterTestSupport.job(in: folder, reel: reel.path, chunks: 3)
    let script = folder.appendingPathComponent("submit.sh")
    try Data(SlurmScript.make(job).utf8).write(to: script)
    return (folder, job, script)
  }

  @Test func theScriptRunsEveryTaskAndAFailedChunkCancelsTheJoin() throws {
    let slurm = try LocalSlurm()
    defer { #expect(throws: Never.self) { try slurm.stop() } }

    // Every task succeeds: the join runs last and finds everything. (A folder with `%` and
    // quotes but no backslash: Slurm writes the logs.)
    let (folder, job, script) = try prepare(
      ClusterTestSupport.awkwardName.replacingOccurrences(of: "\\", with: ""))
    let submitted = try slurm.run("bash", [script.path])
    try #require(submitted.status == 0, "\(submitted.stderr)")
    let joinID = submitted.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try slurm.waitForJob(joinID).map(\.state) == ["COMPLETED"])
    #expect(
      try ClusterTestSupport.recordedArguments("joined", in: folder) == ["join", job.planPath])
    for index in 0..<3 {
      #expect(
        try ClusterTestSupport.recordedArguments("chunk-\(index)", in: folder).suffix(2) == [
          "--chunk", "\(index)",
        ])
    }
    for log in ["chunk-0.log", "chunk-2.log", "audio.log", "join.log"] {
      let path = SlurmScript.logFolder(for: job) + "/" + log
      #expect(FileManager.default.fileExists(atPath: path), "no log at \(path)")
    }

    // Chunk 1 fails: Slurm cancels the join, which never runs. (A folder with a backslash:
    // the tasks write their own logs.)
    let failing = try prepare(ClusterTestSupport.awkwardName)
    let tasks = failing.folder.appendingPathComponent("tasks", isDirectory: true)
    try FileManager.default.createDirectory(at: tasks, withIntermediateDirectories: true)
    try Data().write(to: tasks.appendingPathComponent("fail-chunk-1"))
    let again = try slurm.run("bash", [failing.script.path])
    try #require(again.status == 0, "\(again.stderr)")
    let failedJoin = again.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    let joinStates = try slurm.waitForJob(failedJoin)
    #expect(joinStates.map(\.state) == ["CANCELLED"])
    #expect(joinStates.map(\.reason) == ["DependencyNeverSatisfied"])
    #expect(!FileManager.default.fileExists(atPath: tasks.appendingPathComponent("joined").path))
    #expect(!FileManager.default.fileExists(atPath: tasks.appendingPathComponent("chunk-1").path))
    #expect(FileManager.default.fileExists(atPath: tasks.appendingPathComponent("chunk-2").path))
    let log = SlurmScript.logFolder(for: failing.job) + "/chunk-1.log"
    let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(logged.contains("chunk 1 failed on purpose"), "log \(log): \(logged)")
  }
}
