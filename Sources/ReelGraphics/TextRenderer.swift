import CGraphics
import Foundation
import ReelCore

/// Lays out and rasterises text with pango (shaping with HarfBuzz, fonts through
/// fontconfig and FreeType, drawing with cairo), at output resolution.
///
/// - Fonts: `TextStyle.fontSize` is the em size in pixels (used within 1…4096). A `fontFile` is registered with
///   fontconfig and used by its family name; a family that is not installed (or a file
///   that is missing) falls back with a warning in ``RenderedText/warnings``. Characters
///   the chosen font lacks fall back per character to installed fonts (CJK, Arabic, colour
///   emoji…); ``RenderedText/unknownGlyphCount`` counts those no font has.
/// - Layout: runs may change weight, italic, underline, colour, size and family. Lines
///   wrap at `width` between words (or inside a word that does not fit) when
///   `style.wraps`; alignment left/centre/right/justified applies within `width` (left
///   means the paragraph's start, so right-to-left text starts at the right);
///   `lineSpacing` scales the baseline-to-baseline distance. With a `height`, text that
///   does not fit is truncated as `style.truncation` says.
/// - Drawing order, bottom to top: background box (around the logical and ink
///   rectangles, plus padding), shadow (of glyphs and outline), outline (the glyph
///   outlines stroked at `strokeWidth` with round joins), glyph fill.
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
  ///     the lines that do not fit.
  /// - Returns: The image and its placement, layout metrics, unknown-glyph count and
  ///   warnings. Empty text with no background gives a 0×0 image.
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` when the text would need an
  ///   image beyond 32767 pixels; ``GraphicsError/cairo(operation:status:)`` when pango or
  ///   cairo cannot start (out of memory).
  public static func render(
    _ text: StyledText, style: TextStyle, width: Double?, height: Double? = nil
  ) throws(GraphicsError) -> RenderedText {
    let library = FontLibrary.shared
    let result: Result<RenderedText, GraphicsError> = library.withLock {
      do throws(GraphicsError) {
        return .success(
          try renderLocked(text, style: style, width: width, height: height, library: library))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  // MARK: Layout

  /// Everything made while holding the font library's lock.
  private static func renderLocked(
    _ text: StyledText, style: TextStyle, width: Double?, height: Double?, library: FontLibrary
  ) throws(GraphicsError) -> RenderedText {
    var warnings: [String] = []
    let family = resolveBaseFamily(style, library: library, warnings: &warnings)
    guard let fontMap = library.fontMap, let context = PangoContextRef(fontMap: fontMap),
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

    pango_font_description_set_family(description.pointer, family)
    pango_font_description_set_absolute_size(
      description.pointer, fontSize(style.fontSize) * Double(PANGO_SCALE))
    pango_font_description_set_weight(
      description.pointer,
      PangoWeight(rawValue: UInt32(clamping: Swift.min(Swift.max(style.weight, 100), 1000))))
    pango_font_description_set_style(
      description.pointer, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    pango_layout_set_font_description(layout.pointer, description.pointer)

    if style.underline && !utf8.isEmpty {
      attributes.insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), bytes: 0..<utf8.count)
    }
    for (run, range) in runRanges {
      if let bold = run.bold {
        let weight = bold ? 700 : (style.weight >= 600 ? 400 : style.weight)
        attributes.insert(
          pango_attr_weight_new(PangoWeight(rawValue: UInt32(weight))), bytes: range)
      }
      if let italic = run.italic {
        attributes.insert(
          pango_attr_style_new(italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL), bytes: range)
      }
      if let underline = run.underline {
        attributes.insert(
          pango_attr_underline_new(underline ? PANGO_UNDERLINE_SINGLE : PANGO_UNDERLINE_NONE),
          bytes: range)
      }
      if let color = run.color {
        attributes.insertColor(color, bytes: range)
      }
      if let size = run.fontSize {
        attributes.insert(
          pango_attr_size_new_absolute(Int32(fontSize(size) * Double(PANGO_SCALE))),
          bytes: range)
      }
      if let runFamily = run.fontFamily {
        checkFamily(runFamily, library: library, warnings: &warnings)
        attributes.insert(pango_attr_family_new(runFamily), bytes: range)
      }
    }
    pango_layout_set_attributes(layout.pointer, attributes.pointer)
    layout.setText(utf8)

    // Width, wrapping, alignment, truncation.
    let ellipsize: PangoEllipsizeMode
    switch style.truncation {
    case .none: ellipsize = PANGO_ELLIPSIZE_NONE
    case .start: ellipsize = PANGO_ELLIPSIZE_START
    case .middle: ellipsize = PANGO_ELLIPSIZE_MIDDLE
    case .end: ellipsize = PANGO_ELLIPSIZE_END
    }
    let boxWidth = width.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    let pangoSetsWidth = boxWidth != nil && (style.wraps || ellipsize != PANGO_ELLIPSIZE_NONE)
    if let boxWidth, pangoSetsWidth {
      pango_layout_set_width(
        layout.pointer, Int32(clamping: (boxWidth * Double(PANGO_SCALE)).rounded().saturatingInt))
      pango_layout_set_wrap(layout.pointer, PANGO_WRAP_WORD_CHAR)
      if ellipsize != PANGO_ELLIPSIZE_NONE {
        pango_layout_set_ellipsize(layout.pointer, ellipsize)
        if style.wraps, let height, height > 0 {
          pango_layout_set_height(
            layout.pointer, Int32(clamping: (height * Double(PANGO_SCALE)).saturatingInt))
        }
      }
    } else {
      pango_layout_set_width(layout.pointer, -1)
    }
    switch style.alignment {
    case .left, .justified: pango_layout_set_alignment(layout.pointer, PANGO_ALIGN_LEFT)
    case .center: pango_layout_set_alignment(layout.pointer, PANGO_ALIGN_CENTER)
    case .right: pango_layout_set_alignment(layout.pointer, PANGO_ALIGN_RIGHT)
    }
    pango_layout_set_justify(layout.pointer, style.alignment == .justified ? 1 : 0)
    if style.lineSpacing > 0 && style.lineSpacing != 1 && style.lineSpacing.isFinite {
      pango_layout_set_line_spacing(layout.pointer, Float(style.lineSpacing))
    }
    if let height, style.truncation == .none {
      dropLinesBelow(height, layout: layout, utf8: utf8)
    }

    var (ink, logical) = layout.extents
    // Lines pango did not place within a box width: shift the whole block into place.
    var dx = 0.0
    if let boxWidth, !pangoSetsWidth {
      // The first paragraph's resolved direction decides what "left" (start) means.
      let rtl = pango_layout_get_direction(layout.pointer, 0) == PANGO_DIRECTION_RTL
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
    let hasInk = ink.width > 0 && ink.height > 0
    let unknown = Int(pango_layout_get_unknown_glyphs_count(layout.pointer))
    if unknown > 0 {
      warnings.append(
        "\(unknown) character(s) have no glyph in any installed font and are drawn as boxes")
    }

    // The area every part covers, in layout-box coordinates.
    let outline = style.strokeColor.map { $0.alpha > 0 && style.strokeWidth > 0 } == true
    let outlineReach = outline ? style.strokeWidth / 2 : 0
    let textRect = hasInk ? ink.insetBy(dx: -(outlineReach + 1), dy: -(outlineReach + 1)) : nil
    var content = textRect
    var backgroundRect: Rect?
    if let background = style.background, background.color.alpha > 0, !utf8.isEmpty {
      let base = hasInk ? logical.union(ink) : logical
      let box = base.insetBy(dx: -background.padding, dy: -background.padding)
      backgroundRect = box
      content = content.map { $0.union(box) } ?? box
    }
    let shadow = style.shadow.flatMap { $0.isVisible ? $0 : nil }
    if let shadow, let textRect {
      let reach = Double(ShadowRenderer.blurExtent(radius: shadow.radius))
      let shadowRect = textRect.insetBy(dx: -reach, dy: -reach).offsetBy(
        dx: shadow.offset.x.finiteOr(0), dy: shadow.offset.y.finiteOr(0))
      content = content.map { $0.union(shadowRect) } ?? shadowRect
    }
    let layoutSize = Size(width: logical.width, height: logical.height)
    guard let area = content, textRect != nil || backgroundRect != nil else {
      return RenderedText(
        image: Image(width: 0, height: 0), origin: .zero, layoutSize: layoutSize,
        logicalBounds: logical, inkBounds: .zero, unknownGlyphCount: unknown, warnings: warnings)
    }
    let originX = area.minX.rounded(.down)
    let originY = area.minY.rounded(.down)
    let imageWidth = (area.maxX.rounded(.up) - originX).saturatingInt
    let imageHeight = (area.maxY.rounded(.up) - originY).saturatingInt
    let toImage = AffineTransform(translationX: -originX, y: -originY)

    // Glyphs (outline under fill) on their own, so the shadow can be cast from them.
    var glyphs = try Canvas(width: imageWidth, height: imageHeight)
    glyphs.transform = toImage.translatedBy(x: dx, y: 0)
    if hasInk {
      if outline, let strokeColor = style.strokeColor {
        glyphs.withContext { cr in
          cairo_move_to(cr.pointer, 0, 0)
          pango_cairo_layout_path(cr.pointer, layout.pointer)
          cr.setStrokeStyle(StrokeStyle(width: style.strokeWidth, cap: .round, join: .round))
          cr.setSource(strokeColor)
          cairo_stroke(cr.pointer)
        }
      }
      glyphs.withContext { cr in
        cairo_move_to(cr.pointer, 0, 0)
        cr.setSource(style.color)
        pango_cairo_show_layout(cr.pointer, layout.pointer)
      }
    }

    var canvas = try Canvas(width: imageWidth, height: imageHeight)
    if let backgroundRect, let background = style.background {
      canvas.transform = toImage
      canvas.fillBackground(
        in: backgroundRect, cornerRadius: background.cornerRadius, color: background.color)
      canvas.transform = .identity
    }
    if let shadow, hasInk {
      let cast = ShadowRenderer.render(alphaOf: glyphs.image, shadow: shadow)
      canvas.draw(
        cast.image,
        at: cast.origin + Point(x: shadow.offset.x.finiteOr(0), y: shadow.offset.y.finiteOr(0)))
    }
    canvas.draw(glyphs.image, at: .zero)

    return RenderedText(
      image: canvas.image, origin: Point(x: originX, y: originY), layoutSize: layoutSize,
      logicalBounds: logical, inkBounds: hasInk ? ink : .zero, unknownGlyphCount: unknown,
      warnings: warnings)
  }

  /// Removes the lines whose logical box ends below `height` (truncation `.none`).
  private static func dropLinesBelow(_ height: Double, layout: PangoLayoutRef, utf8: [UInt8]) {
    guard let iter = pango_layout_get_iter(layout.pointer) else { return }
    defer { pango_layout_iter_free(iter) }
    var cut: Int?
    repeat {
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iter, nil, &logical)
      let bottom = Double(logical.y + logical.height) / Double(PANGO_SCALE)
      if bottom > height + 0.5 {
        cut = Int(pango_layout_iter_get_index(iter))
        break
      }
    } while pango_layout_iter_next_line(iter) != 0
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

  /// The family list to ask pango for, after registering a font file; adds warnings for a
  /// missing file or family.
  private static func resolveBaseFamily(
    _ style: TextStyle, library: FontLibrary, warnings: inout [String]
  ) -> String {
    if let file = style.fontFile {
      switch library.registerFontFileLocked(file) {
      case .success(let family):
        return family
      case .failure(.missing):
        warnings.append(
          "font file '\(file)' not found; using font family '\(style.fontFamily)' instead")
      case .failure(.unreadable):
        warnings.append(
          "font file '\(file)' is not a font fontconfig can read; using font family '\(style.fontFamily)' instead"
        )
      }
    }
    checkFamily(style.fontFamily, library: library, warnings: &warnings)
    return style.fontFamily
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
