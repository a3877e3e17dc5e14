import Reel

extension TemplateFormat {
  /// Where captions sit.
  static let subtitlePlacements = ["bottom", "top"]
  /// The fraction of the render width a caption may wrap in.
  static let subtitleWidthRange: ClosedRange<Double> = 0.01...1
}

extension TemplateObjectFormat {
  /// A caption track: a subtitle file shown as timed text layers.
  static let subtitles = TemplateObjectFormat(
    schemaName: "subtitles", doc: "A caption track.",
    keys: [
      .init(.file, .named(.file), required: true, "An SRT or WebVTT file."),
      .init(.style, .object(.textStyle)),
      .init(
        .position, .choice(TemplateFormat.subtitlePlacements), default: .name("bottom"),
        "Where captions sit."),
      .init(
        .margin, .pixels(PixelLimits.layerSide), default: 40, "Pixels from the edge."
      ),
      .init(
        .width, .number(.within(TemplateFormat.subtitleWidthRange)), default: 0.9,
        "Fraction of the render width."),
      .init(.fadeIn, .named(.seconds), default: 0),
      .init(.fadeOut, .named(.seconds), default: 0),
    ])
}
