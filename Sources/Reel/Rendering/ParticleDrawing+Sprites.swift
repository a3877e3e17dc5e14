import ReelAnimation
import ReelCore
import ReelGraphics

extension ParticleDrawing {
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
