import Reel

extension TemplateFormat {
  /// The transitions between clips, and the keys each takes (``TemplateKeyFormat/onlyWithTypes``).
  static let transitionTypes =
    ["cut", "crossFade", "fadeThroughColor", "wipe", "slide"] + TemplateFilterFormat.transitionNames
  /// The directions of wipes and slides.
  static let directions = ClipSequence.Direction.allCases.map(\.rawValue)
  /// The keys that give a segment's content (exactly one).
  static var segmentSources: [TemplateKey] { TemplateObjectFormat.segment.alternatives }
  /// The kinds of composition tracks.
  static let trackKinds = ["video", "audio"]
}

extension TemplateObjectFormat {
  /// One clip of the short-form timeline.
  static let clip = TemplateObjectFormat(
    schemaName: "clip", docsTable: "clip keys",
    doc: "One clip of the short-form timeline: give media or image.",
    keys: [
      .init(
        .media, .named(.file),
        "a video (or audio) file; its first video and audio tracks are used. A still image (PNG, JPEG, …) is not a clip: use `image`"
      ),
      .init(
        .image, .named(.file),
        "a still or animated image shown for `duration` (slideshows). One of `media`/`image`"),
      .init(
        .start, .named(.seconds), default: 0,
        "where in the source the clip starts (media only; must be before its end)"),
      .init(
        .duration, .named(.positiveSeconds), default: .text("to the end of the clip"),
        "how much of the source is used (required for `image`; `start + duration` must not pass the end of the clip)"
      ),
      .init(
        .transition, .object(.transition), default: .text("cut"), type: "object",
        "the transition **into** this clip from the previous one (not on the first clip)"),
    ],
    rules: [
      .oneOf([(requires: [.media], forbids: [.image]), (requires: [.image], forbids: [.media])])
    ])

  /// The transition into a clip.
  static let transition = TemplateObjectFormat(
    schemaName: "transition", doc: "The transition into this clip from the previous one.",
    keys: [
      .init(.type, .choice(TemplateFormat.transitionTypes), required: true, "Transition kind."),
      .init(
        .duration, .named(.positiveSeconds), default: 1,
        onlyWith: ["crossFade", "fadeThroughColor", "wipe", "slide"]
          + TemplateFilterFormat.transitionNames,
        "Length in seconds."),
      .init(
        .color, .named(.color), default: .name("black"), onlyWith: ["fadeThroughColor"],
        "fadeThroughColor only."),
      .init(
        .direction, .choice(TemplateFormat.directions), default: .name("left"),
        onlyWith: ["wipe", "slide"], "wipe and slide only."),
      .init(
        .parameters, TemplateFilterFormat.transitionParametersValue, default: .text("`{}`"),
        type: "object", onlyWith: TemplateFilterFormat.transitionNames,
        "the transition filter's parameters by name (`{\"width\": 40, \"angle\": 0.5}`), checked against the filter catalog like a filter step's (docs/filters.md); `time` is the transition's progress, set by Reel. Filter transitions only"
      ),
    ])

  /// The long form of the timeline.
  static let composition = TemplateObjectFormat(
    schemaName: "composition", doc: "The long form of the timeline.",
    keys: [
      .init(.tracks, .array(.object(.track), minItems: 1), required: true),
      .init(
        .instructions, .list(.object(.instruction)),
        "Must tile the timeline; default: each clip fitted upright."),
    ])

  /// A composition track.
  static let track = TemplateObjectFormat(
    schemaName: "track", doc: "A composition track.",
    keys: [
      .init(
        .id, .integer(minimum: 1, maximum: nil), default: .text("position + 1"),
        "Track id used by instructions and audio."),
      .init(.kind, .choice(TemplateFormat.trackKinds), required: true, "Track kind."),
      .init(.segments, .list(.object(.segment))),
    ])

  /// A segment of a track.
  static let segment = TemplateObjectFormat(
    schemaName: "segment", doc: "A segment: media, image or empty.",
    keys: [
      .init(.media, .named(.file), "A media file."),
      .init(
        .track, .integer(minimum: 0, maximum: nil),
        default: .text("the first of the track's kind"), "Stream index in the file."),
      .init(
        .source, .tuple([.named(.seconds), .named(.positiveSeconds)]),
        "[start, duration] in source seconds."),
      .init(.at, .named(.seconds), default: .text("the track's end"), "Where on the track."),
      .init(
        .duration, .named(.positiveSeconds),
        "Target duration (a speed change for media; required for image)."),
      .init(.image, .named(.file), "A still image."),
      .init(.empty, .named(.positiveSeconds), "Empty time, in seconds."),
    ],
    rules: [
      .oneOf([
        (requires: [.media], forbids: []), (requires: [.image, .duration], forbids: []),
        (requires: [.empty], forbids: []),
      ])
    ])

  /// A video composition instruction.
  static let instruction = TemplateObjectFormat(
    schemaName: "instruction", doc: "A video composition instruction.",
    keys: [
      .init(.start, .named(.seconds), required: true),
      .init(.duration, .named(.positiveSeconds), required: true),
      .init(.background, .named(.color)),
      .init(.layers, .list(.object(.layerInstruction))),
    ])

  /// How one track is drawn during an instruction.
  static let layerInstruction = TemplateObjectFormat(
    schemaName: "layerInstruction", doc: "How one track is drawn; listed top first.",
    keys: [
      .init(.track, .integer(minimum: nil, maximum: nil), required: true, "A track id."),
      .init(.opacity, .steps(.named(.unit)), "Opacity steps and ramps."),
      .init(.transform, .steps(.object(.transform2D)), "Transform steps and ramps."),
      .init(.crop, .steps(.named(.rect)), "Crop rectangle steps and ramps, in source pixels."),
    ])

  /// A step of a parameter list: `value` from `at` on.
  static func step(of value: TemplateValue) -> TemplateObjectFormat {
    TemplateObjectFormat(
      doc: "A step: the value from a time on.",
      keys: [
        .init(
          .at, .named(.seconds), required: true, "When the value starts, in composition seconds."),
        .init(.value, value, required: true),
      ])
  }

  /// A linear ramp of a parameter list.
  static func ramp(of value: TemplateValue) -> TemplateObjectFormat {
    TemplateObjectFormat(
      doc: "A linear ramp.",
      keys: [
        .init(.from, value, required: true),
        .init(.to, value, required: true),
        .init(.start, .named(.seconds), required: true, "Ramp start, in composition seconds."),
        .init(.duration, .named(.positiveSeconds), required: true, "Ramp length in seconds."),
      ])
  }

  /// A 2D transform of a layer instruction.
  static let transform2D = TemplateObjectFormat(
    schemaName: "transform2D", doc: "Scale, then rotate (degrees), then translate; or a matrix.",
    keys: [
      .init(.translate, .named(.point)),
      .init(.scale, .named(.scale)),
      .init(.rotate, .anyNumber, "Degrees, clockwise."),
      .init(
        .matrix, .array(.pixels(PixelLimits.matrixEntry), minItems: 6, maxItems: 6),
        "[a, b, c, d, tx, ty]."),
    ],
    rules: [.notBoth([.matrix], [.translate, .scale, .rotate])])
}
