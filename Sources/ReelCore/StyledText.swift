/// Text to draw: a string split into runs that may each change the style.
///
///     var text = StyledText("Happy Birthday, ")
///     text.append(TextRun("Ada", bold: true, color: .init(parsing: "gold")))
public struct StyledText: Sendable, Hashable, ExpressibleByStringLiteral {
  /// The runs, in reading order.
  public var runs: [TextRun]

  /// Plain text in one run with the base style.
  public init(_ string: String) { runs = [TextRun(string)] }

  /// Text made of runs.
  public init(runs: [TextRun]) { self.runs = runs }

  public init(stringLiteral value: String) { self.init(value) }

  /// Adds a run at the end.
  public mutating func append(_ run: TextRun) { runs.append(run) }

  /// The whole text without styling.
  public var string: String { runs.map(\.text).joined() }
}

/// A stretch of text with style overrides; nil fields take the ``TextStyle``'s value.
public struct TextRun: Sendable, Hashable {
  /// The characters.
  public var text: String
  /// Bold (weight 700) when true, the style's weight when nil.
  public var bold: Bool?
  /// Italic when true.
  public var italic: Bool?
  /// Underlined when true.
  public var underline: Bool?
  /// Fill colour of this run.
  public var color: Color?
  /// Font size in pixels for this run.
  public var fontSize: Double?
  /// Font family for this run.
  public var fontFamily: String?

  /// Makes a run; every override defaults to nil (inherit).
  public init(
    _ text: String, bold: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil,
    color: Color? = nil, fontSize: Double? = nil, fontFamily: String? = nil
  ) {
    self.text = text
    self.bold = bold
    self.italic = italic
    self.underline = underline
    self.color = color
    self.fontSize = fontSize
    self.fontFamily = fontFamily
  }
}

/// Horizontal placement of lines within the text's box.
public enum TextAlignment: String, Sendable, Hashable {
  /// Lines start at the left edge (for left-to-right text; "natural" alignment follows the
  /// paragraph direction, so right-to-left paragraphs start at the right).
  case left
  /// Lines are centred in the box.
  case center
  /// Lines end at the right edge.
  case right
  /// Lines but the last stretch to fill the width.
  case justified
}

/// Where text that does not fit is cut, when truncation is on.
public enum TextTruncation: String, Sendable, Hashable {
  /// Lines that do not fit are dropped; no ellipsis.
  case none
  /// "…" at the start of the last visible line.
  case start
  /// "…" in the middle.
  case middle
  /// "…" at the end.
  case end
}

/// How text looks: font, size, colours, layout, outline, shadow and background box.
public struct TextStyle: Sendable, Hashable {
  /// Font family names, tried in order before the system's fallback (`"DejaVu Sans"`);
  /// a family that is not installed falls back with a warning.
  public var fontFamily: String
  /// A font file (.ttf/.otf) to use instead of an installed family; falls back to
  /// `fontFamily` with a warning when the file is missing or unreadable.
  public var fontFile: String?
  /// Font size in pixels (em size at output resolution).
  public var fontSize: Double
  /// Weight from 100 (thin) to 900 (black); 400 regular, 700 bold.
  public var weight: Int
  /// Italic or oblique.
  public var italic: Bool
  /// Underline every run.
  public var underline: Bool
  /// Fill colour of the glyphs.
  public var color: Color
  /// Horizontal alignment within the layout width.
  public var alignment: TextAlignment
  /// Wrap lines at the layout width (otherwise lines only break at newlines).
  public var wraps: Bool
  /// What to do with text that does not fit the box's height.
  public var truncation: TextTruncation
  /// Line height as a multiple of the font's natural line height (1 = natural).
  public var lineSpacing: Double
  /// Outline colour, drawn under the fill; nil for no outline.
  public var strokeColor: Color?
  /// Outline width in pixels (the visible part outside the glyph is half of it, as the
  /// fill covers the inner half).
  public var strokeWidth: Double
  /// Drop shadow of the glyphs (and outline).
  public var shadow: Shadow?
  /// A box drawn behind the text.
  public var background: TextBackground?

  /// Makes a style: 32 px white DejaVu Sans, left aligned, wrapping, no outline.
  public init(
    fontFamily: String = "DejaVu Sans", fontFile: String? = nil, fontSize: Double = 32,
    weight: Int = 400, italic: Bool = false, underline: Bool = false, color: Color = .white,
    alignment: TextAlignment = .left, wraps: Bool = true, truncation: TextTruncation = .none,
    lineSpacing: Double = 1, strokeColor: Color? = nil, strokeWidth: Double = 0,
    shadow: Shadow? = nil, background: TextBackground? = nil
  ) {
    self.fontFamily = fontFamily
    self.fontFile = fontFile
    self.fontSize = fontSize
    self.weight = weight
    self.italic = italic
    self.underline = underline
    self.color = color
    self.alignment = alignment
    self.wraps = wraps
    self.truncation = truncation
    self.lineSpacing = lineSpacing
    self.strokeColor = strokeColor
    self.strokeWidth = strokeWidth
    self.shadow = shadow
    self.background = background
  }
}

/// A filled, optionally rounded box behind text, as captions use.
public struct TextBackground: Sendable, Hashable {
  /// Fill colour.
  public var color: Color
  /// Space between the text's box (its logical line boxes united with the glyph ink, so
  /// captions keep the same height whatever letters they hold) and the box edge, in
  /// pixels, on every side.
  public var padding: Double
  /// Corner radius in pixels.
  public var cornerRadius: Double

  /// Makes a background box.
  public init(color: Color, padding: Double = 8, cornerRadius: Double = 0) {
    self.color = color
    self.padding = padding
    self.cornerRadius = cornerRadius
  }
}
