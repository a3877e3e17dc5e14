import Foundation
import Testing

@testable import Reel

/// Emitter layers: each particle is its cell's picture, tinted, placed and faded; frames are
/// the same however they are reached.
@Suite("Emitter rendering")
struct EmitterRenderTests {
  static func square(_ side: Int) -> Image {
    var image = Image(width: side, height: side)
    image.fill(with: BGRA(blue: 255, green: 255, red: 255, alpha: 255))
    return image
  }

  static func tree(_ emitter: EmitterContent) -> LayerTree {
    LayerTree(
      root: .emitter(emitter, frame: Rect(x: 0, y: 0, width: 200, height: 100)),
      renderSize: Size(width: 200, height: 100), backgroundColor: .black)
  }

  @Test("A still particle is its picture times the cell colour, centred on the emitter")
  func tintedParticle() throws {
    var cell = EmitterCell(image: Self.square(10))
    cell.birthRate = 1
    cell.lifetime = 5
    cell.color = RenderCheck.rgb(255, 128, 0)
    cell.scale = 2
    let emitter = EmitterContent(position: Point(x: 100, y: 50), cells: [cell])
    let renderer = try LayerRenderer(tree: Self.tree(emitter))
    let image = try renderer.render(at: RenderCheck.time(0.5))
    // One particle, 20×20 (scale 2) centred on (100, 50): x 90…110, y 40…60.
    let inside = image[x: 100, y: 50]
    #expect(inside.red == 255 && inside.blue == 0 && abs(Int(inside.green) - 128) <= 1)
    #expect(image[x: 92, y: 42].red == 255 && image[x: 88, y: 50].red == 0)
    #expect(image[x: 100, y: 62].red == 0)
  }

  @Test("alphaSpeed fades; additive adds overlapping particles")
  func fadeAndAdditive() throws {
    var cell = EmitterCell(image: Self.square(10))
    cell.birthRate = 1
    cell.lifetime = 5
    cell.alphaSpeed = -0.5
    cell.color = RenderCheck.rgb(100, 100, 100)
    let fading = EmitterContent(position: Point(x: 100, y: 50), cells: [cell])
    // Before the second birth (at 1 s): alpha 1 − 0.5·0.9 = 0.55 over black, 100 × 0.55.
    let faded = try LayerRenderer(tree: Self.tree(fading)).render(at: RenderCheck.time(0.9))
    #expect(abs(Int(faded[x: 100, y: 50].red) - 55) <= 1)

    var bright = EmitterCell(image: Self.square(10))
    bright.birthRate = 10
    bright.lifetime = 5
    bright.color = RenderCheck.rgb(100, 100, 100)
    var additive = EmitterContent(position: Point(x: 100, y: 50), cells: [bright])
    additive.renderMode = .additive
    // Ten particles born by 0.95 s, all on the point: 10 × 100 saturates.
    let summed = try LayerRenderer(tree: Self.tree(additive)).render(at: RenderCheck.time(0.95))
    #expect(summed[x: 100, y: 50].red == 255)
    additive.renderMode = .unordered
    let over = try LayerRenderer(tree: Self.tree(additive)).render(at: RenderCheck.time(0.95))
    #expect(abs(Int(over[x: 100, y: 50].red) - 100) <= 1)
  }

  @Test("A frame rendered alone equals the same frame rendered after its predecessors")
  func frameAloneEqualsSequence() throws {
    var cell = EmitterCell(image: Self.square(6))
    cell.birthRate = 30
    cell.lifetime = 3
    cell.lifetimeRange = 1
    cell.velocity = 60
    cell.velocityRange = 30
    cell.emissionRange = 2 * .pi
    cell.spin = 3
    cell.spinRange = 2
    cell.scaleRange = 0.5
    cell.yAcceleration = 20
    cell.redRange = 0.5
    var emitter = EmitterContent(
      position: Point(x: 100, y: 50), size: Size(width: 80, height: 40), shape: .rectangle,
      seed: 42, cells: [cell])
    emitter.mode = .surface
    let tree = Self.tree(emitter)
    let sequence = try LayerRenderer(tree: tree)
    var inSequence: Image?
    for frame in 0...48 {
      let image = try sequence.render(at: Time(value: Int64(frame), timescale: 24))
      if frame == 48 { inSequence = image }
    }
    let alone = try LayerRenderer(tree: tree).render(at: Time(value: 48, timescale: 24))
    #expect(alone == inSequence)
    let lit = (0..<100).reduce(0) { n, y in
      n + (0..<200).filter { alone[x: $0, y: y].red > 0 }.count
    }
    #expect(lit > 200)
  }
}
