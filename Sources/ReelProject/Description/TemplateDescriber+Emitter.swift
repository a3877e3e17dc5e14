import Foundation
import Reel

// Emitter layers.
extension TemplateDescriber {
  func decodeEmitter(_ node: TemplateJSON, _ path: String) -> EmitterDescription? {
    guard let reader = object(node, path, .emitter) else { return nil }
    // Keys left out keep the model's values, which are the rows' defaults.
    var emitter = EmitterContent()
    if let position = point(reader, .position) { emitter.position = position }
    if let size = size(reader, .size) { emitter.size = size }
    if let shape = choice(reader, .shape).flatMap(EmitterContent.Shape.init(rawValue:)) {
      emitter.shape = shape
    }
    if let mode = choice(reader, .mode).flatMap(EmitterContent.Mode.init(rawValue:)) {
      emitter.mode = mode
    }
    if let render = choice(reader, .renderMode).flatMap(EmitterContent.RenderMode.init(rawValue:)) {
      emitter.renderMode = render
    }
    let numbers: [(TemplateKey, WritableKeyPath<EmitterContent, Double>)] = [
      (.birthRate, \.birthRate), (.lifetime, \.lifetime), (.velocity, \.velocity),
      (.scale, \.scale), (.spin, \.spin),
    ]
    for (key, field) in numbers {
      if let value = number(reader, key) { emitter[keyPath: field] = value }
    }
    if let seed = integer(reader, .seed).flatMap(UInt32.init(exactly:)) { emitter.seed = seed }
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

  private func decodeEmitterCell(_ node: TemplateJSON, _ path: String) -> (
    EmitterCell, FileReference?
  )? {
    guard let reader = object(node, path, .emitterCell) else { return nil }
    // Keys left out keep the model's values, which are the rows' defaults.
    var cell = EmitterCell()
    let image = fileReference(reader, .image)
    cell.name = reader.get(.name, string)
    if let enabled = reader.get(.enabled, bool) { cell.isEnabled = enabled }
    let numbers: [(TemplateKey, WritableKeyPath<EmitterCell, Double>)] = [
      (.birthRate, \.birthRate), (.lifetime, \.lifetime), (.lifetimeRange, \.lifetimeRange),
      (.velocity, \.velocity), (.velocityRange, \.velocityRange),
      (.longitude, \.emissionLongitude), (.emissionRange, \.emissionRange), (.spin, \.spin),
      (.spinRange, \.spinRange), (.scale, \.scale), (.scaleRange, \.scaleRange),
      (.scaleSpeed, \.scaleSpeed),
    ]
    for (key, field) in numbers {
      if let value = number(reader, key) { cell[keyPath: field] = value }
    }
    if let acceleration = point(reader, .acceleration) {
      cell.xAcceleration = acceleration.x
      cell.yAcceleration = acceleration.y
    }
    if let color = reader.get(.color, color) { cell.color = color }
    let rgba = "[red, green, blue, alpha]"
    if let range = fixedNumbers(reader, .colorRange, shape: rgba) {
      (cell.redRange, cell.greenRange, cell.blueRange, cell.alphaRange) =
        (range[0], range[1], range[2], range[3])
    }
    if let speed = fixedNumbers(reader, .colorSpeed, shape: rgba) {
      (cell.redSpeed, cell.greenSpeed, cell.blueSpeed, cell.alphaSpeed) =
        (speed[0], speed[1], speed[2], speed[3])
    }
    return (cell, image)
  }
}
