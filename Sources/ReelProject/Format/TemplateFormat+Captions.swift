import Reel

extension TemplateFormat {
  /// The word-timing formats, by template name.
  static let wordTimingFormats = WordTimingFormat.allCases.map(\.rawValue)
  /// Where caption lines sit in their box.
  static let captionPlacements = CaptionPlacement.allCases.map(\.rawValue)
  /// The most words one caption page may be asked to hold.
  static let captionWordsRange: ClosedRange<Int> = 1...100
  /// The most characters one caption page may be asked to hold.
  static let captionCharactersRange: ClosedRange<Int> = 1...1000
  /// The most lines one caption page may be asked to take.
  static let captionLinesRange: ClosedRange<Int> = 1...20
  /// How far the active word may pop, as a multiple of the font size.
  static let captionScaleRange: ClosedRange<Double> = 0.5...3
  /// The caption defaults the model has (``CaptionStyle``, ``CaptionPaging``).
  static let captionStyleDefaults = CaptionStyle()
  static let captionPagingDefaults = CaptionPaging()
}

extension TemplateObjectFormat {
  /// Word-level captions: a word-timing file laid out in pages, the spoken word highlighted.
  static let captions = TemplateObjectFormat(
    schemaName: "captions", docsTable: "captions keys",
    doc: "Word-level captions from a word-timing file.",
    keys: [
      .init(
        .file, .named(.file), required: true,
        "Whisper JSON (`word_timestamps`), a JSON list of `{\"text\", \"start\", \"end\"}` or WebVTT with `<00:00:01.500>` tags"
      ),
      .init(
        .format, .choice(TemplateFormat.wordTimingFormats),
        default: .text(
          "from the file: `WEBVTT` or `.vtt` is WebVTT, a JSON object Whisper's, a JSON array tokens"
        ),
        "how the file is written"),
      .init(
        .start, .named(.seconds), default: 0,
        "where the file's time 0 lands in the movie (every word moves by it)"),
      .init(
        .style, .object(.textStyle), default: .text("64 px bold white, centred"),
        "font, size, colour, alignment, line spacing, outline and shadow of every word (a word state's keys replace them)"
      ),
      .init(
        .spoken, .object(.captionWord), default: .text("the style's colour"),
        "words already spoken"),
      .init(
        .active, .object(.activeWord), default: .text("gold, no pop"),
        "the word being spoken (start ≤ t < end)"),
      .init(
        .upcoming, .object(.captionWord), default: .text("the style's colour"),
        "words still to come"),
      .init(
        .position, .choice(TemplateFormat.captionPlacements), default: .name("bottom"),
        "where the lines sit in the caption box"),
      .init(
        .frame, .named(.rect), default: .text("the render frame less `margin`, `width` wide"),
        "the caption box; lines wrap at its width"),
      .init(
        .margin, .pixels(PixelLimits.layerSide), default: 40,
        "pixels between the box and the top and bottom edges (without `frame`)"),
      .init(
        .width, .number(.within(TemplateFormat.subtitleWidthRange)), default: 0.9,
        "the box's width as a fraction of the render width (without `frame`)"),
      .init(
        .words,
        .integer(
          minimum: TemplateFormat.captionWordsRange.lowerBound,
          maximum: TemplateFormat.captionWordsRange.upperBound),
        default: .of(Double(TemplateFormat.captionPagingDefaults.maximumWords ?? 0)),
        "most words of a page"),
      .init(
        .characters,
        .integer(
          minimum: TemplateFormat.captionCharactersRange.lowerBound,
          maximum: TemplateFormat.captionCharactersRange.upperBound),
        default: .text("no limit"), "most characters of a page, spaces between words included"),
      .init(
        .pause, .named(.seconds),
        default: .of(TemplateFormat.captionPagingDefaults.maximumPause ?? 0),
        "a silence longer than this between two words starts a new page"),
      .init(
        .lines,
        .integer(
          minimum: TemplateFormat.captionLinesRange.lowerBound,
          maximum: TemplateFormat.captionLinesRange.upperBound),
        default: .of(Double(TemplateFormat.captionStyleDefaults.maximumLines)),
        "most lines of a page: a word that would need one more starts the next page"),
      .init(
        .uppercase, .boolean, default: .of(TemplateFormat.captionStyleDefaults.uppercase),
        "shows the words in capitals"),
      .init(
        .fallback, .list(.nonEmptyString),
        default: .text("`[\"Noto Color Emoji\", \"Apple Color Emoji\", \"Twemoji\"]`"),
        "font families tried first for characters the font lacks (colour emoji)"),
    ])

  /// The keys of a word state (spoken or upcoming).
  static let captionWordKeys: [TemplateKeyFormat] = [
    .init(.color, .named(.color), "Glyph colour."),
    .init(.box, .object(.box), "A pill behind the word (colour, padding, corner radius)."),
    .init(.outline, .object(.outline), "A stroke around the glyphs."),
    .init(.textShadow, .object(.shadow), "A drop shadow of the glyphs."),
  ]

  /// How spoken or upcoming words look.
  static let captionWord = TemplateObjectFormat(
    schemaName: "captionWord", doc: "How words in one state look.", keys: captionWordKeys)

  /// How the active word looks, and its pop.
  static let activeWord = TemplateObjectFormat(
    schemaName: "activeWord", doc: "How the word being spoken looks, and its pop.",
    keys: captionWordKeys + [
      .init(
        .scale, .number(.within(TemplateFormat.captionScaleRange)),
        default: .of(TemplateFormat.captionStyleDefaults.active.scale),
        "The size the word springs to, times the font size."),
      .init(
        .stiffness, .number(.positive),
        default: .of(TemplateFormat.captionStyleDefaults.popStiffness),
        "The pop spring's stiffness (mass 1)."),
      .init(
        .damping, .named(.nonNegative),
        default: .of(TemplateFormat.captionStyleDefaults.popDamping),
        "The pop spring's damping (below 2√stiffness it overshoots)."),
    ])
}
