import Foundation
import ReelCore
import ReelMedia
import Synchronization

/// What every thread of one export's pipeline shares: the pool its pictures' buffers are
/// recycled in (freed with the export, so concurrent exports never drain each other) and
/// the log its readers report damage to. Both are handed to the steps explicitly
/// (``MovieRenderer/Configuration``, the audio mixer).
struct PipelineContext: Sendable {
  let pictures: YUVBufferPool
  let damage: DamageLog

  /// Starts a named thread of the pipeline (8 MiB of stack), entering `group` until
  /// `body` returns.
  static func startThread(
    _ name: String, group: DispatchGroup, _ body: @escaping @Sendable () -> Void
  ) {
    group.enter()
    let thread = Thread {
      body()
      group.leave()
    }
    thread.name = name
    thread.stackSize = 8 << 20
    thread.start()
  }
}

/// The statistics of a running pipeline, written by the stages' threads.
final class PipelineStatistics: Sendable {
  private let value = Mutex(ExportStatistics(busySeconds: ExportStatistics.BusySeconds()))

  func update(_ change: (inout ExportStatistics) -> Void) { value.withLock { change(&$0) } }

  var snapshot: ExportStatistics { value.withLock { $0 } }
}

/// The first error any stage raised; later ones are consequences and are dropped.
final class FirstFailure: Sendable {
  private let first = Mutex<ExportError?>(nil)

  func record(_ error: ExportError) { first.withLock { if $0 == nil { $0 = error } } }

  var error: ExportError? { first.withLock { $0 } }
}

/// How many frames the decode stage draws: the plan's frames and lookahead frames at first,
/// lowered by the encode stage once the encoder's delay shows how many it needs.
final class FrameLimit: Sendable {
  private let value: Atomic<Int>

  init(_ initial: Int) { value = Atomic(initial) }

  /// The frames to draw, counted from the plan's first.
  var count: Int { value.load(ordering: .relaxed) }

  /// Lowers the limit to `count` (never raises it).
  func lower(to count: Int) { value.min(count, ordering: .relaxed) }
}
