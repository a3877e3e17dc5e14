import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/particles(_:)``: an emitter's live particles, drawn at output resolution (their
/// pictures are scaled while drawing), not clipped to the bounds.
extension ParticleDrawing: DrawingKind {
  var layerSize: Size? { nil }

  func scaled(by scale: Double) -> Drawing {
    var drawing = self
    drawing.particles = particles.map { particle in
      var particle = particle
      particle.position = Point(x: particle.position.x * scale, y: particle.position.y * scale)
      particle.scale *= scale
      return particle
    }
    return .particles(drawing)
  }

  func rasterExtent(scale: Double) -> Rect? {
    var box: Rect?
    for sprite in sprites {
      guard let image = images[sprite.image] else { continue }
      let rect = sprite.transform.apply(
        to: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
      box = box.map { $0.hull(rect) } ?? rect
    }
    return box?.scaled(by: scale)
  }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    let rendered = try ParticleRenderer.render(
      sprites, images: images.map { $0 ?? Image(width: 0, height: 0) }, additive: additive,
      clip: area?.rect)
    guard rendered.image.width > 0, rendered.image.height > 0 else { return nil }
    return Raster(
      image: rendered.image,
      toLayer: Transform2D(translationX: rendered.origin.x, y: rendered.origin.y))
  }

  /// The particles as pictures to draw: each cell's picture centred on the particle's
  /// position, scaled by its scale and turned by its angle (particles of a cell without a
  /// picture are left out).
  var sprites: [ParticleRenderer.Sprite] {
    particles.compactMap { particle in
      guard images.indices.contains(particle.cell), let image = images[particle.cell] else {
        return nil
      }
      let transform = Transform2D(
        translationX: -Double(image.width) / 2, y: -Double(image.height) / 2
      )
      .concatenating(Transform2D(scaleX: particle.scale, y: particle.scale))
      .concatenating(Transform2D(rotationAngle: particle.angle))
      .concatenating(Transform2D(translationX: particle.position.x, y: particle.position.y))
      return ParticleRenderer.Sprite(
        image: particle.cell, transform: transform, color: particle.color)
    }
  }
}
