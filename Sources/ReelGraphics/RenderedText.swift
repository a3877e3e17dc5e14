import ReelCore

/// Text rasterised by ``TextRenderer``: the picture and where it sits.
///
/// Coordinates are pixels relative to the **layout box**: the text layer's rectangle whose
/// top-left corner is where the first line starts (x = 0 at the box's left edge, y = 0 at
/// the top of the first line's logical box).
public struct RenderedText: Sendable {
  /// The text as premultiplied BGRA: background box, shadow, outline and glyphs, with
  /// every inked pixel inside it.
  public var image: Image
  /// Where `image`'s top-left corner sits relative to the layout box's top-left corner
  /// (negative when the ink, outline, shadow or background box reaches above or left of
  /// the box).
  public var origin: Point
  /// The logical size of the laid-out text (widest line × total line height), pixels.
  public var layoutSize: Size
  /// The logical rectangle of the laid-out text in layout-box coordinates (its x is
  /// non-zero when lines are centred or right-aligned in a wider box).
  public var logicalBounds: Rect
  /// The glyphs' ink rectangle in layout-box coordinates (outline, shadow and background
  /// not included); `.zero` when nothing is inked.
  public var inkBounds: Rect
  /// How many glyphs no installed font could draw (pango's unknown glyphs, shown as
  /// boxes). 0 means every character found a font.
  public var unknownGlyphCount: Int
  /// Problems that did not stop the text from rendering, e.g. a missing font family or
  /// font file and the font used instead.
  public var warnings: [String]
}
