/// The exit codes of every `reel` command.
///
/// Stable across versions: scripts and CI jobs branch on them.
enum ExitStatus: Int32 {
  /// Success.
  case ok = 0
  /// Any failure not covered by a more specific code.
  case failure = 1
  /// The command line was wrong (unknown command or option, missing argument), or an
  /// existing output file would be replaced without `--overwrite`.
  case usage = 2
  /// The template is invalid (including media it names that is missing).
  case invalidTemplate = 3
  /// A media file could not be read, decoded or written (unreadable, corrupt, unsupported).
  case media = 4
  /// Interrupted by Ctrl-C (SIGINT).
  case interrupted = 130
  /// Terminated by SIGTERM.
  case terminated = 143
}

/// A failure that ends a command: the one-line message printed to stderr and the exit status.
struct CommandFailure: Error {
  let message: String
  let status: ExitStatus

  /// A usage error (exit 2); the message should say what to type instead.
  static func usage(_ message: String) -> CommandFailure {
    CommandFailure(message: message, status: .usage)
  }
}
