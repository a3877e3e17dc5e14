import ReelAnimation
import ReelCore
import ReelGraphics
import Synchronization

/// Layer rasters shared between exports, keyed by what they draw: a batch's movies
/// (`ExportSettings.sharedRasters`) draw a layer that is the same in every row — a logo, a
/// frame, a title that uses no variable — once for the whole batch instead of once per movie.
///
/// The key is the content, not the layer: the drawing (equal drawings are equal values; a
/// picture compares by its pixels), the raster scale and the part of a large drawing drawn.
/// A text that names the row's variable is a different drawing in each movie and is never
/// shared. Each export still keeps its own per-frame cache (``LayerRasterizer``); this cache
/// is asked only when that one misses, and given what was drawn then.
///
/// Memory is bounded by a byte budget (``ResourceLimits/rasterCacheBytes`` by default): the
/// least recently used rasters go first, and a raster larger than the budget is not kept.
/// Thread-safe: the exports of a batch run side by side.
public final class SharedRasterCache: Sendable {
  struct Key: Hashable, Sendable {
    var drawing: Drawing
    var scale: Double
    var area: PixelBox?
  }

  private struct Entry: Sendable {
    var raster: Raster?
    var byteCount: Int
    var lastUse: Int
  }

  private struct State: ~Copyable {
    var entries: [Key: Entry] = [:]
    var bytes = 0
    var clock = 0
    var hits = 0
  }

  /// The byte budget of the rasters kept.
  public let budget: Int
  private let state = Mutex(State())

  /// Makes an empty cache.
  ///
  /// - Parameter budget: Bytes of rasters it may keep (≥ 0; 0 keeps none).
  public init(budget: Int = ResourceLimits.default.rasterCacheBytes) {
    self.budget = max(budget, 0)
  }

  /// The raster drawn for `key` by an export, if it is kept (`.some(nil)`: it draws nothing).
  func raster(for key: Key) -> Raster?? {
    state.withLock { state in
      guard let entry = state.entries[key] else { return nil }
      state.clock += 1
      state.hits += 1
      state.entries[key]?.lastUse = state.clock
      return .some(entry.raster)
    }
  }

  /// Keeps `raster` for `key`, dropping the least recently used rasters to make room; not
  /// kept when it is larger than the budget.
  func store(_ raster: Raster?, for key: Key) {
    let byteCount = raster?.image.byteCount ?? 0
    guard byteCount <= budget else { return }
    state.withLock { state in
      if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.byteCount }
      if state.bytes + byteCount > budget {
        let oldest = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldest where state.bytes + byteCount > budget {
          state.entries[key] = nil
          state.bytes -= entry.byteCount
        }
      }
      state.clock += 1
      state.entries[key] = Entry(raster: raster, byteCount: byteCount, lastUse: state.clock)
      state.bytes += byteCount
    }
  }

  /// Bytes of rasters kept now.
  public var cachedBytes: Int { state.withLock { $0.bytes } }

  /// How many rasters are kept.
  public var cachedCount: Int { state.withLock { $0.entries.count } }

  /// How many times an export took a raster from here instead of drawing it.
  public var hitCount: Int { state.withLock { $0.hits } }
}
