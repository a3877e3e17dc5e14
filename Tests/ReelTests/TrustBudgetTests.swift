import Foundation
import TestSupport
import Testing

@testable import Reel

/// The memory and work budgets (issue 10): the raster cache stays within its byte budget,
/// layer counts and work are refused beyond their limits with a message naming the flag,
/// and a pixel buffer that cannot be allocated is an error, not a stop.
@Suite("Trust: memory and work budgets")
struct TrustBudgetTests {
  /// `count` full-frame opaque fills of distinct colours over a `size`×`size` tree; the
  /// last (top) one is pure green.
  static func fills(_ count: Int, size: Int = 64) -> LayerTree {
    let frame = Rect(x: 0, y: 0, width: Double(size), height: Double(size))
    let layers = (0..<count).map { index in
      Layer.color(
        index == count - 1
          ? Color(red: 0, green: 1, blue: 0)
          : Color(red: Double(index % 256) / 255, green: 0, blue: 1), frame: frame)
    }
    return LayerTree(
      root: .group(frame: frame, sublayers: layers),
      renderSize: Size(width: Double(size), height: Double(size)))
  }

  @Test func rasterCacheNeverHoldsMoreThanItsBudget() throws {
    let raster = Image.alignedRowBytes(width: 64) * 64  // one 64×64 fill
    var limits = ResourceLimits()
    limits.rasterCacheBytes = 3 * raster
    let renderer = try LayerRenderer(tree: Self.fills(10), limits: limits)
    let first = try renderer.render(at: .zero)
    #expect(renderer.cachedRasterBytes <= limits.rasterCacheBytes)
    #expect(renderer.cachedRasterBytes == 3 * raster)
    #expect(renderer.drawingsRasterised == 10)
    // The next frame takes the three kept rasters and redraws the seven others.
    let second = try renderer.render(at: Time(value: 1, timescale: 30))
    #expect(renderer.drawingsRasterised == 17)
    #expect(renderer.cachedRasterBytes <= limits.rasterCacheBytes)
    // Rasters drawn without being kept look the same: the top layer is green everywhere.
    for image in [first, second] {
      #expect(image[x: 0, y: 0] == BGRA(blue: 0, green: 255, red: 0, alpha: 255))
      #expect(image[x: 63, y: 63] == BGRA(blue: 0, green: 255, red: 0, alpha: 255))
    }
  }

  @Test func rastersUnusedThisFrameAreEvictedLeastRecentlyUsedFirst() throws {
    let raster = Image.alignedRowBytes(width: 64) * 64
    // Two layers, a budget of one raster: the second layer's raster evicts nothing that
    // the frame uses, so it is drawn without being kept…
    var limits = ResourceLimits()
    limits.rasterCacheBytes = raster
    let renderer = try LayerRenderer(tree: Self.fills(2), limits: limits)
    _ = try renderer.render(at: .zero)
    #expect(renderer.rasterizer.cachedCount == 1)
    _ = try renderer.render(at: .zero)
    #expect(renderer.drawingsRasterised == 3)
    // …and with no budget nothing is kept, yet the frame is drawn.
    limits.rasterCacheBytes = 0
    let uncached = try LayerRenderer(tree: Self.fills(2), limits: limits)
    let image = try uncached.render(at: .zero)
    #expect(uncached.cachedRasterBytes == 0)
    #expect(image[x: 10, y: 10] == BGRA(blue: 0, green: 255, red: 0, alpha: 255))
  }

  @Test func aTreeWithMoreLayersThanTheLimitIsRefused() throws {
    var limits = ResourceLimits()
    limits.maximumLayerCount = 5
    #expect(throws: Never.self) { try LayerRenderer(tree: Self.fills(5), limits: limits) }
    do {
      _ = try LayerRenderer(tree: Self.fills(6), limits: limits)
      Issue.record("6 layers passed a limit of 5")
    } catch {
      guard case .limit(let limit) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(limit.limit == .layerCount && limit.requested == 6 && limit.maximum == 5)
      #expect(error.description.contains("ResourceLimits.maximumLayerCount"))
      // The library names its property, not a command-line option (the tool adds those).
      #expect(!error.description.contains("--"))
    }
    // The default is at least 10,000.
    #expect(ResourceLimits.default.maximumLayerCount >= 10_000)
  }

  @Test func theWorkBudgetAllowsTenMinutesOf4K60AndRefusesTenHoursOf8K() throws {
    let limits = ResourceLimits.default
    try limits.checkWork(frames: 10 * 60 * 60, width: 3840, height: 2160)
    #expect(throws: ResourceLimitError.self) {
      try limits.checkWork(frames: 10 * 3600 * 30, width: 7680, height: 4320)
    }
    // Products that overflow Int are refused, not trapped on.
    #expect(throws: ResourceLimitError.self) {
      try limits.checkWork(frames: Int.max, width: Int.max, height: 2)
    }
    do {
      try limits.checkWork(frames: 1_080_000, width: 7680, height: 4320)
    } catch {
      #expect(error.description.contains("ResourceLimits.maximumOutputPixels"))
      #expect(!error.description.contains("--"))
      #expect(error.description.contains("1080000 frames of 7680×4320"))
    }
  }

  @Test func anAnimatedImageAboveThePixelBudgetStopsDecoding() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-budget-gif")
    let path = folder.appendingPathComponent("anim.gif").path
    // 10 frames of 32×32: 10,240 decoded pixels.
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc=size=32x32:rate=10:duration=1", "-loop", "0", path,
    ])
    var limits = ResourceLimits()
    limits.maximumImagePixels = 10_240
    let layer = try Layer.image(contentsOf: path, limits: limits)
    guard case .imageSequence(let sequence) = layer.content else {
      Issue.record("expected an image sequence, got \(layer.content)")
      return
    }
    #expect(sequence.frames.count == 10)
    limits.maximumImagePixels = 10_239
    do {
      _ = try Layer.image(contentsOf: path, limits: limits)
      Issue.record("an animation above the pixel budget was decoded")
    } catch {
      #expect(ImageDecoder.isTotalPixelLimit(error))
    }
  }

  @Test func aPixelBufferThatCannotBeAllocatedIsAnError() {
    // 4 TiB: no machine here has room; before, Swift's allocator stopped the process.
    #expect(throws: PixelAllocationError.self) {
      _ = try Image(checkedWidth: 1 << 20, height: 1 << 20)
    }
    // A byte count that overflows Int is refused, not trapped on.
    #expect(throws: PixelAllocationError.self) {
      _ = try Image(checkedWidth: Int.max / 2, height: 4)
    }
    #expect(throws: PixelAllocationError.self) {
      _ = try YUVImage(
        uninitializedCheckedWidth: 1 << 30, height: 1 << 30, matrix: .bt709, pool: .shared)
    }
    let small = try? Image(checkedWidth: 3, height: 2)
    #expect(small?[x: 2, y: 1] == BGRA(blue: 0, green: 0, red: 0, alpha: 0))
  }
}
