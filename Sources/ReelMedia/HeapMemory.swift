import CFFmpeg
import Foundation
import Synchronization

/// The C allocator's hold on memory, for processes that export over and over (servers).
///
/// glibc keeps memory that was freed in its arenas (one per thread that allocated, up to
/// eight per core) for the next allocations instead of returning it to the system, and after
/// large blocks (frames) are freed it raises its thresholds so that later ones stay in the
/// arenas too; after a burst of concurrent exports the resident size stays near the burst's
/// peak although almost nothing is still allocated. Reel sets the allocator up once, before
/// the first export starts its threads (``configureAllocator()``): at most ``arenaLimit``
/// arenas and fixed thresholds (``threshold``), each unless the environment sets it; and it
/// calls ``releaseFreeMemory()`` when the last export ends. The owner of the `mallopt` and
/// `malloc_trim` calls; see `docs/server.md`.
public enum HeapMemory {
  /// The arena limit Reel sets unless told otherwise: 2.
  public static let defaultArenaLimit = 2

  /// The threshold Reel fixes unless told otherwise: 128 KiB, glibc's own starting value.
  public static let defaultThreshold = 128 << 10

  /// What ``configureAllocator()`` set: nil for a setting it left alone.
  public struct Configuration: Sendable, Hashable {
    /// The arena limit set (`M_ARENA_MAX`).
    public var arenaLimit: Int?
    /// The mmap and trim threshold set, in bytes (`M_MMAP_THRESHOLD`, `M_TRIM_THRESHOLD`).
    public var threshold: Int?

    /// Makes a configuration.
    public init(arenaLimit: Int?, threshold: Int?) {
      self.arenaLimit = arenaLimit
      self.threshold = threshold
    }
  }

  /// The environment variables with which a host sets the arena limit itself (or
  /// `glibc.malloc.arena_max` in `GLIBC_TUNABLES`); with any of them Reel leaves the limit.
  public static let arenaLimitVariable = "MALLOC_ARENA_MAX"

  /// The environment variables with which a host sets glibc's thresholds itself (or
  /// `glibc.malloc.mmap_threshold`/`trim_threshold` in `GLIBC_TUNABLES`); with any of them
  /// Reel leaves both thresholds.
  public static let thresholdVariables = ["MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_"]

  private struct State {
    var arenaLimit: Int? = HeapMemory.defaultArenaLimit
    var threshold: Int? = HeapMemory.defaultThreshold
    var applied: Configuration?
    var calls = 0
  }

  private static let state = Mutex(State())

  /// The most malloc arenas the process may have; default ``defaultArenaLimit``. Threads
  /// beyond the limit share arenas, so memory freed by one export's threads is reused by
  /// the next instead of staying in an arena of its own. nil leaves glibc's limit (8 per
  /// core).
  ///
  /// Set it before the first export: the allocator is configured once per process. It is
  /// process-wide (every thread's `malloc`) and not applied when the environment sets
  /// ``arenaLimitVariable``: the host's choice wins. Arenas the process made before it was
  /// applied stay (glibc never removes one).
  public static var arenaLimit: Int? {
    get { state.withLock { $0.arenaLimit } }
    set { state.withLock { $0.arenaLimit = newValue.map { max($0, 1) } } }
  }

  /// The size in bytes from which a block gets pages of its own, returned to the system
  /// when it is freed, and above which free memory at an arena's top is returned (glibc's
  /// `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD`, both fixed to it); default
  /// ``defaultThreshold``. Without it glibc raises both (up to 32 and 64 MB) once large
  /// blocks such as frames have been freed, and an export's frames then stay in the arenas.
  /// nil leaves glibc's own. Set before the first export; not applied when the environment
  /// sets one of ``thresholdVariables``.
  public static var threshold: Int? {
    get { state.withLock { $0.threshold } }
    set { state.withLock { $0.threshold = newValue.map { max($0, 0) } } }
  }

  /// Applies ``arenaLimit`` and ``threshold`` (glibc's `mallopt`) the first time it is
  /// called in the process, each unless the environment sets it; every later call does
  /// nothing and returns what the first did. Every export calls it before it starts its
  /// threads; a host may call it earlier, before it starts threads of its own.
  ///
  /// - Returns: What was set.
  @discardableResult
  public static func configureAllocator() -> Configuration {
    state.withLock { state in
      if let applied = state.applied { return applied }
      let wanted = configuration(
        arenaLimit: state.arenaLimit, threshold: state.threshold,
        environment: ProcessInfo.processInfo.environment)
      var applied = Configuration(arenaLimit: nil, threshold: nil)
      if let limit = wanted.arenaLimit, let count = Int32(exactly: limit),
        reel_malloc_limit_arenas(count) == 1
      {
        applied.arenaLimit = limit
      }
      if let threshold = wanted.threshold, let bytes = Int32(exactly: threshold),
        reel_malloc_fix_thresholds(bytes) == 1
      {
        applied.threshold = threshold
      }
      state.calls += 1
      state.applied = applied
      return applied
    }
  }

  /// What to apply: the configured settings, less those `environment` sets for glibc.
  package static func configuration(
    arenaLimit: Int?, threshold: Int?, environment: [String: String]
  ) -> Configuration {
    let tunables = environment["GLIBC_TUNABLES"] ?? ""
    let hostsLimit =
      environment[arenaLimitVariable] != nil || tunables.contains("glibc.malloc.arena_max")
    let hostsThresholds =
      thresholdVariables.contains { environment[$0] != nil }
      || tunables.contains("glibc.malloc.mmap_threshold")
      || tunables.contains("glibc.malloc.trim_threshold")
    return Configuration(
      arenaLimit: hostsLimit ? nil : arenaLimit, threshold: hostsThresholds ? nil : threshold)
  }

  /// How many times ``configureAllocator()`` has configured the allocator in this process
  /// (0 or 1).
  package static var configurationCount: Int { state.withLock { $0.calls } }

  /// The number of malloc arenas the process has now (glibc's `malloc_info`, one `<heap>`
  /// per arena, the main one included), or nil where it cannot be read.
  public static var arenaCount: Int? {
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else { return nil }
    let status = reel_malloc_info(stream)
    fclose(stream)
    defer { free(buffer) }
    guard status == 0, let buffer else { return nil }
    let text = String(cString: buffer)
    return text.components(separatedBy: "<heap nr=").count - 1
  }

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
