import Foundation
import ReelProject

/// `reel validate TEMPLATE`: checks a template and the media it names.
enum ValidateCommand {
  static let usage =
    "reel validate TEMPLATE [--set K=V]... | reel validate TEMPLATE --data ROWS [-o 'FOLDER/{{name}}.mp4']"

  static let help = """
    Usage: \(usage)

    Checks a template without rendering: JSON syntax, every key and value, times against the
    composition, and that every media, image, font and subtitle file it names can be read.
    Prints "TEMPLATE: valid" (and any warnings, such as fonts that will fall back) and
    exits 0, or prints every problem, one per line with its JSON path, and exits 3.

    With --data, checks a batch (see docs/batch.md): the data file (CSV, a JSON array of
    objects or JSON Lines), that it names only the template's variables, every row's output
    name with -o PATTERN (distinct, inside the folder), and the template loaded with every
    row's values; each failed row is printed as `row N (ROWS line L): …`. Exits 0 when every
    row is valid, 3 otherwise.

    Options:
      --set NAME=VALUE   Fill the template variable {{NAME}} (repeatable).
      --data ROWS        Check the template with every row of ROWS.
      -o PATTERN         With --data: the output name over the row, as reel render takes it.
      --verbose          Also show FFmpeg's own messages on stderr.
      -h, --help         Show this help.

    \(LimitOptions.help(for: "validate"))
    """

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "validate", flags: ["--help"],
      options: LimitOptions.options(
        for: "validate", adding: ["--set", "--data", "--output"]),
      aliases: ["-h": "--help", "-o": "--output"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    let path = try TemplateInput.templatePath(parsed, command: "validate", usage: usage)
    if let data = parsed.value("--data") {
      return try validateBatch(path: path, data: data, parsed: parsed)
    }
    if parsed.value("--output") != nil {
      throw CommandFailure.usage("validate: -o goes with --data ROWS")
    }
    let variables = try TemplateInput.variables(
      from: parsed.allValues("--set"), command: "validate")
    _ = try TemplateInput.load(
      path: path, variables: variables,
      limits: LimitOptions.parse(parsed, command: "validate"))
    Console.output("\(path): valid")
    return .ok
  }

  /// `reel validate TEMPLATE --data ROWS [-o PATTERN]`.
  private static func validateBatch(path: String, data: String, parsed: Arguments) throws
    -> ExitStatus
  {
    if !parsed.allValues("--set").isEmpty {
      throw CommandFailure.usage(
        "validate: --set does not go with --data (give the value as a column of the data)")
    }
    var output: TemplateOutputPattern?
    if let pattern = parsed.value("--output") {
      do throws(TemplateOutputPatternError) {
        output = try TemplateOutputPattern(pattern)
      } catch {
        throw CommandFailure.usage("validate: \(error.description)")
      }
    }
    let batch = try BatchRenderCommand.makeBatch(
      template: path, data: data, output: output,
      limits: LimitOptions.parse(parsed, command: "validate"))
    do throws(TemplateBatchDataError) {
      _ = try batch.check()
    } catch {
      throw CommandFailure(lines: error.lines, status: .invalidTemplate)
    }
    var failures: [String] = []
    var invalid = 0
    var rows = 0
    do throws(TemplateDataError) {
      let reader = try batch.openRows()
      while let row = try reader.next() {
        rows = row.number
        do throws(TemplateError) {
          _ = try batch.load(row)
        } catch {
          invalid += 1
          if failures.count < TemplateBatch.maximumReportedProblems {
            failures += BatchRenderCommand.failureLines(
              .template(error), row: row.number, line: row.line, data: data, template: path)
          }
        }
      }
    } catch {
      throw CommandFailure(lines: [error.description], status: .invalidTemplate)
    }
    guard invalid == 0 else {
      throw CommandFailure(
        lines: failures + ["\(invalid) of \(rows) rows of \(data) are invalid"],
        status: .invalidTemplate)
    }
    Console.output("\(path): valid with all \(rows) row\(rows == 1 ? "" : "s") of \(data)")
    return .ok
  }
}
