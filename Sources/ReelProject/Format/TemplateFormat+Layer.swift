import Reel
import ReelAnimation

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
        .filters, .list(.filterStep), default: .text("`[]`"),
        "filters applied in order to the layer's content, before its opacity and transform (see Filters)"
      ),
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
}

extension TemplateObjectKind {
  /// The object's keys as the docs write a small object's type: `{"width", "color"}`.
  var keyList: String {
    "`{" + allowedKeys.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "}`"
  }
}
