import Foundation
import Reel
import ReelProject

/// What the template commands (`render`, `frame`, `validate`) share: reading `--set`
/// options, loading the template with its variables, and turning problems into exit code 3.
enum TemplateInput {
  /// Parses `--set NAME=VALUE` options into a variables dictionary (a later value for the
  /// same name wins).
  ///
  /// - Parameters:
  ///   - assignments: The values given to `--set`, in order.
  ///   - command: The command name, for messages.
  /// - Returns: Variable values by name.
  /// - Throws: ``CommandFailure/usage(_:)`` for an assignment without `=` or with an empty
  ///   name.
  static func variables(from assignments: [String], command: String) throws(CommandFailure)
    -> [String: String]
  {
    var variables: [String: String] = [:]
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
        throw .usage("\(command): --set needs NAME=VALUE (got '\(assignment)')")
      }
      variables[String(assignment[..<equals])] = String(
        assignment[assignment.index(after: equals)...])
    }
    return variables
  }

  /// Loads and validates a template, printing its warnings as `reel: warning: …` lines on
  /// standard error (one line per kind of warning, see ``Console/summarize(_:)``).
  ///
  /// - Parameters:
  ///   - path: The template file.
  ///   - variables: Values for its `{{name}}` placeholders.
  ///   - limits: The budgets (``LimitOptions``).
  /// - Returns: The movie, export settings and the rest of what the template says.
  /// - Throws: ``CommandFailure`` with status `.invalidTemplate` (3) whose message has one
  ///   line per problem, each naming the file.
  static func load(
    path: String, variables: [String: String], limits: ResourceLimits = .default
  ) throws(CommandFailure) -> LoadedTemplate {
    let loaded: LoadedTemplate
    do {
      loaded = try Template.load(path: path, variables: variables, limits: limits)
    } catch {
      throw CommandFailure(lines: problemLines(error), status: .invalidTemplate)
    }
    Console.warnings(loaded.warnings.map { "\(path): \($0)" })
    return loaded
  }

  /// `error`'s lines with the command line's spelling of what to do added: the option that
  /// raises a budget a line names (``LimitOptions/naming(_:)``), `--set NAME=…` for a
  /// placeholder without a value.
  static func problemLines(_ error: TemplateError) -> [String] {
    zip(error.lines, error.problems).map { line, problem in
      var line = LimitOptions.naming(line)
      if let name = problem.undefinedVariable { line += " (reel: --set \(name)=…)" }
      return line
    }
  }

  /// The template path: the one positional argument.
  ///
  /// - Throws: ``CommandFailure/usage(_:)`` naming the usage when there is none or more.
  static func templatePath(_ parsed: Arguments, command: String, usage: String)
    throws(CommandFailure) -> String
  {
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      throw .usage(
        parsed.positionals.isEmpty
          ? "\(command): missing TEMPLATE; usage: \(usage)"
          : "\(command): expected one TEMPLATE, got \(parsed.positionals.count); usage: \(usage)")
    }
    return path
  }

  /// The timescale of times given on the command line that are not exact decimals with
  /// at most nine places: nanoseconds, as the template format's times.
  static let commandLineTimescale: Int32 = 1_000_000_000

  /// Parses a time option: any JSON-style number of seconds (`1.5`, `1.5e0`,
  /// `0.7666666666666667`), converted exactly from its decimal text (`0.1` is 1/10 s) when
  /// that fits a time, else to the nearest nanosecond.
  ///
  /// - Parameters:
  ///   - text: The option's value.
  ///   - option: The option's name, for messages (`--from`).
  ///   - command: The command name, for messages.
  /// - Returns: The time, ≥ 0.
  /// - Throws: ``CommandFailure/usage(_:)`` for text that is not a number, a negative
  ///   number, or one too large to be a time.
  static func seconds(_ text: String, option: String, command: String) throws(CommandFailure)
    -> Time
  {
    guard let time = Time(decimalString: text, roundingToTimescale: commandLineTimescale) else {
      if let value = Double(text), value.isFinite, value >= 1e9 {
        throw .usage("\(command): \(option) \(text) is too large to be a time in seconds")
      }
      throw .usage("\(command): \(option) needs seconds ≥ 0, such as 1.5 (got '\(text)')")
    }
    guard time >= .zero else {
      throw .usage("\(command): \(option) needs seconds ≥ 0, such as 1.5 (got '\(text)')")
    }
    return time
  }

  /// Refuses an output name Reel cannot write a movie to: `-` (standard output) and names
  /// whose extension is not one of ReelMedia's containers.
  ///
  /// - Throws: ``CommandFailure/usage(_:)`` (exit 2) naming the extensions Reel writes.
  static func checkMovieOutputName(_ path: String, command: String) throws(CommandFailure) {
    let known = MediaWriter.supportedFileExtensions.map { ".\($0)" }.joined(separator: ", ")
    if path == "-" {
      throw .usage(
        "\(command): cannot write to standard output (-o -); Reel writes files: end OUT with one of \(known)"
      )
    }
    let fileExtension = URL(fileURLWithPath: path).pathExtension
    guard MediaWriter.supportsFileExtension(fileExtension) else {
      let why =
        fileExtension.isEmpty
        ? "the name has no extension" : "'.\(fileExtension)' is not a format Reel writes"
      let still = fileExtension.lowercased() == "png" ? " (for a still, use reel frame)" : ""
      throw .usage(
        "\(command): cannot write \(path): \(why); end OUT with one of \(known)\(still)")
    }
  }

  /// Refuses to replace an existing file unless `overwrite` is set.
  ///
  /// - Throws: ``CommandFailure/usage(_:)`` (exit 2) when `path` exists and `overwrite` is
  ///   off; the file is left as it is.
  static func checkOutput(_ path: String, overwrite: Bool, command: String) throws(CommandFailure) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
    if isDirectory.boolValue {
      throw .usage("\(command): \(path) is a directory; give a file name with -o")
    }
    if !overwrite {
      throw .usage("\(command): \(path) already exists; pass --overwrite to replace it")
    }
  }
}

/// Seconds for messages: at most three decimals, no trailing zeros (`1.5 s`, `12 s`).
func describeSeconds(_ time: Time) -> String { ReadableNumber.seconds(time.seconds, decimals: 3) }
