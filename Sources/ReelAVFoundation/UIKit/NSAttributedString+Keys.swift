// The attribute keys UIKit adds to Foundation's `NSAttributedString.Key` (Foundation on Linux
// declares the type but not these members). Raw values are Apple's.

extension NSAttributedString.Key {
  /// The run's font: a ``UIFont``.
  public static let font = NSAttributedString.Key("NSFont")
  /// The fill colour of the glyphs: a ``UIColor``.
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  /// The colour of the glyph outlines: a ``UIColor``.
  public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
  /// The outline width as a percentage of the font size: a number; positive strokes only,
  /// negative fills and strokes (as on Apple).
  public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
  /// The colour behind the run's glyphs: a ``UIColor``.
  public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
  /// Paragraph settings (alignment): an `NSParagraphStyle`.
  public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}
