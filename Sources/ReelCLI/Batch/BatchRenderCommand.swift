import Foundation
import Reel
import ReelProject

/// `reel render TEMPLATE --data ROWS -o PATTERN …`: one movie per row of a data file, in one
/// process (see ``TemplateBatch``).
enum BatchRenderCommand {
  /// The usage line added to `reel render`'s.
  static let usage =
    "reel render TEMPLATE --data ROWS -o 'FOLDER/{{name}}.mp4' [--rows A-B] [--jobs N] [--skip-existing] [--overwrite] [--preset P] [--report REPORT.json] [--quiet] [--progress json]"

  /// The help section added to `reel render --help`.
  static let help = """
    Many movies from one template (see docs/batch.md):
      --data ROWS            A data file: CSV (a header line of variable names, RFC 4180
                             quoting, UTF-8), a JSON array of objects (.json) or JSON Lines
                             (.jsonl). Each row fills the template's variables for one movie.
      -o PATTERN             With --data: the output name as a template over the row, such
                             as 'cards/{{name}}.mp4'. Every row must give a distinct, valid
                             file name inside the folder ('..', '/' and control characters
                             from the data are refused); missing folders are made.
      --rows A-B             Render only rows A to B (from 1; 'A', 'A-' to the end).
      --jobs N               Render N movies at a time (default 1).
      --skip-existing        Skip rows whose output exists (resume a stopped batch).
      --report REPORT.json   Write every row's outcome, output, seconds and error.
    The data is checked first (every row, whatever --rows says); a row that fails is reported
    with its number and the problems reel validate gives, and the others go on. Exit codes:
    0 every row rendered (or skipped), 5 some rows failed, 2 usage, 3 invalid template or
    data (nothing rendered), 130/143/129/131 stopped by a signal.
    """

  /// Whether `parsed` asks for a batch.
  static func applies(to parsed: Arguments) -> Bool { parsed.value("--data") != nil }

  static func run(parsed: Arguments, templatePath: String) async throws -> ExitStatus {
    for option in ["--plan", "--chunk", "--set", "--from", "--to", "--threads"]
      + RenderCommand.wholeRenderOptions
    where parsed.value(option) != nil {
      throw CommandFailure.usage(
        "render: \(option) does not go with --data\(option == "--set" ? " (give the value as a column of the data)" : "")"
      )
    }
    for flag in ["--audio", "--stats", "--lossless"] where parsed.has(flag) {
      throw CommandFailure.usage("render: \(flag) does not go with --data")
    }
    guard let dataPath = parsed.value("--data"), let pattern = parsed.value("--output") else {
      throw CommandFailure.usage(
        "render: --data needs -o with the output name over the row, such as -o 'cards/{{name}}.mp4'; usage: \(usage)"
      )
    }
    let output: TemplateOutputPattern
    do {
      output = try TemplateOutputPattern(pattern)
    } catch {
      throw CommandFailure.usage("render: \(error.description)")
    }
    let json = try RenderCommand.asksForJSONProgress(parsed)
    let selection = try parsed.value("--rows").map { (text) throws(CommandFailure) in
      try rowRange(text)
    }
    var jobs = 1
    if let text = parsed.value("--jobs") {
      guard let number = Int(text), (1...64).contains(number) else {
        throw CommandFailure.usage("render: --jobs needs a whole number 1…64 (got '\(text)')")
      }
      jobs = number
    }
    let preset = try parsed.value("--preset").map { (name) throws(CommandFailure) in
      do throws(ExportPresetError) {
        return try ExportPreset(name: name)
      } catch {
        throw CommandFailure.usage("render: \(error.description)")
      }
    }
    let overwrite = parsed.has("--overwrite")
    let skipExisting = parsed.has("--skip-existing")
    if overwrite, skipExisting {
      throw CommandFailure.usage("render: give either --overwrite or --skip-existing, not both")
    }
    let reportPath = parsed.value("--report")
    let batch = try makeBatch(
      template: templatePath, data: dataPath, output: output,
      limits: LimitOptions.parse(parsed, command: "render"))

    let style = ProgressReporter.style(json: json, quiet: parsed.has("--quiet"))
    Interruption.install()
    let task = Task { () -> (Result<TemplateBatch.Summary, TemplateBatchDataError>, BatchReport) in
      var progress = BatchProgress(style: style, template: templatePath, data: dataPath)
      var report = BatchReport(template: templatePath, data: dataPath, output: pattern)
      do throws(TemplateBatchDataError) {
        let summary = try await batch.render(
          rows: selection, jobs: jobs, skipExisting: skipExisting,
          adjust: { settings in
            if let preset { settings.preset = preset }
            settings.overwrite = overwrite
          },
          onEvent: { event in
            progress.report(event)
            report.record(event)
          })
        progress.finish()
        return (.success(summary), report)
      } catch {
        progress.finish()
        return (.failure(error), report)
      }
    }
    Interruption.onSignal { task.cancel() }
    let (outcome, report) =
      await task.value as (Result<TemplateBatch.Summary, TemplateBatchDataError>, BatchReport)
    let summary: TemplateBatch.Summary
    switch outcome {
    case .success(let done): summary = done
    case .failure(let problems):
      throw CommandFailure(lines: problems.lines, status: .invalidTemplate)
    }
    if let reportPath {
      do {
        try report.write(to: reportPath, summary: summary)
      } catch {
        throw CommandFailure(
          message: "render: cannot write the report \(reportPath): \(error.localizedDescription)",
          status: .media)
      }
    }
    if !parsed.has("--quiet") {
      let line = BatchProgress.summaryLine(summary, folder: output.folder)
      if json { Console.note(line) } else { Console.output(line) }
    }
    try Interruption.check(output: "the rest of the batch")
    return summary.allSucceeded ? .ok : .rowsFailed
  }

  /// The batch, its template read and parsed.
  static func makeBatch(
    template: String, data: String, output: TemplateOutputPattern?, limits: ResourceLimits
  ) throws(CommandFailure) -> TemplateBatch {
    do {
      return try TemplateBatch(template: template, data: data, output: output, limits: limits)
    } catch {
      throw CommandFailure(lines: TemplateInput.problemLines(error), status: .invalidTemplate)
    }
  }

  /// `--rows A-B`, `A` or `A-`: 1-based, inclusive.
  static func rowRange(_ text: String) throws(CommandFailure) -> ClosedRange<Int> {
    let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    let first = parts.first.flatMap { Int($0) }
    let last = parts.count == 1 ? first : (parts[1].isEmpty ? Int.max : Int(parts[1]))
    guard let first, let last, first >= 1, last >= first else {
      throw .usage(
        "render: --rows needs A-B with 1 ≤ A ≤ B (rows count from 1), A, or A- (got '\(text)')")
    }
    return first...last
  }

  /// A failed row's lines, as `reel validate` and `reel render` say them, after
  /// `row N (FILE line L): `.
  static func failureLines(
    _ failure: TemplateBatchRowFailure, row: Int, line: Int, data: String, template: String
  ) -> [String] {
    let lines: [String]
    switch failure {
    case .template(let error): lines = TemplateInput.problemLines(error)
    case .export(let error): lines = RenderCommand.failure(for: error, template: template).lines
    case .folder(let message): lines = [message]
    }
    return lines.map { "row \(row) (\(data) line \(line)): \($0)" }
  }
}
