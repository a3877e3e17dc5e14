/// The glyphs' ink of `line`, as `CTLineGetImageBounds`: in CoreText's y-up line space
/// (origin on the baseline), in points; `CGRect.null` for a line without ink. The context's
/// text position is not modelled (it is the origin).
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
  line.imageBounds
}

/// Draws `line` with its origin at (0, 0) of `context`'s current space (y up in a bitmap
/// context), as `CTLineDraw`: each glyph's outline filled with its run's
/// `kCTForegroundColorAttributeName` (a `UIColor` under `NSAttributedString.Key.foregroundColor`
/// too), black by default; colour-emoji bitmap glyphs are not drawn (warning).
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
  for run in line.runs {
    guard let font = ctFont(fromAttribute: run.attributes[kCTFontAttributeName as String]) else {
      continue
    }
    let colour =
      (run.attributes[kCTForegroundColorAttributeName as String] as? CGColor)
      ?? (run.attributes[NSAttributedString.Key.foregroundColor.rawValue] as? UIColor)?.cgColor
      ?? CGColor.black
    let glyphs = CGMutablePath()
    for (glyph, position) in zip(run.glyphs, run.positions) {
      guard let outline = CTFontCreatePathForGlyph(font, glyph, nil) else {
        CompatWarnings.warnOnce(
          key: "CTLineDraw.bitmap",
          "CTLineDraw: bitmap glyphs (colour emoji) have no outline and are not drawn")
        continue
      }
      glyphs.addPath(outline, transform: CGAffineTransform(translationX: position.x, y: position.y))
    }
    context.saveGState()
    context.setFillColor(colour)
    context.beginPath()
    context.addPath(glyphs)
    context.fillPath()
    context.restoreGState()
  }
}

/// Draws the frame's lines at their origins in its rectangle, as `CTFrameDraw` (each as
/// ``CTLineDraw(_:_:)`` draws it).
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
  for (line, origin) in zip(frame.lines, frame.origins) {
    context.saveGState()
    context.translateBy(x: frame.rect.minX + origin.x, y: frame.rect.minY + origin.y)
    CTLineDraw(line, context)
    context.restoreGState()
  }
}
