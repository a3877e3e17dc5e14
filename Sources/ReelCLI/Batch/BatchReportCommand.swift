import Foundation
import Reel
import ReelProject

/// `reel batch-report REPORTS… [-o REPORT.json] [--tasks T]`: one report from the reports of
/// a batch's tasks (`reel plan --data … --format slurm|kubernetes` runs one task per block of
/// rows, each writing `task-I.json`).
enum BatchReportCommand {
  static let usage = "reel batch-report FOLDER|REPORT.json... [-o REPORT.json] [--tasks T]"

  static let help = """
    Usage: \(usage)

    Collects the reports of a batch's tasks (each written by reel render --data … --report)
    into one: every row's outcome, output, seconds and error, rows by number, and the
    summary summed. A FOLDER stands for the task-*.json files in it. Prints the summary line
    and each failed row on stderr.

    Options:
      -o REPORT.json   Write the collected report (atomically).
      --tasks T        The batch had T tasks (0…T−1): a missing task-I.json is named as a
                       failure (a task that never ran or stopped before its report).
      -h, --help       Show this help.

    Exit codes: 0 every row of every task rendered or skipped, 5 some rows failed or a task's
    report is missing, 2 usage, 4 a report cannot be read.
    """

  /// The name of task `index`'s report in a batch's reports folder.
  static func taskReportName(_ index: Int) -> String { "task-\(index).json" }

  /// What one task's report holds that the collection needs.
  private struct TaskReport: Decodable {
    struct Summary: Decodable {
      var selected: Int
      var rendered: Int
      var skipped: Int
      var failed: Int
      var seconds: Double
    }
    var template: String
    var data: String
    var output: String
    var summary: Summary
    var rows: [BatchReport.Row]
  }

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "batch-report", flags: ["--help"], options: ["--output", "--tasks"],
      aliases: ["-h": "--help", "-o": "--output"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    guard !parsed.positionals.isEmpty else {
      throw CommandFailure.usage("batch-report: give the reports or their folder; usage: \(usage)")
    }
    let tasks = try parsed.value("--tasks").map { (text) throws(CommandFailure) -> Int in
      guard let count = Int(text), count >= 1 else {
        throw .usage("batch-report: --tasks needs a whole number ≥ 1 (got '\(text)')")
      }
      return count
    }
    var files: [String] = []
    var folders: [String] = []
    for path in parsed.positionals {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      {
        folders.append(path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.filter { $0.hasPrefix("task-") && $0.hasSuffix(".json") }.sorted()
          .map { path + "/" + $0 }
      } else {
        files.append(path)
      }
    }
    var missing: [String] = []
    if let tasks {
      let present = Set(files.map { URL(fileURLWithPath: $0).lastPathComponent })
      missing = (0..<tasks).map(taskReportName).filter { !present.contains($0) }
    }
    var rows: [BatchReport.Row] = []
    var summary = TemplateBatch.Summary()
    var first: TaskReport?
    for file in files {
      let report: TaskReport
      do {
        report = try JSONDecoder().decode(
          TaskReport.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
      } catch {
        throw CommandFailure(
          message:
            "batch-report: \(file) is not a batch report (reel render --data … --report): \(error.localizedDescription)",
          status: .media)
      }
      first = first ?? report
      rows += report.rows
      summary.selected += report.summary.selected
      summary.rendered += report.summary.rendered
      summary.skipped += report.summary.skipped
      summary.failed += report.summary.failed
      // Tasks run side by side: the batch took as long as its longest task.
      summary.seconds = max(summary.seconds, report.summary.seconds)
    }
    let collected = BatchReport(
      template: first?.template ?? "", data: first?.data ?? "", output: first?.output ?? "",
      rows: rows)
    if let output = parsed.value("--output") {
      do {
        try collected.write(to: output, summary: summary)
      } catch {
        throw CommandFailure(
          message: "batch-report: cannot write \(output): \(error.localizedDescription)",
          status: .media)
      }
    }
    Console.errors(rows.sorted { $0.row < $1.row }.compactMap(\.error))
    let folder = (try? TemplateOutputPattern(collected.output).folder) ?? collected.output
    var line = BatchProgress.summaryLine(summary, folder: folder)
    line += " over \(files.count) task report\(files.count == 1 ? "" : "s")"
    Console.output(line)
    if !missing.isEmpty {
      Console.errors(
        missing.map {
          "batch-report: no \($0) in \(folders.first ?? "the reports given"): that task did not finish (see its log)"
        })
    }
    return summary.allSucceeded && missing.isEmpty ? .ok : .rowsFailed
  }
}
