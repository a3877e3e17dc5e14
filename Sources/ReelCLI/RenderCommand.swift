import Foundation
import Reel
import ReelProject

/// `reel render TEMPLATE -o OUT …`: exports a template to a video file.
enum RenderCommand {
  static let usage =
    "reel render TEMPLATE -o OUT [--preset P] [--frame-rate FPS] [--width W] [--loop N] [--from S] [--to S] [--set K=V]... [--overwrite] [--quiet] [--progress json]"

  static let help = """
    Usage: \(usage)
           \(ChunkRenderCommand.usage)
           \(BatchRenderCommand.usage)

    Renders a template (JSON, see docs/template-format.md) to a video file. The container
    comes from OUT's extension (\(MediaWriter.supportedFileExtensions.map { "." + $0 }.joined(separator: ", "))). The file appears only
    when complete; an interrupted or failed render leaves nothing at OUT, and an existing
    file is never replaced without --overwrite, even one that appears while rendering.
    Animated images (.gif, .webp, .apng) take the template's "export" frameRate, width and
    loop (or --frame-rate, --width and --loop), and carry no audio; "export": {"alpha": true} keeps the picture's alpha (ProRes
    4444 in .mov, VP9 with alpha in .webm, transparency in the animated images). `reel frame`
    writes one PNG.

    Options:
      -o, --output OUT       The file to write (required).
      --preset P             Export preset instead of the template's, one of:
                             \(presetList).
                             prores4444 and vp9alpha keep the picture's alpha, as
                             "export": {"alpha": true} with that codec.
      --frame-rate FPS       Frames per second of the output instead of the template's
                             "export" frameRate (\(rateRange); 29.97 is 30000/1001):
                             a GIF is usually 15.
      --width W              Output width in pixels instead of the template's "export"
                             width or size, even; the height follows the movie's shape: a
                             GIF is usually 480.
      --loop N               How many times an animated image (.gif, .webp, .apng)
                             plays, instead of the template's "export" loop: 0 for ever,
                             1 once (\(playCountRange)).
      --from S, --to S       Export only this part of the movie (seconds, any JSON number).
      --set NAME=VALUE       Fill the template variable {{NAME}} (repeatable).
      --overwrite            Replace an existing OUT (otherwise it is kept and reel exits 2).
      --quiet                No progress bar and no summary line.
      --progress json        One JSON object per line on stdout as frames are written:
                             {"fraction","frame","frames","fps","eta"} (eta in seconds, null
                             until known); the summary line then goes to stderr.
      --no-smart             Draw and encode every frame. By default a render copies the
                             groups of pictures a clip shows unmodified (nothing drawn over
                             it, same size, rate and codec) as they are, and encodes only
                             the rest (docs/smart-render.md).
      --explain-smart        Print which frames would be copied and why the others would be
                             encoded, and render nothing.
      --verbose              Also show FFmpeg's own messages on stderr.
      -h, --help             Show this help.

    \(LimitOptions.help(for: "render"))

    \(ChunkRenderCommand.help)

    \(BatchRenderCommand.help)

    On a terminal a progress bar (percent, frames per second, time left) is drawn on stderr.
    Exit codes: 0 written, 2 usage (or OUT exists, or OUT's name is not one Reel writes),
    3 invalid template, 4 media error, 5 some rows of a batch failed (--data), 129 hung up
    (SIGHUP), 130 interrupted (Ctrl-C), 131 quit (SIGQUIT), 143 terminated (SIGTERM).
    """

  /// The preset names `--preset` takes, wrapped to the help's option column.
  private static var presetList: String {
    var lines = [""]
    for name in ExportPreset.allCases.map(\.name) {
      let limit = 62
      if lines[lines.count - 1].count + name.count + 2 > limit { lines.append("") }
      lines[lines.count - 1] += name + ", "
    }
    let text = lines.joined(separator: "\n" + String(repeating: " ", count: 25))
    return String(text.dropLast(2))
  }

  /// The frame rates `--frame-rate` takes, as the help says them (`1…240`).
  private static let rateRange =
    "\(String(format: "%g", Template.frameRateRange.lowerBound))…\(String(format: "%g", Template.frameRateRange.upperBound))"

  /// The play counts `--loop` takes, as the help says them (`0…65535`).
  private static let playCountRange =
    "\(OutputContainer.playCountRange.lowerBound)…\(OutputContainer.playCountRange.upperBound)"

  /// The animated images' extensions (`.gif, .webp, .apng`).
  private static let animatedImageExtensions = OutputContainer.allCases.filter(\.isAnimatedImage)
    .map { "." + $0.rawValue }.joined(separator: ", ")

  /// The options that set one export setting of a whole render (not a planned one's).
  static let wholeRenderOptions = ["--frame-rate", "--width", "--loop"]

  /// Whether `--progress json` was given (the only value `--progress` takes).
  ///
  /// - Throws: ``CommandFailure/usage(_:)`` for any other value.
  static func asksForJSONProgress(_ parsed: Arguments) throws(CommandFailure) -> Bool {
    switch parsed.value("--progress") {
    case nil: return false
    case "json": return true
    case let other?:
      throw CommandFailure.usage("render: --progress takes 'json' (got '\(other)')")
    }
  }

  static func run(arguments: [String]) async throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "render",
      flags: [
        "--help", "--overwrite", "--quiet", "--stats", "--audio", "--lossless", "--skip-existing",
        "--no-smart", "--explain-smart",
      ],
      options: LimitOptions.options(
        for: "render",
        adding: Set(
          [
            "--output", "--preset", "--from", "--to", "--set", "--progress", "--plan", "--chunk",
            "--jobs", "--threads", "--data", "--rows", "--report",
          ] + wholeRenderOptions)),
      aliases: ["-h": "--help", "-o": "--output"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    let templatePath = try TemplateInput.templatePath(parsed, command: "render", usage: usage)
    if BatchRenderCommand.applies(to: parsed) {
      return try await BatchRenderCommand.run(parsed: parsed, templatePath: templatePath)
    }
    for option in ["--rows", "--report"] where parsed.value(option) != nil {
      throw CommandFailure.usage("render: \(option) goes with --data ROWS")
    }
    if parsed.has("--skip-existing") {
      throw CommandFailure.usage("render: --skip-existing goes with --data ROWS")
    }
    if ChunkRenderCommand.applies(to: parsed) {
      if let option = wholeRenderOptions.first(where: { parsed.value($0) != nil }) {
        throw CommandFailure.usage(
          "render: \(option) goes with a whole render, not --plan or --jobs (chunks are H.264 at the plan's rate and size)"
        )
      }
      return try await ChunkRenderCommand.run(parsed: parsed, templatePath: templatePath)
    }
    for option in ["--lossless", "--threads"]
    where parsed.has(option) || parsed.value(option) != nil {
      throw CommandFailure.usage("render: \(option) goes with --jobs (or reel plan)")
    }
    guard let output = parsed.value("--output") else {
      throw CommandFailure.usage("render: missing -o OUT; usage: \(usage)")
    }
    let json = try RenderCommand.asksForJSONProgress(parsed)
    let variables = try TemplateInput.variables(from: parsed.allValues("--set"), command: "render")
    var preset: ExportPreset? = nil
    if let name = parsed.value("--preset") {
      do {
        preset = try ExportPreset(name: name)
      } catch {
        throw CommandFailure.usage("render: \(error.description)")
      }
    }
    let frameDuration = try parsed.value("--frame-rate").map { (text) throws(CommandFailure) in
      try Self.frameDuration(text)
    }
    let width = try parsed.value("--width").map { (text) throws(CommandFailure) -> Int in
      guard let width = Int(text), width >= 2, width % 2 == 0 else {
        throw .usage(
          "render: --width needs an even whole number of pixels, such as 480 (got '\(text)')")
      }
      return width
    }
    let plays = try parsed.value("--loop").map { (text) throws(CommandFailure) in
      try Self.playCount(text, output: output)
    }
    let from = try parsed.value("--from").map { (text) throws(CommandFailure) in
      try TemplateInput.seconds(text, option: "--from", command: "render")
    }
    let to = try parsed.value("--to").map { (text) throws(CommandFailure) in
      try TemplateInput.seconds(text, option: "--to", command: "render")
    }
    let overwrite = parsed.has("--overwrite")
    try TemplateInput.checkMovieOutputName(output, command: "render")
    try TemplateInput.checkOutput(output, overwrite: overwrite, command: "render")

    let template = try TemplateInput.load(
      path: templatePath, variables: variables,
      limits: LimitOptions.parse(parsed, command: "render"))
    var settings = template.exportSettings
    if let preset { settings.preset = preset }
    if let frameDuration { settings.frameDuration = frameDuration }
    if let width {
      // The command line replaces the template's size as a whole.
      settings.outputWidth = width
      settings.outputSize = nil
    }
    if let plays { settings.loopCount = plays }
    settings.overwrite = overwrite
    if from != nil || to != nil {
      settings.timeRange = try range(
        from: from, to: to, base: settings.timeRange, duration: template.movie.duration)
    }
    settings.smart = !parsed.has("--no-smart")
    if parsed.has("--explain-smart") {
      return try explainSmart(
        template.movie, output: output, settings: settings, template: templatePath)
    }

    let style = ProgressReporter.style(json: json, quiet: parsed.has("--quiet"))
    let outcome = await export(
      template.movie, to: URL(fileURLWithPath: output), settings: settings, style: style)
    switch outcome {
    case .success(let result):
      for warning in result.warnings { ReelTool.printError("warning: \(warning)") }
      if !parsed.has("--quiet") {
        let line = summary(of: result, output: output)
        if json { Console.note(line) } else { Console.output(line) }
      }
      if parsed.has("--stats") { Console.note(statistics(of: result)) }
      return .ok
    case .failure(let error):
      try Interruption.check(output: output)
      throw failure(for: error, template: templatePath)
    }
  }

  /// One frame's duration for `--frame-rate`, read as the template's `frameRate` is
  /// (``Template/frameDuration(rate:)``) within ``Template/frameRateRange``.
  static func frameDuration(_ text: String) throws(CommandFailure) -> Time {
    let range = Template.frameRateRange
    guard let rate = Double(text), range.contains(rate),
      let duration = Template.frameDuration(rate: text)
    else {
      throw .usage(
        "render: --frame-rate needs frames per second \(rateRange), such as 15 or 29.97 (got '\(text)')"
      )
    }
    return duration
  }

  /// The play count `--loop` gives (``OutputContainer/playCountRange``), for an `output`
  /// that is an animated image.
  ///
  /// - Throws: ``CommandFailure/usage(_:)`` for a count out of range, or a video output
  ///   (which has no loop count).
  static func playCount(_ text: String, output: String) throws(CommandFailure) -> Int {
    guard let plays = Int(text), OutputContainer.playCountRange.contains(plays) else {
      throw .usage(
        "render: --loop needs a whole number of plays \(playCountRange), 0 for ever (got '\(text)')"
      )
    }
    let fileExtension = URL(fileURLWithPath: output).pathExtension
    guard OutputContainer(fileExtension: fileExtension)?.isAnimatedImage ?? true else {
      throw .usage(
        "render: --loop goes with an animated image (\(animatedImageExtensions)), not .\(fileExtension.lowercased())"
      )
    }
    return plays
  }

  /// Runs the export, reporting progress, cancelling it on SIGINT or SIGTERM.
  static func export(
    _ movie: Movie, to url: URL, settings: ExportSettings, style: ProgressReporter.Style
  ) async -> Result<ExportResult, ExportError> {
    await export(
      session: ExportSession(movie: movie, outputURL: url, settings: settings), style: style)
  }

  /// Runs a session's export, reporting progress, cancelling it on SIGINT or SIGTERM.
  static func export(session: ExportSession, style: ProgressReporter.Style) async -> Result<
    ExportResult, ExportError
  > {
    Interruption.install()
    let progress = Task {
      var reporter = ProgressReporter(style: style)
      for await step in session.progress { reporter.report(step) }
      return reporter
    }
    let exporting = Task { () -> Result<ExportResult, ExportError> in
      do throws(ExportError) {
        return .success(try await session.export())
      } catch {
        return .failure(error)
      }
    }
    Interruption.onSignal { exporting.cancel() }
    let outcome = await exporting.value
    var shown = await progress.value
    switch outcome {
    case .success(let result):
      shown.finish(frames: result.frameCount, seconds: result.wallSeconds)
    case .failure:
      shown.abandon()
    }
    return outcome
  }

  /// The export range from `--from`/`--to`, each defaulting to the template's range (or
  /// the whole movie).
  static func range(from: Time?, to: Time?, base: TimeRange?, duration: Time)
    throws(CommandFailure) -> TimeRange
  {
    let start = from ?? base?.start ?? .zero
    let end = to ?? base?.end ?? duration
    if end > duration {
      throw .usage(
        "render: --to \(describeSeconds(end)) is past the end of the movie (\(describeSeconds(duration)))"
      )
    }
    guard start < end else {
      throw .usage(
        "render: --from \(describeSeconds(start)) must be before --to \(describeSeconds(end))")
    }
    return TimeRange(start: start, end: end)
  }

  /// `--explain-smart`: one line per run of frames, copied or encoded and why.
  static func explainSmart(
    _ movie: Movie, output: String, settings: ExportSettings, template: String
  ) throws(CommandFailure) -> ExitStatus {
    let plan: SmartRenderPlan
    do {
      plan = try SmartRenderPlan.planning(
        movie: movie, settings: settings, outputURL: URL(fileURLWithPath: output))
    } catch {
      throw failure(for: error, template: template)
    }
    var lines = [
      "\(plan.frameCount) frames: \(plan.copiedFrameCount) copied, \(plan.encodedFrameCount) encoded"
    ]
    lines += plan.runs.map(\.description)
    if !settings.smart { lines.append("(--no-smart: every frame would be encoded)") }
    Console.output(lines: lines)
    return .ok
  }

  /// `wrote OUT: 12.0 s, 1280×720, 360 frames in 4.1 s (88 fps)`; a smart render says how
  /// many were copied: `360 frames (270 copied) in …`.
  static func summary(of result: ExportResult, output: String) -> String {
    let length = String(format: "%.1f s", result.duration.seconds)
    let wall = String(format: "%.1f s", result.wallSeconds)
    guard let size = result.videoSize else {
      return "wrote \(output): \(length) of audio in \(wall)"
    }
    let fps =
      result.wallSeconds > 0 ? Int((Double(result.frameCount) / result.wallSeconds).rounded()) : 0
    let copied = result.copiedFrameCount > 0 ? " (\(result.copiedFrameCount) copied)" : ""
    return
      "wrote \(output): \(length), \(size.width)×\(size.height), \(result.frameCount) frames\(copied) in \(wall) (\(fps) fps)"
  }

  /// The hidden `--stats` line (for `make bench`): one JSON object with the wall time, each
  /// stage's busy time (seconds), the queues' high-water marks (frames) and how many frames
  /// stayed in Y′CbCr.
  static func statistics(of result: ExportResult) -> String {
    func object(_ values: [String: String]) -> String {
      "{"
        + values.keys.sorted().map { "\"\($0)\": \(values[$0] ?? "null")" }.joined(separator: ", ")
        + "}"
    }
    let statistics = result.statistics
    let stages = object(
      (statistics.busySeconds?.byName ?? [:]).mapValues { String(format: "%.4f", $0) })
    let queues = object((statistics.queueHighWater?.byName ?? [:]).mapValues { String($0) })
    return object([
      "wallSeconds": String(format: "%.4f", result.wallSeconds),
      "frames": String(result.frameCount), "yuvFrames": String(statistics.yuvFrameCount),
      "stageBusySeconds": stages, "queueHighWater": queues,
    ])
  }

  /// The exit status and message for a failed export.
  static func failure(for error: ExportError, template: String) -> CommandFailure {
    switch error {
    case .media(let media):
      return CommandFailure.media(media, command: "render")
    case .invalidMovie(let reason):
      return CommandFailure(
        message: "\(template): cannot be exported: \(reason)", status: .invalidTemplate)
    case .render(.limit(let limit)):
      return CommandFailure(
        message: LimitOptions.naming("\(template): \(limit.description)"), status: .invalidTemplate)
    case .render(.outOfMemory(let allocation)):
      return CommandFailure(message: "\(template): \(allocation.description)", status: .media)
    case .render(let render):
      return CommandFailure(message: "\(template): \(render.description)", status: .failure)
    case .cancelled:
      return CommandFailure(message: error.description, status: .failure)
    }
  }
}
