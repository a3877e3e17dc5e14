import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/fill(size:color:cornerRadius:)``: a layer's background.
struct FillDrawing: DrawingKind {
  var size: Size
  var color: Color
  var cornerRadius: Double

  var layerSize: Size? { size }

  var yuvFastPath: YUVFastPath? {
    cornerRadius <= 0 ? .solidRectangle(size: size, color: color) : nil
  }

  func scaled(by scale: Double) -> Drawing {
    .fill(size: size.scaled(by: scale), color: color, cornerRadius: cornerRadius * scale)
  }

  func rasterExtent(scale: Double) -> Rect? {
    Rect(origin: .zero, size: size.scaled(by: scale))
  }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    // Bound as `var` at once: a copy of the canvas would share its pixels, and the first
    // drawing would then copy them all (twice the memory, and a heap that fragments).
    guard color.alpha > 0,
      case (var canvas, let box)? = try LayerRasterizer.makeCanvas(for: size, area: area)
    else { return nil }
    canvas.fillBackground(
      in: Rect(origin: .zero, size: size), cornerRadius: cornerRadius, color: color)
    let image = canvas.image
    // Lets an opaque background replace the canvas instead of being blended over it. A
    // square-cornered fill of whole pixels covers every pixel fully, so only other fills
    // are scanned (the scan would cost more than the fill when rasters are not cached).
    let wholePixels =
      cornerRadius <= 0 && size.width == size.width.rounded()
      && size.height == size.height.rounded()
    return Raster(
      image: image, toLayer: box.offset,
      isOpaque: color.alpha >= 1 && (wholePixels || Self.isFullyOpaque(image)))
  }

  /// Whether every pixel of `image` has alpha 255.
  private static func isFullyOpaque(_ image: Image) -> Bool {
    let width = image.width
    let stride = image.bytesPerRow
    return image.withUnsafeBytes { bytes in
      for y in 0..<image.height {
        let row = y * stride
        for x in 0..<width where bytes[row + x * 4 + 3] != 255 { return false }
      }
      return true
    }
  }
}
