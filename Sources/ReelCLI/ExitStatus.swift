import ReelMedia

/// The exit codes of every `reel` command.
///
/// Stable across versions: scripts and CI jobs branch on them.
enum ExitStatus: Int32 {
  /// Success.
  case ok = 0
  /// Any failure not covered by a more specific code.
  case failure = 1
  /// The command line was wrong (unknown command or option, missing argument, an output
  /// name Reel cannot write), or an existing output file would be replaced without
  /// `--overwrite` (also one that appeared while rendering).
  case usage = 2
  /// The template is invalid (including media it names that is missing).
  case invalidTemplate = 3
  /// A media file could not be read, decoded or written (unreadable, corrupt, unsupported).
  case media = 4
  /// A batch (`reel render --data`, `reel batch-report`) finished, but some rows failed (or
  /// were not rendered); the others were written. Each failed row was reported.
  case rowsFailed = 5
  /// Hung up (SIGHUP): the terminal or session went away; 128 + 1.
  case hungUp = 129
  /// Interrupted by Ctrl-C (SIGINT); 128 + 2.
  case interrupted = 130
  /// Quit (SIGQUIT, Ctrl-\); 128 + 3.
  case quit = 131
  /// Terminated by SIGTERM; 128 + 15.
  case terminated = 143

  /// The status for a media error: 2 for an output that already exists (kept without
  /// `--overwrite`), else 4.
  init(for error: MediaError) {
    if case .fileExists = error {
      self = .usage
    } else {
      self = .media
    }
  }
}

/// A failure that ends a command: the message lines printed to stderr (one `reel: …` line
/// each, escaped) and the exit status.
struct CommandFailure: Error {
  /// The lines, one per problem; usually one.
  let lines: [String]
  let status: ExitStatus

  /// A failure with one message line.
  init(message: String, status: ExitStatus) {
    self.lines = [message]
    self.status = status
  }

  /// A failure with one line per problem (a template's problems).
  init(lines: [String], status: ExitStatus) {
    self.lines = lines
    self.status = status
  }

  /// The lines joined by newlines (for tests and logs).
  var message: String { lines.joined(separator: "\n") }

  /// A usage error (exit 2); the message should say what to type instead.
  static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message: message, status: .usage)
  }

  /// The failure for a media error: its one-line description, with the status
  /// ``ExitStatus/init(for:)`` gives; an output that already exists says to pass
  /// `--overwrite`.
  static func media(_ error: MediaError, command: String? = nil) -> CommandFailure {
    if case .fileExists(let path) = error {
      let prefix = command.map { "\($0): " } ?? ""
      return .usage(
        "\(prefix)\(path) already exists (it appeared while writing) and was kept; pass --overwrite to replace it"
      )
    }
    return CommandFailure(message: error.description, status: ExitStatus(for: error))
  }
}
