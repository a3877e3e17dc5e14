// Seed 004's FLLayerBuilderTool.m, statement by statement (docs/avfoundation.md has the
// table): the text's glyph outlines as one path, from CoreText.

import AVFoundationCompat

class FLLayerBuilderTool {
  class func createPathForText(_ string: String, fontHeight height: CGFloat, fontName: CFString)
    -> UIBezierPath?
  {
    if string.count < 1 {
      return nil
    }

    var combinedGlyphsPath: UIBezierPath? = nil
    let letters = CGMutablePath()

    let font = CTFontCreateWithName(fontName, height, nil)
    let attrs: [NSAttributedString.Key: Any] = [
      NSAttributedString.Key(kCTFontAttributeName as String): font
    ]
    var attrString: NSAttributedString? = NSAttributedString(string: string, attributes: attrs)
    let line = CTLineCreateWithAttributedString(attrString! as CFAttributedString)
    let runArray = CTLineGetGlyphRuns(line) as! [CTRun]

    // for each RUN
    for runIndex in 0..<runArray.count {
      // Get FONT for this run
      let run = runArray[runIndex]
      let runFont =
        (CTRunGetAttributes(run) as NSDictionary)[kCTFontAttributeName as String] as! CTFont

      // for each GLYPH in run
      for runGlyphIndex in 0..<CTRunGetGlyphCount(run) {
        // get Glyph & Glyph-data
        let thisGlyphRange = CFRangeMake(runGlyphIndex, 1)
        var glyph = CGGlyph()
        var position = CGPoint()
        CTRunGetGlyphs(run, thisGlyphRange, &glyph)
        CTRunGetPositions(run, thisGlyphRange, &position)

        // Get PATH of outline
        do {
          let letter = CTFontCreatePathForGlyph(runFont, glyph, nil)
          let t = CGAffineTransform(translationX: position.x, y: position.y)
          if let letter = letter {
            letters.addPath(letter, transform: t)
          }
        }
      }
    }

    combinedGlyphsPath = UIBezierPath()
    combinedGlyphsPath!.move(to: .zero)
    combinedGlyphsPath!.append(UIBezierPath(cgPath: letters))

    if attrString != nil {
      attrString = nil
    }

    return combinedGlyphsPath
  }
}
