import Foundation
import ReelAnimation
import ReelProject
import TestSupport
import Testing

@testable import Reel
@testable import ReelGraphics

/// Drawn Lottie frames are kept by the renderer, cropped to their drawn pixels, inside its
/// one raster budget (``ResourceLimits/rasterCacheBytes``): a loop draws each frame once,
/// the budget holds for several animations together, and a loop longer than the budget
/// keeps what fits instead of thrashing.
@Suite("Lottie frame cache")
struct LottieFrameCacheTests {
  static func animation() throws -> LottieAnimation {
    let document = try LottieDocument(
      data: Data(TemplateLottieTests.animation().utf8),
      limits: .init(
        maximumBytes: 1 << 20, maximumLayers: 10, maximumFrames: 100, maximumImagePixels: 1),
      readFile: { name throws(LottieError) in throw .unreadableImage(name: name, reason: "none") })
    return try LottieAnimation(document)
  }

  @Test("A cropped frame holds every drawn pixel of the full frame; the rest is transparent")
  func croppedEqualsFull() throws {
    let animation = try Self.animation()
    for index in [0, 30, 59] {
      let full = try animation.frame(index, width: 160, height: 120)
      let drawn = try animation.drawnFrame(index, width: 160, height: 120)
      let image = try #require(drawn.image)
      // The square is at most 50 + margins wide: the crop is much smaller than the frame.
      #expect(
        image.width < 60 && image.height < 60, "frame \(index): \(image.width)×\(image.height)")
      var mismatches = 0
      for y in 0..<120 {
        for x in 0..<160 {
          let inside =
            (drawn.x..<drawn.x + image.width).contains(x)
            && (drawn.y..<drawn.y + image.height).contains(y)
          let expected =
            inside
            ? image[x: x - drawn.x, y: y - drawn.y] : BGRA(blue: 0, green: 0, red: 0, alpha: 0)
          if full[x: x, y: y] != expected { mismatches += 1 }
        }
      }
      #expect(mismatches == 0, "frame \(index): \(mismatches) pixels differ")
    }
  }

  @Test("A looping layer rendered over two loops draws each animation frame once")
  func loopDrawsOnce() throws {
    let loaded = try loadTemplate(
      TemplateLottieTests.template(#"{"type": "lottie", "file": "anim.json", "loop": true}"#),
      folder: try TemplateLottieTests.folder())
    let tree = try #require(loaded.movie.layers)
    let item = try #require(tree.renderList(at: .zero).items.first)
    guard case .kind(let kind) = item.drawing, let drawing = kind.base as? LottieDrawing else {
      Issue.record("the layer draws \(item.drawing), not a Lottie frame")
      return
    }
    let renderer = try LayerRenderer(tree: tree)
    let references = TemplateLottieTests.reference
    try #require(references.count == 60)
    // 4 s at 30 fps: movie frames 0…119 show animation frames 0…59 twice.
    for k in 0..<120 {
      let frame = try renderer.render(at: Time(value: Int64(k), timescale: 30))
      if k >= 60, k % 10 == 3 {
        let difference = TemplateLottieTests.meanDifference(frame, references[k % 60])
        #expect(difference <= 1, "movie frame \(k): mean |Δ| \(difference) from rlottie's")
      }
    }
    #expect(drawing.animation.drawCount == 60)
    #expect(renderer.rasterizer.cachedLoopFrameCount == 60)
  }

  /// Renders `loops` layers, each its own animation file (`anim0.json`, `anim1.json`, …),
  /// over two loops (4 s at 30 fps) with `budget` bytes of rasters, checking the budget
  /// after every frame; returns the renderer and the animations.
  static func renderTwoLoops(animations count: Int, budget: Int) throws -> (
    LayerRenderer, [LottieAnimation]
  ) {
    let folder = try TemplateLottieTests.folder { folder in
      for index in 0..<count {
        try Data(TemplateLottieTests.animation().utf8).write(
          to: folder.appendingPathComponent("anim\(index).json"))
      }
    }
    let layers = (0..<count).map { #"{"type": "lottie", "file": "anim\#($0).json", "loop": true}"# }
    let loaded = try loadTemplate(
      TemplateLottieTests.template(layers.joined(separator: ", ")), folder: folder)
    let tree = try #require(loaded.movie.layers)
    let animations = tree.renderList(at: .zero).items.compactMap { item -> LottieAnimation? in
      guard case .kind(let kind) = item.drawing else { return nil }
      return (kind.base as? LottieDrawing)?.animation
    }
    try #require(animations.count == count)
    try #require(Set(animations.map(ObjectIdentifier.init)).count == count)
    var limits = ResourceLimits()
    limits.rasterCacheBytes = budget
    let renderer = try LayerRenderer(tree: tree, limits: limits)
    for k in 0..<120 {
      _ = try renderer.render(at: Time(value: Int64(k), timescale: 30))
      #expect(renderer.cachedRasterBytes <= budget, "movie frame \(k)")
    }
    return (renderer, animations)
  }

  /// Bytes of animation frame `index`'s crop at 160×120.
  static func cropBytes(_ index: Int) throws -> Int {
    try animation().drawnFrame(index, width: 160, height: 120).byteCount
  }

  @Test("The budget holds; a loop longer than it keeps its first frames and redraws the rest")
  func budgetWithoutThrashing() throws {
    // Room for the first 20 frames only.
    let budget = try (0..<20).map(Self.cropBytes).reduce(0, +)
    let (renderer, animations) = try Self.renderTwoLoops(animations: 1, budget: budget)
    // First loop: 60 draws, frames 0…19 kept; second loop: only frames 20…59 drawn again.
    #expect(renderer.rasterizer.cachedLoopFrameCount == 20)
    #expect(animations[0].drawCount == 100)
  }

  @Test("Two animations together stay within the one raster budget")
  func twoAnimationsShareTheBudget() throws {
    // Room for frames 0…29 of one animation: once for both, not once each (two budgets
    // would keep at least 60 frames; the early frames' crops are smaller, so about 37 fit).
    let budget = try (0..<30).map(Self.cropBytes).reduce(0, +)
    let (renderer, animations) = try Self.renderTwoLoops(animations: 2, budget: budget)
    let kept = renderer.rasterizer.cachedLoopFrameCount
    #expect(kept >= 30 && kept < 60, "\(kept) frames kept")
    #expect(renderer.cachedRasterBytes <= budget)
    // Each kept frame is drawn once; the others again in the second loop.
    let draws = animations.map(\.drawCount).reduce(0, +)
    #expect(draws == 240 - kept, "\(draws) draws with \(kept) frames kept")
  }
}
