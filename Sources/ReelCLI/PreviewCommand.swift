import Foundation
import ReelPreview
import Synchronization

/// `reel preview TEMPLATE`: a live preview of a template in the browser.
enum PreviewCommand {
  static let usage = "reel preview TEMPLATE [--set K=V]... [--port P] [--open]"

  static let help = """
    Usage: \(usage)

    Serves a page on 127.0.0.1 that shows the template while you write it: the frame at the
    playhead (the same pixels as `reel frame`), a timeline of its clips, layers,
    animations and subtitle cues, playback with its sound, the problems `reel validate`
    reports, and a Render button. When the template or any file it uses changes on disk,
    the page updates within a second. Prints the page's URL (it carries a secret token:
    only the page it opens may talk to the server) and runs until Ctrl-C.

    Options:
      --set NAME=VALUE   Fill the template variable {{NAME}} (repeatable).
      --port P           The port on 127.0.0.1 (default 0: a free one).
      --open             Open the page with xdg-open.
      --verbose          Also show FFmpeg's own messages on stderr.
      -h, --help         Show this help.

    See docs/preview.md for the page, its API and the security model.
    """

  static func run(arguments: [String]) async throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "preview", flags: ["--help", "--open"],
      options: ["--set", "--port"], aliases: ["-h": "--help", "-p": "--port"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    let path = try TemplateInput.templatePath(parsed, command: "preview", usage: usage)
    let variables = try TemplateInput.variables(
      from: parsed.allValues("--set"), command: "preview")
    var port = 0
    if let text = parsed.value("--port") {
      guard let value = Int(text), (0...65535).contains(value) else {
        throw CommandFailure.usage("preview: --port needs a number from 0 to 65535 (got '\(text)')")
      }
      port = value
    }
    guard FileManager.default.fileExists(atPath: path) else {
      throw CommandFailure(
        message: "preview: \(path): file not found", status: .invalidTemplate)
    }

    // Ctrl-C (or SIGTERM, SIGHUP, SIGQUIT) is how the server is meant to end: exit 0.
    Interruption.install()
    let preview = PreviewServer(templatePath: path, variables: variables, port: port)
    let url: String
    do {
      url = try preview.start()
    } catch {
      var message = "preview: \(error)"
      if case .cannotListen = error { message += " (reel: --port N)" }
      throw CommandFailure(message: message, status: .failure)
    }
    Console.output("Preview: \(url)")
    if let revision = preview.revision, !revision.isValid {
      Console.note("\(path): the template has problems; the page lists them")
    }
    if parsed.has("--open") { open(url) }
    Console.note("Serving \(path) on 127.0.0.1:\(preview.port); press Ctrl-C to stop")
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let resumed = Atomic(false)
      Interruption.onSignal {
        if !resumed.exchange(true, ordering: .relaxed) { continuation.resume() }
      }
    }
    preview.stop()
    Console.note("Preview stopped")
    return .ok
  }

  /// Opens `url` with xdg-open when it is installed; else says so.
  private static func open(_ url: String) {
    let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      .split(separator: ":").map { "\($0)/xdg-open" }
    guard let opener = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      Console.note("--open: xdg-open is not installed; open the URL above in a browser")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [url]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      Console.note("--open: cannot run \(opener): \(error); open the URL above in a browser")
    }
  }
}
