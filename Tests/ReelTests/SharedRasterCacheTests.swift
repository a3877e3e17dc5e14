import Foundation
import Testing

@testable import Reel

/// Rasters shared between exports (a batch's rows): keyed by what they draw, so a layer drawn
/// the same in two movies is drawn once, and a layer that differs is drawn for each; within
/// the byte budget.
@Suite("Shared rasters")
struct SharedRasterCacheTests {
  /// Three full-frame fills; the top one's colour is `top`.
  static func tree(top: Color) -> LayerTree {
    let frame = Rect(x: 0, y: 0, width: 64, height: 64)
    let layers = [
      Layer.color(Color(red: 1, green: 0, blue: 0), frame: frame),
      Layer.color(Color(red: 0, green: 0, blue: 1), frame: Rect(x: 8, y: 8, width: 48, height: 48)),
      Layer.color(top, frame: Rect(x: 16, y: 16, width: 32, height: 32)),
    ]
    return LayerTree(
      root: .group(frame: frame, sublayers: layers), renderSize: Size(width: 64, height: 64))
  }

  @Test func aSecondMovieDrawsOnlyWhatDiffers() throws {
    let shared = SharedRasterCache()
    let first = try LayerRenderer(tree: Self.tree(top: Color(red: 0, green: 1, blue: 0)))
    first.rasterizer.shared = shared
    _ = try first.render(at: .zero)
    #expect(first.drawingsRasterised == 3 && shared.cachedCount == 3 && shared.hitCount == 0)

    let white = Color(red: 1, green: 1, blue: 1)
    let second = try LayerRenderer(tree: Self.tree(top: white))
    second.rasterizer.shared = shared
    let image = try second.render(at: .zero)
    // The two fills every movie has come from the first; only the top one is drawn.
    #expect(second.drawingsRasterised == 1 && shared.hitCount == 2)
    // The same pixels as a movie drawn on its own.
    let alone = try LayerRenderer(tree: Self.tree(top: white)).render(at: .zero)
    #expect(image == alone)
    #expect(image[x: 32, y: 32] == BGRA(blue: 255, green: 255, red: 255, alpha: 255))
    #expect(image[x: 10, y: 10] == BGRA(blue: 255, green: 0, red: 0, alpha: 255))
  }

  @Test func theSharedRastersStayWithinTheBudget() throws {
    let full = Image.alignedRowBytes(width: 64) * 64
    let shared = SharedRasterCache(budget: full + full / 2)
    for top in [Color(red: 0, green: 1, blue: 0), Color(red: 1, green: 1, blue: 0)] {
      let renderer = try LayerRenderer(tree: Self.tree(top: top))
      renderer.rasterizer.shared = shared
      _ = try renderer.render(at: .zero)
      #expect(shared.cachedBytes <= shared.budget)
    }
    let none = SharedRasterCache(budget: 0)
    let renderer = try LayerRenderer(tree: Self.tree(top: Color(red: 0, green: 1, blue: 0)))
    renderer.rasterizer.shared = none
    _ = try renderer.render(at: .zero)
    #expect(none.cachedCount == 0 && renderer.drawingsRasterised == 3)
  }
}
