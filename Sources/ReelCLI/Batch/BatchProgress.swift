import Foundation
import Reel
import ReelProject

/// Shows a batch's progress: a line redrawn in place on a terminal's standard error (rows
/// done and failed, movies per minute, time left), or one JSON object per row event on
/// standard output, or nothing; failed rows and warnings always go to standard error.
struct BatchProgress: Sendable {
  let style: ProgressReporter.Style
  let template: String
  let data: String
  private var finished = 0
  private var failed = 0
  private var skipped = 0
  private var shownWarnings: Set<String> = []
  private var lineShown = false
  private var lastDraw = Date.distantPast
  private let started = Date()

  init(style: ProgressReporter.Style, template: String, data: String) {
    self.style = style
    self.template = template
    self.data = data
  }

  /// Shows one row event.
  mutating func report(_ event: TemplateBatch.RowEvent) {
    var error: [String] = []
    switch event.outcome {
    case .started: break
    case .rendered: finished += 1
    case .skipped: skipped += 1
    case .failed(let failure):
      failed += 1
      error = BatchRenderCommand.failureLines(
        failure, row: event.row, line: event.line, data: data, template: template)
    }
    let warnings = event.warnings.filter { shownWarnings.insert($0).inserted }
    if !error.isEmpty || !warnings.isEmpty {
      clearLine()
      Console.warnings(warnings.map { "row \(event.row): \(template): \($0)" })
      Console.errors(error)
    }
    switch style {
    case .none: return
    case .json: writeJSON(event, error: error)
    case .bar:
      let now = Date()
      guard now.timeIntervalSince(lastDraw) >= 0.1 || !error.isEmpty else { return }
      lastDraw = now
      drawLine(total: event.selected)
    }
  }

  /// Clears the progress line.
  mutating func finish() { clearLine() }

  /// Movies written per minute of the batch so far.
  private var moviesPerMinute: Double {
    let elapsed = Date().timeIntervalSince(started)
    return elapsed > 0 ? Double(finished) / elapsed * 60 : 0
  }

  /// Seconds left at the pace of the rows done so far (rendered or failed), or nil.
  private func secondsLeft(total: Int) -> Double? {
    let done = finished + failed
    guard done > 0 else { return nil }
    let elapsed = Date().timeIntervalSince(started)
    return elapsed / Double(done) * Double(max(total - done - skipped, 0))
  }

  private func writeJSON(_ event: TemplateBatch.RowEvent, error: [String]) {
    let kind: String
    switch event.outcome {
    case .started: kind = "started"
    case .rendered: kind = "rendered"
    case .skipped: kind = "skipped"
    case .failed: kind = "failed"
    }
    var members: [(String, JSONValue)] = [
      ("event", .string(kind)), ("row", .number(Double(event.row))),
      ("output", .string(event.output)),
      ("seconds", .number((event.seconds * 1000).rounded() / 1000)),
      ("rendered", .number(Double(finished))), ("failed", .number(Double(failed))),
      ("skipped", .number(Double(skipped))), ("total", .number(Double(event.selected))),
      ("moviesPerMinute", .number((moviesPerMinute * 10).rounded() / 10)),
      (
        "eta", secondsLeft(total: event.selected).map { .number(($0 * 10).rounded() / 10) } ?? .null
      ),
    ]
    if !error.isEmpty { members.append(("error", .string(error.joined(separator: "\n")))) }
    Console.document(JSONValue.object(members).serialized())
  }

  private mutating func drawLine(total: Int) {
    let done = finished + failed + skipped
    var line = "rows \(done)/\(total)"
    if failed > 0 { line += " (\(failed) failed)" }
    line += String(format: "  %.1f movies/min", moviesPerMinute)
    if let left = secondsLeft(total: total) { line += "  \(ProgressReporter.clock(left)) left" }
    lineShown = true
    Console.terminalControl("\r\(line)\u{1B}[K")
  }

  private mutating func clearLine() {
    guard lineShown else { return }
    lineShown = false
    Console.terminalControl("\r\u{1B}[K")
  }

  /// `rendered 19 of 20 rows into cards (1 failed, 0 skipped) in 34.1 s: 33.4 movies/min`.
  static func summaryLine(_ summary: TemplateBatch.Summary, folder: String) -> String {
    let rate = summary.seconds > 0 ? Double(summary.rendered) / summary.seconds * 60 : 0
    return String(
      format: "rendered %d of %d row%@ into %@ (%d failed, %d skipped) in %.1f s: %.1f movies/min",
      summary.rendered, summary.selected, summary.selected == 1 ? "" : "s", folder,
      summary.failed, summary.skipped, summary.seconds, rate)
  }
}
