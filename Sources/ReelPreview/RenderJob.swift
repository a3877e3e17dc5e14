import Foundation
import ReelProject
import Synchronization

/// The page's "Render" button: one export at a time of the current revision, written next
/// to the template as `NAME.mp4` (or the template's container), else `NAME-2.mp4`,
/// `NAME-3.mp4` … — never over an existing file. The export writes a temporary file and
/// renames it when complete, as `reel render` does.
final class RenderJob: Sendable {
  /// Where the job is.
  struct Status: Sendable, Hashable {
    /// `idle`, `running`, `done` or `failed`.
    var state: String = "idle"
    /// 0…1.
    var progress: Double = 0
    /// The file being or last written.
    var output: String?
    /// Why it failed.
    var message: String?
    /// How long the finished export took, seconds.
    var seconds: Double?
  }

  /// Why a render cannot start.
  enum Refusal: Error, Sendable {
    case running(output: String?)
    case invalidTemplate
  }

  private let status = Mutex(Status())
  /// The last export's task, to cancel when the server stops, and a semaphore signalled
  /// when it has ended (written, failed or cancelled).
  private let task = Mutex<(task: Task<Void, Never>, ended: DispatchSemaphore)?>(nil)
  /// Called with every change worth telling the page (progress at most 10 times a second).
  private let changed: @Sendable (Status) -> Void

  init(changed: @escaping @Sendable (Status) -> Void) {
    self.changed = changed
  }

  /// The current status.
  var current: Status { status.withLock { $0 } }

  /// Starts exporting `revision`'s template next to `templatePath`.
  ///
  /// - Returns: The path of the file it will write.
  /// - Throws: ``Refusal`` when a render is running or the template has errors.
  func start(_ revision: PreviewRevision, templatePath: String) throws(Refusal) -> String {
    guard let template = revision.template else { throw .invalidTemplate }
    var settings = template.exportSettings
    settings.overwrite = false
    let output = try status.withLock { (status) throws(Refusal) -> String in
      if status.state == "running" { throw .running(output: status.output) }
      let output = Self.freeName(
        nextTo: templatePath, fileExtension: settings.impliedFileExtension)
      status = Status(state: "running", progress: 0, output: output)
      return output
    }
    changed(current)
    let movie = template.movie
    let ended = DispatchSemaphore(value: 0)
    let started = Task.detached { [self] in
      await run(movie: movie, settings: settings, output: output)
      ended.signal()
    }
    task.withLock { $0 = (started, ended) }
    return output
  }

  /// Cancels a running export (its temporary file is removed, nothing is written) and waits
  /// up to `seconds` for it to end.
  func cancel(waitingUpTo seconds: Double = 10) {
    guard
      let running = task.withLock({ task in
        defer { task = nil }
        return task
      }),
      current.state == "running"
    else { return }
    running.task.cancel()
    _ = running.ended.wait(timeout: .now() + seconds)
  }

  private func run(movie: Movie, settings: ExportSettings, output: String) async {
    let session = ExportSession(
      movie: movie, outputURL: URL(fileURLWithPath: output), settings: settings)
    let progress = Task { [self] in
      var lastSent = Date.distantPast
      for await step in session.progress {
        status.withLock { $0.progress = step.fraction }
        if Date().timeIntervalSince(lastSent) >= 0.1 {
          lastSent = Date()
          changed(current)
        }
      }
    }
    let finished: Status
    do {
      let result = try await session.export()
      finished = Status(
        state: "done", progress: 1, output: result.url.path, seconds: result.wallSeconds)
    } catch {
      finished = Status(state: "failed", progress: 0, output: output, message: "\(error)")
    }
    _ = await progress.value
    status.withLock { $0 = finished }
    changed(finished)
  }

  /// `FOLDER/NAME.EXT`, else `NAME-2.EXT`, `NAME-3.EXT` …: the first that does not exist.
  static func freeName(nextTo templatePath: String, fileExtension: String) -> String {
    let template = URL(fileURLWithPath: templatePath).standardizedFileURL
    let folder = template.deletingLastPathComponent()
    let name = template.deletingPathExtension().lastPathComponent
    var number = 1
    while true {
      let file = number == 1 ? "\(name).\(fileExtension)" : "\(name)-\(number).\(fileExtension)"
      let path = folder.appendingPathComponent(file).path
      // lstat, not stat: a dangling symbolic link is a name in use too.
      var info = stat()
      if lstat(path, &info) != 0 { return path }
      number += 1
    }
  }
}
