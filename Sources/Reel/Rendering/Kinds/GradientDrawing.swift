import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/gradient(_:size:)``: a gradient filling the bounds.
struct GradientDrawing: DrawingKind {
  var gradient: Gradient
  var size: Size

  var layerSize: Size? { size }

  func scaled(by scale: Double) -> Drawing { .gradient(gradient, size: size.scaled(by: scale)) }

  func rasterExtent(scale: Double) -> Rect? {
    Rect(origin: .zero, size: size.scaled(by: scale))
  }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    guard !gradient.colors.isEmpty,
      let box = LayerRasterizer.wholePixels(of: size, area: area)
    else { return nil }
    return Raster(
      image: try GradientRenderer.render(
        gradient, layerWidth: PixelLimits.integer(size.width.rounded(.up)),
        layerHeight: PixelLimits.integer(size.height.rounded(.up)), x: box.x0, y: box.y0,
        width: box.width, height: box.height),
      toLayer: box.offset)
  }
}
