import CGraphics
import ReelCore

/// Pango's fixed-point unit: this many units make one pixel (`PANGO_SCALE`).
enum PangoUnits {
  static let perPixel = Double(PANGO_SCALE)
}

/// Owns a `PangoContext` for a font map, set up for stable output: no hinting, unhinted
/// metrics, greyscale antialiasing, unrounded glyph positions.
final class PangoContextRef {
  let pointer: OpaquePointer
  /// The font map the context draws from (owned by ``FontConfiguration``, which outlives
  /// every context: it is the process's).
  let fontMap: UnsafeMutablePointer<PangoFontMap>

  init?(fontMap: UnsafeMutablePointer<PangoFontMap>) {
    guard let context = pango_font_map_create_context(fontMap) else { return nil }
    pointer = context
    self.fontMap = fontMap
    if let options = cairo_font_options_create() {
      cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
      cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
      pango_cairo_context_set_font_options(context, options)
      cairo_font_options_destroy(options)
    }
    pango_context_set_round_glyph_positions(context, 0)
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

  /// Runs `body` with the font pango picks first for `description` (before any fallback).
  ///
  /// - Returns: `body`'s result, or nil when the font map has no font at all.
  func withFont<R>(
    for description: PangoFontDescriptionRef, _ body: (UnsafeMutablePointer<PangoFont>) -> R
  ) -> R? {
    guard let font = pango_font_map_load_font(fontMap, pointer, description.pointer) else {
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(font)) }
    return body(font)
  }
}

/// Owns a `PangoLayout` (and keeps its context alive): the text, its attributes and how it
/// is broken into lines, with what the layout measured.
final class PangoLayoutRef {
  let pointer: OpaquePointer
  let context: PangoContextRef

  init?(context: PangoContextRef) {
    guard let layout = pango_layout_new(context.pointer) else { return nil }
    pointer = layout
    self.context = context
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

  /// Sets the text (UTF-8).
  func setText(_ utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        pango_layout_set_text(pointer, chars.baseAddress, Int32(chars.count))
      }
    }
  }

  /// Sets the base font (pango copies the description).
  func setFont(_ description: PangoFontDescriptionRef) {
    pango_layout_set_font_description(pointer, description.pointer)
  }

  /// Sets the runs' attributes (pango keeps a reference to the list).
  func setAttributes(_ attributes: PangoAttributeList) {
    pango_layout_set_attributes(pointer, attributes.pointer)
  }

  /// Breaks lines at `units` (pango units) between words, or inside a word that does not
  /// fit.
  func wrap(atWidth units: Int32) {
    pango_layout_set_width(pointer, units)
    pango_layout_set_wrap(pointer, PANGO_WRAP_WORD_CHAR)
  }

  /// Lines are as long as their text (no width).
  func setUnboundedWidth() {
    pango_layout_set_width(pointer, -1)
  }

  /// Keeps the text one paragraph: line breaks in it are drawn as glyphs, not obeyed.
  func setSingleParagraph() {
    pango_layout_set_single_paragraph_mode(pointer, 1)
  }

  /// Where "…" replaces text that does not fit (`.none`: nowhere).
  func setEllipsis(_ truncation: TextTruncation) {
    let mode: PangoEllipsizeMode
    switch truncation {
    case .none: mode = PANGO_ELLIPSIZE_NONE
    case .start: mode = PANGO_ELLIPSIZE_START
    case .middle: mode = PANGO_ELLIPSIZE_MIDDLE
    case .end: mode = PANGO_ELLIPSIZE_END
    }
    pango_layout_set_ellipsize(pointer, mode)
  }

  /// The height, in pango units, an ellipsized layout fits its lines into.
  func setHeight(_ units: Int32) {
    pango_layout_set_height(pointer, units)
  }

  /// Aligns lines left (also for justified text, whose last line is left), centred or right.
  func setAlignment(_ alignment: TextAlignment) {
    switch alignment {
    case .left, .justified: pango_layout_set_alignment(pointer, PANGO_ALIGN_LEFT)
    case .center: pango_layout_set_alignment(pointer, PANGO_ALIGN_CENTER)
    case .right: pango_layout_set_alignment(pointer, PANGO_ALIGN_RIGHT)
    }
  }

  /// Stretches lines but the last to the width.
  func setJustified(_ justified: Bool) {
    pango_layout_set_justify(pointer, justified ? 1 : 0)
  }

  /// Scales the baseline-to-baseline distance.
  func setLineSpacing(_ factor: Float) {
    pango_layout_set_line_spacing(pointer, factor)
  }

  /// Whether the first paragraph's resolved direction is right to left.
  var startsRightToLeft: Bool {
    pango_layout_get_direction(pointer, 0) == PANGO_DIRECTION_RTL
  }

  /// Characters no font has a glyph for (drawn as boxes).
  var unknownGlyphCount: Int {
    Int(pango_layout_get_unknown_glyphs_count(pointer))
  }

  /// Ink and logical extents in pixels, layout coordinates.
  var extents: (ink: Rect, logical: Rect) {
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(pointer, &ink, &logical)
    return (Self.pixels(ink), Self.pixels(logical))
  }

  /// Each line's first byte in the text and the bottom of its logical box, in pixels, top
  /// to bottom.
  var lines: [(startByte: Int, logicalBottom: Double)] {
    guard let iterator = pango_layout_get_iter(pointer) else { return [] }
    defer { pango_layout_iter_free(iterator) }
    var lines: [(Int, Double)] = []
    repeat {
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iterator, nil, &logical)
      let bottom = Double(logical.y + logical.height) / PangoUnits.perPixel
      lines.append((Int(pango_layout_iter_get_index(iterator)), bottom))
    } while pango_layout_iter_next_line(iterator) != 0
    return lines
  }

  /// Calls `body` with each line and its baseline (pixels from the layout's top), top to
  /// bottom.
  func forEachLine(_ body: (UnsafeMutablePointer<PangoLayoutLine>, Double) -> Void) {
    guard let iterator = pango_layout_get_iter(pointer) else { return }
    defer { pango_layout_iter_free(iterator) }
    repeat {
      guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
      body(line, Double(pango_layout_iter_get_baseline(iterator)) / PangoUnits.perPixel)
    } while pango_layout_iter_next_line(iterator) != 0
  }

  static func pixels(_ r: PangoRectangle) -> Rect {
    let scale = PangoUnits.perPixel
    return Rect(
      x: Double(r.x) / scale, y: Double(r.y) / scale, width: Double(r.width) / scale,
      height: Double(r.height) / scale)
  }
}

/// Owns a `PangoFontDescription`: family, weight, slant and absolute size.
final class PangoFontDescriptionRef {
  let pointer: OpaquePointer

  init?() {
    guard let description = pango_font_description_new() else { return nil }
    pointer = description
  }

  deinit { pango_font_description_free(pointer) }

  /// Sets the family (a comma-separated list is tried in order).
  func setFamily(_ family: String) {
    pango_font_description_set_family(pointer, family)
  }

  /// Sets the em size in pango units (pixels × ``PangoUnits/perPixel``).
  func setAbsoluteSize(_ units: Double) {
    pango_font_description_set_absolute_size(pointer, units)
  }

  /// Sets the weight (100…1000, 400 regular, 700 bold).
  func setWeight(_ weight: UInt32) {
    pango_font_description_set_weight(pointer, PangoWeight(rawValue: weight))
  }

  /// Sets italic or upright.
  func setItalic(_ italic: Bool) {
    pango_font_description_set_style(pointer, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
  }

  /// Sets family, weight, slant and absolute size from `request`.
  func set(_ request: GlyphFontRequest) {
    setFamily(request.family)
    setWeight(UInt32(min(max(request.weight, 100), 1000)))
    setItalic(request.italic)
    setAbsoluteSize(min(max(request.size, 0.01), 100_000) * PangoUnits.perPixel)
  }
}

/// Owns a `PangoAttrList` and adds attributes over UTF-8 byte ranges.
final class PangoAttributeList {
  let pointer: OpaquePointer

  init?() {
    guard let list = pango_attr_list_new() else { return nil }
    pointer = list
  }

  deinit { pango_attr_list_unref(pointer) }

  /// Inserts `attribute` (taking ownership) over bytes `range` of the text.
  private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, bytes range: Range<Int>) {
    guard let attribute else { return }
    attribute.pointee.start_index = UInt32(range.lowerBound)
    attribute.pointee.end_index = UInt32(range.upperBound)
    pango_attr_list_insert(pointer, attribute)
  }

  /// Foreground colour and alpha (16 bits per channel, unpremultiplied).
  func insertColor(_ color: Color, bytes range: Range<Int>) {
    func channel(_ v: Double) -> UInt16 {
      UInt16((Swift.min(Swift.max(v, 0), 1) * 255).rounded()) * 257
    }
    insert(
      pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)),
      bytes: range)
    insert(pango_attr_foreground_alpha_new(Swift.max(1, channel(color.alpha))), bytes: range)
  }

  /// A single underline, or none.
  func insertUnderline(_ underline: Bool, bytes range: Range<Int>) {
    insert(
      pango_attr_underline_new(underline ? PANGO_UNDERLINE_SINGLE : PANGO_UNDERLINE_NONE),
      bytes: range)
  }

  /// A weight (100…1000).
  func insertWeight(_ weight: UInt32, bytes range: Range<Int>) {
    insert(pango_attr_weight_new(PangoWeight(rawValue: weight)), bytes: range)
  }

  /// Italic or upright.
  func insertItalic(_ italic: Bool, bytes range: Range<Int>) {
    insert(
      pango_attr_style_new(italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL), bytes: range)
  }

  /// An em size in pango units.
  func insertAbsoluteSize(_ units: Int32, bytes range: Range<Int>) {
    insert(pango_attr_size_new_absolute(units), bytes: range)
  }

  /// A family (or comma-separated list).
  func insertFamily(_ family: String, bytes range: Range<Int>) {
    insert(pango_attr_family_new(family), bytes: range)
  }

  /// A whole font description (pango copies it).
  func insertFont(_ description: PangoFontDescriptionRef, bytes range: Range<Int>) {
    insert(pango_attr_font_desc_new(description.pointer), bytes: range)
  }
}
