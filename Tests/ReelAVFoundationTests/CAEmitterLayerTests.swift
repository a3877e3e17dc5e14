import AVFoundationCompat
import Reel
import Testing

@testable import ReelAVFoundation

/// CAEmitterLayer and CAEmitterCell become Reel's emitter; what Reel cannot draw fails.
@Suite("CAEmitterLayer")
struct CAEmitterLayerTests {
  typealias S = CATestSupport
  let size = CGSize(width: 200, height: 100)

  func confetti(seed: UInt32 = 0) -> CAEmitterLayer {
    let picture = S.cgImage(S.solid(width: 8, height: 8, S.white))
    let cell = CAEmitterCell()
    cell.contents = picture
    cell.birthRate = 20
    cell.lifetime = 4
    cell.velocity = 50
    cell.velocityRange = 20
    cell.emissionLongitude = -.pi / 2
    cell.emissionRange = 0.8
    cell.spin = 4
    cell.color = UIColor.systemRed.cgColor
    cell.scale = 0.8
    let emitter = CAEmitterLayer()
    emitter.name = "confetti"
    emitter.emitterPosition = CGPoint(x: 100, y: 100)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: 200, height: 2)
    emitter.emitterCells = [cell]
    emitter.seed = seed
    return emitter
  }

  @Test("Defaults and raw values are Apple's")
  func defaults() {
    let layer = CAEmitterLayer()
    #expect(layer.birthRate == 1 && layer.lifetime == 1 && layer.velocity == 1)
    #expect(layer.emitterShape == .point && layer.emitterMode == .volume)
    #expect(layer.renderMode == .unordered && !layer.preservesDepth && layer.seed == 0)
    #expect(
      [CAEmitterLayerEmitterShape.point, .line, .rectangle, .cuboid, .circle, .sphere].map(
        \.rawValue) == ["point", "line", "rectangle", "cuboid", "circle", "sphere"])
    #expect(
      [CAEmitterLayerEmitterMode.points, .outline, .surface, .volume].map(\.rawValue) == [
        "points", "outline", "surface", "volume",
      ])
    #expect(CAEmitterLayerRenderMode.additive.rawValue == "additive")
    let cell = CAEmitterCell()
    #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.scale == 1 && cell.isEnabled)
  }

  @Test("The layer and its cells carry over to Reel's emitter")
  func snapshot() throws {
    let emitter = confetti(seed: 9)
    emitter.birthRate = 2
    let tree = try S.tool(size: size, sublayers: [emitter]).snapshotLayerTree(renderSize: size)
    let layer = try #require(S.layer(named: "confetti", in: tree))
    guard case .emitter(let reel) = layer.content else {
      Issue.record("not an emitter")
      return
    }
    #expect(reel.shape == .line && reel.size == ReelCore.Size(width: 200, height: 2))
    #expect(reel.position == ReelCore.Point(x: 100, y: 100) && reel.seed == 9)
    #expect(reel.birthRate == 2 && reel.cells.count == 1)
    #expect(
      reel.cells[0].velocity == 50 && reel.cells[0].scale == 0.8 && reel.rate(ofCell: 0) == 40)
    #expect(reel.cells[0].color == UIColor.systemRed.cgColor.color)
  }

  @Test("Particles show inside the picture; a frame alone equals it in sequence, bit for bit")
  func deterministicFrames() throws {
    let tool = S.tool(size: size, sublayers: [confetti()])
    var sequence: [ReelCore.Image] = []
    let tree = try tool.snapshotLayerTree(renderSize: size)
    let renderer = try LayerRenderer(tree: tree)
    for frame in 0...30 {
      sequence.append(try renderer.render(at: Time(value: Int64(frame), timescale: 30)))
    }
    let alone = try S.render(tool, size: size, at: 1)
    #expect(alone == sequence[30])
    // Emitted at the top (y = 100 in the y-up space) downwards (−π/2): ink below the top.
    let box = S.inkBox(alone) { $0.red > 200 && $0.green < 120 }
    #expect(box != nil)
    if let box { #expect(box.minY < 40 && box.maxY > 20) }
  }

  @Test("What Reel cannot draw fails, naming it")
  func failures() {
    func reason(_ change: (CAEmitterLayer) -> Void) -> String {
      let emitter = confetti()
      change(emitter)
      return S.failure(S.tool(size: size, sublayers: [emitter]), size: size)?.reason ?? ""
    }
    let nested = reason { $0.emitterCells?[0].emitterCells = [CAEmitterCell()] }
    let latitude = reason { $0.emitterCells?[0].emissionLatitude = 1 }
    let contents = reason { $0.emitterCells?[0].contents = "x" }
    #expect(reason { $0.emitterShape = .sphere }.contains("\"sphere\""))
    #expect(reason { $0.renderMode = .oldestFirst }.contains("\"oldestFirst\""))
    #expect(reason { $0.preservesDepth = true }.contains("preservesDepth"))
    #expect(nested.contains("emitterCells[0]") && nested.contains("particles from particles"))
    #expect(latitude.contains("emissionLatitude"))
    #expect(contents.contains("CGImage"))
    let huge = reason { $0.birthRate = 1e6 }
    #expect(huge.contains("CAEmitterLayer \"confetti\"") && huge.contains("20000"))
  }
}
