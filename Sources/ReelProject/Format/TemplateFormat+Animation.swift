import Reel

extension TemplateFormat {
  /// How an animation's values repeat over time.
  static let fillModes = FillMode.allCases.map(\.rawValue)
  /// How keyframe values are joined.
  static let calculationModes = CalculationMode.allCases.map(\.rawValue)
  /// How a path animation turns the layer.
  static let pathRotations = ["none", "auto", "autoReverse"]
  /// The keys that make an animation a keyframe, path, spring animation or a group (at most
  /// one; with none it is a basic animation).
  static let animationKinds: [TemplateKey] = [.keyframes, .path, .spring, .group]
  /// The values of a basic (or spring) animation.
  static let basicValueKeys: [TemplateKey] = [.from, .to, .by]
  /// The word for an endless repeat count.
  static let repeatForever = "forever"
  /// The timing curves, by name, in documentation order.
  static let timingFunctions: [(name: String, function: TimingFunction)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ("easeInEaseOut", .easeInEaseOut), ("default", .default),
  ]
}

extension TemplateObjectFormat {
  /// An animation of a layer property (basic, keyframe, path, spring) or a group.
  static let animation = TemplateObjectFormat(
    schemaName: "animation", docsTable: "animation keys", doc: "An animation.",
    keys: [
      .init(
        .property,
        .oneOf([
          .choice(TemplateAnimatedProperty.names),
          .pattern(
            TemplateFilterFormat.animationPropertyPattern,
            words: "`filters.<type>.<parameter>` or `filters[<index>].<parameter>`"),
        ]), default: .text("required"),
        type: "name",
        "what is animated (below; a filter step's number by `filters.<type>.<parameter>` or `filters[<index>].<parameter>`)"
      ),
      .init(
        .from, TemplateFormat.animationValue, type: "value",
        "basic animation values (Core Animation's rules: from+to, from+by, by+to, from, to, by)"),
      .init(.to, TemplateFormat.animationValue, type: "value", sameRow: true),
      .init(.by, TemplateFormat.animationValue, type: "value", sameRow: true),
      .init(
        .keyframes, .object(.keyframes),
        type:
          "`{\"values\": [...], \"times\": [...], \"mode\": \"linear|discrete|cubic|paced\", \"timings\": [...]}`",
        "keyframe animation instead of from/to/by"),
      .init(
        .path, .svgPath,
        "moves `position` (or another point property) along a path (`\"rotate\": \"auto\"` or `\"autoReverse\"` turns the layer along it)"
      ),
      .init(
        .rotate, .choice(TemplateFormat.pathRotations), default: .name("none"),
        "with `path`: whether the layer turns along the path"),
      .init(
        .spring, .object(.spring),
        type: "`{\"mass\": 1, \"stiffness\": 100, \"damping\": 10, \"velocity\": 0}`",
        "spring animation from `from`/`to`/`by` (one is required); its duration defaults to the settling time (a spring with `damping` 0 needs a `duration`)"
      ),
      .init(
        .group, .list(.object(.animation)), type: "array of animations",
        "an animation group (no `property`): children run in the group's time, cut at its duration (default: the longest child)"
      ),
      .init(
        .begin, .anyNumber, default: 0, type: "seconds",
        "start on the movie's timeline (0 = the first frame; no Core Animation trap)"),
      .init(
        .duration, .number(.positive), default: .of(AnimationTiming.defaultDuration),
        type: "seconds > 0", "one cycle"),
      .init(.timing, .named(.timingFunction), default: .name("linear"), "timing curve"),
      .init(
        .repeat, .oneOf([.number(.positive), .constantString(TemplateFormat.repeatForever)]),
        default: 1, type: "number or `\"forever\"`", "repeat count (fractional allowed)"),
      .init(
        .repeatDuration, .number(.positive), type: "seconds", "repeat for this long instead"),
      .init(
        .autoreverse, .boolean, default: false, "play backwards after each forward cycle"),
      .init(.speed, .number(.positive), default: 1, type: "number", "Core Animation timing"),
      .init(.timeOffset, .anyNumber, default: 0, type: "seconds", sameRow: true),
      .init(
        .fill, .choice(TemplateFormat.fillModes), default: .name("forwards"),
        "whether the value holds before `begin` (backwards) and after the end (forwards)"),
      .init(
        .additive, .boolean, default: false,
        "add to the model value; accumulate over repeats"),
      .init(.cumulative, .boolean, default: false, sameRow: true),
    ],
    rules: [.notTogether(TemplateFormat.animationKinds), .onlyWith(.rotate, .path)])

  /// A keyframe animation's keyframes.
  static let keyframes = TemplateObjectFormat(
    doc: "Keyframes.",
    keys: [
      .init(.values, .array(TemplateFormat.animationValue, minItems: 1), required: true),
      .init(.times, .list(.named(.unit))),
      .init(
        .mode, .choice(TemplateFormat.calculationModes), default: .of(CalculationMode.linear),
        "How values are joined."),
      .init(.timings, .list(.named(.timingFunction))),
    ])

  /// A spring animation's physics.
  static let spring = TemplateObjectFormat(
    doc: "A spring from from to to; duration defaults to the settling time.",
    keys: [
      .init(.mass, .number(.positive), default: 1),
      .init(.stiffness, .number(.positive), default: 100),
      .init(.damping, .named(.nonNegative), default: 10),
      .init(.velocity, .anyNumber, default: 0),
    ])
}
