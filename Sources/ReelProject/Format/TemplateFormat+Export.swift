import Reel

extension TemplateFormat {
  /// The export presets a template names (``ExportPreset/name``; `ExportPreset(name:)` also
  /// takes aliases).
  static let presetNames = ExportPreset.allCases.map(\.name)
  /// The video codecs an export may ask for.
  static let codecNames = VideoCodec.allCases.map(\.rawValue)
  /// The encoder speeds.
  static let speedNames = EncoderSpeed.allCases.map(\.rawValue)
  /// The constant rate factors a template may give (the codec may allow fewer).
  static let crfRange: ClosedRange<Int> = VideoCodec.crfRangeOfAnyCodec
}

extension TemplateObjectFormat {
  /// The export settings.
  static let export = TemplateObjectFormat(
    schemaName: "export", docsTable: "export keys", doc: "Export settings.",
    keys: [
      .init(
        .preset, .choice(TemplateFormat.presetNames), default: .name("highest"), type: "name",
        "one of \(TemplateFormat.presetNames.map { "`\($0)`" }.joined(separator: ", "))"),
      .init(
        .codec, .choice(TemplateFormat.codecNames), default: .text("from the preset"),
        "the video codec (`vp9` writes `.webm`; `prores4444` and `vp9alpha` carry alpha, see `alpha`)"
      ),
      .init(
        .crf,
        .integer(
          minimum: TemplateFormat.crfRange.lowerBound, maximum: TemplateFormat.crfRange.upperBound),
        default: .text("from the preset"), type: "integer",
        "quality \(TemplateFormat.crfRange.lowerBound)…\(TemplateFormat.crfRange.upperBound) (lower is better) or a target bit rate in bits/s; give `crf` or `bitRate`, not both"
      ),
      .init(
        .bitRate, .integer(minimum: 1, maximum: nil), default: .text("from the preset"),
        type: "integer",
        sameRow: true),
      .init(
        .speed, .choice(TemplateFormat.speedNames), default: .name("veryfast"), type: "name",
        "x264/x265 preset: `ultrafast` … `veryslow`"),
      .init(
        .size, .array(.wholePixels(PixelLimits.renderSide), minItems: 2, maxItems: 2),
        default: .text("from the preset"), type: "`[w, h]`",
        "output size, even whole numbers, \(PixelLimits.renderSide.docText) (and within the codec's level, as the top-level `size`)"
      ),
      .init(
        .range, .array(.named(.seconds), minItems: 2, maxItems: 2),
        default: .text("the whole movie"),
        type: "`[start, end]`", "in seconds, inside the movie"),
      .init(
        .audioBitRate, .integer(minimum: 1, maximum: nil),
        default: .number(Double(ExportSettings().audioBitRate)), type: "integer", "bits per second"),
      .init(.audio, .boolean, default: true, "`false` leaves the audio out"),
      .init(
        .frameRate, .number(.within(TemplateFormat.frameRateRange)),
        default: .text("the movie's"),
        "frames per second of the output, exact as the top-level `frameRate` (a GIF is usually `15`)"
      ),
      .init(
        .width, .integer(minimum: 2, maximum: PixelLimits.maximumPictureSide),
        default: .text("from the preset"), type: "integer",
        "output width in pixels, even; the height follows the movie's shape (a GIF is usually `480`). Not with `size`"
      ),
      .init(
        .loop,
        .integer(
          minimum: OutputContainer.playCountRange.lowerBound,
          maximum: OutputContainer.playCountRange.upperBound), default: .number(0), type: "integer",
        "how many times an animated image (`.gif`, `.webp`, `.apng`) plays: `0` for ever, `1` once"
      ),
      .init(
        .alpha, .boolean, default: false,
        "`true` keeps the picture's alpha: frames are drawn over a clear backdrop (with `\"background\": \"clear\"`, what nothing covers stays clear) and written with a codec that carries alpha — \(VideoCodec.alphaCodecNames); without `codec`, the output's extension chooses"
      ),
    ],
    rules: [.notTogether([.crf, .bitRate]), .notTogether([.size, .width])])
}
