import Foundation
import Reel

// Emitter layers.
extension TemplateDescriber {
  func decodeEmitter(_ node: TemplateJSON, _ path: String) -> EmitterDescription? {
    guard let reader = object(node, path, .emitter) else { return nil }
    var emitter = EmitterContent()
    if let position = reader.get(.position, { self.pixelPoint($0, $1) }) {
      emitter.position = position
    }
    if let size = reader.get(.size, { self.pixelSize($0, $1) }) { emitter.size = size }
    if let shape = reader.get(.shape, { self.choice($0, $1, TemplateFormat.emitterShapes) }) {
      emitter.shape = EmitterContent.Shape(rawValue: shape) ?? .point
    }
    if let mode = reader.get(.mode, { self.choice($0, $1, TemplateFormat.emitterModes) }) {
      emitter.mode = EmitterContent.Mode(rawValue: mode) ?? .volume
    }
    if let render = reader.get(
      .renderMode, { self.choice($0, $1, TemplateFormat.emitterRenderModes) })
    {
      emitter.renderMode = EmitterContent.RenderMode(rawValue: render) ?? .unordered
    }
    emitter.birthRate = reader.get(.birthRate, nonNegative) ?? 1
    emitter.lifetime = reader.get(.lifetime, nonNegative) ?? 1
    emitter.velocity = reader.get(.velocity, number) ?? 1
    emitter.scale = reader.get(.scale, number) ?? 1
    emitter.spin = reader.get(.spin, number) ?? 1
    if let seed = reader.get(.seed, { self.integer($0, $1, minimum: 0) }) {
      if let value = UInt32(exactly: seed) {
        emitter.seed = value
      } else {
        problem(reader.path(.seed), "must be at most \(UInt32.max)", at: reader[.seed])
      }
    }
    var images: [FileReference?] = []
    if let elements = reader.get(.cells, array) {
      if elements.isEmpty {
        problem(reader.path(.cells), "needs at least one cell", at: reader[.cells])
      }
      for (index, element) in elements.enumerated() {
        let cellPath = TemplatePath.join(reader.path(.cells), index)
        guard let (cell, image) = decodeEmitterCell(element, cellPath) else { continue }
        emitter.cells.append(cell)
        images.append(image)
      }
    }
    if let tooLarge = emitter.sizeProblem {
      problem(path, tooLarge, at: node)
      return nil
    }
    return EmitterDescription(emitter: emitter, images: images)
  }

  private func nonNegative(_ node: TemplateJSON, _ path: String) -> Double? {
    number(node, path, in: 0...Double.greatestFiniteMagnitude)
  }

  private func decodeEmitterCell(_ node: TemplateJSON, _ path: String) -> (
    EmitterCell, FileReference?
  )? {
    guard let reader = object(node, path, .emitterCell) else { return nil }
    var cell = EmitterCell()
    let image = fileReference(reader, .image)
    cell.name = reader.get(.name, string)
    cell.isEnabled = reader.get(.enabled, bool) ?? true
    cell.birthRate = reader.get(.birthRate, nonNegative) ?? 0
    cell.lifetime = reader.get(.lifetime, nonNegative) ?? 0
    cell.lifetimeRange = reader.get(.lifetimeRange, nonNegative) ?? 0
    cell.velocity = reader.get(.velocity, number) ?? 0
    cell.velocityRange = reader.get(.velocityRange, nonNegative) ?? 0
    cell.emissionLongitude = reader.get(.longitude, number) ?? 0
    cell.emissionRange = reader.get(.emissionRange, nonNegative) ?? 0
    if let acceleration = reader.get(.acceleration, { self.pixelPoint($0, $1) }) {
      cell.xAcceleration = acceleration.x
      cell.yAcceleration = acceleration.y
    }
    cell.spin = reader.get(.spin, number) ?? 0
    cell.spinRange = reader.get(.spinRange, nonNegative) ?? 0
    cell.scale = reader.get(.scale, number) ?? 1
    cell.scaleRange = reader.get(.scaleRange, nonNegative) ?? 0
    cell.scaleSpeed = reader.get(.scaleSpeed, number) ?? 0
    cell.color = reader.get(.color, color) ?? .white
    if let range = reader.get(
      .colorRange, { self.numbers($0, $1, count: 4, shape: "[red, green, blue, alpha]") })
    {
      if range.contains(where: { $0 < 0 }) {
        problem(reader.path(.colorRange), "needs ranges of 0 or more", at: reader[.colorRange])
      } else {
        (cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange) =
          (range[0], range[1], range[2], range[3])
      }
    }
    if let speed = reader.get(
      .colorSpeed, { self.numbers($0, $1, count: 4, shape: "[red, green, blue, alpha]") })
    {
      (cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed) =
        (speed[0], speed[1], speed[2], speed[3])
    }
    return (cell, image)
  }
}
