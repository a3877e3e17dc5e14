import Foundation
import Reel

/// `emitter`: particles, as Core Animation's `CAEmitterLayer` and `CAEmitterCell` make them.
struct TemplateEmitterLayer: TemplateLayerKind {
  static let summary = "particles from an emitter's cells, a pure function of the time and seed"
  static let keys: [TemplateKeyFormat] = [
    .init(.emitter, .object(.emitter), required: true, "The particle emitter.")
  ]

  /// The emitter, its cells' pictures not yet opened (nil when `emitter` has a problem).
  var emitter: EmitterDescription?

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self {
    Self(emitter: reader.get(.emitter, describer.decodeEmitter))
  }

  func resolve(by resolver: TemplateResolver, into resolved: inout ResolvedLayerFiles) {
    for file in emitter?.images.compactMap({ $0 }) ?? [] {
      resolver.openImage(file, into: &resolved)
    }
  }

  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {
    guard let description = emitter else { return }
    var emitter = description.emitter
    for (index, file) in description.images.enumerated() {
      // A picture's first frame (an animated picture's particles do not animate).
      emitter.cells[index].image = file.flatMap { files.images[$0]?.frames.first?.image }
    }
    layer.content = .emitter(emitter)
  }
}

/// An emitter layer's emitter, its cells' pictures not yet opened.
struct EmitterDescription: Sendable {
  /// The emitter; its cells have no image until the building stage.
  var emitter: EmitterContent
  /// Each cell's picture file, by cell index.
  var images: [FileReference?]
}

extension TemplateFormat {
  /// The emitters' shapes.
  static let emitterShapes = ReelAnimation.EmitterContent.Shape.allCases.map(\.rawValue)
  /// The emitters' modes.
  static let emitterModes = ReelAnimation.EmitterContent.Mode.allCases.map(\.rawValue)
  /// The emitters' render modes.
  static let emitterRenderModes = ReelAnimation.EmitterContent.RenderMode.allCases.map(
    \.rawValue)
  /// Any finite number.
  static let anyNumber = TemplateNumberBounds(minimum: nil, maximum: nil)
}

extension TemplateObjectFormat {
  /// The model's emitter and cell, whose values are the rows' defaults.
  static let emitterDefaults = EmitterContent()
  static let cellDefaults = EmitterCell()

  /// An emitter layer's emitter (as Core Animation's `CAEmitterLayer`).
  static let emitter = TemplateObjectFormat(
    schemaName: TemplateObjectKind.emitter.rawValue, docsTable: "emitter keys",
    doc: "A particle emitter: its shape, multipliers of its cells' values, and its cells.",
    keys: [
      .init(
        .position, .named(.point), default: .of(emitterDefaults.position),
        "The shape's centre, in the layer's pixels."),
      .init(
        .size, .named(.size), default: .of(emitterDefaults.size),
        "The shape's size (a line: its width; a circle: its width as diameter)."),
      .init(
        .shape, .choice(TemplateFormat.emitterShapes), default: .of(emitterDefaults.shape),
        "Where particles start."),
      .init(
        .mode, .choice(TemplateFormat.emitterModes), default: .of(emitterDefaults.mode),
        "Which part of the shape: vertices, outline, inside (volume is the inside)."),
      .init(
        .birthRate, .number(.nonNegative), default: .of(emitterDefaults.birthRate),
        "Multiplies every cell's birth rate."),
      .init(
        .lifetime, .number(.nonNegative), default: .of(emitterDefaults.lifetime),
        "Multiplies every cell's lifetime."),
      .init(
        .velocity, .number(TemplateFormat.anyNumber), default: .of(emitterDefaults.velocity),
        "Multiplies every cell's velocity."),
      .init(
        .scale, .number(TemplateFormat.anyNumber), default: .of(emitterDefaults.scale),
        "Multiplies every cell's scale."),
      .init(
        .spin, .number(TemplateFormat.anyNumber), default: .of(emitterDefaults.spin),
        "Multiplies every cell's spin."),
      .init(
        .seed, .integer(minimum: 0, maximum: Int(UInt32.max)), default: .of(emitterDefaults.seed),
        "Chooses the particles' random values."),
      .init(
        .renderMode, .choice(TemplateFormat.emitterRenderModes),
        default: .of(emitterDefaults.renderMode),
        "Particles over each other, or added up."),
      .init(
        .cells, .array(.object(.emitterCell), minItems: 1), required: true,
        "The cells, drawn in order."),
    ])

  /// One cell of an emitter (as Core Animation's `CAEmitterCell`).
  static let emitterCell = TemplateObjectFormat(
    schemaName: TemplateObjectKind.emitterCell.rawValue, docsTable: "emitter cell keys",
    doc:
      "A source of particles: its picture, rate, motion and colour; ranges vary a value by ± the range, speeds change it per second of age.",
    keys: [
      .init(.image, .named(.file), required: true, "The particle's picture (PNG, JPEG, WebP)."),
      .init(.name, .string),
      .init(.enabled, .boolean, default: .of(cellDefaults.isEnabled), "Whether the cell emits."),
      .init(
        .birthRate, .number(.nonNegative), default: .of(cellDefaults.birthRate),
        "Particles per second."),
      .init(
        .lifetime, .number(.nonNegative), default: .of(cellDefaults.lifetime),
        "Seconds a particle lives."),
      .init(
        .lifetimeRange, .number(.nonNegative), default: .of(cellDefaults.lifetimeRange),
        "± seconds."),
      .init(
        .velocity, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.velocity),
        "Pixels per second."),
      .init(
        .velocityRange, .number(.nonNegative), default: .of(cellDefaults.velocityRange),
        "± pixels per second."),
      .init(
        .longitude, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.emissionLongitude),
        "Direction in radians (0: +x, π/2: down)."),
      .init(
        .emissionRange, .number(.nonNegative), default: .of(cellDefaults.emissionRange),
        "Width of the cone of directions, radians (± half)."),
      .init(
        .acceleration, .named(.point),
        default: .numbers([cellDefaults.xAcceleration, cellDefaults.yAcceleration]),
        "[x, y] pixels per second²."),
      .init(
        .spin, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.spin),
        "Radians per second."),
      .init(
        .spinRange, .number(.nonNegative), default: .of(cellDefaults.spinRange),
        "± radians per second."),
      .init(
        .scale, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.scale),
        "The picture's scale."),
      .init(.scaleRange, .number(.nonNegative), default: .of(cellDefaults.scaleRange), "± scale."),
      .init(
        .scaleSpeed, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.scaleSpeed),
        "Scale per second."),
      .init(
        .color, .named(.color), default: .name("white"),
        "Multiplies the picture's colour and alpha."),
      .init(
        .colorRange, .array(.number(.nonNegative), minItems: 4, maxItems: 4),
        default: .numbers([
          cellDefaults.redRange, cellDefaults.greenRange, cellDefaults.blueRange,
          cellDefaults.alphaRange,
        ]), "± red, green, blue, alpha."),
      .init(
        .colorSpeed, .array(.number(TemplateFormat.anyNumber), minItems: 4, maxItems: 4),
        default: .numbers([
          cellDefaults.redSpeed, cellDefaults.greenSpeed, cellDefaults.blueSpeed,
          cellDefaults.alphaSpeed,
        ]), "Red, green, blue, alpha per second."),
    ])
}

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
