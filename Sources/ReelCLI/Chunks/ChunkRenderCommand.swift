import Foundation
import Reel
import ReelProject

/// `reel render TEMPLATE --plan PLAN --chunk I | --audio` and `reel render TEMPLATE --jobs J`:
/// the tasks of a render plan, and all of them run locally then joined.
enum ChunkRenderCommand {
  /// The usage lines added to `reel render`'s.
  static let usage = """
    reel render TEMPLATE --plan PLAN.json --chunk I [--quiet]
           reel render TEMPLATE --plan PLAN.json --audio [--quiet]
           reel render TEMPLATE --jobs J [--plan PLAN.json] [-o OUT.mp4] [--lossless] [--threads T] [render's options]
    """

  /// The help section added to `reel render --help`.
  static let help = """
    Rendering in chunks (see docs/scale-out.md):
      --plan PLAN.json       Follow a plan made by reel plan. The template must be the one
                             the plan was made from (its files unchanged); its variables
                             come from the plan (a --set that disagrees is refused), and
                             --from, --to, --preset, --lossless and --threads, which the
                             plan fixes, are refused.
      --chunk I              Render only the video frames of chunk I (from 0) to the plan's
                             chunk file, where reel join reads it (-o is refused: the plan
                             names the file). A re-run replaces it atomically.
      --audio                Mix and encode the whole movie's audio once (.m4a) to the
                             plan's audio file (-o is refused likewise).
      --jobs J               Render with J local processes of reel and join: a plan of J
                             chunks (made in a temporary folder beside OUT, or --plan's),
                             its tasks J at a time, then reel join. OUT defaults to the
                             plan's output, whose folder must exist. Without --plan,
                             --lossless and --threads T as for reel plan.
    """

  /// Whether `parsed` asks for a planned render.
  static func applies(to parsed: Arguments) -> Bool {
    parsed.value("--plan") != nil || parsed.value("--chunk") != nil || parsed.has("--audio")
      || parsed.value("--jobs") != nil
  }

  static func run(parsed: Arguments, templatePath: String) async throws -> ExitStatus {
    for option in ["--progress", "--stats"] where parsed.has(option) || parsed.value(option) != nil
    {
      throw CommandFailure.usage("render: \(option) does not go with --plan or --jobs")
    }
    if let jobs = parsed.value("--jobs") {
      guard let count = Int(jobs), (1...256).contains(count) else {
        throw CommandFailure.usage("render: --jobs needs a whole number 1…256 (got '\(jobs)')")
      }
      if parsed.value("--chunk") != nil || parsed.has("--audio") {
        throw CommandFailure.usage("render: --jobs runs every task; leave out --chunk and --audio")
      }
      return try await LocalJobs.run(parsed: parsed, templatePath: templatePath, jobs: count)
    }
    guard let planPath = parsed.value("--plan") else {
      throw CommandFailure.usage("render: --chunk and --audio need --plan PLAN.json")
    }
    let chunk = try parsed.value("--chunk").map { (text) throws(CommandFailure) -> Int in
      guard let index = Int(text), index >= 0 else {
        throw .usage("render: --chunk needs a chunk number ≥ 0 (got '\(text)')")
      }
      return index
    }
    guard (chunk != nil) != parsed.has("--audio") else {
      throw CommandFailure.usage(
        "render: with --plan give either --chunk I or --audio (or --jobs J to run them all)")
    }
    let planURL = URL(fileURLWithPath: planPath).standardizedFileURL
    let plan = try readPlan(planURL, command: "render")
    try PlanOptions.refuseChanges(to: plan, in: parsed, command: "render")
    let folder = planURL.deletingLastPathComponent()
    if let requested = parsed.value("--output") {
      try refuseOutput(requested, chunk: chunk, plan: plan, folder: folder)
    }
    let (movie, settings) = try load(
      plan: plan, templatePath: templatePath, parsed: parsed)
    let output: URL
    let session: ExportSession
    do throws(RenderPlanError) {
      if let chunk {
        guard plan.chunks.indices.contains(chunk) else {
          throw RenderPlanError.noSuchChunk(index: chunk, count: plan.chunks.count)
        }
        output = RenderPlan.url(of: plan.chunks[chunk].file, planFolder: folder)
        session = try ExportSession(
          movie: movie, plan: plan, chunk: chunk, outputURL: output, base: settings)
      } else {
        guard let audio = plan.audio else {
          throw RenderPlanError.mismatch("the plan has no audio task (the movie has no audio)")
        }
        output = RenderPlan.url(of: audio.file, planFolder: folder)
        session = try ExportSession(movie: movie, plan: plan, audioTo: output, base: settings)
      }
    } catch {
      throw ChunkFailure.failure(for: error, command: "render", template: templatePath)
    }
    try createFolder(of: output)
    let style = ProgressReporter.style(json: false, quiet: parsed.has("--quiet"))
    let outcome = await RenderCommand.export(session: session, style: style)
    switch outcome {
    case .success(let result):
      for warning in result.warnings { ReelTool.printError("warning: \(warning)") }
      if !parsed.has("--quiet") {
        Console.output(RenderCommand.summary(of: result, output: output.path))
      }
      return .ok
    case .failure(let error):
      try Interruption.check(output: output.path)
      throw RenderCommand.failure(for: error, template: templatePath)
    }
  }

  /// Refuses `-o` for one of a plan's tasks: the plan names each task's file and `reel join`
  /// reads it there, so a file written anywhere else would never be joined.
  static func refuseOutput(_ requested: String, chunk: Int?, plan: RenderPlan, folder: URL)
    throws(CommandFailure)
  {
    let task = chunk.map { "--chunk \($0)" } ?? "--audio"
    let file: String? =
      if let chunk {
        plan.chunks.indices.contains(chunk) ? plan.chunks[chunk].file : nil
      } else {
        plan.audio?.file
      }
    let named = file.map { " (\(RenderPlan.url(of: $0, planFolder: folder).path))" } ?? ""
    throw CommandFailure.usage(
      "render: -o does not go with \(task) (got '\(requested)'): the task writes the file its plan names\(named), where reel join reads it; leave out -o"
    )
  }

  /// Reads a plan, as a usage error when it cannot be read.
  static func readPlan(_ url: URL, command: String) throws(CommandFailure) -> RenderPlan {
    do {
      return try RenderPlan.read(from: url)
    } catch {
      throw ChunkFailure.failure(for: error, command: command, template: nil)
    }
  }

  /// Checks the template and its files against the plan and loads it with the plan's
  /// variables.
  static func load(plan: RenderPlan, templatePath: String, parsed: Arguments) throws
    -> (Movie, ExportSettings)
  {
    let template = URL(fileURLWithPath: templatePath).standardizedFileURL.path
    var changes = plan.changedInputs()
    if template != plan.template {
      let digest = try? RenderPlan.Input.read(path: template).digest
      if digest != plan.templateDigest {
        changes.insert(
          "\(template): is not the template the plan was made from (\(plan.template))", at: 0)
      }
    }
    if !changes.isEmpty {
      throw ChunkFailure.failure(
        for: .inputsChanged(changes), command: "render", template: templatePath)
    }
    let loaded = try TemplateInput.load(
      path: templatePath, variables: plan.variables,
      limits: LimitOptions.parse(parsed, command: "render"))
    var settings = loaded.exportSettings
    if let name = plan.preset {
      do {
        settings.preset = try ExportPreset(name: name)
      } catch {
        throw CommandFailure(
          message: "render: the plan's preset: \(error.description)", status: .invalidTemplate)
      }
    }
    return (loaded.movie, settings)
  }

  /// Creates the folder `url` goes in (the plan's chunk folder).
  static func createFolder(of url: URL) throws(CommandFailure) {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    } catch {
      throw CommandFailure(
        message:
          "render: cannot create the folder \(url.deletingLastPathComponent().path): \(error.localizedDescription)",
        status: .media)
    }
  }
}
