/// One thing wrong with a template: where (a JSON path and, when known, the line and column
/// in the file) and what to do.
///
///     layers[2].animations[0].duration: must be greater than 0 (got -1)
public struct TemplateProblem: Sendable, Hashable, CustomStringConvertible {
  /// The JSON path of the value, like `layers[2].animations[0].duration`; `""` for the
  /// root (and for syntax errors).
  public var path: String
  /// What is wrong and what to do.
  public var message: String
  /// The 1-based line of the value in the template file, when known.
  public var line: Int?
  /// The 1-based column (in Unicode scalars) of the value, when known.
  public var column: Int?
  /// The name of the `{{name}}` placeholder that has no value, when that is the problem: a
  /// front end can say how its users give one (the CLI's `--set name=…`).
  public var undefinedVariable: String?

  /// Makes a problem.
  ///
  /// - Parameters:
  ///   - path: The JSON path (`""` for the root).
  ///   - message: What is wrong.
  ///   - line: 1-based line, when known.
  ///   - column: 1-based column, when known.
  ///   - undefinedVariable: The placeholder without a value, when that is the problem.
  public init(
    path: String, message: String, line: Int? = nil, column: Int? = nil,
    undefinedVariable: String? = nil
  ) {
    self.path = path
    self.message = message
    self.line = line
    self.column = column
    self.undefinedVariable = undefinedVariable
  }

  /// `path: message`, or just the message for the root.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Something in a template that works but may not do what was meant (a font that will
/// fall back, a subtitle after the movie's end); loading still succeeds.
public struct TemplateWarning: Sendable, Hashable, CustomStringConvertible {
  /// The JSON path of the value (`""` for the root).
  public var path: String
  /// What will happen.
  public var message: String

  /// Makes a warning.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`, or just the message for the root.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Why a template could not be loaded: every problem found, reported together.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
  /// The template file's path as given.
  public var file: String
  /// The problems, in the order they appear in the file.
  public var problems: [TemplateProblem]

  /// Makes an error.
  public init(file: String, problems: [TemplateProblem]) {
    self.file = file
    self.problems = problems
  }

  /// One entry per problem: `file:line:column: path: message` (the position when known).
  /// An entry may contain any character a value in the template had (a newline, say):
  /// escape it before showing it.
  public var lines: [String] {
    problems.map { problem in
      var prefix = file
      if let line = problem.line {
        prefix += ":\(line)"
        if let column = problem.column { prefix += ":\(column)" }
      }
      return "\(prefix): \(problem)"
    }
  }

  /// ``lines``, joined by newlines.
  public var description: String { lines.joined(separator: "\n") }
}
