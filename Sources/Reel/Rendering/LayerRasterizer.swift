import ReelAnimation
import ReelCore
import ReelGraphics

/// A drawing turned into pixels, and where those pixels sit in the layer.
struct Raster: Sendable {
  /// The pixels (premultiplied BGRA).
  var image: Image
  /// Maps the raster's pixel space to the layer's local pixels (origin at the bounds'
  /// top-left): a translation, or a scale and translation for image contents.
  var toLayer: Transform2D
  /// Warnings raised while drawing (font fallbacks).
  var warnings: [String] = []
  /// Whether every pixel is known to be fully opaque (alpha 255); `false` when unknown.
  var isOpaque = false
}

/// Rasterises ``Drawing``s once and keeps them while they stay equal.
///
/// The cache key is the layer and the part of it; an entry is reused while the drawing is
/// equal to the one it was made from (so a moving, fading or turning layer is rasterised
/// once), and dropped when a frame no longer uses it. Text, shapes, gradients and chrome
/// are drawn at output resolution: one layer pixel is one raster pixel — or, when the
/// item's transform enlarges the layer by more than 1.25×, a √2 step more (see
/// `LayerRasterizer+Scale.swift`; the scale is part of what must match for a cache hit).
/// Pictures shown larger than their own pixels are enlarged before compositing
/// (``placed(_:in:)``) so their edges stay sharp and inside the layer.
///
/// Memory is bounded by a byte budget (``ResourceLimits/rasterCacheBytes``): when a new
/// raster does not fit, the least recently used rasters that the current frame has not used
/// are dropped; when it still does not fit (the frame itself uses more than the budget),
/// it is returned without being kept, drawn for this use and freed after compositing. So a
/// frame with 10,000 full-frame layers keeps the first ones that fit and redraws the rest,
/// and peak memory does not grow with the number of layers.
///
/// The frames of a drawing that comes round again (``DrawingKind/loopPlacement``: a Lottie
/// animation) are kept across frames by content, in the same budget, while the placement
/// is drawn: what fits is kept, never at the cost of another raster (a layer's raster that
/// needs room drops the loop's last-kept frames first). So a loop longer than the room left
/// keeps its first frames and redraws the rest each time round, where least-recently-used
/// order would drop each frame just before it comes round again and keep none; and several
/// animations together stay within the one budget.
///
/// Not Sendable: one renderer owns one cache and uses it from one thread.
final class LayerRasterizer {
  private struct Key: Hashable {
    var layer: [Int]
    var part: RenderItem.Part
    /// The part of a large drawing that was drawn (nil: all of it); see ``visibleArea``.
    var area: PixelBox?
  }

  private struct Entry {
    var drawing: Drawing
    var scale: Double
    var raster: Raster?
    /// Bytes of the raster's pixels (0 when it draws nothing).
    var byteCount: Int
    /// The ``LayerRasterizer/clock`` value of its last use (for least-recently-used order).
    var lastUse: Int
  }

  /// A raster kept by content for a drawing that comes round again.
  private struct LoopEntry {
    var raster: Raster?
    var byteCount: Int
    /// The drawing's ``DrawingKind/loopPlacement``.
    var placement: AnyHashable
    /// When it was kept (the last kept go first when a layer's raster needs room).
    var order: Int
  }

  /// The byte budget of kept rasters.
  let budget: Int
  private var entries: [Key: Entry] = [:]
  private var used: Set<Key> = []
  private var loopEntries: [SharedRasterCache.Key: LoopEntry] = [:]
  /// The loop placements drawn by the current frame (the others' rasters go at its end).
  private var loopPlacementsUsed: Set<AnyHashable> = []
  private var loopOrder = 0
  /// Bytes of the rasters kept, loop frames included.
  private(set) var cachedBytes = 0
  /// Counts uses, for least-recently-used order.
  private var clock = 0
  /// Whether every kept raster has been used by the current frame (nothing can be evicted
  /// until ``endFrame()``).
  private var frameHoldsEverything = false
  /// Warnings not yet collected by the renderer (each distinct message once).
  private(set) var pendingWarnings: [String] = []
  private var reportedWarnings: Set<String> = []

  /// How many drawings were rasterised (cache misses), for tests and benchmarks.
  private(set) var rasterisedCount = 0

  /// Makes an empty cache.
  ///
  /// - Parameter budget: Bytes of rasters it may keep (``ResourceLimits/rasterCacheBytes``).
  init(budget: Int = ResourceLimits.default.rasterCacheBytes) {
    self.budget = max(budget, 0)
  }

  /// How many rasters are kept, loop frames included.
  var cachedCount: Int { entries.count + loopEntries.count }

  /// How many loop frames are kept (for tests).
  var cachedLoopFrameCount: Int { loopEntries.count }

  /// Rasters shared with other exports (a batch's), asked when this cache misses; nil for
  /// none (``SharedRasterCache``).
  var shared: SharedRasterCache?

  /// The output the rasters are composited onto, in render pixels (nil: unknown, drawings
  /// are rasterised whole). Large drawings are drawn only where they fall inside it.
  var output: Rect?

  /// The raster for `item`, drawn now or taken from the cache; nil when it draws nothing.
  func raster(for item: RenderItem) throws(RenderError) -> Raster? {
    let (scale, area) = Self.placement(
      of: item.drawing, scale: Self.rasterScale(for: item), transform: item.transform,
      output: output)
    if let placement = item.drawing.kind.loopPlacement {
      return try loopRaster(for: item, scale: scale, area: area, placement: placement)
    }
    let key = Key(layer: item.layer.path, part: item.part, area: area)
    used.insert(key)
    clock += 1
    if let entry = entries[key] {
      if entry.scale == scale, entry.drawing == item.drawing {
        entries[key]?.lastUse = clock
        return entry.raster
      }
      remove(key)
    }
    let raster: Raster?
    let sharedKey = SharedRasterCache.Key(drawing: item.drawing, scale: scale, area: area)
    if let shared, let kept = shared.raster(for: sharedKey) {
      raster = kept
    } else {
      raster = try Self.rasterise(
        item.drawing, scale: scale, area: area, layer: item.layer.description)
      rasterisedCount += 1
      shared?.store(raster, for: sharedKey)
    }
    collectWarnings(of: raster)
    let byteCount = raster?.image.byteCount ?? 0
    if makeRoom(for: byteCount) {
      entries[key] = Entry(
        drawing: item.drawing, scale: scale, raster: raster, byteCount: byteCount,
        lastUse: clock)
      cachedBytes += byteCount
    }
    return raster
  }

  /// A loop frame's raster: kept by content, or drawn and kept when it fits in what the
  /// budget has left (see the type's policy).
  private func loopRaster(
    for item: RenderItem, scale: Double, area: PixelBox?, placement: AnyHashable
  ) throws(RenderError) -> Raster? {
    loopPlacementsUsed.insert(placement)
    let key = SharedRasterCache.Key(drawing: item.drawing, scale: scale, area: area)
    if let entry = loopEntries[key] { return entry.raster }
    let raster = try Self.rasterise(
      item.drawing, scale: scale, area: area, layer: item.layer.description)
    rasterisedCount += 1
    collectWarnings(of: raster)
    let byteCount = raster?.image.byteCount ?? 0
    if cachedBytes + byteCount <= budget {
      loopOrder += 1
      loopEntries[key] = LoopEntry(
        raster: raster, byteCount: byteCount, placement: placement, order: loopOrder)
      cachedBytes += byteCount
    }
    return raster
  }

  private func collectWarnings(of raster: Raster?) {
    for warning in raster?.warnings ?? [] where reportedWarnings.insert(warning).inserted {
      pendingWarnings.append(warning)
    }
  }

  /// Drops least recently used rasters the current frame has not used, then the last kept
  /// loop frames, until `byteCount` more fit in the budget; false when they cannot (the
  /// raster is then not kept).
  private func makeRoom(for byteCount: Int) -> Bool {
    if cachedBytes + byteCount <= budget { return true }
    guard byteCount <= budget, !frameHoldsEverything else { return false }
    let evictable = entries.filter { !used.contains($0.key) && $0.value.byteCount > 0 }
      .sorted { $0.value.lastUse < $1.value.lastUse }
    for (key, _) in evictable {
      remove(key)
      if cachedBytes + byteCount <= budget { return true }
    }
    let loopFrames = loopEntries.filter { $0.value.byteCount > 0 }
      .sorted { $0.value.order > $1.value.order }
    for (key, entry) in loopFrames {
      loopEntries[key] = nil
      cachedBytes -= entry.byteCount
      if cachedBytes + byteCount <= budget { return true }
    }
    // Every kept raster is used by this frame, and stays so until it ends.
    frameHoldsEverything = true
    return false
  }

  private func remove(_ key: Key) {
    if let entry = entries.removeValue(forKey: key) { cachedBytes -= entry.byteCount }
  }

  /// Keeps `item`'s cached raster, if any, through this frame's ``endFrame()`` without
  /// drawing it (for a frame that drew the item another way).
  func keep(_ item: RenderItem) {
    if let placement = item.drawing.kind.loopPlacement {
      loopPlacementsUsed.insert(placement)
      return
    }
    let area = Self.placement(
      of: item.drawing, scale: Self.rasterScale(for: item), transform: item.transform,
      output: output
    ).area
    let key = Key(layer: item.layer.path, part: item.part, area: area)
    used.insert(key)
    clock += 1
    entries[key]?.lastUse = clock
  }

  /// Forgets the rasters the last frame did not use, and the loop frames of placements it
  /// did not draw.
  func endFrame() {
    for key in Array(entries.keys) where !used.contains(key) { remove(key) }
    used.removeAll(keepingCapacity: true)
    for (key, entry) in loopEntries where !loopPlacementsUsed.contains(entry.placement) {
      loopEntries[key] = nil
      cachedBytes -= entry.byteCount
    }
    loopPlacementsUsed.removeAll(keepingCapacity: true)
    frameHoldsEverything = false
  }

  /// Returns and clears the warnings raised since the last call.
  func takeWarnings() -> [String] {
    defer { pendingWarnings.removeAll() }
    return pendingWarnings
  }

  // MARK: - Drawing

  /// Draws one drawing into a new raster (nil when it has no pixels, or is a video).
  ///
  /// - Parameters:
  ///   - drawing: What to draw, in layer pixels.
  ///   - scale: Raster pixels per layer pixel (see ``rasterScale(for:)``; below 1 only for a large drawing drawn whole, ``wholeRasterScale(of:scale:)``); the
  ///     raster's `toLayer` maps back to layer pixels.
  ///   - area: The raster pixels to draw (of the drawing scaled by `scale`), nil for all;
  ///     see ``visibleArea(of:scale:transform:output:)``.
  ///   - layer: The layer's description, for errors.
  static func rasterise(
    _ drawing: Drawing, scale: Double = 1, area: PixelBox? = nil, layer: String
  ) throws(RenderError) -> Raster? {
    do {
      guard scale != 1 else { return try drawing.kind.draw(scale: 1, area: area) }
      guard var raster = try drawing.scaled(by: scale).kind.draw(scale: scale, area: area)
      else { return nil }
      raster.toLayer = raster.toLayer.concatenating(
        Transform2D(scaleX: 1 / scale, y: 1 / scale))
      return raster
    } catch let error as RenderError {
      throw error
    } catch let error as PixelAllocationError {
      throw RenderError.outOfMemory(error)
    } catch GraphicsError.outOfMemory(let error) {
      throw RenderError.outOfMemory(error)
    } catch let error as GraphicsError {
      throw RenderError.drawing(layer: layer, reason: error.description)
    } catch {
      throw RenderError.drawing(layer: layer, reason: "\(error)")
    }
  }

  /// The largest side and pixel count of a picture enlarged ahead of compositing; beyond
  /// them the compositor scales it while drawing.
  private static let enlargementLimit = (side: 8192, pixels: 16 * 1_048_576)

  /// `image` placed in `destination` (layer pixels): as it is, with a scale in the
  /// placement, when it is shown at its size or smaller; enlarged ahead with edge-extended
  /// bilinear filtering (``Image/scaled(toWidth:height:)``) when it is shown larger.
  ///
  /// Why: the compositor treats everything outside a source as transparent, so a picture
  /// enlarged while compositing fades out over one *source* pixel at each edge — at 3× that
  /// is a 3-pixel soft rim, half of it outside the destination (a stretched video or image
  /// would bleed past its layer's bounds and its border). Enlarged first, the rim is at
  /// most one output pixel, inside the edge, and a whole-pixel placement is an exact copy.
  ///
  /// - Parameters:
  ///   - image: The picture.
  ///   - destination: Where it is shown, in layer pixels.
  ///   - pixelLimit: The most pixels an enlarged copy may have (beyond, the compositor
  ///     scales the picture while drawing); at most ``enlargementLimit``.
  /// - Throws: ``RenderError/outOfMemory(_:)`` when the enlarged copy cannot be allocated.
  static func placed(
    _ image: Image, in destination: Rect, enlargingUpTo pixelLimit: Int = Int.max
  ) throws(RenderError) -> Raster {
    let width = PixelLimits.integer(destination.width.rounded())
    let height = PixelLimits.integer(destination.height.rounded())
    let enlarges =
      destination.width > Double(image.width) || destination.height > Double(image.height)
    if enlarges, width >= 1, height >= 1, width <= enlargementLimit.side,
      height <= enlargementLimit.side, width * height <= min(enlargementLimit.pixels, pixelLimit)
    {
      let scaled = try RenderError.allocating(layer: "(picture)") { () throws(GraphicsError) in
        try image.scaled(toWidth: width, height: height)
      }
      return Raster(
        image: scaled,
        toLayer: Transform2D(
          a: destination.width / Double(width), b: 0, c: 0,
          d: destination.height / Double(height), tx: destination.minX, ty: destination.minY))
    }
    return Raster(
      image: image,
      toLayer: Transform2D(
        a: destination.width / Double(image.width), b: 0, c: 0,
        d: destination.height / Double(image.height), tx: destination.minX,
        ty: destination.minY))
  }

  /// The whole pixels of a layer of `size` to draw: all of them, or those in `area`; nil
  /// when none.
  static func wholePixels(of size: Size, area: PixelBox?) -> PixelBox? {
    var box = PixelBox(
      x0: 0, y0: 0, x1: PixelLimits.integer(size.width.rounded(.up)),
      y1: PixelLimits.integer(size.height.rounded(.up)))
    if let area { box = box.intersection(area) }
    return box.isEmpty ? nil : box
  }

  /// A canvas covering the pixels of a layer of `size` in `area` (all when nil), its
  /// transform set so that layer coordinates draw in place; nil when there is no pixel.
  static func makeCanvas(for size: Size, area: PixelBox?) throws(GraphicsError)
    -> (Canvas, PixelBox)?
  {
    guard let box = wholePixels(of: size, area: area) else { return nil }
    var canvas = try Canvas(width: box.width, height: box.height)
    canvas.transform = AffineTransform(translationX: Double(-box.x0), y: Double(-box.y0))
    return (canvas, box)
  }
}
