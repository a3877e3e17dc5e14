import Foundation
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
  /// Set when the text's first line alone is taller than the given height (only its top
  /// part is drawn, and a warning says so).
  public var overflow: TextOverflow?
  /// Problems that did not stop the text from rendering, e.g. a missing font family or
  /// font file and the font used instead, or text taller than its box.
  public var warnings: [String]
}

/// Laid-out text taller than the box it is drawn in: the first line alone does not fit, so
/// only its top part shows (lines after the first that do not fit are dropped or
/// truncated instead).
public struct TextOverflow: Sendable, Hashable, CustomStringConvertible {
  /// The kept text's height from the box's top, in pixels, rounded up.
  public var textHeight: Double
  /// The box's height in pixels.
  public var boxHeight: Double

  /// Makes an overflow record.
  ///
  /// - Parameters:
  ///   - textHeight: The text's height in pixels.
  ///   - boxHeight: The box's height in pixels.
  public init(textHeight: Double, boxHeight: Double) {
    self.textHeight = textHeight
    self.boxHeight = boxHeight
  }

  /// `text is 47 px tall in a 40 px frame`.
  public var description: String {
    "text is \(Self.pixels(textHeight)) px tall in a \(Self.pixels(boxHeight)) px frame"
  }

  /// A pixel count for messages: whole numbers without a fraction, others to 0.01 px.
  static func pixels(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    var text = String(format: "%.2f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }
}

/// What ``TextRenderer/measure(_:style:width:height:)`` finds: the layout's metrics,
/// without pixels.
public struct TextMeasurement: Sendable {
  /// The logical size of the laid-out text (widest line × total line height), pixels.
  public var layoutSize: Size
  /// The logical rectangle in layout-box coordinates.
  public var logicalBounds: Rect
  /// The glyphs' ink rectangle in layout-box coordinates; `.zero` when nothing is inked.
  public var inkBounds: Rect
  /// Set when the text's first line alone is taller than the given height.
  public var overflow: TextOverflow?
  /// The warnings a render would give (font fallbacks, unknown glyphs, overflow).
  public var warnings: [String]
}
