import CGraphics
import ReelCore

/// Owns a `PangoContext` for a font map, set up for stable output: no hinting, unhinted
/// metrics, greyscale antialiasing, unrounded glyph positions.
final class PangoContextRef {
  let pointer: OpaquePointer

  init?(fontMap: UnsafeMutablePointer<PangoFontMap>) {
    guard let context = pango_font_map_create_context(fontMap) else { return nil }
    pointer = context
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
}

/// Owns a `PangoLayout` (and keeps its context alive).
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

  /// Ink and logical extents in pixels, layout coordinates.
  var extents: (ink: Rect, logical: Rect) {
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_get_extents(pointer, &ink, &logical)
    func rect(_ r: PangoRectangle) -> Rect {
      let scale = Double(PANGO_SCALE)
      return Rect(
        x: Double(r.x) / scale, y: Double(r.y) / scale, width: Double(r.width) / scale,
        height: Double(r.height) / scale)
    }
    return (rect(ink), rect(logical))
  }
}

/// Owns a `PangoFontDescription`.
final class PangoFontDescriptionRef {
  let pointer: OpaquePointer

  init?() {
    guard let description = pango_font_description_new() else { return nil }
    pointer = description
  }

  deinit { pango_font_description_free(pointer) }
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
  func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, bytes range: Range<Int>) {
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
}
