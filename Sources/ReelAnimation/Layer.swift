import ReelCore

/// A node of the layer tree: model values, content, sublayers, an optional mask and
/// animations — all plain values. Evaluating a tree never changes it.
///
///     let title = Layer.text("Happy birthday!", style: TextStyle(fontSize: 48),
///                            frame: Rect(x: 0, y: 40, width: 640, height: 60))
///       .adding(BasicAnimation(.opacity, from: 0, to: 1, duration: 1))
///     let root = Layer.group(frame: Rect(x: 0, y: 0, width: 640, height: 360),
///                            sublayers: [Layer.video(source: .main, frame: ...), title])
public struct Layer: Sendable {
  /// A name for dumps, lookups and error messages.
  public var name: String?
  /// The model values.
  public var properties: LayerProperties
  /// What the layer draws.
  public var content: LayerContent
  /// Children, back to front (then ordered by ``LayerProperties/zPosition``).
  public var sublayers: [Layer]
  /// Animations, applied in order.
  public var animations: [any Animation]
  /// A filter the layer's own drawing (its background and its content, each as drawn; not
  /// its border, shadow or sublayers) goes through before it is composited, reading
  /// ``LayerProperties/filterParameters`` (nil: none).
  public var contentFilter: (any LayerFilter)?
  private var maskBox: MaskBox?

  /// Makes a layer.
  ///
  /// - Parameters:
  ///   - name: Optional name.
  ///   - properties: Model values.
  ///   - content: What it draws (default nothing).
  ///   - sublayers: Children, back to front.
  ///   - mask: A layer whose rendered alpha masks this layer and its subtree.
  ///   - animations: Animations, applied in order.
  public init(
    name: String? = nil, properties: LayerProperties = LayerProperties(),
    content: LayerContent = .none, sublayers: [Layer] = [], mask: Layer? = nil,
    animations: [any Animation] = []
  ) {
    self.name = name
    self.properties = properties
    self.content = content
    self.sublayers = sublayers
    self.animations = animations
    self.maskBox = mask.map(MaskBox.init)
  }

  /// A layer whose rendered alpha (its own render list, in this layer's coordinates: its
  /// position is measured in this layer's bounds) masks this layer and its subtree.
  public var mask: Layer? {
    get { maskBox?.layer }
    set { maskBox = newValue.map(MaskBox.init) }
  }

  /// The layer's rectangle in its parent's coordinates (see ``LayerProperties/frame``).
  public var frame: Rect {
    get { properties.frame }
    set { properties.frame = newValue }
  }

  // MARK: Builders

  /// A layer without content, to hold sublayers.
  public static func group(name: String? = nil, frame: Rect, sublayers: [Layer] = []) -> Layer {
    Layer(name: name, properties: LayerProperties(frame: frame), sublayers: sublayers)
  }

  /// A layer filled with a colour.
  public static func color(
    _ color: Color, name: String? = nil, frame: Rect, cornerRadius: Double = 0
  ) -> Layer {
    var layer = Layer(name: name, properties: LayerProperties(frame: frame))
    layer.properties.backgroundColor = color
    layer.properties.cornerRadius = cornerRadius
    return layer
  }

  /// An image layer.
  public static func image(
    _ image: Image, name: String? = nil, frame: Rect, gravity: ContentsGravity = .resize
  ) -> Layer {
    var layer = Layer(name: name, properties: LayerProperties(frame: frame), content: .image(image))
    layer.properties.contentsGravity = gravity
    return layer
  }

  /// A particle emitter layer (particles are drawn in its local pixels, not clipped to
  /// `frame`).
  public static func emitter(_ emitter: EmitterContent, name: String? = nil, frame: Rect)
    -> Layer
  {
    Layer(name: name, properties: LayerProperties(frame: frame), content: .emitter(emitter))
  }

  /// An animated-image layer.
  public static func imageSequence(
    _ sequence: ImageSequence, name: String? = nil, frame: Rect,
    gravity: ContentsGravity = .resize
  ) -> Layer {
    var layer = Layer(
      name: name, properties: LayerProperties(frame: frame), content: .imageSequence(sequence))
    layer.properties.contentsGravity = gravity
    return layer
  }

  /// A text layer: text laid out in the frame's width, first line at the top, drawn only
  /// inside the frame (a caption box may reach out by its padding).
  public static func text(
    _ text: StyledText, style: TextStyle = TextStyle(), name: String? = nil, frame: Rect
  ) -> Layer {
    Layer(name: name, properties: LayerProperties(frame: frame), content: .text(text, style))
  }

  /// A shape layer.
  ///
  /// - Parameters:
  ///   - path: Outline in the layer's local pixels.
  ///   - frame: The layer's frame (the path is not clipped to it).
  ///   - fillColor: Fill, nil for none (default opaque black, as `CAShapeLayer`).
  ///   - strokeColor: Stroke, nil for none.
  ///   - lineWidth: Stroke width in pixels.
  ///   - fillRule: Fill rule.
  ///   - strokeStyle: Caps, joins, dashes (its width is replaced by `lineWidth`; its miter
  ///     limit and dash phase become the layer's ``LayerProperties/miterLimit`` and
  ///     ``LayerProperties/lineDashPhase``, which animations may change).
  public static func shape(
    _ path: Path, name: String? = nil, frame: Rect, fillColor: Color? = .black,
    strokeColor: Color? = nil, lineWidth: Double = 1, fillRule: FillRule = .nonZero,
    strokeStyle: StrokeStyle = StrokeStyle()
  ) -> Layer {
    var layer = Layer(
      name: name, properties: LayerProperties(frame: frame),
      content: .shape(ShapeContent(path: path, fillRule: fillRule, strokeStyle: strokeStyle)))
    layer.properties.fillColor = fillColor ?? .clear
    layer.properties.strokeColor = strokeColor ?? .clear
    layer.properties.lineWidth = lineWidth
    layer.properties.miterLimit = strokeStyle.miterLimit
    layer.properties.lineDashPhase = strokeStyle.dashPhase
    return layer
  }

  /// A gradient layer.
  public static func gradient(_ gradient: Gradient, name: String? = nil, frame: Rect) -> Layer {
    Layer(name: name, properties: LayerProperties(frame: frame), content: .gradient(gradient))
  }

  /// A video layer: each frame, the composited video of `source` fills its bounds.
  public static func video(
    source: VideoSourceID = .main, name: String? = nil, frame: Rect,
    gravity: ContentsGravity = .resize
  ) -> Layer {
    var layer = Layer(
      name: name, properties: LayerProperties(frame: frame),
      content: .video(VideoContent(sourceID: source)))
    layer.properties.contentsGravity = gravity
    return layer
  }

  /// A video layer showing a source named by a string.
  @available(
    *, deprecated, message: "pass a VideoSourceID: Layer.video(source: VideoSourceID(name), …)"
  )
  @_disfavoredOverload
  public static func video(
    source: String, name: String? = nil, frame: Rect, gravity: ContentsGravity = .resize
  ) -> Layer {
    video(source: VideoSourceID(source), name: name, frame: frame, gravity: gravity)
  }

  // MARK: Modifiers

  /// A copy with an animation appended.
  public func adding(_ animation: any Animation) -> Layer {
    var copy = self
    copy.animations.append(animation)
    return copy
  }

  /// A copy with a sublayer appended (in front).
  public func addingSublayer(_ sublayer: Layer) -> Layer {
    var copy = self
    copy.sublayers.append(sublayer)
    return copy
  }

  /// A copy with its properties edited.
  public func with(_ edit: (inout LayerProperties) -> Void) -> Layer {
    var copy = self
    edit(&copy.properties)
    return copy
  }

  // MARK: Presentation

  /// The layer's values at a time: the model with every animation applied in order.
  ///
  /// - Parameter seconds: Composition time in seconds.
  public func presentation(atSeconds seconds: Double) -> LayerProperties {
    guard !animations.isEmpty else { return properties }
    var result = properties
    for animation in animations {
      animation.apply(to: &result, model: properties, at: seconds)
    }
    return result
  }

  /// The layer's values at a composition time (see ``presentation(atSeconds:)``).
  public func presentation(at time: Time) -> LayerProperties {
    presentation(atSeconds: time.seconds)
  }
}

/// Boxes the mask so that `Layer` can hold a `Layer`.
private final class MaskBox: Sendable {
  let layer: Layer
  init(_ layer: Layer) { self.layer = layer }
}
