internal import ReelAnimation
internal import ReelCore

extension CAEmitterLayer {
  /// The emitter as Reel's, in the layer's local pixels (the emitter's position less the
  /// bounds' origin; under a mirrored space particles follow the geometry).
  func emitterSnapshot(_ context: LayerSnapshotContext) throws(CompatFailure) -> LayerContent {
    let name = context.description
    func refuse(_ message: String) -> CompatFailure {
      CompatFailure(.invalidVideoComposition, "\(name) " + message)
    }
    if contents != nil {
      CompatWarnings.warnOnce(
        key: "emitterContents|\(name)",
        "\(name) has contents as well as particles: Reel draws the particles only")
    }
    let shape: EmitterContent.Shape
    switch emitterShape {
    case .point: shape = .point
    case .line: shape = .line
    case .rectangle: shape = .rectangle
    case .circle: shape = .circle
    default:
      throw refuse(
        "has emitterShape \"\(emitterShape.rawValue)\": Reel emits from flat shapes only; use "
          + ".point, .line, .rectangle or .circle")
    }
    let mode: EmitterContent.Mode
    switch emitterMode {
    case .points: mode = .points
    case .outline: mode = .outline
    case .surface: mode = .surface
    case .volume: mode = .volume
    default:
      throw refuse(
        "has emitterMode \"\(emitterMode.rawValue)\", which is not one of Core Animation's; "
          + "use .points, .outline, .surface or .volume")
    }
    let render: EmitterContent.RenderMode
    switch renderMode {
    case .unordered: render = .unordered
    case .additive: render = .additive
    default:
      throw refuse(
        "has renderMode \"\(renderMode.rawValue)\": Reel draws particles unordered or "
          + "additive only; use .unordered or .additive")
    }
    if preservesDepth {
      throw refuse(
        "sets preservesDepth: Reel draws particles flat in the layer's plane; set it to false")
    }
    var cells: [EmitterCell] = []
    for (index, cell) in (emitterCells ?? []).enumerated() {
      cells.append(try cell.cellSnapshot("\(name).emitterCells[\(index)]"))
    }
    let origin = bounds.origin
    let emitter = EmitterContent(
      position: Point(
        x: Double(emitterPosition.x - origin.x), y: Double(emitterPosition.y - origin.y)),
      size: emitterSize.reelSize, shape: shape, mode: mode, birthRate: Double(birthRate),
      lifetime: Double(lifetime), velocity: Double(velocity), scale: Double(scale),
      spin: Double(spin), seed: seed, renderMode: render, cells: cells)
    if let problem = emitter.sizeProblem { throw refuse("is too large: " + problem) }
    return .emitter(emitter)
  }
}

extension CAEmitterCell {
  /// The cell as Reel's; `place` names it in messages.
  func cellSnapshot(_ place: String) throws(CompatFailure) -> EmitterCell {
    let named = place + (name.map { " \"\($0)\"" } ?? "")
    func refuse(_ message: String) -> CompatFailure {
      CompatFailure(.invalidVideoComposition, "\(named) " + message)
    }
    if let cells = emitterCells, !cells.isEmpty {
      throw refuse(
        "has emitterCells: Reel does not emit particles from particles; put the cells on a "
          + "CAEmitterLayer of their own")
    }
    if emissionLatitude != 0 || zAcceleration != 0 {
      throw refuse(
        "sets emissionLatitude or zAcceleration: Reel's particles move in the layer's "
          + "plane; set them to 0")
    }
    if contentsRect != CGRect(x: 0, y: 0, width: 1, height: 1) || contentsScale != 1 {
      throw refuse(
        "sets contentsRect or contentsScale: Reel draws a particle's whole picture, one "
          + "pixel per point; cut or scale the image instead")
    }
    var image: Image?
    if let contents {
      guard let cgImage = contents as? CGImage else {
        throw refuse(
          "has contents of type \(type(of: contents)), not a CGImage; pass UIImage's .cgImage")
      }
      image = cgImage.image
    }
    var cell = EmitterCell(image: image)
    cell.name = name
    cell.isEnabled = isEnabled
    cell.birthRate = Double(birthRate)
    cell.lifetime = Double(lifetime)
    cell.lifetimeRange = Double(lifetimeRange)
    cell.velocity = Double(velocity)
    cell.velocityRange = Double(velocityRange)
    cell.emissionLongitude = Double(emissionLongitude)
    cell.emissionRange = Double(emissionRange)
    cell.xAcceleration = Double(xAcceleration)
    cell.yAcceleration = Double(yAcceleration)
    cell.spin = Double(spin)
    cell.spinRange = Double(spinRange)
    cell.scale = Double(scale)
    cell.scaleRange = Double(scaleRange)
    cell.scaleSpeed = Double(scaleSpeed)
    cell.color = color?.color ?? .white
    cell.redRange = Double(redRange)
    cell.greenRange = Double(greenRange)
    cell.blueRange = Double(blueRange)
    cell.alphaRange = Double(alphaRange)
    cell.redSpeed = Double(redSpeed)
    cell.greenSpeed = Double(greenSpeed)
    cell.blueSpeed = Double(blueSpeed)
    cell.alphaSpeed = Double(alphaSpeed)
    return cell
  }
}
