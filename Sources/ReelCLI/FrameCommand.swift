import Foundation
import Reel
import ReelProject

/// `reel frame TEMPLATE --time T -o OUT.png`: one still of a template.
enum FrameCommand {
  static let usage =
    "reel frame TEMPLATE --time T -o OUT.png [--set K=V]... [--size WxH] [--overwrite]"

  static let help = """
    Usage: \(usage)

    Renders the template's frame at time T (seconds) exactly as `reel render` draws it, and
    writes it as a PNG: always a PNG, opaque (a clear background is drawn over black, as in a
    render that does not keep alpha), whatever the template's export says. There is no
    --format: animated GIF, WebP and APNG are `reel render -o OUT.gif` (or .webp, .apng),
    the extension choosing the format, with --frame-rate and --width.

    Options:
      --time T               The time of the frame, in seconds (0 ≤ T < the movie's length).
      -o, --output OUT.png   The PNG to write (required).
      --set NAME=VALUE       Fill the template variable {{NAME}} (repeatable).
      --size WxH             Scale the still down to fit inside W×H pixels (aspect kept).
      --overwrite            Replace an existing OUT.png (otherwise reel exits 2).
      --verbose              Also show FFmpeg's own messages on stderr.
      -h, --help             Show this help.

    T is any number of seconds as JSON writes it (1.5, 1.5e0, 0.7666666666666667); times
    finer than a nanosecond are rounded to the nearest one.
    \(LimitOptions.help(for: "frame"))
    """

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "frame", flags: ["--help", "--overwrite"],
      options: LimitOptions.options(
        for: "frame", adding: ["--output", "--time", "--set", "--size"]),
      aliases: ["-h": "--help", "-o": "--output", "-t": "--time"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    let templatePath = try TemplateInput.templatePath(parsed, command: "frame", usage: usage)
    guard let timeText = parsed.value("--time") else {
      throw CommandFailure.usage("frame: missing --time T; usage: \(usage)")
    }
    guard let output = parsed.value("--output") else {
      throw CommandFailure.usage("frame: missing -o OUT.png; usage: \(usage)")
    }
    guard URL(fileURLWithPath: output).pathExtension.lowercased() == "png" else {
      throw CommandFailure.usage("frame: \(output): the still is a PNG; name it OUT.png")
    }
    let time = try TemplateInput.seconds(timeText, option: "--time", command: "frame")
    let maximumSize = try parsed.value("--size").map { (text) throws(CommandFailure) in
      try size(text)
    }
    let variables = try TemplateInput.variables(from: parsed.allValues("--set"), command: "frame")
    try TemplateInput.checkOutput(output, overwrite: parsed.has("--overwrite"), command: "frame")

    let limits = try LimitOptions.parse(parsed, command: "frame")
    // A signal while loading or drawing stops the command before the still is written.
    Interruption.install()
    let template = try TemplateInput.load(
      path: templatePath, variables: variables, limits: limits)
    let duration = template.movie.duration
    guard time < duration else {
      throw CommandFailure.usage(
        "frame: --time \(describeSeconds(time)) is not in the movie [0, \(describeSeconds(duration)))"
      )
    }
    let grabber = FrameGrabber(movie: template.movie)
    grabber.maximumSize = maximumSize
    grabber.limits = limits
    let frame: FrameGrabber.Frame
    do {
      frame = try grabber.frame(at: time)
    } catch let error as MediaError {
      throw error
    } catch RenderError.outOfMemory(let allocation) {
      throw CommandFailure(message: "\(templatePath): \(allocation)", status: .media)
    } catch let error as PixelAllocationError {
      throw CommandFailure(message: "\(templatePath): \(error)", status: .media)
    } catch RenderError.limit(let limit) {
      throw CommandFailure(
        message: LimitOptions.naming("\(templatePath): \(limit)"), status: .invalidTemplate)
    } catch {
      throw CommandFailure(message: "\(templatePath): \(error)", status: .failure)
    }
    try Interruption.check(output: output)
    do {
      try frame.image.writePNG(
        to: URL(fileURLWithPath: output), overwrite: parsed.has("--overwrite"))
    } catch {
      throw CommandFailure.media(error, command: "frame")
    }
    Console.output(
      "wrote \(output): \(frame.image.width)×\(frame.image.height) at \(describeSeconds(time))")
    return .ok
  }

  /// Parses `WxH` (or `W×H`) into a size in pixels.
  static func size(_ text: String) throws(CommandFailure) -> (width: Int, height: Int) {
    let parts = text.split(whereSeparator: { $0 == "x" || $0 == "×" })
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0,
      height > 0
    else {
      throw .usage("frame: --size needs WIDTHxHEIGHT in pixels, such as 480x270 (got '\(text)')")
    }
    return (width, height)
  }
}
