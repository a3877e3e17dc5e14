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
  /// standard error.
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
      throw CommandFailure(message: error.description, status: .invalidTemplate)
    }
    for warning in loaded.warnings {
      ReelTool.printError("warning: \(path): \(warning)")
    }
    return loaded
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

  /// Parses a time option (decimal seconds, converted exactly: `0.1` is 1/10 s).
  ///
  /// - Parameters:
  ///   - text: The option's value.
  ///   - option: The option's name, for messages (`--from`).
  ///   - command: The command name, for messages.
  /// - Returns: The time, ≥ 0.
  /// - Throws: ``CommandFailure/usage(_:)`` for text that is not a non-negative number.
  static func seconds(_ text: String, option: String, command: String) throws(CommandFailure)
    -> Time
  {
    guard let time = Time(decimalString: text), time >= .zero else {
      throw .usage("\(command): \(option) needs seconds ≥ 0, such as 1.5 (got '\(text)')")
    }
    return time
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
func describeSeconds(_ time: Time) -> String {
  let seconds = (time.seconds * 1000).rounded() / 1000
  if seconds == seconds.rounded() { return "\(Int64(seconds)) s" }
  return "\(seconds) s"
}
