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
      render TEMPLATE -o OUT     Render a JSON template to a video file (progress, summary).
      plan TEMPLATE --chunks N [-o PLAN.json]
                                 Plan a render in chunks (for --jobs or a cluster).
      render TEMPLATE --plan PLAN.json --chunk I | --audio
                                 Render one task of a plan (a chunk's frames, the audio).
      render TEMPLATE --jobs J [-o OUT]
                                 Render in J local processes, then join.
      render TEMPLATE --data ROWS -o 'cards/{{name}}.mp4'
                                 One movie per row of a CSV, JSON or JSON Lines file.
      join PLAN.json [-o OUT]    Join a plan's chunks and audio without re-encoding.
      batch-report REPORTS [-o REPORT.json]
                                 Collect the reports of a batch's cluster tasks into one.
      frame TEMPLATE --time T -o OUT.png
                                 Render one still of a template as a PNG.
      validate TEMPLATE          Check a template and the media it names; list every problem.
      preview TEMPLATE           Show the template in the browser while you edit it (live
                                 reload, timeline, playback, Render button).
      schema                     Print the JSON Schema of the template format.
      probe FILE [--json]        Describe a media file: container, duration, tracks.
      demo [-o DIR]              Make the media the examples use, then render the birthday card.

    Options:
      -h, --help                 Show help (also `reel <command> --help`).
      --version                  Print the version.
      --verbose                  With any command: also show the media libraries' (FFmpeg's)
                                 own messages, as `reel: ffmpeg: …` lines on stderr.

    Exit codes: 0 ok, 1 other failure, 2 usage error (or the output exists without
    --overwrite, or Reel cannot write a file of that name), 3 invalid template (missing media
    included), 4 media error (unreadable, corrupt, unsupported, unwritable), 5 some rows of a
    batch failed (the others were written), 129 hung up
    (SIGHUP), 130 interrupted (Ctrl-C), 131 quit (SIGQUIT), 143 terminated (SIGTERM).
    """

  /// Runs the tool with `arguments` (without the program name) and returns the exit status.
  static func run(arguments given: [String]) async -> ExitStatus {
    // `--verbose` may also come before the command (`reel --verbose render …`).
    let leading = given.prefix { Arguments.commonFlags.contains($0) }
    let arguments = Array(given.dropFirst(leading.count))
    guard let command = arguments.first else {
      printError("missing command; run 'reel --help' for the list of commands")
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    routeLibraryLog(verbose: leading.contains("--verbose") || Arguments.isVerbose(rest))
    do {
      switch command {
      case "-h", "--help", "help":
        Console.document(usage)
        return .ok
      case "--version":
        Console.output("reel \(version)")
        return .ok
      case "render":
        return try await RenderCommand.run(arguments: rest)
      case "plan":
        return try PlanCommand.run(arguments: rest)
      case "join":
        return try JoinCommand.run(arguments: rest)
      case "batch-report":
        return try BatchReportCommand.run(arguments: rest)
      case "frame":
        return try FrameCommand.run(arguments: rest)
      case "validate":
        return try ValidateCommand.run(arguments: rest)
      case "preview":
        return try await PreviewCommand.run(arguments: rest)
      case "schema":
        return try SchemaCommand.run(arguments: rest)
      case "probe":
        return try ProbeCommand.run(arguments: rest)
      case "demo":
        return try await DemoCommand.run(arguments: rest)
      default:
        throw CommandFailure.usage(
          "unknown command '\(command)'; run 'reel --help' for the list of commands")
      }
    } catch let failure as CommandFailure {
      Console.errors(failure.lines)
      return failure.status
    } catch let error as MediaError {
      let failure = CommandFailure.media(error)
      Console.errors(failure.lines)
      return failure.status
    } catch {
      Console.error("\(error)")
      return .failure
    }
  }

  /// Writes `message` to standard error as one `reel: ` line (unless `prefixed` is false),
  /// with control characters escaped (see ``Console``).
  static func printError(_ message: String, prefixed: Bool = true) {
    if prefixed { Console.error(message) } else { Console.note(message) }
  }

  /// Sends the media libraries' log to standard error with `--verbose` (their warnings and
  /// information, as `reel: ffmpeg: …` lines), and drops it otherwise.
  private static func routeLibraryLog(verbose: Bool) {
    if verbose {
      MediaLog.setHandler(level: .info) { message in Console.libraryLog(message.text) }
    } else {
      MediaLog.setHandler(nil)
    }
  }
}
