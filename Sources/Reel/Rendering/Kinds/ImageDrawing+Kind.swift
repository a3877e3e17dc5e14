import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/image(_:)``: a picture keeps its own pixels and is placed, never cut to its
/// visible part (the compositor scales it).
extension ImageDrawing: DrawingKind {
  var layerSize: Size? { size }

  func scaled(by scale: Double) -> Drawing {
    var content = self
    content.destination = destination.scaled(by: scale)
    content.size = size.scaled(by: scale)
    return .image(content)
  }

  func rasterExtent(scale: Double) -> Rect? { nil }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    guard image.width > 0, image.height > 0, destination.width > 0, destination.height > 0
    else { return nil }
    return try LayerRasterizer.placed(image, in: destination)
  }
}
