import Foundation
import Reel
import ReelProject

/// `reel plan TEMPLATE --data ROWS --output PATTERN --format slurm|kubernetes`: a cluster job
/// over a batch's rows (``BatchClusterJob``).
enum BatchPlanCommand {
  static let usage =
    "reel plan TEMPLATE --data ROWS --output 'FOLDER/{{name}}.mp4' --format slurm|kubernetes [--rows-per-task K] [--image IMAGE --volume-claim NAME [--mount-path DIR]]"

  static let help = """
    Many movies on a cluster (see docs/batch.md):
      --data ROWS            Plan one task per block of rows of ROWS instead of chunks; the
                             data is checked first, as reel render --data checks it.
      --output PATTERN       With --data: each row's output name ('cards/{{name}}.mp4').
      --rows-per-task K      Rows per task (default 1): task I renders rows I·K+1…I·K+K with
                             --skip-existing and writes ROWS-STEM.reports/task-I.json; a last
                             job runs reel batch-report into ROWS-STEM.report.json.
    """

  /// Whether `parsed` plans a batch.
  static func applies(to parsed: Arguments) -> Bool { parsed.value("--data") != nil }

  static func run(parsed: Arguments, templatePath: String) throws -> ExitStatus {
    for option in [
      "--chunks", "--chunk-seconds", "--set", "--plan-output", "--from", "--to", "--threads",
    ] where parsed.value(option) != nil {
      throw CommandFailure.usage("plan: \(option) does not go with --data")
    }
    let format = parsed.value("--format") ?? "json"
    guard format == "slurm" || format == "kubernetes" else {
      throw CommandFailure.usage(
        "plan: --data plans a cluster job: give --format slurm or --format kubernetes")
    }
    guard let dataPath = parsed.value("--data"), let given = parsed.value("--output") else {
      throw CommandFailure.usage(
        "plan: --data needs --output with the name over the row, such as --output 'cards/{{name}}.mp4'"
      )
    }
    var rowsPerTask = 1
    if let text = parsed.value("--rows-per-task") {
      guard let number = Int(text), number >= 1 else {
        throw CommandFailure.usage("plan: --rows-per-task needs a whole number ≥ 1 (got '\(text)')")
      }
      rowsPerTask = number
    }
    let current = FileManager.default.currentDirectoryPath
    func absolute(_ path: String) -> String {
      path.hasPrefix("/") ? path : URL(fileURLWithPath: current).appendingPathComponent(path).path
    }
    let pattern: TemplateOutputPattern
    do {
      pattern = try TemplateOutputPattern(absolute(given))
    } catch {
      throw CommandFailure.usage("plan: \(error.description)")
    }
    let template = URL(fileURLWithPath: absolute(templatePath)).standardizedFileURL
    let data = URL(fileURLWithPath: absolute(dataPath)).standardizedFileURL
    let batch = try BatchRenderCommand.makeBatch(
      template: template.path, data: data.path, output: pattern,
      limits: LimitOptions.parse(parsed, command: "plan"))
    let check: TemplateBatch.Check
    do {
      check = try batch.check()
    } catch {
      throw CommandFailure(lines: error.lines, status: .invalidTemplate)
    }
    guard check.rowCount > 0 else {
      throw CommandFailure(message: "plan: \(data.path) has no rows", status: .invalidTemplate)
    }
    // The first row's movie sizes the tasks' memory.
    var memory = RenderPlan.memoryEstimate(width: 1920, height: 1080)
    do throws(TemplateDataError) {
      if let row = try batch.openRows().next(), let loaded = try? batch.load(row) {
        let size = loaded.movie.drawSize
        memory = RenderPlan.memoryEstimate(width: size.width, height: size.height)
      }
    } catch {
      throw CommandFailure(lines: [error.description], status: .invalidTemplate)
    }
    let stem = data.deletingPathExtension()
    let name = String(
      template.deletingPathExtension().lastPathComponent
        .map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" }.prefix(60))
    let job = BatchClusterJob(
      name: name.isEmpty ? "reel" : name, reelExecutable: LocalJobs.executablePath,
      templatePath: template.path, dataPath: data.path, outputPattern: pattern.pattern,
      rowCount: check.rowCount, rowsPerTask: rowsPerTask, cpusPerTask: 2,
      memoryMegabytesPerTask: memory, reportsFolder: stem.path + ".reports",
      reportPath: stem.path + ".report.json", logFolder: stem.path + ".logs",
      workingDirectory: template.deletingLastPathComponent().path)
    if format == "slurm" {
      Console.document(BatchSlurmScript.make(job))
    } else {
      guard let image = parsed.value("--image"), let claim = parsed.value("--volume-claim") else {
        throw CommandFailure.usage(
          "plan: --format kubernetes needs --image IMAGE and --volume-claim NAME")
      }
      let mount = URL(
        fileURLWithPath: parsed.value("--mount-path") ?? template.deletingLastPathComponent().path
      ).standardizedFileURL.path
      Console.document(
        BatchKubernetesJobs.make(job, image: image, volumeClaim: claim, mountPath: mount))
    }
    return .ok
  }
}
