import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/border(size:width:color:cornerRadius:)``: a layer's border.
struct BorderDrawing: DrawingKind {
  var size: Size
  var width: Double
  var color: Color
  var cornerRadius: Double

  var layerSize: Size? { size }

  func scaled(by scale: Double) -> Drawing {
    .border(
      size: size.scaled(by: scale), width: width * scale, color: color,
      cornerRadius: cornerRadius * scale)
  }

  func rasterExtent(scale: Double) -> Rect? {
    Rect(origin: .zero, size: size.scaled(by: scale))
  }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    guard width > 0, color.alpha > 0,
      case (var canvas, let box)? = try LayerRasterizer.makeCanvas(for: size, area: area)
    else { return nil }
    canvas.drawBorder(
      in: Rect(origin: .zero, size: size), width: width, cornerRadius: cornerRadius,
      color: color)
    return Raster(image: canvas.image, toLayer: box.offset)
  }
}
