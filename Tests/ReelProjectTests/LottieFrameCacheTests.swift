import Foundation
import ReelAnimation
import ReelProject
import TestSupport
import Testing

@testable import Reel
@testable import ReelGraphics

/// Drawn Lottie frames are kept per (frame, size), cropped to their drawn pixels: a loop
/// draws each frame once, the budget holds, and a loop longer than the budget keeps what
/// fits instead of thrashing.
@Suite("Lottie frame cache")
struct LottieFrameCacheTests {
  static func animation(frameCacheBytes: Int) throws -> LottieAnimation {
    let document = try LottieDocument(
      data: Data(TemplateLottieTests.animation().utf8),
      limits: .init(
        maximumBytes: 1 << 20, maximumLayers: 10, maximumFrames: 100, maximumImagePixels: 1),
      readFile: { name throws(LottieError) in throw .unreadableImage(name: name, reason: "none") })
    return try LottieAnimation(document, frameCacheBytes: frameCacheBytes)
  }

  @Test("A cropped frame holds every drawn pixel of the full frame; the rest is transparent")
  func croppedEqualsFull() throws {
    let animation = try Self.animation(frameCacheBytes: 0)
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
    #expect(drawing.animation.cachedFrames.count == 60)
  }

  @Test("The budget holds; a loop longer than it keeps its first frames and redraws the rest")
  func budgetWithoutThrashing() throws {
    let probe = try Self.animation(frameCacheBytes: 0)
    let sizes = try (0..<60).map { try probe.drawnFrame($0, width: 160, height: 120).byteCount }
    // Room for the first 20 frames only.
    let budget = sizes[0..<20].reduce(0, +)
    let animation = try Self.animation(frameCacheBytes: budget)
    for _ in 0..<2 {
      for index in 0..<60 { _ = try animation.drawnFrame(index, width: 160, height: 120) }
      #expect(animation.cachedFrames.byteCount <= budget)
    }
    // First loop: 60 draws, frames 0…19 kept; second loop: only frames 20…59 drawn again.
    #expect(animation.cachedFrames.count == 20)
    #expect(animation.drawCount == 100)
    // Another size takes the place of frames of the old one.
    _ = try animation.drawnFrame(0, width: 80, height: 60)
    #expect(animation.cachedFrames.count == 20)
    #expect(animation.cachedFrames.byteCount <= budget)
    #expect(animation.drawCount == 101)
    _ = try animation.drawnFrame(0, width: 80, height: 60)
    #expect(animation.drawCount == 101)
  }
}
