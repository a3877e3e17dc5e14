import CGraphics
import Foundation
import ReelCore

/// A font asked for by family, weight, slant and em size: what a span of shaped text is set in.
public struct GlyphFontRequest: Sendable, Hashable {
  /// The installed (or registered) family fontconfig matches.
  public var family: String
  /// CSS weight, 100…900.
  public var weight: Int
  /// Whether the face is italic.
  public var italic: Bool
  /// The em size in points (pixels at scale 1).
  public var size: Double

  /// A request for `family` at `size` points.
  public init(family: String, weight: Int = 400, italic: Bool = false, size: Double) {
    self.family = family
    self.weight = weight
    self.italic = italic
    self.size = size
  }
}

/// A font face pango chose, at a size: what a shaped run's glyph ids index into.
public struct ShapedFont: Sendable, Hashable {
  /// The face's family name.
  public var family: String
  /// The face's PostScript name (`NotoSansCJKsc-Regular`), or "" when it has none.
  public var postScriptName: String
  /// The face's full name (`Noto Sans CJK SC Regular`), or "" when it has none.
  public var fullName: String
  /// The em size in points.
  public var size: Double
  /// Which face of ``GlyphShaper``'s table the glyph ids belong to.
  let faceID: Int

  /// The same face at `size` points.
  public func resized(to size: Double) -> ShapedFont {
    var font = self
    font.size = size
    return font
  }
}

/// One run of glyphs in one font, as shaped.
public struct ShapedGlyphRun: Sendable, Hashable {
  /// The font the glyphs are in (a fallback font where the requested one lacks characters).
  public var font: ShapedFont
  /// Glyph ids in the font, in visual order; 0 where no installed font has the character.
  public var glyphs: [UInt16]
  /// Each glyph's origin relative to the line's origin, in points, y up (baseline at 0).
  public var positions: [Point]
  /// Each glyph's advance, in points.
  public var advances: [Double]
  /// The UTF-8 byte range of the text the run shows.
  public var utf8Range: Range<Int>
  /// Which of the shaped spans the run's text comes from.
  public var spanIndex: Int
}

/// A line of text shaped by HarfBuzz through pango, with font fallback.
public struct ShapedLine: Sendable, Hashable {
  /// The runs in visual order.
  public var runs: [ShapedGlyphRun]
  /// The width of the line (sum of advances), in points.
  public var width: Double
  /// How far the line's fonts reach above the baseline, in points.
  public var ascent: Double
  /// How far they reach below it, in points (positive).
  public var descent: Double
  /// The glyphs' ink, y up from the baseline, in points; `.zero` for no ink.
  public var inkBounds: Rect
  /// The UTF-8 byte range of the text the line shows.
  public var utf8Range: Range<Int>
  /// The baseline's distance from the top of the text, in points (y down; the first line's
  /// ascent for the first line).
  public var baseline: Double

  /// A line without glyphs.
  public static let empty = ShapedLine(
    runs: [], width: 0, ascent: 0, descent: 0, inkBounds: .zero, utf8Range: 0..<0, baseline: 0)
}

/// Shapes text into positioned glyphs and gives glyph outlines, with the fonts Reel's text
/// renderer draws (fontconfig matching and per-character fallback, HarfBuzz shaping through
/// pango). Thread rule: safe from any thread; work is serialised on ``FontLibrary``'s lock.
public enum GlyphShaper {
  /// Shapes `spans` (each in its font) as one line: no wrapping; line breaks are not
  /// honoured (the text is one paragraph).
  ///
  /// - Parameter spans: Consecutive pieces of text with the font each is set in.
  /// - Returns: The runs, split where the font changes (by request or fallback).
  /// - Throws: ``GraphicsError/cairo(operation:status:)`` when pango cannot start.
  public static func shape(_ spans: [(text: String, font: GlyphFontRequest)])
    throws(GraphicsError) -> ShapedLine
  {
    try shapeLines(spans, width: nil).first ?? .empty
  }

  /// Shapes `spans` into lines: broken at line breaks and, with a `width`, wrapped between
  /// words (inside a word that does not fit) to that width.
  ///
  /// - Parameters:
  ///   - spans: Consecutive pieces of text with the font each is set in.
  ///   - width: The width to wrap to, in points, or nil for no wrapping (one paragraph, one
  ///     line).
  /// - Returns: The lines, top to bottom, each with ``ShapedLine/baseline``.
  /// - Throws: ``GraphicsError/cairo(operation:status:)`` when pango cannot start.
  public static func shapeLines(
    _ spans: [(text: String, font: GlyphFontRequest)], width: Double?
  ) throws(GraphicsError) -> [ShapedLine] {
    let library = FontLibrary.shared
    let result: Result<[ShapedLine], GraphicsError> = library.withLock {
      guard let fontMap = library.fontMap, let context = PangoContextRef(fontMap: fontMap),
        let layout = PangoLayoutRef(context: context), let attributes = PangoAttributeList()
      else {
        return .failure(.cairo(operation: "pango_layout_new", status: "no pango context"))
      }
      var utf8: [UInt8] = []
      var spanStarts: [Int] = []
      for span in spans {
        let start = utf8.count
        spanStarts.append(start)
        utf8.append(contentsOf: Array(span.text.utf8))
        guard let description = PangoFontDescriptionRef() else { continue }
        description.set(span.font)
        attributes.insert(
          pango_attr_font_desc_new(description.pointer), bytes: start..<utf8.count)
      }
      if let width {
        pango_layout_set_width(
          layout.pointer, Int32(min(max(width, 0), 1_000_000) * Double(PANGO_SCALE)))
        pango_layout_set_wrap(layout.pointer, PANGO_WRAP_WORD_CHAR)
      } else {
        pango_layout_set_single_paragraph_mode(layout.pointer, 1)
      }
      pango_layout_set_attributes(layout.pointer, attributes.pointer)
      layout.setText(utf8)
      let sizes = spans.map(\.font.size)
      var lines: [ShapedLine] = []
      if let iterator = pango_layout_get_iter(layout.pointer) {
        defer { pango_layout_iter_free(iterator) }
        repeat {
          guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
          var shaped = shapedLine(line, spanStarts: spanStarts, sizes: sizes)
          shaped.baseline = Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
          lines.append(shaped)
        } while pango_layout_iter_next_line(iterator) != 0
      }
      return .success(lines)
    }
    return try result.get()
  }

  /// The face pango would set `request` in (its first choice, before any fallback).
  ///
  /// - Parameter request: The family, weight, slant and size.
  /// - Returns: The font, or nil when fontconfig has no font at all.
  public static func font(for request: GlyphFontRequest) -> ShapedFont? {
    let library = FontLibrary.shared
    return library.withLock { () -> ShapedFont? in
      guard let fontMap = library.fontMap, let context = PangoContextRef(fontMap: fontMap),
        let description = PangoFontDescriptionRef()
      else { return nil }
      description.set(request)
      guard let font = pango_font_map_load_font(fontMap, context.pointer, description.pointer)
      else { return nil }
      defer { g_object_unref(UnsafeMutableRawPointer(font)) }
      return faces.shapedFont(for: font, size: request.size)
    }
  }

  /// The outline of `glyph` in `font`, in points, in the font's y-up space with the
  /// glyph's origin at (0, 0) — as CoreText gives it.
  ///
  /// - Parameters:
  ///   - glyph: A glyph id of `font`.
  ///   - font: A font from ``shape(_:)`` or ``font(for:)``.
  /// - Returns: The outline (empty for a glyph without contours, such as a space), or nil
  ///   when the glyph is a bitmap (colour emoji) or not in the font.
  public static func outline(of glyph: UInt16, in font: ShapedFont) -> Path? {
    FontLibrary.shared.withLock { faces.outline(of: glyph, faceID: font.faceID, size: font.size) }
  }

  // MARK: Locked helpers

  /// The faces seen so far; used only while holding the font library's lock.
  private static let faces = GlyphFaceTable()

  /// Reads one of pango's lines into runs; the caller holds the lock.
  private static func shapedLine(
    _ line: UnsafeMutablePointer<PangoLayoutLine>, spanStarts: [Int], sizes: [Double]
  ) -> ShapedLine {
    let scale = Double(PANGO_SCALE)
    var ink = PangoRectangle()
    var logical = PangoRectangle()
    pango_layout_line_get_extents(line, &ink, &logical)
    var runs: [ShapedGlyphRun] = []
    var penX = 0
    var node = line.pointee.runs
    while let current = node {
      defer { node = current.pointee.next }
      guard let data = current.pointee.data else { continue }
      let glyphItem = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
      guard let item = glyphItem.item, let glyphString = glyphItem.glyphs else { continue }
      let offset = Int(item.pointee.offset)
      let span = max(0, (spanStarts.lastIndex { $0 <= offset }) ?? 0)
      let size = sizes.indices.contains(span) ? sizes[span] : 12
      guard let pangoFont = item.pointee.analysis.font,
        let font = faces.shapedFont(for: pangoFont, size: size)
      else { continue }
      var glyphs: [UInt16] = []
      var positions: [Point] = []
      var advances: [Double] = []
      let count = Int(glyphString.pointee.num_glyphs)
      for index in 0..<count {
        let info = glyphString.pointee.glyphs[index]
        let geometry = info.geometry
        defer { penX += Int(geometry.width) }
        if info.glyph == PANGO_GLYPH_EMPTY { continue }
        let id = info.glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 ? 0 : UInt16(clamping: info.glyph)
        glyphs.append(id)
        positions.append(
          Point(
            x: Double(penX + Int(geometry.x_offset)) / scale,
            y: -Double(Int(geometry.y_offset) + Int(glyphItem.y_offset)) / scale))
        advances.append(Double(geometry.width) / scale)
      }
      runs.append(
        ShapedGlyphRun(
          font: font, glyphs: glyphs, positions: positions, advances: advances,
          utf8Range: offset..<(offset + Int(item.pointee.length)), spanIndex: span))
    }
    let inkRect =
      ink.width > 0 && ink.height > 0
      ? Rect(
        x: Double(ink.x) / scale, y: -Double(ink.y + ink.height) / scale,
        width: Double(ink.width) / scale, height: Double(ink.height) / scale) : .zero
    return ShapedLine(
      runs: runs, width: Double(logical.width) / scale, ascent: -Double(logical.y) / scale,
      descent: Double(logical.y + logical.height) / scale, inkBounds: inkRect,
      utf8Range: Int(
        line.pointee.start_index)..<Int(line.pointee.start_index + line.pointee.length),
      baseline: 0)
  }
}

extension PangoFontDescriptionRef {
  /// Sets family, weight, slant and absolute size from `request`.
  func set(_ request: GlyphFontRequest) {
    pango_font_description_set_family(pointer, request.family)
    pango_font_description_set_weight(
      pointer, PangoWeight(rawValue: UInt32(min(max(request.weight, 100), 1000))))
    pango_font_description_set_style(
      pointer, request.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    pango_font_description_set_absolute_size(
      pointer, min(max(request.size, 0.01), 100_000) * Double(PANGO_SCALE))
  }
}
