import Foundation
import ReelProject
import TestSupport
import Testing

@testable import Reel

/// The `emitter` layer type: its keys reach Reel's emitter, its cells' pictures are opened,
/// and too large an emitter is a problem.
@Suite("Template emitter layers")
struct TemplateEmitterTests {
  static let body = """
    {"version": 1, "size": [200, 100], "duration": 2, "background": "black", "layers": [
      {"type": "emitter", "name": "sparks", "emitter": {
        "position": [100, 50], "size": [80, 2], "shape": "line", "mode": "outline",
        "birthRate": 2, "seed": 42, "renderMode": "additive",
        "cells": [ {"image": "media/star.png", "name": "star", "birthRate": 5, "lifetime": 3,
          "lifetimeRange": 0.5, "velocity": 40, "velocityRange": 10, "longitude": 1.5707963,
          "emissionRange": 0.5, "acceleration": [0, 9.8], "spin": 2, "spinRange": 1,
          "scale": 0.5, "scaleRange": 0.1, "scaleSpeed": 0.1, "color": "#FF8000",
          "colorRange": [0.1, 0, 0, 0], "colorSpeed": [0, 0, 0, -0.2], "enabled": true} ] } } ]}
    """

  @Test("Every key reaches Reel's emitter, and the picture is the cell's")
  func keys() throws {
    let loaded = try loadTemplate(Self.body, folder: try mediaFolder())
    let layer = try #require(loaded.movie.layers?.root.sublayers.first)
    guard case .emitter(let emitter) = layer.content else {
      Issue.record("not an emitter")
      return
    }
    #expect(emitter.position == Point(x: 100, y: 50) && emitter.size == Size(width: 80, height: 2))
    #expect(emitter.shape == .line && emitter.mode == .outline && emitter.renderMode == .additive)
    #expect(emitter.birthRate == 2 && emitter.seed == 42 && emitter.cells.count == 1)
    let cell = emitter.cells[0]
    #expect(cell.image?.width == 32 && cell.name == "star" && cell.isEnabled)
    #expect(cell.birthRate == 5 && cell.lifetime == 3 && cell.lifetimeRange == 0.5)
    #expect(cell.velocity == 40 && cell.velocityRange == 10 && cell.emissionRange == 0.5)
    #expect(cell.yAcceleration == 9.8 && cell.spin == 2 && cell.spinRange == 1)
    #expect(cell.scale == 0.5 && cell.scaleRange == 0.1 && cell.scaleSpeed == 0.1)
    #expect(cell.redRange == 0.1 && cell.alphaSpeed == -0.2)
    #expect(cell.color == Color(red: 1, green: 128.0 / 255, blue: 0))
    // The movie renders particles, the same frame alone and after its predecessors.
    let tree = try #require(loaded.movie.layers)
    let sequence = try LayerRenderer(tree: tree)
    var last: Image?
    for frame in 0...30 { last = try sequence.render(at: Time(value: Int64(frame), timescale: 30)) }
    let alone = try LayerRenderer(tree: tree).render(at: Time(value: 30, timescale: 30))
    #expect(alone == last)
    #expect((0..<100).contains { y in (0..<200).contains { alone[x: $0, y: y].red > 100 } })
  }

  @Test("Too many live particles, bad values and a missing picture are problems")
  func problems() throws {
    let folder = try mediaFolder()
    let huge = Self.body.replacingOccurrences(of: "\"birthRate\": 5", with: "\"birthRate\": 1e6")
    let tooLarge = try templateProblems(huge, folder: folder)
    #expect(tooLarge.contains { $0.contains("layers[0].emitter") && $0.contains("20000") })
    let shape = Self.body.replacingOccurrences(of: "\"line\"", with: "\"sphere\"")
    #expect(try templateProblems(shape, folder: folder).contains { $0.contains("emitter.shape") })
    let missing = Self.body.replacingOccurrences(of: "media/star.png", with: "media/none.png")
    #expect(
      try templateProblems(missing, folder: folder).contains { $0.contains("cells[0].image") })
    let seed = Self.body.replacingOccurrences(of: "\"seed\": 42", with: "\"seed\": 5000000000")
    #expect(try templateProblems(seed, folder: folder).contains { $0.contains("emitter.seed") })
  }
}
