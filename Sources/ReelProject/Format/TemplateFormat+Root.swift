import Reel

extension TemplateFormat {
  /// The frame rates a template may ask for, in frames per second.
  static let frameRateRange: ClosedRange<Double> = 1...240
  /// How a variable's name is written (`TemplateVariables.isValidName` checks the same).
  static let variableNamePattern = "^[A-Za-z_][A-Za-z0-9_.-]*$"
}

extension TemplateObjectFormat {
  /// The whole template.
  static let root = TemplateObjectFormat(
    schemaName: nil, docsTable: "top-level keys",
    doc:
      "A movie: clips, compositing, layers with animations, subtitles, audio and export settings. See docs/template-format.md.",
    keys: [
      .init(.schema, .string, "ignored by Reel; lets editors find the schema"),
      .init(
        .version, .constant(TemplateFormat.version), required: true, type: "`1`", "format version"),
      .init(.description, .string, "free text, ignored"),
      .init(
        .variables,
        .map(
          .oneOf([.string, .object(.variable)]), namePattern: TemplateFormat.variableNamePattern),
        default: .text("`{}`"), type: "object",
        "default values of `{{name}}` placeholders; `reel render --set name=Ada` overrides them. A value is a string, or `{\"default\": \"…\", \"description\": \"…\"}`"
      ),
      .init(
        .size, .array(.wholePixels(PixelLimits.renderSide), minItems: 2, maxItems: 2),
        default: .text("largest clip (after rotation)"), type: "`[w, h]`",
        "render size in whole pixels, \(PixelLimits.renderSide.docText); must be even for H.264/HEVC (4:2:0) and fit the codec: H.264 (the default) takes at most 139264 macroblocks of 16×16 a frame (such as 8192×4352) at level 6.2 — larger sizes need `\"codec\": \"hevc\"` or `\"vp9\"`. Required without clips"
      ),
      .init(
        .frameRate, .number(.within(TemplateFormat.frameRateRange)),
        default: .text("highest clip frame rate, capped at 60; 30 without clips"),
        "frames per second, exact (`25` is 1/25 s a frame; `23.976`, `29.97`, `47.952`, `59.94` are read as 24000/1001 …)"
      ),
      .init(
        .duration, .named(.positiveSeconds), default: .text("the clips' length"), type: "seconds",
        "length of the movie; required when there are no clips (a layers-only video over the background). With clips it trims the timeline, or extends it with empty time (background only)"
      ),
      .init(
        .background, .named(.color), default: .name("black"),
        "colour behind everything (the video composition's background)"),
      .init(
        .clips, .array(.object(.clip), minItems: 1), type: "array",
        "the **short form** of the timeline: clips in order with transitions (see Clips)"),
      .init(
        .composition, .object(.composition),
        "the **long form**: tracks, segments and instructions (see Composition). Use `clips` or `composition`, not both"
      ),
      .init(.audio, .object(.audio), "volumes and a soundtrack (see Audio)"),
      .init(
        .layers, .list(.object(.layer)), default: .text("a full-size video layer"),
        "the layer tree over the video, back to front (see Layers). Without `layers`, the movie is the composited video"
      ),
      .init(
        .filters, .list(.filterStep), default: .text("`[]`"),
        "filters applied in order to the whole frame, after every layer (see Filters)"),
      .init(
        .animations, .list(.object(.animation)), default: .text("`[]`"),
        "animations of the whole-frame `filters` numbers only (`property`: `filters.<type>.<parameter>` or `filters[<index>].<parameter>`; see Animations)"
      ),
      .init(
        .subtitles, .list(.object(.subtitles)),
        "caption tracks from SRT/WebVTT files (see Subtitles)"),
      .init(
        .captions, .list(.object(.captions)),
        "word-level captions from word-timing files, the spoken word highlighted (see Captions)"),
      .init(
        .export, .object(.export), default: .text("highest quality H.264 + AAC"),
        "export settings (see Export)"),
    ],
    rules: [.notTogether([.clips, .composition])])

  /// A variable declared as an object (`{"default": …, "description": …}`).
  static let variable = TemplateObjectFormat(
    keys: [
      .init(.default, .string),
      .init(.description, .string),
    ])
}
