import Foundation
import Reel
import ReelProject

/// `reel plan TEMPLATE --chunks N …`: writes a render plan (see ``RenderPlan``) for
/// rendering a template in chunks, or a cluster engine's job for it.
enum PlanCommand {
  static let usage =
    "reel plan TEMPLATE (--chunks N | --chunk-seconds S) [--set K=V]... [-o PLAN.json] [--output OUT.mp4] [--format json|slurm|kubernetes] [--image IMAGE] [--volume-claim NAME] [--mount-path DIR] [--lossless] [--threads T] [--preset P] [--from S] [--to S]"

  static let help = """
    Usage: \(usage)
           \(BatchPlanCommand.usage)

    Writes a render plan: how to render TEMPLATE as separate chunks of whole frames (on
    this machine with `reel render --jobs`, or on a cluster) and join them into the movie a
    single render writes. The plan records the template's digest, its variables and every
    file it reads (size, modification time, SHA-256, and for a file unchanged for 2 s its
    inode and change times, so a task need not read it again), the frame rate and frame
    count, the chunks' frame ranges, the encoder parameters every chunk uses (pinned, so
    the output does not depend on the machine), the audio task and what each task needs
    (CPUs, memory). The chunks go in PLAN-STEM.chunks/ beside the plan; every node must see
    the template's folder and the plan's at the same paths (a shared filesystem).

    Options:
      --chunks N             Divide the frames into N chunks of (nearly) equal length.
      --chunk-seconds S      Or into chunks of S seconds each (the last takes the rest).
      -o PLAN.json           The plan file (default TEMPLATE-STEM.plan.json beside the
                             template); it is replaced when it is there.
      --output OUT.mp4       The joined movie (default TEMPLATE-STEM.mp4 beside the template).
      --format F             json (default): write the plan. slurm, kubernetes: write the
                             plan and print that engine's job on stdout.
      --image IMAGE          Kubernetes: the container image with reel (required).
      --volume-claim NAME    Kubernetes: the persistent volume claim (required).
      --mount-path DIR       Kubernetes: where the claim is mounted (default the template's
                             absolute folder).
      --lossless             Encode losslessly (x264 qp 0, High 4:4:4 Predictive).
      --threads T            Encoder threads per task (default 2; also the CPUs asked for).
      --preset P             Export preset instead of the template's (as reel render).
      --from S, --to S       Plan only this part of the movie (seconds).
      --set NAME=VALUE       Fill the template variable {{NAME}} (repeatable); recorded.
      -h, --help             Show this help.

    Constant quality only: a template whose export sets a bit rate is refused, since a bit
    rate cannot be split between chunks encoded apart.

    \(BatchPlanCommand.help)
    Exit codes: 0 written, 2 usage, 3 invalid template (or one that cannot be split), 4 media
    error.
    """

  static func run(arguments: [String]) throws -> ExitStatus {
    let parsed = try Arguments(
      arguments, command: "plan", flags: ["--help", "--lossless"],
      options: [
        "--chunks", "--chunk-seconds", "--set", "--plan-output", "--output", "--format",
        "--image", "--volume-claim", "--mount-path", "--threads", "--preset", "--from", "--to",
        "--data", "--rows-per-task",
      ],
      aliases: ["-h": "--help", "-o": "--plan-output"])
    if parsed.has("--help") {
      Console.document(help)
      return .ok
    }
    let templatePath = try TemplateInput.templatePath(parsed, command: "plan", usage: usage)
    if BatchPlanCommand.applies(to: parsed) {
      return try BatchPlanCommand.run(parsed: parsed, templatePath: templatePath)
    }
    let format = parsed.value("--format") ?? "json"
    guard ["json", "slurm", "kubernetes"].contains(format) else {
      throw CommandFailure.usage(
        "plan: --format takes json, slurm or kubernetes (got '\(format)')")
    }
    if format == "kubernetes",
      parsed.value("--image") == nil || parsed.value("--volume-claim") == nil
    {
      throw CommandFailure.usage(
        "plan: --format kubernetes needs --image IMAGE and --volume-claim NAME")
    }
    let chunking = try chunking(parsed)
    let options = try PlanOptions(parsed: parsed, command: "plan")
    let template = URL(fileURLWithPath: templatePath).standardizedFileURL
    let planFile =
      parsed.value("--plan-output").map { URL(fileURLWithPath: $0).standardizedFileURL }
      ?? defaultPlanFile(template: template)
    let (plan, _) = try makePlan(
      template: template, chunking: chunking, options: options, planFile: planFile,
      output: parsed.value("--output"))
    try write(plan, to: planFile)
    if format == "json" {
      Console.output(
        "wrote \(planFile.path): \(plan.chunks.count) chunk\(plan.chunks.count == 1 ? "" : "s") of \(plan.frameCount) frames\(plan.audio == nil ? "" : " and the audio")"
      )
    } else {
      let job = clusterJob(plan: plan, template: template, planFile: planFile)
      Console.document(
        try jobText(
          format: format, job: job, image: parsed.value("--image"),
          volumeClaim: parsed.value("--volume-claim"),
          mountPath: parsed.value("--mount-path") ?? template.deletingLastPathComponent().path,
          planFile: planFile))
    }
    return .ok
  }

  /// The chunking from `--chunks` or `--chunk-seconds` (exactly one of them).
  static func chunking(_ parsed: Arguments) throws(CommandFailure) -> RenderPlan.Chunking {
    switch (parsed.value("--chunks"), parsed.value("--chunk-seconds")) {
    case (let count?, nil):
      guard let number = Int(count), number >= 1 else {
        throw .usage("plan: --chunks needs a whole number ≥ 1 (got '\(count)')")
      }
      return .count(number)
    case (nil, let seconds?):
      let time = try TemplateInput.seconds(seconds, option: "--chunk-seconds", command: "plan")
      return .seconds(time)
    case (nil, nil):
      throw .usage("plan: give --chunks N or --chunk-seconds S; usage: \(usage)")
    default:
      throw .usage("plan: give either --chunks or --chunk-seconds, not both")
    }
  }

  /// `TEMPLATE-STEM.plan.json` beside the template.
  static func defaultPlanFile(template: URL) -> URL {
    template.deletingLastPathComponent().appendingPathComponent(
      template.deletingPathExtension().lastPathComponent + ".plan.json")
  }

  /// Loads the template and makes its plan.
  ///
  /// - Returns: The plan and the loaded template.
  static func makePlan(
    template: URL, chunking: RenderPlan.Chunking, options: PlanOptions, planFile: URL,
    output: String?
  ) throws -> (RenderPlan, LoadedTemplate) {
    let loaded = try TemplateInput.load(
      path: template.path, variables: options.variables, limits: options.limits)
    var settings = loaded.exportSettings
    if let preset = options.preset { settings.preset = preset }
    if options.from != nil || options.to != nil {
      settings.timeRange = try RenderCommand.range(
        from: options.from, to: options.to, base: settings.timeRange,
        duration: loaded.movie.duration)
    }
    let outputPath =
      output.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
      ?? template.deletingLastPathComponent().appendingPathComponent(
        template.deletingPathExtension().lastPathComponent + ".mp4"
      ).path
    if let output { try TemplateInput.checkMovieOutputName(output, command: "plan") }
    var inputs: [RenderPlan.Input] = []
    do throws(RenderPlanError) {
      for path in [template.path] + loaded.mediaFiles
      where !inputs.contains(where: { $0.path == path }) {
        inputs.append(try RenderPlan.Input.read(path: path))
      }
      let source = RenderPlan.Source(
        template: template.path, variables: loaded.variables, inputs: inputs,
        preset: options.preset)
      let plan = try RenderPlan(
        movie: loaded.movie, settings: settings, chunking: chunking, pinned: options.pinned,
        source: source, planFile: planFile,
        output: relative(outputPath, to: planFile.deletingLastPathComponent()))
      return (plan, loaded)
    } catch {
      throw ChunkFailure.failure(for: error, command: "plan", template: template.path)
    }
  }

  /// `path` relative to `folder` when inside it, else absolute.
  static func relative(_ path: String, to folder: URL) -> String {
    let prefix = folder.standardizedFileURL.path + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// Writes the plan, turning a failure into exit 4.
  static func write(_ plan: RenderPlan, to url: URL) throws(CommandFailure) {
    do {
      try plan.write(to: url)
    } catch {
      throw CommandFailure(message: "plan: \(error.description)", status: .media)
    }
  }

  /// The job text for a cluster engine (`slurm`, `kubernetes`): `SlurmScript.make(job)` or
  /// `KubernetesJobs.make(job, image:volumeClaim:mountPath:)` (Sources/ReelCLI/Cluster).
  static func jobText(
    format: String, job: ClusterJob, image: String?, volumeClaim: String?, mountPath: String,
    planFile: URL
  ) throws(CommandFailure) -> String {
    switch (format, image, volumeClaim) {
    case ("slurm", _, _):
      return SlurmScript.make(job)
    case ("kubernetes", let image?, let volumeClaim?):
      let mount = URL(fileURLWithPath: mountPath).standardizedFileURL.path
      return KubernetesJobs.make(job, image: image, volumeClaim: volumeClaim, mountPath: mount)
    default:
      throw CommandFailure.usage(
        "plan: wrote \(planFile.path), but --format \(format) needs --image and --volume-claim")
    }
  }

  /// The hand-off to the cluster engines' job generators.
  static func clusterJob(plan: RenderPlan, template: URL, planFile: URL) -> ClusterJob {
    let folder = template.deletingLastPathComponent()
    let stem = template.deletingPathExtension().lastPathComponent
    let name = String(stem.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(60))
    return ClusterJob(
      name: name.isEmpty ? "reel" : name, reelExecutable: LocalJobs.executablePath,
      templatePath: template.path, planPath: planFile.path,
      outputPath: RenderPlan.url(of: plan.output, planFolder: planFile.deletingLastPathComponent())
        .path,
      chunkCount: plan.chunks.count, cpusPerTask: plan.resources.cpusPerTask,
      memoryMegabytesPerTask: plan.resources.memoryMegabytesPerTask,
      workingDirectory: folder.path, hasAudioTask: plan.audio != nil)
  }
}

/// The options `reel plan` and `reel render --jobs` share for making a plan.
struct PlanOptions {
  /// The options read here that shape a plan, with a value and as flags (`--set` aside: a
  /// task may repeat the plan's values).
  static let shapingOptions = ["--preset", "--from", "--to", "--threads"]
  static let shapingFlags = ["--lossless"]

  /// Refuses what would change `plan` when a command is given one (`reel render --plan`
  /// with `--chunk`, `--audio` or `--jobs`): any option that shapes a plan, and `--set`
  /// values that differ from the plan's.
  ///
  /// - Throws: ``CommandFailure/usage(_:)`` naming the option and saying to make a new plan.
  static func refuseChanges(to plan: RenderPlan, in parsed: Arguments, command: String)
    throws(CommandFailure)
  {
    if let option = shapingOptions.first(where: { parsed.value($0) != nil })
      ?? shapingFlags.first(where: { parsed.has($0) })
    {
      throw .usage(
        "\(command): \(option) is fixed by the plan; make a new plan with reel plan \(option) …")
    }
    let given = try TemplateInput.variables(from: parsed.allValues("--set"), command: command)
    for (name, value) in given.sorted(by: { $0.key < $1.key }) where plan.variables[name] != value {
      throw .usage(
        "\(command): --set \(name)=\(value) disagrees with the plan (\(name)=\(plan.variables[name].map { "'\($0)'" } ?? "not set")); the plan's variables are used, so leave --set out or make a new plan"
      )
    }
  }

  var variables: [String: String]
  var limits: ResourceLimits
  var preset: ExportPreset?
  var from: Time?
  var to: Time?
  var pinned: PinnedVideoEncoding

  init(parsed: Arguments, command: String) throws(CommandFailure) {
    variables = try TemplateInput.variables(from: parsed.allValues("--set"), command: command)
    limits = try LimitOptions.parse(parsed, command: command)
    if let name = parsed.value("--preset") {
      do {
        preset = try ExportPreset(name: name)
      } catch {
        throw .usage("\(command): \(error.description)")
      }
    }
    from = try parsed.value("--from").map { (text) throws(CommandFailure) in
      try TemplateInput.seconds(text, option: "--from", command: command)
    }
    to = try parsed.value("--to").map { (text) throws(CommandFailure) in
      try TemplateInput.seconds(text, option: "--to", command: command)
    }
    pinned = PinnedVideoEncoding()
    pinned.lossless = parsed.has("--lossless")
    if let text = parsed.value("--threads") {
      guard let threads = Int(text), (1...64).contains(threads) else {
        throw .usage("\(command): --threads needs a whole number 1…64 (got '\(text)')")
      }
      pinned.threadCount = threads
    }
  }
}
