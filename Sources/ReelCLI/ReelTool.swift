import Foundation
import Reel

/// Dispatches `reel <command> …` to the command's implementation and turns failures into a
/// one-line message on stderr plus an ``ExitStatus``.
enum ReelTool {
  static let version = "0.1.0"

  static let usage = """
    reel — video compositing and export for Swift on Linux

    Usage: reel <command> [options]

    Commands:
      probe FILE [--json]    Describe a media file: container, duration, tracks.
      demo [-o DIR]          Make a demo clip with Reel's own writer and describe it.

    Options:
      -h, --help             Show help (also `reel <command> --help`).
      --version              Print the version.

    Exit codes: 0 ok, 1 other failure, 2 usage error, 3 invalid template,
    4 media error (unreadable, corrupt, unsupported), 130 interrupted.
    """

  /// Runs the tool with `arguments` (without the program name) and returns the exit status.
  static func run(arguments: [String]) -> ExitStatus {
    guard let command = arguments.first else {
      printError("missing command\n\n" + usage)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case "-h", "--help", "help":
        print(usage)
        return .ok
      case "--version":
        print("reel \(version)")
        return .ok
      case "probe":
        return try ProbeCommand.run(arguments: rest)
      case "demo":
        return try DemoCommand.run(arguments: rest)
      default:
        throw CommandFailure.usage(
          "unknown command '\(command)'; run 'reel --help' for the list of commands")
      }
    } catch let failure as CommandFailure {
      printError(failure.message)
      return failure.status
    } catch let error as MediaError {
      printError(error.description)
      return .media
    } catch {
      printError("\(error)")
      return .failure
    }
  }

  /// Writes `reel: message` and a newline to standard error.
  static func printError(_ message: String) {
    FileHandle.standardError.write(Data("reel: \(message)\n".utf8))
  }
}
