import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/video(sourceID:size:gravity:)``: a source's picture changes every frame, so the
/// renderer places it itself (`LayerRenderer.prepare`, and the Y′CbCr path's video step);
/// the rasterizer draws it only as a shadow caster, as its opaque rectangle.
struct VideoDrawing: DrawingKind {
  var sourceID: VideoSourceID
  var size: Size
  var gravity: ContentsGravity

  var layerSize: Size? { size }

  /// A video keeps its own pixels.
  var followsMagnification: Bool { false }

  var yuvFastPath: YUVFastPath? { .video(sourceID: sourceID, size: size, gravity: gravity) }

  func scaled(by scale: Double) -> Drawing {
    .video(sourceID: sourceID, size: size.scaled(by: scale), gravity: gravity)
  }

  func rasterExtent(scale: Double) -> Rect? {
    Rect(origin: .zero, size: size.scaled(by: scale))
  }

  /// Nothing: the renderer places the picture.
  func draw(scale: Double, area: PixelBox?) throws -> Raster? { nil }

  /// A video casts the shadow of its (opaque) rectangle.
  func drawAsShadowCaster(area: PixelBox?) throws -> Raster? {
    try FillDrawing(size: size, color: .black, cornerRadius: 0).draw(scale: 1, area: area)
  }
}
