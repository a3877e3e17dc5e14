import Foundation
import Reel
import ReelProject

/// `reel demo [-o DIR]`: makes the media the examples use, then renders the birthday card.
enum DemoCommand {
  static let usage = "reel demo [-o DIR] [--name NAME] [--media-only] [--quiet]"

  static let help = """
    Usage: \(usage)

    Makes the media the examples in Examples/ use — everything drawn and encoded by Reel
    itself, nothing copied — then renders the birthday card (Examples/birthday-card.json)
    to DIR/birthday-card.mp4 and prints where it is.

      clip-a.mp4        640×360, 4 s: shapes moving over a gradient, a 440 Hz tone
      clip-b.mp4        640×360, 4 s: a ticking clock face, a ticking 660 Hz tone
      star.png          a gold star on transparency
      overlay.png       a full-frame vignette and frame on transparency
      captions.srt      three timed English captions
      captions-zh.srt   the same captions in Chinese

    Options:
      -o, --output DIR   Folder for the media (default: Examples/media). Created if needed;
                         earlier demo files there are replaced.
      --name NAME        The name on the birthday card (default: Friend).
      --media-only       Make the media but do not render the birthday card.
      --quiet            No progress bar.
      --verbose          Also show FFmpeg's own messages on stderr.
      -h, --help         Show this help.
    """

  static func run(arguments: [String]) async throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "demo", flags: ["--help", "--quiet", "--media-only"],
      options: ["--output", "--name"],
      aliases: ["-h": "--help", "-o": "--output"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    guard parsed.positionals.isEmpty else {
      throw CommandFailure.usage(
        "demo: unexpected argument '\(parsed.positionals[0])'; usage: \(usage)")
    }
    let folder = URL(
      fileURLWithPath: parsed.value("--output") ?? "Examples/media", isDirectory: true)
    let media = DemoMedia(folder: folder)
    Interruption.install()
    try media.writeAll { () throws(CommandFailure) in
      try Interruption.check(output: folder.path)
    }
    Console.output(
      lines: ["Made the example media in \(folder.path):"] + DemoMedia.fileNames.map { "  \($0)" })
    if parsed.has("--media-only") { return .ok }

    let card = media.url("birthday-card.mp4")
    var variables: [String: String] = [:]
    if let name = parsed.value("--name") { variables["name"] = name }
    let template: LoadedTemplate
    do {
      template = try Template.load(
        data: Data(DemoMedia.birthdayCardTemplateInMediaFolder.utf8),
        path: media.url("birthday-card.json").path, variables: variables)
    } catch {
      throw CommandFailure(lines: error.lines, status: .invalidTemplate)
    }
    var settings = template.exportSettings
    settings.overwrite = true
    let style = ProgressReporter.style(json: false, quiet: parsed.has("--quiet"))
    switch await RenderCommand.export(template.movie, to: card, settings: settings, style: style) {
    case .success(let result):
      Console.output(lines: [
        RenderCommand.summary(of: result, output: card.path),
        "The birthday card is at \(card.path)",
      ])
      return .ok
    case .failure(let error):
      try Interruption.check(output: card.path)
      throw RenderCommand.failure(for: error, template: "birthday-card.json")
    }
  }
}
