import ReelAnimation
import ReelCore
import ReelGraphics

/// ``Drawing/text(_:style:size:)``: text laid out in a box, clipped by the text renderer
/// itself (never cut to its visible part).
struct TextDrawing: DrawingKind {
  var text: StyledText
  var style: TextStyle
  var size: Size

  var layerSize: Size? { size }

  func scaled(by scale: Double) -> Drawing {
    var text = text
    var style = style
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
  }

  func rasterExtent(scale: Double) -> Rect? { nil }

  func draw(scale: Double, area: PixelBox?) throws -> Raster? {
    guard !text.string.isEmpty else { return nil }
    // A text layer draws only inside its bounds, as a CATextLayer does (a caption box
    // reaches out by its padding).
    let rendered = try TextRenderer.render(
      text, style: style, width: size.width > 0 ? size.width : nil,
      height: size.height > 0 ? size.height : nil, clipsToBox: true)
    guard rendered.image.width > 0, rendered.image.height > 0 else { return nil }
    var warnings = rendered.warnings
    if let overflow = rendered.overflow, scale != 1,
      let index = warnings.firstIndex(of: overflow.description)
    {
      warnings[index] =
        TextOverflow(
          textHeight: (overflow.textHeight / scale).rounded(.up),
          boxHeight: overflow.boxHeight / scale
        ).description
    }
    if rendered.unknownGlyphCount > 0 {
      warnings.append(
        "text \"\(text.string.prefix(40))\": \(rendered.unknownGlyphCount) character(s) have no glyph in any installed font and show as boxes; install a font that covers them"
      )
    }
    return Raster(
      image: rendered.image,
      toLayer: Transform2D(translationX: rendered.origin.x, y: rendered.origin.y),
      warnings: warnings)
  }
}
