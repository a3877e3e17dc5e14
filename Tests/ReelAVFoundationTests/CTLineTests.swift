import AVFoundationCompat
import Foundation
import Testing

@testable import ReelAVFoundation

@Suite("CoreText lines, runs and glyph paths")
struct CTLineTests {
  /// The seed-004 loop, spelled as a Swift port spells it on Apple: every cast and call here
  /// must compile unchanged.
  private func glyphPath(_ string: String, font: CTFont) -> (CGMutablePath, [CTRun]) {
    let attrs: [NSAttributedString.Key: Any] = [
      NSAttributedString.Key(kCTFontAttributeName as String): font
    ]
    let attrString = NSAttributedString(string: string, attributes: attrs)
    let line = CTLineCreateWithAttributedString(attrString as CFAttributedString)
    let runArray = CTLineGetGlyphRuns(line) as! [CTRun]
    let letters = CGMutablePath()
    for run in runArray {
      let runFont =
        (CTRunGetAttributes(run) as NSDictionary)[kCTFontAttributeName as String] as! CTFont
      for runGlyphIndex in 0..<CTRunGetGlyphCount(run) {
        let thisGlyphRange = CFRangeMake(runGlyphIndex, 1)
        var glyph = CGGlyph()
        var position = CGPoint()
        CTRunGetGlyphs(run, thisGlyphRange, &glyph)
        CTRunGetPositions(run, thisGlyphRange, &position)
        if let letter = CTFontCreatePathForGlyph(runFont, glyph, nil) {
          let t = CGAffineTransform(translationX: position.x, y: position.y)
          letters.addPath(letter, transform: t)
        }
      }
    }
    return (letters, runArray)
  }

  private func glyphs(of run: CTRun) -> [CGGlyph] {
    var glyphs = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
    CTRunGetGlyphs(run, CFRangeMake(0, 0), &glyphs)
    return glyphs
  }

  @Test("Chinese in Helvetica falls back to a CJK font: no glyph 0, the run's font says so")
  func chineseRuns() throws {
    let font = CTFontCreateWithName("Helvetica" as CFString, 40, nil)
    #expect(CTFontGetSize(font) == 40)
    let (path, runs) = glyphPath("AB 字幕测试", font: font)
    #expect(runs.count >= 2)
    let cjk = try #require(
      runs.first {
        let runFont =
          (CTRunGetAttributes($0) as NSDictionary)[kCTFontAttributeName as String] as! CTFont
        return (CTFontCopyFamilyName(runFont) as String).contains("CJK")
      })
    #expect(CTRunGetGlyphCount(cjk) == 4)
    #expect(!glyphs(of: cjk).contains(0))
    let runFont =
      (CTRunGetAttributes(cjk) as NSDictionary)[kCTFontAttributeName as String] as! CTFont
    #expect((CTFontCopyPostScriptName(runFont) as String).hasPrefix("NotoSansCJK"))
    #expect(CTFontGetSize(runFont) == 40)
    #expect(CTRunGetStringRange(cjk).location == 3)
    #expect(CTRunGetStringRange(cjk).length == 4)
    // The outlines sit on the baseline, y up: ink from just below 0 to about the cap height.
    let box = path.boundingBoxOfPath
    #expect(box.minY > -12 && box.minY < 1)
    #expect(box.maxY > 25 && box.maxY < 40)
    #expect(box.minX >= 0 && box.maxX > 150)
  }

  @Test("Arabic comes out in joined forms")
  func arabicJoins() throws {
    let font = CTFontCreateWithName("Geeza Pro" as CFString, 30, nil)
    let isolated = glyphPath("ل", font: font).1.flatMap(glyphs(of:))
    let joined = glyphPath("للل", font: font).1.flatMap(glyphs(of:))
    #expect(isolated.count == 1 && joined.count == 3)
    #expect(Set(joined).count == 3)
    #expect(!joined.contains(isolated[0]))
    #expect(!joined.contains(0))
  }

  @Test("Runs keep the string's other attributes; typographic and image bounds")
  func boundsAndAttributes() throws {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
    let red = UIColor.red.cgColor
    let string = NSAttributedString(
      string: "Hxg",
      attributes: [
        NSAttributedString.Key(kCTFontAttributeName as String): font,
        NSAttributedString.Key(kCTForegroundColorAttributeName as String): red,
      ])
    let line = CTLineCreateWithAttributedString(string as CFAttributedString)
    let runs = CTLineGetGlyphRuns(line) as! [CTRun]
    #expect(runs.count == 1)
    let attributes = CTRunGetAttributes(runs[0]) as NSDictionary
    #expect(attributes[kCTForegroundColorAttributeName as String] != nil)
    var ascent: CGFloat = 0
    var descent: CGFloat = 0
    var leading: CGFloat = 1
    let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
    // DejaVu Sans: ascent 0.928 em, descent 0.236 em.
    #expect(abs(ascent - 18.56) < 0.3)
    #expect(abs(descent - 4.72) < 0.3)
    #expect(leading == 0)
    var advances = [CGSize](repeating: .zero, count: 3)
    CTRunGetAdvances(runs[0], CFRangeMake(0, 0), &advances)
    #expect(abs(width - Double(advances.map(\.width).reduce(0, +))) < 0.01)
    #expect(CTLineGetGlyphCount(line) == 3)
    let ink = line.imageBounds
    // "g" descends below the baseline, "H" reaches the cap height (0.729 em).
    #expect(ink.minY < -2 && ink.minY > -descent - 0.5)
    #expect(abs(ink.maxY - 0.729 * 20) < 0.3)
  }

  @Test("CTFontCreatePathForGlyph: y-up outlines, the matrix applies, nil for emoji")
  func glyphOutlines() throws {
    let font = CTFontCreateWithName("DejaVu Sans" as CFString, 100, nil)
    let runs = glyphPath("H😀", font: font).1
    let h = glyphs(of: runs[0])[0]
    let path = try #require(CTFontCreatePathForGlyph(font, h, nil))
    let box = path.boundingBoxOfPath
    #expect(abs(box.minY) < 0.01 && abs(box.maxY - 72.9) < 0.2)
    var flip = CGAffineTransform(scaleX: 1, y: -1)
    let flipped = try #require(CTFontCreatePathForGlyph(font, h, &flip))
    #expect(abs(flipped.boundingBoxOfPath.minY + 72.9) < 0.2)
    let emojiRun = try #require(runs.last)
    let emojiFont =
      (CTRunGetAttributes(emojiRun) as NSDictionary)[kCTFontAttributeName as String] as! CTFont
    try #require((CTFontCopyFamilyName(emojiFont) as String).contains("Emoji"))
    #expect(CTFontCreatePathForGlyph(emojiFont, glyphs(of: emojiRun)[0], nil) == nil)
    #expect(CTFontCopyFullName(font) as String == "DejaVu Sans")
    #expect(CTFontCopyPostScriptName(font) as String == "DejaVuSans")
  }
}
