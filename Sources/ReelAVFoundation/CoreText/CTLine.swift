internal import ReelCore
internal import ReelGraphics

/// A line of shaped glyphs, as CoreText's `CTLine`: the attributed string set in its fonts
/// by HarfBuzz (through pango), with per-character fallback to installed fonts (CJK, Arabic,
/// emoji), in runs of one font and one set of attributes.
public final class CTLine: @unchecked Sendable {
  let shaped: ShapedLine
  let runs: [CTRun]
  /// The UTF-16 range of the string the line shows.
  private(set) var stringRange: CFRange

  init(shaped: ShapedLine, runs: [CTRun], stringRange: CFRange = CFRange()) {
    self.shaped = shaped
    self.runs = runs
    self.stringRange = stringRange
  }
}

/// A run of glyphs in one font with one set of attributes, as CoreText's `CTRun`.
public final class CTRun: @unchecked Sendable {
  let glyphs: [CGGlyph]
  let positions: [CGPoint]
  let advances: [CGSize]
  let attributes: NSDictionary
  var stringRange: CFRange

  init(
    glyphs: [CGGlyph], positions: [CGPoint], advances: [CGSize], attributes: NSDictionary,
    stringRange: CFRange
  ) {
    self.glyphs = glyphs
    self.positions = positions
    self.advances = advances
    self.attributes = attributes
    self.stringRange = stringRange
  }

  /// The indices `range` picks (length 0: to the end of the run), clamped to the run.
  func indices(_ range: CFRange) -> Range<Int> {
    let start = min(max(range.location, 0), glyphs.count)
    let end = range.length <= 0 ? glyphs.count : min(start + range.length, glyphs.count)
    return start..<max(start, end)
  }
}

/// The font a CoreText attribute value names: a `CTFont`, or a `UIFont` (toll-free bridged
/// to `CTFont` on Apple).
func ctFont(fromAttribute value: Any?) -> CTFont? {
  if let font = value as? CTFont { return font }
  if let font = value as? UIFont { return CTFont(face: font) }
  return nil
}

/// The line `attrString` makes, as `CTLineCreateWithAttributedString`. Text without a font
/// attribute is set in Helvetica 12 (its installed stand-in), as on Apple; the text is one
/// line (line breaks do not break it).
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine {
  ctLines(attrString, width: nil).first ?? CTLine(shaped: .empty, runs: [])
}

/// The lines `attrString` is set in — one, or wrapped to `width` points — each with its
/// runs' attributes from the string (the run's font in `kCTFontAttributeName`).
func ctLines(_ attrString: NSAttributedString, width: Double?) -> [CTLine] {
  let string = attrString.string
  let utf16 = Array(string.utf16)
  var spans: [(text: String, font: GlyphFontRequest)] = []
  var spanAttributes: [[NSAttributedString.Key: Any]] = []
  var spanFonts: [CTFont] = []
  let fontKey = NSAttributedString.Key(kCTFontAttributeName as String)
  attrString.enumerateAttributes(
    in: NSRange(location: 0, length: utf16.count), options: []
  ) { attributes, range, _ in
    let font = ctFont(fromAttribute: attributes[fontKey]) ?? defaultCTFont
    let text = String(
      decoding: utf16[range.location..<(range.location + range.length)], as: UTF16.self)
    spans.append((text, font.request))
    spanAttributes.append(attributes)
    spanFonts.append(font)
  }
  guard let shapedLines = try? GlyphShaper.shapeLines(spans, width: width) else {
    CompatWarnings.warnOnce(
      key: "CTLine.noPango", "CoreText: pango could not start; the text has no lines")
    return []
  }
  // UTF-8 offset of the text → UTF-16 offset, for the runs' string ranges.
  var utf16AtUTF8: [Int: Int] = [:]
  var utf8Offset = 0
  var utf16Offset = 0
  for scalar in string.unicodeScalars {
    utf16AtUTF8[utf8Offset] = utf16Offset
    utf8Offset += String(scalar).utf8.count
    utf16Offset += scalar.utf16.count
  }
  utf16AtUTF8[utf8Offset] = utf16Offset
  func stringRange(_ bytes: Range<Int>) -> CFRange {
    let start = utf16AtUTF8[bytes.lowerBound] ?? 0
    return CFRange(location: start, length: (utf16AtUTF8[bytes.upperBound] ?? start) - start)
  }
  return shapedLines.map { shaped in
    let runs = shaped.runs.map { run -> CTRun in
      let known = spanAttributes.indices.contains(run.spanIndex)
      var attributes = known ? spanAttributes[run.spanIndex] : [:]
      let asked = known ? spanFonts[run.spanIndex] : defaultCTFont
      let font =
        asked.shaped == run.font
        ? asked
        : CTFont(
          request: asked.request, name: run.font.postScriptName, shaped: run.font,
          matrix: asked.matrix)
      attributes[fontKey] = font
      let dictionary = NSMutableDictionary()
      for (key, value) in attributes { dictionary[key.rawValue] = value }
      return CTRun(
        glyphs: run.glyphs, positions: run.positions.map { CGPoint(x: $0.x, y: $0.y) },
        advances: run.advances.map { CGSize(width: $0, height: 0) }, attributes: dictionary,
        stringRange: stringRange(run.utf8Range))
    }
    return CTLine(shaped: shaped, runs: runs, stringRange: stringRange(shaped.utf8Range))
  }
}

/// Apple's default CoreText font: Helvetica 12 (drawn with its installed stand-in).
private var defaultCTFont: CTFont { CTFontCreateWithName("Helvetica" as CFString, 12, nil) }

/// The line's runs in visual order, as `CTLineGetGlyphRuns`: an array of `CTRun`
/// (`as! [CTRun]`).
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray { line.runs as NSArray }

/// The UTF-16 range of the string the line shows, as `CTLineGetStringRange`.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.stringRange }

/// How many glyphs the line has, as `CTLineGetGlyphCount`.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex {
  line.runs.reduce(0) { $0 + $1.glyphs.count }
}

/// The line's width, returned, and its fonts' ascent, descent (positive) and leading in
/// points, written to the pointers given, as `CTLineGetTypographicBounds`. Leading is 0
/// (pango's line height is ascent + descent).
public func CTLineGetTypographicBounds(
  _ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
  _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
  ascent?.pointee = CGFloat(line.shaped.ascent)
  descent?.pointee = CGFloat(line.shaped.descent)
  leading?.pointee = 0
  return line.shaped.width
}

extension CTLine {
  /// Moves the line's and its runs' string ranges `offset` UTF-16 units on (a frame set
  /// from the middle of a string).
  func offsetStringRange(by offset: Int) {
    guard offset != 0 else { return }
    stringRange.location += offset
    for run in runs { run.stringRange.location += offset }
  }

  /// The glyphs' ink in CoreText's y-up line space (origin on the baseline), in points;
  /// what `CTLineGetImageBounds` gives. `CGRect.null` for a line without ink.
  var imageBounds: CGRect {
    let ink = shaped.inkBounds
    guard ink.width > 0, ink.height > 0 else { return .null }
    return CGRect(ink)
  }
}

/// How many glyphs the run has, as `CTRunGetGlyphCount`.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphs.count }

/// Copies the glyph ids in `range` (length 0: to the end of the run) to `buffer`, as
/// `CTRunGetGlyphs`. Glyph 0 stands for a character no installed font has.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>)
{
  for (offset, index) in run.indices(range).enumerated() { buffer[offset] = run.glyphs[index] }
}

/// Copies the glyphs' origins in `range` (length 0: to the end) to `buffer`, as
/// `CTRunGetPositions`: points relative to the line's origin, y up, baseline at 0.
public func CTRunGetPositions(
  _ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>
) {
  for (offset, index) in run.indices(range).enumerated() { buffer[offset] = run.positions[index] }
}

/// Copies the glyphs' advances in `range` (length 0: to the end) to `buffer`, as
/// `CTRunGetAdvances`, in points.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>)
{
  for (offset, index) in run.indices(range).enumerated() { buffer[offset] = run.advances[index] }
}

/// The run's attributes, as `CTRunGetAttributes`: the attributed string's attributes over
/// the run's text, its `kCTFontAttributeName` the `CTFont` the glyphs are in (a fallback
/// font where the string's font lacks the characters).
public func CTRunGetAttributes(_ run: CTRun) -> CFDictionary { run.attributes }

/// The UTF-16 range of the string the run shows, as `CTRunGetStringRange`.
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { run.stringRange }
