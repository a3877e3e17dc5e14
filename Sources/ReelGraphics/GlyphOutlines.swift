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
      guard let context = library.fonts?.makeContext(),
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
        attributes.insertFont(description, bytes: start..<utf8.count)
      }
      if let width {
        layout.wrap(atWidth: Int32(min(max(width, 0), 1_000_000) * PangoUnits.perPixel))
      } else {
        layout.setSingleParagraph()
      }
      layout.setAttributes(attributes)
      layout.setText(utf8)
      let sizes = spans.map(\.font.size)
      var lines: [ShapedLine] = []
      layout.forEachLine { line, baseline in
        var shaped = faces.shapedLine(line, spanStarts: spanStarts, sizes: sizes)
        shaped.baseline = baseline
        lines.append(shaped)
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
      guard let context = library.fonts?.makeContext(),
        let description = PangoFontDescriptionRef()
      else { return nil }
      description.set(request)
      return context.withFont(for: description) { font in
        faces.shapedFont(for: font, size: request.size)
      } ?? nil
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
}
