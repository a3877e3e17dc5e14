import Foundation
import ReelCore

/// Lays out and rasterises text with pango (shaping with HarfBuzz, fonts through
/// fontconfig and FreeType, drawing with cairo), at output resolution.
///
/// - Fonts: `TextStyle.fontSize` is the em size in pixels (used within 1…4096). A `fontFile`
///   wins over `fontFamily`: the file is registered with fontconfig under a family name of
///   its own, so its faces are drawn even when a font of the same family is installed, in
///   the file's own weight and style (`weight` and `italic` then apply only to the fallback).
///   A file that cannot be used (missing, not a regular file, unreadable, not a font; see
///   ``FontFileProblem``) falls back to `fontFamily`, and a family that is not installed
///   falls back too, each with a warning in ``RenderedText/warnings``. Characters the chosen
///   font lacks fall back per character to installed fonts (CJK, Arabic, colour emoji…);
///   ``RenderedText/unknownGlyphCount`` counts those no font has.
/// - Layout: runs may change weight, italic, underline, colour, size and family. Lines
///   wrap at `width` between words (or inside a word that does not fit) when
///   `style.wraps`; alignment left/centre/right/justified applies within `width` (left
///   means the paragraph's start, so right-to-left text starts at the right);
///   `lineSpacing` scales the baseline-to-baseline distance. With a `height`, text that
///   does not fit is truncated as `style.truncation` says; the first line is always kept,
///   and when it alone is taller than `height` the result says so (``TextOverflow``).
/// - Drawing order, bottom to top: background box (around the logical and ink
///   rectangles, plus padding), shadow (of glyphs and outline), outline (the glyph
///   outlines stroked at `strokeWidth` with round joins), glyph fill. With `clipsToBox`,
///   all of it is cut to the layout box, as a `CATextLayer` draws only inside its bounds.
/// - Output is stable: no hinting, unhinted metrics, greyscale antialiasing.
///
/// Thread rule: safe from any thread; renders are serialised on ``FontLibrary``'s lock
/// (pango and fontconfig font maps are not thread-safe).
public enum TextRenderer {
  /// Lays out and draws `text`.
  ///
  /// - Parameters:
  ///   - text: The string and its styled runs.
  ///   - style: Base style for every run.
  ///   - width: The layout box's width in pixels (wrapping and alignment), or nil for
  ///     unbounded lines (the box is as wide as the widest line).
  ///   - height: The layout box's height in pixels, or nil for unbounded. Used with
  ///     `style.truncation`: `.end`/`.middle`/`.start` put "…" in the last line that fits
  ///     (single-line text with `wraps == false` is ellipsized to `width`); `.none` drops
  ///     the lines below the first that do not fit.
  ///   - clipsToBox: Whether the drawing is cut to the layout box — `[0, width)` across
  ///     and `[0, height)` down, on each side that is given — as a text layer's bounds cut
  ///     it (the background box may reach out by its padding). Off by default: ink,
  ///     outline, shadow and background box may reach outside.
  /// - Returns: The image and its placement, layout metrics, unknown-glyph count, overflow
  ///   and warnings. Empty text with no background, or a drawing entirely outside the box,
  ///   gives a 0×0 image.
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` when the text would need an
  ///   image beyond 32767 pixels; ``GraphicsError/cairo(operation:status:)`` when pango or
  ///   cairo cannot start (out of memory).
  public static func render(
    _ text: StyledText, style: TextStyle, width: Double?, height: Double? = nil,
    clipsToBox: Bool = false
  ) throws(GraphicsError) -> RenderedText {
    let library = FontLibrary.shared
    let result: Result<RenderedText, GraphicsError> = library.withLock {
      do throws(GraphicsError) {
        let laid = try layOut(text, style: style, width: width, height: height, library: library)
        return .success(try draw(laid, style: style, clipsToBox: clipsToBox))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Lays out `text` as ``render(_:style:width:height:clipsToBox:)`` would, without
  /// drawing it: its size, where its ink lies, whether it fits `height`, and the warnings.
  ///
  /// - Parameters: As for ``render(_:style:width:height:clipsToBox:)``.
  /// - Returns: The layout's metrics, overflow and warnings.
  /// - Throws: ``GraphicsError/cairo(operation:status:)`` when pango cannot start.
  public static func measure(
    _ text: StyledText, style: TextStyle, width: Double?, height: Double? = nil
  ) throws(GraphicsError) -> TextMeasurement {
    let library = FontLibrary.shared
    let result: Result<TextMeasurement, GraphicsError> = library.withLock {
      do throws(GraphicsError) {
        let laid = try layOut(text, style: style, width: width, height: height, library: library)
        return .success(
          TextMeasurement(
            layoutSize: Size(width: laid.logical.width, height: laid.logical.height),
            logicalBounds: laid.logical, inkBounds: laid.hasInk ? laid.ink : .zero,
            overflow: laid.overflow, warnings: laid.warnings))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  // MARK: Layout

  /// A laid-out text, made while holding the font library's lock.
  private struct LaidOut {
    var layout: PangoLayoutRef
    var utf8: [UInt8]
    /// The glyphs' ink and the logical rectangle, in layout-box coordinates.
    var ink: Rect
    var logical: Rect
    /// The shift applied to pango's lines to place them in the box.
    var dx: Double
    var width: Double?
    var height: Double?
    var unknownGlyphs: Int
    var overflow: TextOverflow?
    var warnings: [String]
    var hasInk: Bool { ink.width > 0 && ink.height > 0 }
  }

  /// Lays out the text; the caller holds the font library's lock.
  /// The longest text one layer lays out, in Unicode scalars (100,000: about 40 pages). A
  /// template's text is checked against it when it is loaded.
  public static let maximumCharacterCount = 100_000

  private static func layOut(
    _ text: StyledText, style: TextStyle, width: Double?, height: Double?, library: FontLibrary
  ) throws(GraphicsError) -> LaidOut {
    let characters = text.string.unicodeScalars.count
    guard characters <= maximumCharacterCount else {
      throw .textTooLong(characters: characters, maximum: maximumCharacterCount)
    }
    var warnings: [String] = []
    let font = resolveBaseFont(style, library: library, warnings: &warnings)
    guard let context = library.fonts?.makeContext(),
      let layout = PangoLayoutRef(context: context), let description = PangoFontDescriptionRef(),
      let attributes = PangoAttributeList()
    else {
      throw GraphicsError.cairo(
        operation: "pango layout", status: "could not create a pango context")
    }

    // Text and runs as UTF-8 byte ranges.
    var utf8: [UInt8] = []
    var runRanges: [(TextRun, Range<Int>)] = []
    for run in text.runs {
      let start = utf8.count
      utf8.append(contentsOf: run.text.utf8)
      if utf8.count > start { runRanges.append((run, start..<utf8.count)) }
    }

    description.setFamily(font.family)
    description.setAbsoluteSize(fontSize(style.fontSize) * PangoUnits.perPixel)
    description.setWeight(UInt32(clamping: Swift.min(Swift.max(font.weight, 100), 1000)))
    description.setItalic(font.italic)
    layout.setFont(description)

    if style.underline && !utf8.isEmpty {
      attributes.insertUnderline(true, bytes: 0..<utf8.count)
    }
    for (run, range) in runRanges {
      if let bold = run.bold {
        let weight = bold ? 700 : (font.weight >= 600 ? 400 : font.weight)
        attributes.insertWeight(UInt32(clamping: weight), bytes: range)
      }
      if let italic = run.italic {
        attributes.insertItalic(italic, bytes: range)
      }
      if let underline = run.underline {
        attributes.insertUnderline(underline, bytes: range)
      }
      if let color = run.color {
        attributes.insertColor(color, bytes: range)
      }
      if let size = run.fontSize {
        attributes.insertAbsoluteSize(Int32(fontSize(size) * PangoUnits.perPixel), bytes: range)
      }
      if let runFamily = run.fontFamily {
        checkFamily(runFamily, library: library, warnings: &warnings)
        attributes.insertFamily(runFamily, bytes: range)
      }
    }
    layout.setAttributes(attributes)
    layout.setText(utf8)

    // Width, wrapping, alignment, truncation.
    let ellipsizes = style.truncation != .none
    let boxWidth = width.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    let boxHeight = height.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    let pangoSetsWidth = boxWidth != nil && (style.wraps || ellipsizes)
    if let boxWidth, pangoSetsWidth {
      layout.wrap(
        atWidth: Int32(clamping: (boxWidth * PangoUnits.perPixel).rounded().saturatingInt))
      if ellipsizes {
        layout.setEllipsis(style.truncation)
        if style.wraps, let boxHeight {
          layout.setHeight(Int32(clamping: (boxHeight * PangoUnits.perPixel).saturatingInt))
        }
      }
    } else {
      layout.setUnboundedWidth()
    }
    layout.setAlignment(style.alignment)
    layout.setJustified(style.alignment == .justified)
    if style.lineSpacing > 0 && style.lineSpacing != 1 && style.lineSpacing.isFinite {
      layout.setLineSpacing(Float(style.lineSpacing))
    }
    if let boxHeight, style.truncation == .none {
      dropLinesBelow(boxHeight, layout: layout, utf8: utf8)
    }

    var (ink, logical) = layout.extents
    // Lines pango did not place within a box width: shift the whole block into place.
    var dx = 0.0
    if let boxWidth, !pangoSetsWidth {
      // The first paragraph's resolved direction decides what "left" (start) means.
      let rtl = layout.startsRightToLeft
      let fraction: Double
      switch style.alignment {
      case .left, .justified: fraction = rtl ? 1 : 0
      case .center: fraction = 0.5
      case .right: fraction = rtl ? 0 : 1
      }
      dx = (boxWidth - logical.width) * fraction - logical.minX
    }
    ink = ink.offsetBy(dx: dx, dy: 0)
    logical = logical.offsetBy(dx: dx, dy: 0)
    let unknown = layout.unknownGlyphCount
    if unknown > 0 {
      warnings.append(
        "\(unknown) character(s) have no glyph in any installed font and are drawn as boxes")
    }
    // What is kept always fits, unless its first line alone is taller than the box.
    var overflow: TextOverflow?
    if let boxHeight, logical.maxY > boxHeight + Self.fitTolerance {
      let fault = TextOverflow(textHeight: logical.maxY.rounded(.up), boxHeight: boxHeight)
      overflow = fault
      warnings.append(fault.description)
    }
    return LaidOut(
      layout: layout, utf8: utf8, ink: ink, logical: logical, dx: dx, width: boxWidth,
      height: boxHeight, unknownGlyphs: unknown, overflow: overflow, warnings: warnings)
  }

  /// How far, in pixels, a line's logical box may pass the box's bottom and still count as
  /// fitting (its descent's last fraction of a pixel is usually blank).
  static let fitTolerance = 0.5

  // MARK: Drawing

  /// Draws a laid-out text; the caller holds the font library's lock.
  private static func draw(_ laid: LaidOut, style: TextStyle, clipsToBox: Bool)
    throws(GraphicsError) -> RenderedText
  {
    let layout = laid.layout
    let (ink, logical, hasInk) = (laid.ink, laid.logical, laid.hasInk)

    // The area every part covers, in layout-box coordinates.
    let outline = style.strokeColor.map { $0.alpha > 0 && style.strokeWidth > 0 } == true
    let outlineReach = outline ? style.strokeWidth / 2 : 0
    let textRect = hasInk ? ink.insetBy(dx: -(outlineReach + 1), dy: -(outlineReach + 1)) : nil
    var content = textRect
    var backgroundRect: Rect?
    if let background = style.background, background.color.alpha > 0, !laid.utf8.isEmpty {
      let base = hasInk ? logical.union(ink) : logical
      let box = base.insetBy(dx: -background.padding, dy: -background.padding)
      backgroundRect = box
      content = content.map { $0.union(box) } ?? box
    }
    let shadow = style.shadow.flatMap { $0.isVisible ? $0 : nil }
    let shadowOffset = Point(
      x: shadow?.offset.x.finiteOr(0) ?? 0, y: shadow?.offset.y.finiteOr(0) ?? 0)
    let shadowReach = shadow.map { Double(ShadowRenderer.blurExtent(radius: $0.radius)) } ?? 0
    if shadow != nil, let textRect {
      let shadowRect = textRect.insetBy(dx: -shadowReach, dy: -shadowReach).offsetBy(
        dx: shadowOffset.x, dy: shadowOffset.y)
      content = content.map { $0.union(shadowRect) } ?? shadowRect
    }
    // The layout box, on the sides that are given, when the drawing is cut to it: glyphs,
    // outline and shadow stay inside it; the background box reaches out by its padding.
    var clip: Rect?
    var backgroundClip: Rect?
    if clipsToBox, let content, laid.width != nil || laid.height != nil {
      let box = Rect(
        x: laid.width != nil ? 0 : content.minX, y: laid.height != nil ? 0 : content.minY,
        width: laid.width ?? content.width, height: laid.height ?? content.height)
      let padding = Swift.max(0, style.background?.padding.finiteOr(0) ?? 0)
      clip = box
      backgroundClip = box.insetBy(dx: -padding, dy: -padding)
    }
    let layoutSize = Size(width: logical.width, height: logical.height)
    func empty() -> RenderedText {
      RenderedText(
        image: Image(width: 0, height: 0), origin: .zero, layoutSize: layoutSize,
        logicalBounds: logical, inkBounds: hasInk ? ink : .zero,
        unknownGlyphCount: laid.unknownGlyphs, overflow: laid.overflow, warnings: laid.warnings)
    }
    guard var area = content, textRect != nil || backgroundRect != nil else { return empty() }
    if let backgroundClip {
      guard let visible = area.intersection(backgroundClip) else { return empty() }
      area = visible
    }
    let originX = area.minX.rounded(.down)
    let originY = area.minY.rounded(.down)
    let imageWidth = (area.maxX.rounded(.up) - originX).saturatingInt
    let imageHeight = (area.maxY.rounded(.up) - originY).saturatingInt

    var canvas = try Canvas(width: imageWidth, height: imageHeight)
    // The clips' edges, in image pixels, cut what is drawn (in part for a fractional edge).
    if let backgroundRect, let background = style.background {
      canvas.clip = backgroundClip.map { $0.offsetBy(dx: -originX, dy: -originY) }
      canvas.transform = AffineTransform(translationX: -originX, y: -originY)
      canvas.fillBackground(
        in: backgroundRect, cornerRadius: background.cornerRadius, color: background.color)
      canvas.transform = .identity
    }
    canvas.clip = clip.map { $0.offsetBy(dx: -originX, dy: -originY) }

    // Glyphs (outline under fill) on their own, so the shadow can be cast from them: those
    // that show in the area, or whose shadow does.
    var glyphArea = textRect
    if let textRect, let clip {
      if let visible = area.intersection(clip) {
        var casting = visible
        if shadow != nil {
          casting = casting.union(
            visible.offsetBy(dx: -shadowOffset.x, dy: -shadowOffset.y).insetBy(
              dx: -shadowReach, dy: -shadowReach))
        }
        glyphArea = textRect.intersection(casting)
      } else {
        glyphArea = nil
      }
    }
    if let glyphArea {
      let glyphX = glyphArea.minX.rounded(.down)
      let glyphY = glyphArea.minY.rounded(.down)
      var glyphs = try Canvas(
        width: (glyphArea.maxX.rounded(.up) - glyphX).saturatingInt,
        height: (glyphArea.maxY.rounded(.up) - glyphY).saturatingInt)
      glyphs.transform = AffineTransform(translationX: -glyphX + laid.dx, y: -glyphY)
      if outline, let strokeColor = style.strokeColor {
        try glyphs.withCheckedContext("text outline") { cr in
          cr.move(to: .zero)
          cr.appendOutlines(of: layout)
          cr.setStrokeStyle(StrokeStyle(width: style.strokeWidth, cap: .round, join: .round))
          cr.setSource(strokeColor)
          cr.stroke()
        }
      }
      try glyphs.withCheckedContext("text glyphs") { cr in
        cr.move(to: .zero)
        cr.setSource(style.color)
        cr.show(layout)
      }
      let glyphOrigin = Point(x: glyphX - originX, y: glyphY - originY)
      if let shadow {
        let cast = try ShadowRenderer.render(alphaOf: glyphs.image, shadow: shadow)
        canvas.draw(cast.image, at: glyphOrigin + cast.origin + shadowOffset)
      }
      canvas.draw(glyphs.image, at: glyphOrigin)
    }

    return RenderedText(
      image: canvas.image, origin: Point(x: originX, y: originY), layoutSize: layoutSize,
      logicalBounds: logical, inkBounds: hasInk ? ink : .zero,
      unknownGlyphCount: laid.unknownGlyphs, overflow: laid.overflow, warnings: laid.warnings)
  }

  /// Removes the lines after the first whose logical box ends below `height` (truncation
  /// `.none`). The first line stays even when it is taller than `height`: its top part
  /// shows.
  private static func dropLinesBelow(_ height: Double, layout: PangoLayoutRef, utf8: [UInt8]) {
    let cut = layout.lines.dropFirst().first { $0.logicalBottom > height + fitTolerance }?
      .startByte
    guard let cut, cut < utf8.count else { return }
    var kept = Array(utf8[..<cut])
    while let last = kept.last, last == 0x0A || last == 0x0D || last == 0x20 { kept.removeLast() }
    layout.setText(kept)
  }

  // MARK: Fonts

  /// Font sizes are used within 1…4096 pixels (NaN and infinities become 32).
  static func fontSize(_ size: Double) -> Double {
    Swift.min(Swift.max(size.finiteOr(32), 1), 4096)
  }

  /// The base font to ask pango for: a font file's own family, weight and style (followed
  /// by `fontFamily` for characters the file lacks), else `fontFamily` with the style's
  /// weight and italic. Adds warnings for a font file that cannot be used or a family that
  /// is not installed.
  static func resolveBaseFont(
    _ style: TextStyle, library: FontLibrary, warnings: inout [String]
  ) -> (family: String, weight: Int, italic: Bool) {
    if let file = style.fontFile {
      switch library.registerFontFileLocked(file) {
      case .success(let registered):
        return (registered.family + "," + style.fontFamily, registered.weight, registered.italic)
      case .failure(let problem):
        warnings.append("\(problem); using font family '\(style.fontFamily)' instead")
      }
    }
    checkFamily(style.fontFamily, library: library, warnings: &warnings)
    return (style.fontFamily, style.weight, style.italic)
  }

  /// Warns when the first family of a comma-separated list is not installed, naming the
  /// family used instead.
  private static func checkFamily(
    _ families: String, library: FontLibrary, warnings: inout [String]
  ) {
    let names = families.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard let first = names.first, !library.familyInstalledLocked(first) else { return }
    let used =
      names.dropFirst().first { library.familyInstalledLocked($0) }
      ?? library.matchedFamiliesLocked(first).first ?? "the default font"
    warnings.append("font family '\(first)' is not installed; using '\(used)' instead")
  }
}
