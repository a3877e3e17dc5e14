import ReelAnimation
import ReelCore
import ReelGraphics

/// Word-level captions' drawing (``CaptionsDrawing``, carried by ``Drawing/kind(_:)``): a
/// page laid out and drawn by ``CaptionRenderer``, never cut to its visible part (the words
/// are few and small).
extension CaptionsDrawing: DrawingKind {
  var layerSize: Size? { size }

  func scaled(by scale: Double) -> Drawing {
    var drawing = self
    drawing.size = size.scaled(by: scale)
    drawing.style.text.fontSize *= scale
    drawing.style.text.strokeWidth *= scale
    drawing.style.spoken = style.spoken.scaled(by: scale)
    drawing.style.active = style.active.scaled(by: scale)
    drawing.style.upcoming = style.upcoming.scaled(by: scale)
    return .kind(AnyLayerDrawing(drawing))
  }

  func rasterExtent(scale: Double) -> Rect? { nil }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    let rendered = try CaptionRenderer.render(
      words, states: states, activeScale: activeScale, style: style, placement: placement,
      size: size)
    guard rendered.image.width > 0, rendered.image.height > 0 else { return nil }
    return Raster(
      image: rendered.image,
      toLayer: Transform2D(translationX: rendered.origin.x, y: rendered.origin.y),
      warnings: rendered.warnings)
  }
}

extension CaptionWordStyle {
  /// The style with every length multiplied by `scale`.
  fileprivate func scaled(by scale: Double) -> CaptionWordStyle {
    var style = self
    style.outlineWidth *= scale
    if var background = style.background {
      background.padding *= scale
      background.cornerRadius *= scale
      style.background = background
    }
    if var shadow = style.shadow {
      shadow.offset = Point(x: shadow.offset.x * scale, y: shadow.offset.y * scale)
      shadow.radius *= scale
      style.shadow = shadow
    }
    return style
  }
}
