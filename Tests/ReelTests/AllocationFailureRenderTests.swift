import Foundation
import ReelCore
import ReelGraphics
import ReelMedia
import Testing

@testable import Reel

/// A pixel buffer made while drawing a layer (a shadow's blur, an enlarged picture) that
/// cannot be allocated is ``RenderError/outOfMemory(_:)``, and an export that meets one
/// (from ReelGraphics or ReelMedia) fails with ``ExportError/render(_:)`` of it — which the
/// `reel` tool reports with exit 4. Before, those buffers stopped the process.
@Suite("Rendering: a buffer that cannot be allocated is an error")
struct AllocationFailureRenderTests {
  static let size = 64

  /// One layer over a 64×64 tree.
  static func tree(_ layer: Layer) -> LayerTree {
    let frame = Rect(x: 0, y: 0, width: Double(size), height: Double(size))
    return LayerTree(
      root: .group(frame: frame, sublayers: [layer]),
      renderSize: Size(width: Double(size), height: Double(size)))
  }

  /// Renders `tree` with pixel buffers above `bytes` refused; the error, or nil.
  static func renderError(_ tree: LayerTree, refusingAbove bytes: Int) throws -> RenderError? {
    let renderer = try LayerRenderer(tree: tree)
    do {
      _ = try PixelMemory.$failingAbove.withValue(bytes) { () throws(RenderError) in
        try renderer.render(at: .zero)
      }
      return nil
    } catch let error as RenderError {
      return error
    }
  }

  /// Room for the 64×64 output and a 64×64 raster (16 KiB each), not for more.
  static let roomForTheFrame = 20_000

  @Test func aShadowWhoseBlurCannotBeAllocatedIsOutOfMemory() throws {
    let plain = Layer.color(.red, frame: Rect(x: 8, y: 8, width: 48, height: 48))
    var layer = plain
    layer.properties.shadow = Shadow(opacity: 1, offset: Point(x: 2, y: 2), radius: 12)
    let error = try Self.renderError(Self.tree(layer), refusingAbove: Self.roomForTheFrame)
    guard case .outOfMemory(let allocation) = error else {
      Issue.record("expected outOfMemory, got \(String(describing: error))")
      return
    }
    #expect(allocation.width > Self.size, "the shadow is larger than the frame: \(allocation)")
    // Without the shadow the same frame renders in the same room.
    #expect(try Self.renderError(Self.tree(plain), refusingAbove: Self.roomForTheFrame) == nil)
  }

  @Test func anEnlargedPictureThatCannotBeAllocatedIsOutOfMemory() throws {
    var star = Image(width: 4, height: 4)
    star.fill(with: Color.white.premultipliedBGRA)
    // Shown at 200×100: enlarged ahead to 200×100 (80 KiB), above the room.
    let layer = Layer.image(star, frame: Rect(x: -20, y: 0, width: 200, height: 100))
    let error = try Self.renderError(Self.tree(layer), refusingAbove: Self.roomForTheFrame)
    guard case .outOfMemory(let allocation) = error else {
      Issue.record("expected outOfMemory, got \(String(describing: error))")
      return
    }
    #expect(allocation.width == 200 && allocation.height == 100, "\(allocation)")
    #expect(try Self.renderError(Self.tree(layer), refusingAbove: 1 << 20) == nil)
  }

  @Test func anExportMapsEveryOutOfMemoryToTheRenderError() {
    let allocation = PixelAllocationError(width: 7, height: 5, byteCount: 320)
    let errors: [any Error] = [
      allocation, RenderError.outOfMemory(allocation), GraphicsError.outOfMemory(allocation),
      MediaError.outOfMemory(path: "(picture)", allocation),
    ]
    for error in errors {
      guard case .render(.outOfMemory(let mapped)) = ExportError.wrapping(error) else {
        Issue.record("\(error) became \(ExportError.wrapping(error))")
        continue
      }
      #expect(mapped == allocation)
      #expect(ExportError.wrapping(error).description.contains("out of memory"))
    }
  }
}
