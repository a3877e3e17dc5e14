import Reel

extension TemplateFormat {
  /// The text alignments.
  static let alignments = ["left", "center", "right", "justified"]
  /// Where an ellipsis goes in a text that does not fit.
  static let truncations = ["none", "start", "middle", "end"]
  /// The font weights.
  static let fontWeightRange: ClosedRange<Int> = 1...1000
}

extension TemplateObjectFormat {
  /// The ten text-style keys, described once: a text layer has them, and so does a
  /// subtitle track's `style` (``textStyle``).
  static let textStyleKeys: [TemplateKeyFormat] = [
    .init(.font, .object(.font)),
    .init(.color, .named(.color), "Text colour."),
    .init(.align, .choice(TemplateFormat.alignments), "Alignment."),
    .init(.wrap, .boolean),
    .init(.lineSpacing, .pixels(PixelLimits.lineSpacing)),
    .init(.underline, .boolean),
    .init(.outline, .object(.outline)),
    .init(.textShadow, .object(.shadow)),
    .init(.box, .object(.box)),
    .init(
      .truncation, .choice(TemplateFormat.truncations), "Where … goes when the text does not fit."),
  ]

  /// A text style on its own (a subtitle track's `style`).
  static let textStyle = TemplateObjectFormat(
    schemaName: "textStyle", doc: "A text style.", keys: textStyleKeys)

  /// A font.
  static let font = TemplateObjectFormat(
    schemaName: "font", doc: "A font; a missing family or file falls back with a warning.",
    keys: [
      .init(.family, .string),
      .init(.file, .named(.file)),
      .init(.size, .pixels(PixelLimits.fontSize)),
      .init(
        .weight,
        .integer(
          minimum: TemplateFormat.fontWeightRange.lowerBound,
          maximum: TemplateFormat.fontWeightRange.upperBound)),
      .init(.italic, .boolean),
    ])

  /// A stroke around the glyphs.
  static let outline = TemplateObjectFormat(
    schemaName: "outline", doc: "A stroke around the glyphs.",
    keys: [
      .init(.color, .named(.color), default: .name("black")),
      .init(.width, .pixels(PixelLimits.outlineWidth), required: true),
    ])

  /// A box behind the text.
  static let box = TemplateObjectFormat(
    schemaName: "box", doc: "A box behind the text.",
    keys: [
      .init(.color, .named(.color), default: .name("black")),
      .init(.padding, .pixels(PixelLimits.padding), default: 8),
      .init(.cornerRadius, .pixels(PixelLimits.radius)),
    ])

  /// A styled run of text.
  static let run = TemplateObjectFormat(
    schemaName: "run", doc: "A styled run of text.",
    keys: [
      .init(.text, .string, required: true),
      .init(.bold, .boolean),
      .init(.italic, .boolean),
      .init(.underline, .boolean),
      .init(.color, .named(.color)),
      .init(.size, .pixels(PixelLimits.fontSize)),
      .init(.family, .string),
    ])
}
