import Foundation
import ReelAnimation
import ReelCore
import ReelMedia
import Synchronization

/// Exports a ``Movie`` to a file: decodes the sources, composites each frame (video
/// composition, then layers), mixes the audio, and encodes — as `AVAssetExportSession`.
///
/// Decoding, compositing and encoding run as three overlapping stages on their own threads
/// with small bounded queues between them, so memory stays flat however long the movie and
/// the wall time approaches that of the slowest stage. The output appears at its path only
/// when complete (written beside it, then renamed); a failed or cancelled export leaves
/// nothing there and keeps any file that was there before.
///
///     let session = ExportSession(movie: movie, outputURL: url,
///                                 settings: ExportSettings(preset: .preset1280x720))
///     Task { for await step in session.progress { print(step.fraction) } }
///     let result = try await session.export()
///
/// Cancel by cancelling the task that awaits ``export()``. The session runs once; its
/// completion is reported exactly once (``export()`` returns or throws).
public final class ExportSession: Sendable {
  /// What is exported.
  public let movie: Movie
  /// Where the file goes; its extension picks the container (.mp4, .mov, .m4v, .mkv, .webm,
  /// .m4a).
  public let outputURL: URL
  /// Preset and overrides.
  public let settings: ExportSettings
  /// Progress reports, about one per frame written; the stream finishes when the export
  /// ends (successfully or not).
  public let progress: AsyncStream<ExportProgress>

  private let progressContinuation: AsyncStream<ExportProgress>.Continuation
  private let state = Mutex(ExportStatus.waiting)

  /// Makes a session; nothing happens until ``export()``.
  public init(movie: Movie, outputURL: URL, settings: ExportSettings = ExportSettings()) {
    self.movie = movie
    self.outputURL = outputURL
    self.settings = settings
    (progress, progressContinuation) = AsyncStream.makeStream(
      of: ExportProgress.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Where the session is in its life.
  public var status: ExportStatus { state.withLock { $0 } }

  /// Runs the export.
  ///
  /// - Returns: What was written: frame count, duration, sizes and the time each stage
  ///   was busy.
  /// - Throws: ``ExportError``: `.invalidMovie` for a composition, video composition or
  ///   settings that cannot be exported (found before anything is written), `.media` for
  ///   decode/encode/file failures (including `MediaError.fileExists` for an output that
  ///   exists, or appeared while exporting, without `overwrite`),
  ///   `.render` for drawing failures, `.cancelled` when the awaiting task was cancelled.
  public func export() async throws(ExportError) -> ExportResult {
    let started = state.withLock { status -> Bool in
      guard status == .waiting else { return false }
      status = .exporting
      return true
    }
    guard started else {
      throw ExportError.invalidMovie("an export session runs once; make a new one to export again")
    }
    ExportMemory.prepare()
    let job: any ExportRunnable
    do {
      if settings.preset == .passthrough {
        job = try PassthroughJob(movie: movie, outputURL: outputURL, settings: settings)
      } else if settings.smart,
        let smart = try SmartRenderJob(movie: movie, outputURL: outputURL, settings: settings)
      {
        job = smart
      } else {
        job = try ExportJob(movie: movie, outputURL: outputURL, settings: settings)
      }
    } catch {
      finish(.failed)
      throw error
    }
    let cancellation = ExportCancellation()
    let continuation = progressContinuation
    let outcome: Result<ExportResult, ExportError> = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (resume: CheckedContinuation<Result<ExportResult, ExportError>, Never>) in
        let thread = Thread {
          resume.resume(
            returning: ExportMemory.whileRunning {
              job.run(cancellation: cancellation, progress: continuation)
            })
        }
        thread.name = "reel.export"
        thread.stackSize = 8 << 20
        thread.start()
      }
    } onCancel: {
      cancellation.cancel()
    }
    switch outcome {
    case .success(let result):
      finish(.completed)
      return result
    case .failure(let error):
      if case .cancelled = error { finish(.cancelled) } else { finish(.failed) }
      throw error
    }
  }

  private func finish(_ status: ExportStatus) {
    state.withLock { $0 = status }
    progressContinuation.finish()
  }
}

/// Shared cancellation flag and the queues to wake when it is raised.
final class ExportCancellation: Sendable {
  private let flag = Atomic<Bool>(false)
  private let queues = Mutex<[@Sendable () -> Void]>([])

  var isCancelled: Bool { flag.load(ordering: .acquiring) }

  func cancel() {
    flag.store(true, ordering: .releasing)
    let wakers = queues.withLock { $0 }
    for wake in wakers { wake() }
  }

  /// Registers a way to wake a waiting stage when cancelled.
  func onCancel(_ wake: @escaping @Sendable () -> Void) {
    queues.withLock { $0.append(wake) }
    if isCancelled { wake() }
  }
}

/// A planned export that can run on a thread of its own.
protocol ExportRunnable: Sendable {
  func run(
    cancellation: ExportCancellation, progress: AsyncStream<ExportProgress>.Continuation
  ) -> Result<ExportResult, ExportError>
}

extension ExportJob: ExportRunnable {}
extension PassthroughJob: ExportRunnable {}
extension SmartRenderJob: ExportRunnable {}
