import Foundation
import ReelAnimation
import ReelCore

// Raster resolution for layers shown larger than their own pixels.
//
// Content is drawn at output resolution: one layer pixel is one raster pixel, and the
// compositor maps it through the item's transform. When that transform enlarges (a layer
// scaled up, or zoomed towards the viewer in 3D), a raster drawn at layer size would be
// magnified with bilinear sampling and look soft. So the rasterizer measures how many
// render pixels one layer pixel covers at most (the transform's largest local
// magnification, exact for affine transforms) and, when that is above 1.25, draws the
// content that many times larger, rounded up to a step of √2 (1.41, 2, 2.83, 4, 5.66, 8):
// the raster is then never magnified, only minified by less than √2, and a layer zooming
// from 1× to 4× is redrawn five times, not every frame. Up to 1.25× the layer-size raster
// is kept (a spring overshooting to 1.16 does not redraw; the softening is slight and
// brief). Rasters are capped at 8× and at 8192 pixels per side. Below 1× (a layer shrunk by
// its transform) the layer-size raster is minified by the compositor. Video frames are
// never redrawn this way (they have their own pixels) and shadows stay at layer size
// (they are blurred anyway).
extension LayerRasterizer {
  /// The largest raster scale used.
  static let maximumRasterScale = 8.0
  /// Rasters are not scaled beyond this many pixels per side.
  static let maximumScaledSide = 8192.0

  /// Raster pixels per layer pixel for `item`: 1, or a √2 step above 1.25 when its
  /// transform enlarges the layer (see the notes at the top of this file).
  static func rasterScale(for item: RenderItem) -> Double {
    guard let size = item.drawing.layerSize else { return 1 }
    if case .video = item.drawing { return 1 }
    if case .shadow = item.drawing { return 1 }
    let magnification = largestMagnification(of: item.transform, over: size)
    guard magnification > 1.25, magnification.isFinite else { return 1 }
    let steps = (2 * log2(min(magnification, maximumRasterScale))).rounded(.up)
    var scale = min(pow(2, steps / 2), maximumRasterScale)
    let side = max(size.width, size.height, 1)
    while scale > 1, side * scale > maximumScaledSide { scale /= 2.0.squareRoot() }
    return max(scale, 1)
  }

  /// How many render pixels one layer pixel spans at most, sampled at the corners and the
  /// centre of a `size` rectangle (exact for affine transforms, where it is constant).
  static func largestMagnification(of transform: Transform3D, over size: Size) -> Double {
    let points = [
      Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height),
      Point(x: size.width, y: size.height), Point(x: size.width / 2, y: size.height / 2),
    ]
    var largest = 0.0
    for point in points {
      guard let here = transform.project(point),
        let right = transform.project(Point(x: point.x + 1, y: point.y)),
        let down = transform.project(Point(x: point.x, y: point.y + 1))
      else { continue }
      let across =
        ((right.x - here.x) * (right.x - here.x) + (right.y - here.y) * (right.y - here.y))
        .squareRoot()
      let along = ((down.x - here.x) * (down.x - here.x) + (down.y - here.y) * (down.y - here.y))
        .squareRoot()
      largest = max(largest, across, along)
    }
    return largest
  }
}

extension Drawing {
  /// The layer's bounds size the drawing belongs to (nil when it has none).
  var layerSize: Size? {
    switch self {
    case .fill(let size, _, _), .border(let size, _, _, _), .text(_, _, let size),
      .gradient(_, let size), .video(_, let size, _):
      return size
    case .image(let content): return content.size
    case .shape(let shape): return shape.size
    case .shadow(_, let casters): return casters.first?.layerSize
    // Particles are drawn at output resolution (their pictures are scaled while drawing).
    case .particles: return nil
    }
  }

  /// The same drawing with every length multiplied by `scale`: what it looks like on a
  /// layer `scale` times larger.
  func scaled(by scale: Double) -> Drawing {
    switch self {
    case .fill(let size, let color, let cornerRadius):
      return .fill(size: size.scaled(by: scale), color: color, cornerRadius: cornerRadius * scale)
    case .border(let size, let width, let color, let cornerRadius):
      return .border(
        size: size.scaled(by: scale), width: width * scale, color: color,
        cornerRadius: cornerRadius * scale)
    case .image(var content):
      content.destination = content.destination.scaled(by: scale)
      content.size = content.size.scaled(by: scale)
      return .image(content)
    case .text(var text, var style, let size):
      style.fontSize *= scale
      style.strokeWidth *= scale
      if var shadow = style.shadow {
        shadow.offset = Point(x: shadow.offset.x * scale, y: shadow.offset.y * scale)
        shadow.radius *= scale
        style.shadow = shadow
      }
      if var background = style.background {
        background.padding *= scale
        background.cornerRadius *= scale
        style.background = background
      }
      text.runs = text.runs.map { run in
        var run = run
        run.fontSize = run.fontSize.map { $0 * scale }
        return run
      }
      return .text(text, style: style, size: size.scaled(by: scale))
    case .shape(var shape):
      shape.path = shape.path.applying(Transform2D(scaleX: scale, y: scale))
      shape.strokeStyle.width *= scale
      shape.strokeStyle.dashPattern = shape.strokeStyle.dashPattern.map { $0 * scale }
      shape.strokeStyle.dashPhase *= scale
      shape.size = shape.size.scaled(by: scale)
      return .shape(shape)
    case .gradient(let gradient, let size):
      return .gradient(gradient, size: size.scaled(by: scale))
    case .particles(var drawing):
      drawing.particles = drawing.particles.map { particle in
        var particle = particle
        particle.position = Point(x: particle.position.x * scale, y: particle.position.y * scale)
        particle.scale *= scale
        return particle
      }
      return .particles(drawing)
    case .video(let sourceID, let size, let gravity):
      // Only drawn this way as a shadow caster (its rectangle).
      return .video(sourceID: sourceID, size: size.scaled(by: scale), gravity: gravity)
    case .shadow(var shadow, let casters):
      shadow.offset = Point(x: shadow.offset.x * scale, y: shadow.offset.y * scale)
      shadow.radius *= scale
      return .shadow(shadow, casters: casters.map { $0.scaled(by: scale) })
    }
  }
}

extension Size {
  fileprivate func scaled(by scale: Double) -> Size {
    Size(width: width * scale, height: height * scale)
  }
}

extension Rect {
  fileprivate func scaled(by scale: Double) -> Rect {
    Rect(x: minX * scale, y: minY * scale, width: width * scale, height: height * scale)
  }
}
