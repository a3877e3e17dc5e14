import ReelMedia
import Synchronization

/// Keeps the C heap from holding on to the memory of finished exports: the allocator is
/// configured (``HeapMemory/configureAllocator()``: arena limit, fixed thresholds) before the
/// first export starts its threads,
/// and the heap's free memory goes back to the system when the last of the exports running
/// in this process ends. After an export, or after a burst of concurrent ones, the resident
/// size settles near what it was before instead of staying near the peak (glibc keeps freed
/// memory in per-thread arenas). Trimming only when none is running leaves the running
/// exports' reuse of freed memory alone.
enum ExportMemory {
  private static let running = Atomic<Int>(0)

  /// Called by every export before it makes its threads: configures the allocator the
  /// first time (later calls cost a lock).
  static func prepare() {
    HeapMemory.configureAllocator()
  }

  /// Counts an export as running until `body` returns, then trims if it was the last.
  static func whileRunning<T>(_ body: () -> T) -> T {
    running.add(1, ordering: .relaxed)
    let result = body()
    let (_, remaining) = running.subtract(1, ordering: .acquiringAndReleasing)
    if remaining == 0 { HeapMemory.releaseFreeMemory() }
    return result
  }
}
