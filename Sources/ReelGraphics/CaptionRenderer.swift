import ReelCore

/// Lays out and draws one page of word-level captions with the text engine
/// (``TextRenderer``'s pango, fonts and fallbacks).
///
/// - Layout: the page's words become one paragraph (``CaptionText/joined(_:)`` puts the
///   spaces), wrapped at the box's width by pango's line-breaking rules and aligned by the
///   style's alignment; a word never breaks inside (its characters are held together with
///   word joiners, so a CJK token of several characters stays whole). A word wider than the
///   box is drawn smaller, alone on its line: its font size (and outline, pill and pop with
///   it) scaled so that it fits the box's width (``Layout/wordScales``). The lines sit at the
///   top, middle or bottom of the box.
/// - Drawing: each word is drawn in its state's style (colour, pill, outline, shadow) on its
///   line's baseline; the active word last, scaled about its centre by the pop (drawn at the
///   larger font size, not magnified). Nothing is clipped to the box.
///
/// Thread rule: safe from any thread; layouts are serialised on ``FontLibrary``'s lock.
public enum CaptionRenderer {
  /// The word joiner (U+2060) held between a word's characters: no line break there.
  private static let wordJoiner: [UInt8] = Array("\u{2060}".utf8)

  /// Where the words of a page fall.
  public struct Layout: Sendable, Hashable {
    /// Each word's logical box (its characters' boxes united), pixels, in the box's
    /// coordinates (placement applied).
    public var wordBoxes: [Rect]
    /// Each word's line, from 0.
    public var wordLines: [Int]
    /// Each word's size as a multiple of the font size: 1, or less for a word wider than the
    /// box, shrunk to fit its width on a line of its own.
    public var wordScales: [Double]
    /// The number of lines.
    public var lineCount: Int
    /// The logical rectangle of all lines, in the box's coordinates.
    public var bounds: Rect
  }

  /// Lays a page out without drawing it.
  ///
  /// - Parameters:
  ///   - words: The words as shown (``CaptionStyle/displayText(_:)`` applied).
  ///   - style: The caption style (its font, size, alignment, line spacing).
  ///   - placement: Where the lines sit vertically in `size`.
  ///   - size: The caption box, pixels; lines wrap at its width.
  /// - Returns: The word boxes and line count.
  /// - Throws: ``GraphicsError/cairo(operation:status:)`` when pango cannot start.
  public static func layOut(
    _ words: [String], style: CaptionStyle, placement: CaptionPlacement, size: Size
  ) throws(GraphicsError) -> Layout {
    try locked { (library) throws(GraphicsError) in
      var warnings: [String] = []
      return try pageLayout(
        words, style: style, placement: placement, size: size, library: library,
        warnings: &warnings
      ).layout
    }
  }

  /// Draws a page.
  ///
  /// - Parameters:
  ///   - words: The words as shown.
  ///   - states: Each word's state (as many as `words`).
  ///   - activeScale: The active word's size as a multiple of the font size.
  ///   - style: The caption style.
  ///   - placement: Where the lines sit vertically in `size`.
  ///   - size: The caption box, pixels.
  /// - Returns: The picture, where it sits in the box, the layout and the warnings; a 0×0
  ///   image when nothing is inked.
  /// - Throws: ``GraphicsError``: pango or cairo could not start, or the picture would be
  ///   beyond 32767 pixels.
  public static func render(
    _ words: [String], states: [CaptionWordState], activeScale: Double, style: CaptionStyle,
    placement: CaptionPlacement, size: Size
  ) throws(GraphicsError) -> RenderedCaption {
    // Each word as the page shows it: without the spaces around it.
    let words = words.map(CaptionText.trimmed)
    let prepared = try locked { (library) throws(GraphicsError) in
      var warnings: [String] = []
      let page = try pageLayout(
        words, style: style, placement: placement, size: size, library: library,
        warnings: &warnings)
      var metrics: [WordMetrics] = []
      for (word, fit) in zip(words, page.layout.wordScales) {
        metrics.append(
          try wordMetrics(
            word, style: style.textStyle(of: .upcoming, scale: fit), library: library,
            warnings: &warnings))
      }
      return (page, metrics, warnings)
    }
    let (page, metrics, layoutWarnings) = prepared
    var warnings = layoutWarnings
    let unknown = page.unknownGlyphs

    // Each word's picture and where it lands, the active word last (over its neighbours).
    var pieces: [(image: Image, origin: Point)] = []
    let order =
      words.indices.filter { states[safe: $0] != .active }
      + words.indices.filter { states[safe: $0] == .active }
    for index in order {
      let state = states[safe: index] ?? .upcoming
      let fit = page.layout.wordScales[index]
      let scale = fit * (state == .active ? max(activeScale, 0.01) : 1)
      let box = page.layout.wordBoxes[index]
      let metric = metrics[index]
      guard !metric.isEmpty else { continue }
      let rendered = try TextRenderer.render(
        StyledText(words[index]), style: style.textStyle(of: state, scale: scale), width: nil)
      // Missing glyphs are counted once, on the page's layout.
      for warning in rendered.warnings
      where !warnings.contains(warning) && !warning.contains("no glyph") {
        warnings.append(warning)
      }
      guard rendered.image.width > 0, rendered.image.height > 0 else { continue }
      // The word's own layout box at its fitted size: its start on the word's box, its
      // baseline on its line's; popped, the same centre.
      let unscaledOrigin = Point(
        x: box.minX - metric.logical.minX, y: page.baselines[index] - metric.baseline)
      let centre = Point(
        x: unscaledOrigin.x + metric.logical.midX, y: unscaledOrigin.y + metric.logical.midY)
      let layoutOrigin = Point(
        x: centre.x - rendered.logicalBounds.midX, y: centre.y - rendered.logicalBounds.midY)
      pieces.append((rendered.image, layoutOrigin + rendered.origin))
    }
    if unknown > 0 {
      warnings.append(
        "captions \"\(words.joined(separator: " ").prefix(40))\": \(unknown) character(s) have no glyph in any installed font and show as boxes; install a font that covers them"
      )
    }
    guard let first = pieces.first else {
      return RenderedCaption(
        image: Image(width: 0, height: 0), origin: .zero, layout: page.layout,
        unknownGlyphCount: unknown, warnings: warnings)
    }
    var area = Rect(
      x: first.origin.x, y: first.origin.y, width: Double(first.image.width),
      height: Double(first.image.height))
    for piece in pieces.dropFirst() {
      area = area.union(
        Rect(
          x: piece.origin.x, y: piece.origin.y, width: Double(piece.image.width),
          height: Double(piece.image.height)))
    }
    let originX = area.minX.rounded(.down)
    let originY = area.minY.rounded(.down)
    var canvas = try Canvas(
      width: (area.maxX.rounded(.up) - originX).saturatingInt,
      height: (area.maxY.rounded(.up) - originY).saturatingInt)
    for piece in pieces {
      canvas.draw(piece.image, at: Point(x: piece.origin.x - originX, y: piece.origin.y - originY))
    }
    return RenderedCaption(
      image: canvas.image, origin: Point(x: originX, y: originY), layout: page.layout,
      unknownGlyphCount: unknown, warnings: warnings)
  }

  // MARK: Layout

  /// Runs `body` holding the font library's lock.
  private static func locked<R>(_ body: (FontLibrary) throws(GraphicsError) -> R)
    throws(GraphicsError) -> R
  {
    let library = FontLibrary.shared
    let result: Result<R, GraphicsError> = library.withLock {
      do throws(GraphicsError) { return .success(try body(library)) } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// A laid-out page: the layout, each word's line baseline, unknown glyphs.
  private struct PageLayout {
    var layout: Layout
    var baselines: [Double]
    var unknownGlyphs: Int
  }

  /// One word laid out alone: its logical box and first baseline, pixels.
  private struct WordMetrics {
    var logical: Rect
    var baseline: Double
    var isEmpty: Bool { logical.width <= 0 && logical.height <= 0 }
  }

  /// A pango layout of `utf8` in `style`'s font (file, family list, size, weight, slant).
  private static func makeLayout(
    _ utf8: [UInt8], style: TextStyle, library: FontLibrary, warnings: inout [String]
  ) throws(GraphicsError) -> PangoLayoutRef {
    let font = TextRenderer.resolveBaseFont(style, library: library, warnings: &warnings)
    guard let context = library.fonts?.makeContext(),
      let layout = PangoLayoutRef(context: context), let description = PangoFontDescriptionRef()
    else {
      throw GraphicsError.cairo(
        operation: "pango layout", status: "could not create a pango context")
    }
    description.setFamily(font.family)
    description.setAbsoluteSize(TextRenderer.fontSize(style.fontSize) * PangoUnits.perPixel)
    description.setWeight(UInt32(clamping: min(max(font.weight, 100), 1000)))
    description.setItalic(font.italic)
    layout.setFont(description)
    layout.setText(utf8)
    return layout
  }

  private static func wordMetrics(
    _ word: String, style: TextStyle, library: FontLibrary, warnings: inout [String]
  ) throws(GraphicsError) -> WordMetrics {
    let layout = try makeLayout(
      Array(word.utf8), style: style, library: library, warnings: &warnings)
    layout.setUnboundedWidth()
    return WordMetrics(logical: layout.extents.logical, baseline: layout.firstBaseline)
  }

  /// Each word's size as a multiple of `style`'s font size: 1 when it fits `width` (pixels)
  /// alone, else the scale at which it does, a pixel to spare (glyph advances scale with the
  /// size: hinting is off), and no smaller than the smallest font size.
  private static func fitScales(
    _ words: [String], style: TextStyle, width: Double, library: FontLibrary
  ) throws(GraphicsError) -> [Double] {
    guard width > 0, width.isFinite else { return words.map { _ in 1 } }
    let fontSize = TextRenderer.fontSize(style.fontSize)
    // The page's own layout reports the font's problems, once.
    var repeated: [String] = []
    var scales: [Double] = []
    for word in words {
      let natural = try wordMetrics(word, style: style, library: library, warnings: &repeated)
        .logical.width
      guard natural > width else {
        scales.append(1)
        continue
      }
      scales.append(max(max(width - 1, 0) / natural, TextRenderer.fontSize(0) / fontSize))
    }
    return scales
  }

  private static func pageLayout(
    _ words: [String], style: CaptionStyle, placement: CaptionPlacement, size: Size,
    library: FontLibrary, warnings: inout [String]
  ) throws(GraphicsError) -> PageLayout {
    // The page's text, each word's characters held together by word joiners.
    let joined = CaptionText.joined(words)
    let joinedBytes = Array(joined.text.utf8)
    var utf8: [UInt8] = []
    var characterStarts: [[Int]] = []
    var wordBytes: [Range<Int>] = []
    var shownWords: [String] = []
    var previousEnd = 0
    for range in joined.ranges {
      utf8.append(contentsOf: joinedBytes[previousEnd..<range.lowerBound])
      var starts: [Int] = []
      let word = String(decoding: joinedBytes[range], as: UTF8.self)
      let wordStart = utf8.count
      for character in word {
        if !starts.isEmpty { utf8.append(contentsOf: wordJoiner) }
        starts.append(utf8.count)
        utf8.append(contentsOf: character.utf8)
      }
      characterStarts.append(starts)
      wordBytes.append(wordStart..<utf8.count)
      shownWords.append(word)
      previousEnd = range.upperBound
    }
    let base = style.textStyle(of: .upcoming)
    let scales = try fitScales(
      shownWords, style: base, width: size.width, library: library)
    let layout = try makeLayout(utf8, style: base, library: library, warnings: &warnings)
    if scales.contains(where: { $0 < 1 }), let shrunk = PangoAttributeList() {
      for (bytes, scale) in zip(wordBytes, scales) where scale < 1 {
        let units = TextRenderer.fontSize(base.fontSize * scale) * PangoUnits.perPixel
        shrunk.insertAbsoluteSize(Int32(clamping: units.rounded().saturatingInt), bytes: bytes)
      }
      layout.setAttributes(shrunk)
    }
    if size.width > 0, size.width.isFinite {
      layout.wrap(
        atWidth: Int32(clamping: (size.width * PangoUnits.perPixel).rounded().saturatingInt))
    } else {
      layout.setUnboundedWidth()
    }
    layout.setAlignment(base.alignment)
    if base.lineSpacing > 0 && base.lineSpacing != 1 && base.lineSpacing.isFinite {
      layout.setLineSpacing(Float(base.lineSpacing))
    }
    let logical = layout.extents.logical
    let shift: Double
    switch placement {
    case .top: shift = 0
    case .middle: shift = (size.height - logical.height) / 2
    case .bottom: shift = size.height - logical.height
    }
    let lineBaselines = layout.lineBaselines
    var boxes: [Rect] = []
    var lines: [Int] = []
    var baselines: [Double] = []
    for starts in characterStarts {
      guard let first = starts.first else {
        boxes.append(.zero)
        lines.append(0)
        baselines.append(shift)
        continue
      }
      var box = layout.characterBox(atByte: first)
      for start in starts.dropFirst() { box = box.union(layout.characterBox(atByte: start)) }
      let line = layout.lineNumber(atByte: first)
      boxes.append(box.offsetBy(dx: 0, dy: shift))
      lines.append(line)
      baselines.append((lineBaselines[safe: line] ?? layout.firstBaseline) + shift)
    }
    return PageLayout(
      layout: Layout(
        wordBoxes: boxes, wordLines: lines, wordScales: scales, lineCount: layout.lineCount,
        bounds: logical.offsetBy(dx: 0, dy: shift)),
      baselines: baselines, unknownGlyphs: layout.unknownGlyphCount)
  }
}

/// One caption page drawn by ``CaptionRenderer``.
public struct RenderedCaption: Sendable {
  /// The words as premultiplied BGRA (pills, shadows, outlines, glyphs).
  public var image: Image
  /// Where `image`'s top-left corner sits in the caption box, pixels.
  public var origin: Point
  /// Where the words fall (at scale 1).
  public var layout: CaptionRenderer.Layout
  /// Characters no installed font could draw.
  public var unknownGlyphCount: Int
  /// Problems that did not stop the drawing (a missing font, characters without glyphs).
  public var warnings: [String]
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
