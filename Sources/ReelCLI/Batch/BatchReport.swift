import Foundation
import Reel
import ReelProject

/// The machine-readable account of a batch (`reel render --data … --report REPORT.json`), and
/// of several (`reel batch-report`): every row's outcome, output, seconds and error.
///
///     {"template": "card.json", "data": "friends.csv", "output": "cards/{{name}}.mp4",
///      "summary": {"selected": 20, "rendered": 19, "skipped": 0, "failed": 1,
///                  "seconds": 41.2, "moviesPerMinute": 27.7},
///      "rows": [{"row": 1, "line": 2, "output": "cards/Ada.mp4", "status": "rendered",
///                "seconds": 2.1, "error": null}, …]}
///
/// Rows are listed by number; `status` is `rendered`, `skipped` or `failed`, and `error` the
/// failed row's lines, as `reel render` prints them, joined by newlines.
struct BatchReport: Sendable {
  /// One row's entry.
  struct Row: Sendable, Codable, Equatable {
    var row: Int
    var line: Int
    var output: String
    var status: String
    var seconds: Double
    var error: String?
  }

  var template: String
  var data: String
  var output: String
  private(set) var rows: [Row] = []

  init(template: String, data: String, output: String) {
    self.template = template
    self.data = data
    self.output = output
  }

  init(template: String, data: String, output: String, rows: [Row]) {
    self.init(template: template, data: data, output: output)
    self.rows = rows
  }

  /// Records a row's end (`started` events are not recorded).
  mutating func record(_ event: TemplateBatch.RowEvent) {
    let status: String
    var error: String? = nil
    switch event.outcome {
    case .started: return
    case .rendered: status = "rendered"
    case .skipped: status = "skipped"
    case .failed(let failure):
      status = "failed"
      error = BatchRenderCommand.failureLines(
        failure, row: event.row, line: event.line, data: data, template: template
      ).joined(separator: "\n")
    }
    rows.append(
      Row(
        row: event.row, line: event.line, output: event.output, status: status,
        seconds: (event.seconds * 1000).rounded() / 1000, error: error))
  }

  /// The report as JSON, rows by number.
  func json(summary: TemplateBatch.Summary) -> JSONValue {
    let sorted = rows.sorted { $0.row < $1.row }
    let rate = summary.seconds > 0 ? Double(summary.rendered) / summary.seconds * 60 : 0
    return .object([
      ("template", .string(template)), ("data", .string(data)), ("output", .string(output)),
      (
        "summary",
        .object([
          ("selected", .number(Double(summary.selected))),
          ("rendered", .number(Double(summary.rendered))),
          ("skipped", .number(Double(summary.skipped))),
          ("failed", .number(Double(summary.failed))),
          ("seconds", .number((summary.seconds * 1000).rounded() / 1000)),
          ("moviesPerMinute", .number((rate * 10).rounded() / 10)),
        ])
      ),
      (
        "rows",
        .array(
          sorted.map { row in
            .object([
              ("row", .number(Double(row.row))), ("line", .number(Double(row.line))),
              ("output", .string(row.output)), ("status", .string(row.status)),
              ("seconds", .number(row.seconds)),
              ("error", row.error.map { .string($0) } ?? .null),
            ])
          })
      ),
    ])
  }

  /// Writes the report atomically (a temporary file renamed into place).
  func write(to path: String, summary: TemplateBatch.Summary) throws {
    try Data((json(summary: summary).prettyText + "\n").utf8).write(
      to: URL(fileURLWithPath: path), options: .atomic)
  }
}
