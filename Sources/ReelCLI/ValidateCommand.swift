import Foundation
import ReelProject

/// `reel validate TEMPLATE`: checks a template and the media it names.
enum ValidateCommand {
  static let usage = "reel validate TEMPLATE [--set K=V]..."

  static let help = """
    Usage: \(usage)

    Checks a template without rendering: JSON syntax, every key and value, times against the
    composition, and that every media, image, font and subtitle file it names can be read.
    Prints "TEMPLATE: valid" (and any warnings, such as fonts that will fall back) and
    exits 0, or prints every problem, one per line with its JSON path, and exits 3.

    Options:
      --set NAME=VALUE   Fill the template variable {{NAME}} (repeatable).
      --verbose          Also show FFmpeg's own messages on stderr.
      -h, --help         Show this help.

    \(LimitOptions.help(for: "validate"))
    """

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "validate", flags: ["--help"],
      options: LimitOptions.options(
        for: "validate", adding: ["--set"]),
      aliases: ["-h": "--help"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    let path = try TemplateInput.templatePath(parsed, command: "validate", usage: usage)
    let variables = try TemplateInput.variables(
      from: parsed.allValues("--set"), command: "validate")
    _ = try TemplateInput.load(
      path: path, variables: variables,
      limits: LimitOptions.parse(parsed, command: "validate"))
    Console.output("\(path): valid")
    return .ok
  }
}
