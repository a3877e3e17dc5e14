import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/shape(_:)``: a path filled and stroked, not clipped to the bounds.
extension ShapeDrawing: DrawingKind {
  var layerSize: Size? { size }

  func scaled(by scale: Double) -> Drawing {
    var shape = self
    shape.path = path.applying(Transform2D(scaleX: scale, y: scale))
    shape.strokeStyle.width *= scale
    shape.strokeStyle.dashPattern = strokeStyle.dashPattern.map { $0 * scale }
    shape.strokeStyle.dashPhase *= scale
    shape.size = size.scaled(by: scale)
    return .shape(shape)
  }

  func rasterExtent(scale: Double) -> Rect? {
    var box = path.controlPointBounds.hull(Rect(origin: .zero, size: size))
    if strokeColor != nil {
      let reach = strokeStyle.width * max(strokeStyle.miterLimit, 1) + 2
      box = Rect(
        x: box.minX - reach, y: box.minY - reach, width: box.width + 2 * reach,
        height: box.height + 2 * reach)
    }
    return box.scaled(by: scale)
  }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    let rendered = try ShapeRenderer.render(
      path: path, fillColor: fillColor, fillRule: fillRule, strokeColor: strokeColor,
      stroke: strokeStyle, strokeStart: strokeStart, strokeEnd: strokeEnd, clip: area?.rect)
    guard rendered.image.width > 0, rendered.image.height > 0 else { return nil }
    return Raster(
      image: rendered.image,
      toLayer: Transform2D(translationX: rendered.origin.x, y: rendered.origin.y))
  }
}
