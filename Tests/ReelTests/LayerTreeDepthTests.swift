import Reel
import Testing

/// Evaluation recurses once a level of layers: a tree deeper than `LayerTree.maximumDepth` is
/// refused by the layer renderer and the export plan, and never evaluated past that level.
@Suite("Layer tree depth")
struct LayerTreeDepthTests {
  static func chain(_ levels: Int) -> LayerTree {
    var layer = Layer.color(.red, frame: Rect(x: 1, y: 1, width: 4, height: 4))
    for _ in 1..<levels {
      layer = Layer.group(frame: Rect(x: 1, y: 1, width: 8, height: 8), sublayers: [layer])
    }
    return LayerTree(root: layer, renderSize: Size(width: 32, height: 32))
  }

  @Test("depth counts levels without recursing; deeper than 256 is a problem")
  func depth() {
    #expect(Self.chain(1).depth == 1)
    #expect(Self.chain(256).depth == 256 && Self.chain(256).depthProblem == nil)
    let deep = Self.chain(5_000)
    #expect(deep.depth == 5_000)
    #expect(deep.depthProblem?.contains("5000 levels") == true)
  }

  @Test("the renderer refuses a tree of 5,000 levels; evaluation stops at level 256")
  func refused() throws {
    let deep = Self.chain(5_000)
    #expect(throws: RenderError.self) { try LayerRenderer(tree: deep) }
    #expect(deep.renderList(atSeconds: 0).items.isEmpty)
    let drawable = Self.chain(256)
    #expect(drawable.renderList(atSeconds: 0).items.count == 1)
    #expect(try LayerRenderer(tree: drawable).render(at: .zero).width == 32)
  }
}
