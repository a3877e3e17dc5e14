import CFFmpeg
import Foundation

/// The C allocator's hold on memory, for processes that export over and over (servers).
///
/// glibc keeps memory that was freed in its arenas (one per thread that allocated, up to
/// eight per core) for the next allocations instead of returning it to the system, so after
/// a burst of concurrent exports the resident size stays near the burst's peak although
/// almost nothing is still allocated. ``releaseFreeMemory()`` hands the free pages back.
/// The owner of the `malloc_trim` call; see `docs/server.md`.
public enum HeapMemory {
  /// Returns the free memory of every arena of the C heap to the system (glibc's
  /// `malloc_trim(0)`); the allocations themselves are untouched. Takes about a
  /// millisecond per hundred megabytes held.
  ///
  /// - Returns: Whether any memory was returned.
  @discardableResult
  public static func releaseFreeMemory() -> Bool {
    reel_malloc_trim() == 1
  }

  /// This process's resident set size in bytes (`/proc/self/statm`), or nil where it cannot
  /// be read.
  public static var residentBytes: Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
