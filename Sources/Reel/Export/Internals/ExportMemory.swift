import ReelMedia
import Synchronization

/// Gives the C heap's free memory back to the system when the last of the exports running
/// in this process ends: after an export, or after a burst of concurrent ones, the resident
/// size settles near what was allocated before instead of staying near the peak (glibc
/// keeps freed memory in per-thread arenas). Trimming only when none is running leaves the
/// running exports' reuse of freed memory alone.
enum ExportMemory {
  private static let running = Atomic<Int>(0)

  /// Counts an export as running until `body` returns, then trims if it was the last.
  static func whileRunning<T>(_ body: () -> T) -> T {
    running.add(1, ordering: .relaxed)
    let result = body()
    let (_, remaining) = running.subtract(1, ordering: .acquiringAndReleasing)
    if remaining == 0 { HeapMemory.releaseFreeMemory() }
    return result
  }
}
