import Reel
import ReelAnimation

/// The layer types: what a layer draws, and the keys only layers of that type have.
enum TemplateLayerType: String, CaseIterable, Sendable {
  case group, color, image, text, shape, gradient, video, emitter

  /// The keys only this type has (``TemplateObjectFormat/layer`` has the common ones).
  var keys: [TemplateKeyFormat] {
    switch self {
    case .group: []
    case .color:
      [.init(.color, .named(.color), "The colour (color layers) or the text colour (text layers).")]
    case .image:
      [.init(.image, .named(.file), required: true, "An image file (PNG, JPEG, WebP, GIF, APNG).")]
    case .text:
      [.init(.text, .string), .init(.runs, .list(.object(.run)))]
        + TemplateObjectFormat.textStyleKeys
    case .shape:
      [
        .init(.path, .svgPath, "SVG path data."),
        .init(.shape, .object(.shapeGeometry)),
        .init(.fill, .named(.color)),
        .init(.fillRule, .choice(TemplateFormat.fillRules), "Fill rule."),
        .init(.stroke, .object(.stroke)),
        .init(.strokeStart, .named(.unit)),
        .init(.strokeEnd, .named(.unit)),
      ]
    case .gradient: [.init(.gradient, .object(.gradient), required: true)]
    case .video:
      [.init(.source, .string, default: .name(VideoSourceID.main.rawValue), "The video source.")]
    case .emitter:
      [.init(.emitter, .object(.emitter), required: true, "The particle emitter.")]
    }
  }

  /// The rules between this type's keys.
  var rules: [TemplateKeyRule] {
    switch self {
    case .text: [.oneOf([(requires: [.text], forbids: []), (requires: [.runs], forbids: [])])]
    case .shape: [.oneOf([(requires: [.path], forbids: []), (requires: [.shape], forbids: [])])]
    default: []
    }
  }

  /// The keys a layer of this type must have.
  var requiredKeys: [TemplateKey] { keys.filter(\.isRequired).map(\.key) }

  /// The types that have `key` of their own, in documentation order.
  static func owners(of key: TemplateKey) -> [TemplateLayerType] {
    allCases.filter { type in type.keys.contains { $0.key == key } }
  }

  /// Every type's own keys, without repeats, in documentation order.
  static let typeKeys: [TemplateKey] = {
    var seen: [TemplateKey] = []
    for type in allCases {
      for key in type.keys.map(\.key) where !seen.contains(key) { seen.append(key) }
    }
    return seen
  }()
}

extension TemplateFormat {
  /// The layer types' names, in documentation order.
  static let layerTypes = TemplateLayerType.allCases.map(\.rawValue)
  /// How content fills a layer's bounds, by template name, in documentation order.
  static let gravities: [(name: String, gravity: ContentsGravity)] = [
    ("resize", .resize), ("fit", .resizeAspect), ("fill", .resizeAspectFill), ("center", .center),
    ("top", .top), ("bottom", .bottom), ("left", .left), ("right", .right),
    ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft),
    ("bottomRight", .bottomRight),
  ]
  /// The keys that give a shape's geometry (exactly one).
  static var shapeGeometries: [TemplateKey] { TemplateObjectFormat.shapeGeometry.alternatives }
  /// The shapes' fill rules.
  static let fillRules = ["nonZero", "evenOdd"]
  /// The gradients' kinds.
  static let gradientKinds = ["axial", "radial", "conic"]
  /// The strokes' line caps.
  static let lineCaps = ["butt", "round", "square"]
  /// The strokes' line joins.
  static let lineJoins = ["miter", "round", "bevel"]
  /// The source a video layer shows when it names none.
  static let mainVideoSource = VideoSourceID.main.rawValue
}

extension TemplateObjectFormat {
  /// A layer: the keys every type has (``TemplateLayerType/keys`` has the others).
  static let layer = TemplateObjectFormat(
    schemaName: "layer", docsTable: "layer keys",
    doc: "A layer; keys of one type need \"type\" set to it.",
    keys: [
      .init(
        .type, .choice(TemplateFormat.layerTypes), default: .name("group"), "what the layer draws"),
      .init(.name, .string, "for messages and `reel frame` dumps"),
      .init(
        .frame, .named(.rect), default: .text("full render size"),
        "where the layer is (sets bounds, position and anchor together)"),
      .init(
        .position, .named(.point), default: .text("from `frame`"),
        "Core Animation geometry instead of `frame` (frame = position − anchor·size); a `size` without `position` stays centred on the render frame. Not together with `frame` (except `anchor`)"
      ),
      .init(.size, .named(.size), default: .text("from `frame`"), sameRow: true),
      .init(.anchor, .named(.unitPoint), default: .text("from `frame`"), sameRow: true),
      .init(.opacity, .named(.unit), default: 1, "multiplies down the tree"),
      .init(.hidden, .boolean, default: false, "hides the layer and its sublayers"),
      .init(
        .zPosition, .pixels(PixelLimits.coordinate), default: 0, type: "number",
        "draw order among siblings (higher is in front)"),
      .init(
        .rotation, .anyNumber, default: 0, type: "degrees",
        "turns about the anchor point (z, x, y axes)"),
      .init(.rotationX, .anyNumber, default: 0, type: "degrees", sameRow: true),
      .init(.rotationY, .anyNumber, default: 0, type: "degrees", sameRow: true),
      .init(.scale, .named(.scale), default: 1, "about the anchor point"),
      .init(
        .translation, .named(.point), default: .numbers([0, 0]), type: "`[x, y]`", "extra offset"),
      .init(
        .perspective, .pixels(PixelLimits.perspective), default: .text("none"),
        "eye distance d: sets m34 = −1/d on the layer's transform (use with `rotationX`/`rotationY` for a 3D tilt)"
      ),
      .init(
        .transform, .named(.matrix), default: .text("identity"),
        "the base 4×4 matrix (row vectors), applied after the components"),
      .init(
        .sublayerTransform, .named(.matrix), default: .text("identity"),
        "applied to the sublayers, about the anchor point"),
      .init(.background, .named(.color), default: .text("clear"), "background fill"),
      .init(
        .cornerRadius, .pixels(PixelLimits.radius), default: 0,
        "rounds the background, border and clip"),
      .init(
        .border, .object(.border), default: .text("none"), type: TemplateObjectKind.border.keyList,
        "short form of `borderWidth` + `borderColor` (colour default black): a border inset from the bounds, drawn above content and sublayers"
      ),
      .init(
        .borderWidth, .pixels(PixelLimits.lineWidth), default: 0, "the long form of `border`"),
      .init(.borderColor, .named(.color), default: .name("black"), sameRow: true),
      .init(
        .masksToBounds, .boolean, default: false,
        "clips content and sublayers to the (rounded) bounds"),
      .init(
        .mask, .object(.layer), default: .text("none"), type: "layer",
        "a layer whose alpha masks this one"),
      .init(
        .shadow, .object(.shadow), default: .text("none"), type: TemplateObjectKind.shadow.keyList,
        "drop shadow (opacity defaults to 1 here, unlike Core Animation's 0)"),
      .init(
        .gravity, .choice(TemplateFormat.gravities.map(\.name)),
        default: .text("`resize` (`fit` for images)"), "how image or video content fills the bounds"
      ),
      .init(
        .start, .named(.seconds), default: .text("always"),
        "short form: the layer is visible only in [start, end); `start` must be before the movie's end, `end` after `start`"
      ),
      .init(
        .end, .named(.positiveSeconds), default: .text("always"), type: "seconds", sameRow: true),
      .init(
        .fadeIn, .named(.seconds), default: 0,
        "short form: opacity fades at the start and end of the visible time (`fadeOut` without `end` ends at the movie's end); together no longer than the visible time"
      ),
      .init(.fadeOut, .named(.seconds), default: 0, sameRow: true),
      .init(
        .animations, .list(.object(.animation)), default: .text("`[]`"),
        "animations (see Animations)"),
      .init(.layers, .list(.object(.layer)), default: .text("`[]`"), "sublayers, back to front"),
    ],
    rules: [
      .notBoth([.frame], [.position, .size]), .notBoth([.border], [.borderWidth, .borderColor]),
    ])

  /// A layer's border (the short form of `borderWidth` and `borderColor`).
  static let border = TemplateObjectFormat(
    doc: "A border inset from the bounds.",
    keys: [
      .init(.width, .pixels(PixelLimits.lineWidth), required: true),
      .init(.color, .named(.color), default: .name("black")),
    ])

  /// A drop shadow (of a layer, or of a text).
  static let shadow = TemplateObjectFormat(
    schemaName: "shadow", doc: "A drop shadow (opacity defaults to 1).",
    keys: [
      .init(.color, .named(.color)),
      .init(.opacity, .named(.unit), default: 1),
      .init(.offset, .named(.point)),
      .init(.radius, .pixels(PixelLimits.blurRadius)),
    ])

  /// A gradient layer's gradient.
  static let gradient = TemplateObjectFormat(
    schemaName: "gradient", doc: "A gradient.",
    keys: [
      .init(
        .kind, .choice(TemplateFormat.gradientKinds), default: .name("axial"),
        "Gradient kind."),
      .init(.colors, .array(.named(.color), minItems: 1), required: true),
      .init(.locations, .list(.named(.unit))),
      .init(.start, .named(.unitPoint)),
      .init(.end, .named(.unitPoint)),
    ])

  /// A shape's stroke.
  static let stroke = TemplateObjectFormat(
    schemaName: "stroke", doc: "A shape's stroke.",
    keys: [
      .init(.color, .named(.color), default: .name("black")),
      .init(.width, .pixels(PixelLimits.lineWidth)),
      .init(.cap, .choice(TemplateFormat.lineCaps), "Line cap."),
      .init(.join, .choice(TemplateFormat.lineJoins), "Line join."),
      .init(.miterLimit, .number(.positive)),
      .init(.dash, .list(.pixels(PixelLimits.dashLength))),
      .init(.dashPhase, .pixels(PixelLimits.coordinate)),
    ])

  /// A shape given by its geometry instead of path data.
  static let shapeGeometry = TemplateObjectFormat(
    schemaName: "shapeGeometry", doc: "A rectangle, ellipse or polygon.",
    keys: [
      .init(.rect, .named(.rect)),
      .init(.cornerRadius, .pixels(PixelLimits.radius)),
      .init(.ellipse, .named(.rect)),
      .init(.polygon, .array(.named(.point), minItems: 3)),
    ],
    rules: [
      .oneOf([
        (requires: [.rect], forbids: []), (requires: [.ellipse], forbids: [.cornerRadius]),
        (requires: [.polygon], forbids: [.cornerRadius]),
      ])
    ])
}

extension TemplateFormat {
  /// The emitters' shapes.
  static let emitterShapes = ReelAnimation.EmitterContent.Shape.allCases.map(\.rawValue)
  /// The emitters' modes.
  static let emitterModes = ReelAnimation.EmitterContent.Mode.allCases.map(\.rawValue)
  /// The emitters' render modes.
  static let emitterRenderModes = ReelAnimation.EmitterContent.RenderMode.allCases.map(
    \.rawValue)
  /// Any finite number.
  static let anyNumber = TemplateNumberBounds(minimum: nil, maximum: nil)
}

extension TemplateObjectFormat {
  /// The model's emitter and cell, whose values are the rows' defaults.
  static let emitterDefaults = EmitterContent()
  static let cellDefaults = EmitterCell()

  /// An emitter layer's emitter (as Core Animation's `CAEmitterLayer`).
  static let emitter = TemplateObjectFormat(
    schemaName: "emitter", docsTable: "emitter keys",
    doc: "A particle emitter: its shape, multipliers of its cells' values, and its cells.",
    keys: [
      .init(
        .position, .named(.point), default: .of(emitterDefaults.position),
        "The shape's centre, in the layer's pixels."),
      .init(
        .size, .named(.size), default: .of(emitterDefaults.size),
        "The shape's size (a line: its width; a circle: its width as diameter)."),
      .init(
        .shape, .choice(TemplateFormat.emitterShapes), default: .of(emitterDefaults.shape),
        "Where particles start."),
      .init(
        .mode, .choice(TemplateFormat.emitterModes), default: .of(emitterDefaults.mode),
        "Which part of the shape: vertices, outline, inside (volume is the inside)."),
      .init(
        .birthRate, .number(.nonNegative), default: .of(emitterDefaults.birthRate),
        "Multiplies every cell's birth rate."),
      .init(
        .lifetime, .number(.nonNegative), default: .of(emitterDefaults.lifetime),
        "Multiplies every cell's lifetime."),
      .init(
        .velocity, .number(TemplateFormat.anyNumber), default: .of(emitterDefaults.velocity),
        "Multiplies every cell's velocity."),
      .init(
        .scale, .number(TemplateFormat.anyNumber), default: .of(emitterDefaults.scale),
        "Multiplies every cell's scale."),
      .init(
        .spin, .number(TemplateFormat.anyNumber), default: .of(emitterDefaults.spin),
        "Multiplies every cell's spin."),
      .init(
        .seed, .integer(minimum: 0, maximum: Int(UInt32.max)), default: .of(emitterDefaults.seed),
        "Chooses the particles' random values."),
      .init(
        .renderMode, .choice(TemplateFormat.emitterRenderModes),
        default: .of(emitterDefaults.renderMode),
        "Particles over each other, or added up."),
      .init(
        .cells, .array(.object(.emitterCell), minItems: 1), required: true,
        "The cells, drawn in order."),
    ])

  /// One cell of an emitter (as Core Animation's `CAEmitterCell`).
  static let emitterCell = TemplateObjectFormat(
    schemaName: "emitterCell", docsTable: "emitter cell keys",
    doc:
      "A source of particles: its picture, rate, motion and colour; ranges vary a value by ± the range, speeds change it per second of age.",
    keys: [
      .init(.image, .named(.file), required: true, "The particle's picture (PNG, JPEG, WebP)."),
      .init(.name, .string),
      .init(.enabled, .boolean, default: .of(cellDefaults.isEnabled), "Whether the cell emits."),
      .init(
        .birthRate, .number(.nonNegative), default: .of(cellDefaults.birthRate),
        "Particles per second."),
      .init(
        .lifetime, .number(.nonNegative), default: .of(cellDefaults.lifetime),
        "Seconds a particle lives."),
      .init(
        .lifetimeRange, .number(.nonNegative), default: .of(cellDefaults.lifetimeRange),
        "± seconds."),
      .init(
        .velocity, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.velocity),
        "Pixels per second."),
      .init(
        .velocityRange, .number(.nonNegative), default: .of(cellDefaults.velocityRange),
        "± pixels per second."),
      .init(
        .longitude, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.emissionLongitude),
        "Direction in radians (0: +x, π/2: down)."),
      .init(
        .emissionRange, .number(.nonNegative), default: .of(cellDefaults.emissionRange),
        "Width of the cone of directions, radians (± half)."),
      .init(
        .acceleration, .named(.point),
        default: .numbers([cellDefaults.xAcceleration, cellDefaults.yAcceleration]),
        "[x, y] pixels per second²."),
      .init(
        .spin, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.spin),
        "Radians per second."),
      .init(
        .spinRange, .number(.nonNegative), default: .of(cellDefaults.spinRange),
        "± radians per second."),
      .init(
        .scale, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.scale),
        "The picture's scale."),
      .init(.scaleRange, .number(.nonNegative), default: .of(cellDefaults.scaleRange), "± scale."),
      .init(
        .scaleSpeed, .number(TemplateFormat.anyNumber), default: .of(cellDefaults.scaleSpeed),
        "Scale per second."),
      .init(
        .color, .named(.color), default: .name("white"),
        "Multiplies the picture's colour and alpha."),
      .init(
        .colorRange, .array(.number(.nonNegative), minItems: 4, maxItems: 4),
        default: .numbers([
          cellDefaults.redRange, cellDefaults.greenRange, cellDefaults.blueRange,
          cellDefaults.alphaRange,
        ]), "± red, green, blue, alpha."),
      .init(
        .colorSpeed, .array(.number(TemplateFormat.anyNumber), minItems: 4, maxItems: 4),
        default: .numbers([
          cellDefaults.redSpeed, cellDefaults.greenSpeed, cellDefaults.blueSpeed,
          cellDefaults.alphaSpeed,
        ]), "Red, green, blue, alpha per second."),
    ])
}

extension TemplateObjectKind {
  /// The object's keys as the docs write a small object's type: `{"width", "color"}`.
  var keyList: String {
    "`{" + allowedKeys.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "}`"
  }
}
