import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/shadow(_:casters:)``: the blurred, tinted alpha of the casters, offset by the
/// shadow's offset. Kept at layer size (it is blurred anyway).
struct ShadowDrawing: DrawingKind {
  var shadow: Shadow
  var casters: [Drawing]

  var layerSize: Size? { casters.first?.layerSize }

  var followsMagnification: Bool { false }

  func scaled(by scale: Double) -> Drawing {
    var shadow = shadow
    shadow.offset = Point(x: shadow.offset.x * scale, y: shadow.offset.y * scale)
    shadow.radius *= scale
    return .shadow(shadow, casters: casters.map { $0.scaled(by: scale) })
  }

  func rasterExtent(scale: Double) -> Rect? {
    // Text and picture casters are drawn whole whatever the area: the others bound it.
    var box: Rect?
    for caster in casters {
      guard let part = caster.kind.rasterExtent(scale: scale) else { continue }
      box = box.map { $0.hull(part) } ?? part
    }
    guard let box else { return nil }
    let reach = Double(ShadowRenderer.blurExtent(radius: shadow.radius * scale))
    return Rect(
      x: box.minX + shadow.offset.x * scale - reach,
      y: box.minY + shadow.offset.y * scale - reach, width: box.width + 2 * reach,
      height: box.height + 2 * reach)
  }

  /// Draws the shadow within `area` (raster pixels, nil for all) when given.
  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    guard shadow.isVisible else { return nil }
    // The casters' pixels that can blur into the area: the area moved back by the offset
    // and grown by the blur's reach.
    let reach = ShadowRenderer.blurExtent(radius: shadow.radius) + 2
    let casterArea = area.map {
      PixelBox(
        x0: $0.x0 - PixelLimits.integer(shadow.offset.x.rounded(.up)) - reach,
        y0: $0.y0 - PixelLimits.integer(shadow.offset.y.rounded(.up)) - reach,
        x1: $0.x1 - PixelLimits.integer(shadow.offset.x.rounded(.down)) + reach,
        y1: $0.y1 - PixelLimits.integer(shadow.offset.y.rounded(.down)) + reach)
    }
    var parts: [Raster] = []
    for caster in casters {
      if let raster = try caster.kind.drawAsShadowCaster(area: casterArea) {
        parts.append(raster)
      }
    }
    guard !parts.isEmpty else { return nil }
    var bounds: Rect? = nil
    for part in parts {
      let box = part.toLayer.apply(
        to: Rect(x: 0, y: 0, width: Double(part.image.width), height: Double(part.image.height)))
      bounds = bounds.map { $0.union(box) } ?? box
    }
    guard let area = bounds?.integral, area.width >= 1, area.height >= 1 else { return nil }
    var canvas = try Canvas(
      width: PixelLimits.integer(area.width), height: PixelLimits.integer(area.height))
    for part in parts {
      canvas.transform = part.toLayer.concatenating(
        Transform2D(translationX: -area.minX, y: -area.minY))
      canvas.draw(part.image, at: .zero)
    }
    let blurred = try ShadowRenderer.render(alphaOf: canvas.image, shadow: shadow)
    return Raster(
      image: blurred.image,
      toLayer: Transform2D(
        translationX: area.minX + blurred.origin.x + shadow.offset.x,
        y: area.minY + blurred.origin.y + shadow.offset.y))
  }
}
