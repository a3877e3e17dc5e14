import Foundation
import TestSupport
import Testing

@testable import ReelCLI

/// `reel plan TEMPLATE --data ROWS --format slurm|kubernetes`: a job array over blocks of rows
/// run by a private single-node Slurm with the real `reel`, the tasks' reports collected by
/// `reel batch-report`; and the Kubernetes manifests' task script run here for each index.
@Suite("Batches on cluster engines")
struct BatchClusterTests {
  /// The card of ``BatchRenderTests`` with 5 rows (row 4 fails), in a folder whose name has
  /// spaces, quotes, `$`, `%` and `*`.
  static func project() throws -> URL {
    let card = try BatchRenderTests.cardFolder(
      rows: "name,colour\nAda,white\nBob,white\nCy,white\nDee,nope\nEve,white\n")
    let parent = try TestSupport.makeTemporaryDirectory("reel-batch-cluster")
      .appendingPathComponent(
        ClusterTestSupport.awkwardName.replacingOccurrences(of: "\\", with: ""),
        isDirectory: true)
    try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
    let folder = parent.appendingPathComponent("cards project", isDirectory: true)
    try FileManager.default.moveItem(at: card, to: folder)
    return folder
  }

  static func plan(_ folder: URL, _ extra: [String]) throws -> TestSupport.ToolOutput {
    try TestSupport.reel(
      [
        "plan", folder.appendingPathComponent("card.json").path, "--data",
        folder.appendingPathComponent("friends.csv").path, "--output",
        folder.path + "/cards/{{name}}.mp4", "--rows-per-task", "2",
      ] + extra)
  }

  /// The collected report's rows as (row, status).
  static func collected(_ folder: URL) throws -> [(Int, String)] {
    let report = folder.appendingPathComponent("friends.report.json")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
    let rows = try #require(json["rows"] as? [[String: Any]])
    return rows.map { ($0["row"] as? Int ?? 0, $0["status"] as? String ?? "") }
  }

  @Test(.enabled(if: LocalSlurm.isAvailable))
  func aSlurmArrayRendersEveryBlockAndTheReportNamesTheFailedRow() throws {
    let slurm = try LocalSlurm()
    defer { #expect(throws: Never.self) { try slurm.stop() } }
    let folder = try Self.project()
    let printed = try Self.plan(folder, ["--format", "slurm"])
    try #require(printed.status == 0, "\(printed.stderr)")
    #expect(printed.stdoutText.contains("--array=0-2"))
    let script = folder.appendingPathComponent("submit.sh")
    try Data(printed.stdout).write(to: script)
    let submitted = try slurm.run("bash", [script.path])
    try #require(submitted.status == 0, "\(submitted.stderr)")
    let reportJob = submitted.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    let states = try slurm.waitForJob(reportJob, timeout: 180)
    // Row 4 failed, so the collection ends FAILED (exit 5), after writing the report.
    let logs = folder.appendingPathComponent("friends.logs")
    #expect(
      states.map(\.state) == ["FAILED"],
      "\(states); logs: \((try? CLITestSupport.contents(of: logs)) ?? [])")
    let rows = try Self.collected(folder)
    #expect(rows.map(\.0) == [1, 2, 3, 4, 5])
    #expect(rows.map(\.1) == ["rendered", "rendered", "rendered", "failed", "rendered"])
    #expect(
      try CLITestSupport.contents(of: folder.appendingPathComponent("cards"))
        == ["Ada.mp4", "Bob.mp4", "Cy.mp4", "Eve.mp4"])
    let reportLog = try String(
      contentsOf: logs.appendingPathComponent("report.log"), encoding: .utf8)
    #expect(reportLog.contains("row 4 ("), "\(reportLog)")
    #expect(reportLog.contains("rendered 4 of 5 rows"), "\(reportLog)")
  }

  /// Each index of the Indexed Job, run here with the container's command: the same movies
  /// and the same collected report.
  @Test func kubernetesIndicesRenderTheirBlocks() throws {
    let folder = try Self.project()
    let printed = try Self.plan(
      folder, ["--format", "kubernetes", "--image", "reel:test", "--volume-claim", "cards"])
    try #require(printed.status == 0, "\(printed.stderr)")
    let yaml = printed.stdoutText
    #expect(yaml.contains("completions: 3") && yaml.contains("completionMode: Indexed"))
    // The container's command, read back from the YAML: sh -c SCRIPT reel-rows reel ARGS….
    let reel = try TestSupport.reelExecutable().path
    let commandLines = yaml.components(separatedBy: "\n").drop { !$0.contains("command:") }
      .dropFirst().prefix { $0.hasPrefix("            - ") }
    let words = try commandLines.map { line -> String in
      let quoted = String(line.dropFirst("            - ".count))
      return try #require(
        try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed)
          as? String)
    }
    #expect(words.prefix(2) == ["sh", "-c"] && words.count == 9)
    for index in 0..<3 {
      let result = try TestSupport.run(
        "/bin/sh", ["-c", words[2], words[3], reel] + words[5...],
        environment: ["JOB_COMPLETION_INDEX": String(index)])
      #expect(result.status == (index == 1 ? 5 : 0), "index \(index): \(result.stderr)")
    }
    let collect = try TestSupport.reel([
      "batch-report", folder.appendingPathComponent("friends.reports").path, "--tasks", "3",
      "-o", folder.appendingPathComponent("friends.report.json").path,
    ])
    #expect(collect.status == 5)
    #expect(
      try Self.collected(folder).map(\.1) == [
        "rendered", "rendered", "rendered", "failed", "rendered",
      ])

    // A missing task report is named.
    try FileManager.default.removeItem(
      at: folder.appendingPathComponent("friends.reports/task-2.json"))
    let missing = try TestSupport.reel([
      "batch-report", folder.appendingPathComponent("friends.reports").path, "--tasks", "3",
    ])
    #expect(missing.status == 5 && missing.stderr.contains("no task-2.json"))
  }
}
