import Foundation
import Reel

/// `reel join PLAN [-o OUT]`: joins a plan's chunks and audio into one movie without
/// re-encoding (see ``ChunkJoiner``).
enum JoinCommand {
  static let usage = "reel join PLAN.json [-o OUT.mp4] [--remove-chunks] [--overwrite] [--quiet]"

  static let help = """
    Usage: \(usage)

    Joins the chunks and the audio of a render plan (made by reel plan, rendered by
    reel render --plan) into one movie without re-encoding. Every piece is checked first:
    it must exist, have been rendered from this plan (whose input files must be unchanged),
    hold exactly its frames starting with a keyframe, and have the same codec parameters as
    the plan and the other chunks. Otherwise nothing is written and every missing or wrong
    piece is listed by index and path, so they can be rendered again. Timestamps come from
    each chunk's absolute first frame; the movie has its index first (fast start) and
    appears only when complete.

    Options:
      -o, --output OUT       The movie (default: the plan's output).
      --remove-chunks        Delete the chunks and the audio file after a successful join.
      --overwrite            Replace an existing OUT (otherwise it is kept and reel exits 2).
      --quiet                No summary line.
      -h, --help             Show this help.

    Exit codes: 0 written, 2 usage (or OUT exists), 3 input files changed since the plan,
    4 missing or wrong chunks (listed) or a media error.
    """

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "join", flags: ["--help", "--remove-chunks", "--overwrite", "--quiet"],
      options: ["--output"], aliases: ["-h": "--help", "-o": "--output"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    guard parsed.positionals.count == 1, let planPath = parsed.positionals.first else {
      throw CommandFailure.usage("join: expected one PLAN; usage: \(usage)")
    }
    let planURL = URL(fileURLWithPath: planPath).standardizedFileURL
    let plan: RenderPlan
    do {
      plan = try RenderPlan.read(from: planURL)
    } catch {
      throw ChunkFailure.failure(for: error, command: "join", template: nil)
    }
    let folder = planURL.deletingLastPathComponent()
    let output =
      parsed.value("--output").map { URL(fileURLWithPath: $0) }
      ?? RenderPlan.url(of: plan.output, planFolder: folder)
    try TemplateInput.checkMovieOutputName(output.path, command: "join")
    try TemplateInput.checkOutput(
      output.path, overwrite: parsed.has("--overwrite"), command: "join")
    let summary = try join(
      plan, planFolder: folder, to: output, overwrite: parsed.has("--overwrite"),
      removingChunks: parsed.has("--remove-chunks"))
    if !parsed.has("--quiet") {
      Console.output(
        "wrote \(output.path): \(summary.frameCount) frames from \(plan.chunks.count) chunk\(plan.chunks.count == 1 ? "" : "s")\(summary.hasAudio ? " and the audio" : "") in \(String(format: "%.2f s", summary.wallSeconds))"
      )
    }
    return .ok
  }

  /// Joins, turning a refusal into the listed failure.
  static func join(
    _ plan: RenderPlan, planFolder: URL, to output: URL, overwrite: Bool, removingChunks: Bool
  ) throws(CommandFailure) -> ChunkJoiner.Summary {
    do {
      return try ChunkJoiner(plan: plan, planFolder: planFolder).join(
        to: output, overwrite: overwrite, removingChunks: removingChunks)
    } catch {
      throw ChunkFailure.failure(for: error, command: "join", template: nil)
    }
  }
}
