import Dispatch
import Foundation
import Reel
import Synchronization

/// `reel render TEMPLATE --jobs J`: runs a plan's tasks as J local processes of this same
/// executable (`reel render --plan … --chunk I` / `--audio`), then joins them — what a
/// cluster does, on one machine, and the reference a cluster's result must equal.
enum LocalJobs {
  /// The absolute path of the running `reel` (from `/proc/self/exe`).
  static var executablePath: String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return path
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
  }

  /// The process ids of the tasks running, to stop them on a signal.
  private static let running = Mutex<Set<Int32>>([])

  static func run(parsed: Arguments, templatePath: String, jobs: Int) async throws -> ExitStatus {
    let clock = ContinuousClock()
    let started = clock.now
    let template = URL(fileURLWithPath: templatePath).standardizedFileURL
    let overwrite = parsed.has("--overwrite")
    var temporaryFolder: URL?
    defer {
      if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }
    let planURL: URL
    let plan: RenderPlan
    let output: URL
    if let given = parsed.value("--plan") {
      planURL = URL(fileURLWithPath: given).standardizedFileURL
      plan = try ChunkRenderCommand.readPlan(planURL, command: "render")
      try PlanOptions.refuseChanges(to: plan, in: parsed, command: "render")
      output =
        parsed.value("--output").map { URL(fileURLWithPath: $0).standardizedFileURL }
        ?? RenderPlan.url(of: plan.output, planFolder: planURL.deletingLastPathComponent())
      try TemplateInput.checkMovieOutputName(output.path, command: "render")
      try TemplateInput.checkOutput(output.path, overwrite: overwrite, command: "render")
      try checkFolder(of: output)
    } else {
      output =
        parsed.value("--output").map { URL(fileURLWithPath: $0).standardizedFileURL }
        ?? template.deletingPathExtension().appendingPathExtension("mp4")
      try TemplateInput.checkMovieOutputName(output.path, command: "render")
      try TemplateInput.checkOutput(output.path, overwrite: overwrite, command: "render")
      try checkFolder(of: output)
      let folder = output.deletingLastPathComponent().appendingPathComponent(
        ".\(output.lastPathComponent).reel-jobs-\(getpid())")
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw CommandFailure(
          message: "render: cannot create \(folder.path): \(error.localizedDescription)",
          status: .media)
      }
      temporaryFolder = folder
      planURL = folder.appendingPathComponent("plan.json")
      let options = try PlanOptions(parsed: parsed, command: "render")
      (plan, _) = try PlanCommand.makePlan(
        template: template, chunking: .count(jobs), options: options, planFile: planURL,
        output: output.path)
      try PlanCommand.write(plan, to: planURL)
    }

    var tasks: [(name: String, arguments: [String])] = plan.chunks.map { chunk in
      (
        "chunk \(chunk.index)",
        [
          "render", template.path, "--plan", planURL.path, "--chunk", String(chunk.index),
          "--quiet",
        ]
      )
    }
    if plan.audio != nil {
      tasks.append(
        ("the audio task", ["render", template.path, "--plan", planURL.path, "--audio", "--quiet"]))
    }
    Interruption.install()
    Interruption.onSignal {
      for pid in running.withLock({ $0 }) { kill(pid, SIGTERM) }
    }
    let failures = try runAll(tasks, atOnce: jobs)
    try Interruption.check(output: output.path)
    if !failures.isEmpty {
      throw CommandFailure(
        lines: ["render: \(failures.count) of \(tasks.count) tasks failed; nothing was joined"]
          + failures,
        status: .failure)
    }
    let summary = try JoinCommand.join(
      plan, planFolder: planURL.deletingLastPathComponent(), to: output, overwrite: overwrite,
      removingChunks: temporaryFolder != nil)
    if !parsed.has("--quiet") {
      let elapsed = (clock.now - started).components
      let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
      Console.output(
        "wrote \(output.path): \(summary.frameCount) frames, \(plan.chunks.count) chunks in \(jobs) job\(jobs == 1 ? "" : "s") in \(String(format: "%.1f s", seconds))"
      )
    }
    return .ok
  }

  /// Refuses an output whose folder is not there, before any task runs (a single render
  /// fails the same way when it opens the file).
  private static func checkFolder(of output: URL) throws(CommandFailure) {
    var isFolder: ObjCBool = false
    let folder = output.deletingLastPathComponent().path
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue
    else {
      throw CommandFailure(
        message:
          "render: \(output.path): cannot write output (the folder \(folder) does not exist); check that the folder exists and is writable",
        status: .media)
    }
  }

  /// Runs the tasks, at most `atOnce` at a time, each as a child process whose output goes
  /// to this one's; stops starting new ones after a failure.
  ///
  /// - Returns: One line per failed task.
  private static func runAll(_ tasks: [(name: String, arguments: [String])], atOnce: Int) throws
    -> [String]
  {
    let finished = DispatchSemaphore(value: 0)
    let executable = URL(fileURLWithPath: executablePath)
    var next = 0
    var active: [(name: String, process: Process)] = []
    var failures: [String] = []
    while next < tasks.count || !active.isEmpty {
      while failures.isEmpty, active.count < atOnce, next < tasks.count {
        let task = tasks[next]
        next += 1
        let process = Process()
        process.executableURL = executable
        process.arguments = task.arguments
        process.terminationHandler = { _ in finished.signal() }
        do {
          try process.run()
        } catch {
          failures.append(
            "\(task.name): could not start \(executable.path): \(error.localizedDescription)")
          continue
        }
        let pid = process.processIdentifier
        running.withLock { _ = $0.insert(pid) }
        active.append((task.name, process))
      }
      if active.isEmpty { break }
      _ = finished.wait(timeout: .now() + .milliseconds(200))
      active.removeAll { entry in
        guard !entry.process.isRunning else { return false }
        let pid = entry.process.processIdentifier
        running.withLock { _ = $0.remove(pid) }
        let status = entry.process.terminationStatus
        if entry.process.terminationReason != .exit || status != 0 {
          let how =
            entry.process.terminationReason == .exit ? "exit status \(status)" : "signal \(status)"
          failures.append("\(entry.name): failed (\(how)); its message is above")
        }
        return true
      }
    }
    return failures
  }
}
