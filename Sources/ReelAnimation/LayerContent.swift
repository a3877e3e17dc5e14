import ReelCore

/// What a layer draws inside its bounds, above its background and below its sublayers.
public enum LayerContent: Sendable {
  /// Nothing (a group or a plain coloured layer).
  case none
  /// A still image, placed by ``LayerProperties/contentsGravity``.
  case image(Image)
  /// An animated image (GIF, APNG): frames that follow the composition time, placed by
  /// ``LayerProperties/contentsGravity``.
  case imageSequence(ImageSequence)
  /// Text laid out in the bounds' width, first line at the top, drawn only inside the
  /// bounds as by a `CATextLayer` (a caption box may reach out by its padding).
  case text(StyledText, TextStyle)
  /// A path in the layer's local coordinates, not clipped to the bounds; painted with the
  /// shape properties of ``LayerProperties`` (fill/stroke colours, line width, stroke start
  /// and end).
  case shape(ShapeContent)
  /// A gradient filling the bounds.
  case gradient(Gradient)
  /// The composited video of a source, filling the bounds (stretched by default, or fit or
  /// fill per ``LayerProperties/contentsGravity``).
  case video(VideoContent)
  /// Particles emitted by cells (``EmitterContent``), a pure function of the time; not
  /// clipped to the bounds.
  case emitter(EmitterContent)
  /// Content of a kind defined outside this list (``LayerContentKind``): a new kind is one
  /// type of its own, with no edit here.
  case kind(any LayerContentKind)

  /// Whether the content is drawn the right way up inside a mirrored (flipped-geometry)
  /// space, as Core Animation keeps a layer's contents: images, image sequences, text and
  /// video do; shapes, gradients and particles follow the geometry (see ``LayerTree``).
  public var staysUpright: Bool {
    switch self {
    case .none, .image, .imageSequence, .text, .video: true
    case .shape, .gradient, .emitter: false
    case .kind(let content): content.staysUpright
    }
  }

  /// A short name of the kind, for dumps.
  public var kindName: String {
    switch self {
    case .none: "none"
    case .image: "image"
    case .imageSequence: "imageSequence"
    case .text: "text"
    case .shape: "shape"
    case .gradient: "gradient"
    case .video: "video"
    case .emitter: "emitter"
    case .kind(let content): type(of: content).kindName
    }
  }

  /// What the content draws at `time` with the layer's evaluated properties `p`, in the
  /// layer's local pixels; nil when it draws nothing. The one place a content case becomes
  /// its ``Drawing``.
  ///
  /// - Parameters:
  ///   - p: The layer's properties at `time` (bounds, gravity, shape paint).
  ///   - time: Composition time, seconds (animated images and particles follow it).
  func drawing(with p: LayerProperties, atSeconds time: Double) -> Drawing? {
    let size = p.bounds.size
    switch self {
    case .none:
      return nil
    case .image(let image):
      let natural = Size(width: Double(image.width), height: Double(image.height))
      return .image(
        ImageDrawing(
          image: image, destination: p.contentsGravity.placement(of: natural, in: size), size: size)
      )
    case .imageSequence(let sequence):
      guard let index = sequence.frameIndex(at: time) else { return nil }
      let image = sequence.frames[index].image
      let natural = Size(width: Double(image.width), height: Double(image.height))
      return .image(
        ImageDrawing(
          image: image, frameIndex: index,
          destination: p.contentsGravity.placement(of: natural, in: size), size: size))
    case .text(let text, let style):
      return .text(text, style: style, size: size)
    case .shape(let shape):
      let fill: Color? = p.fillColor.alpha > 0 ? p.fillColor : nil
      let start = min(max(p.strokeStart, 0), 1)
      let end = min(max(p.strokeEnd, 0), 1)
      let stroke: Color? =
        p.strokeColor.alpha > 0 && p.lineWidth > 0 && end > start ? p.strokeColor : nil
      let path = p.shapePath ?? shape.path
      guard fill != nil || stroke != nil, !path.isEmpty else { return nil }
      var style = shape.strokeStyle
      style.width = p.lineWidth
      style.dashPhase = p.lineDashPhase.isFinite ? p.lineDashPhase : 0
      style.miterLimit = p.miterLimit.isFinite ? p.miterLimit : StrokeStyle().miterLimit
      return .shape(
        ShapeDrawing(
          path: path, fillColor: fill, fillRule: shape.fillRule, strokeColor: stroke,
          strokeStyle: style, strokeStart: start, strokeEnd: end, size: size))
    case .gradient(let gradient):
      guard !p.bounds.isEmpty, !gradient.colors.isEmpty else { return nil }
      return .gradient(gradient, size: size)
    case .emitter(let emitter):
      let particles = emitter.particles(atSeconds: time)
      guard !particles.isEmpty else { return nil }
      return .particles(
        ParticleDrawing(
          particles: particles, images: emitter.cells.map(\.image),
          additive: emitter.renderMode == .additive))
    case .video(let video):
      guard !p.bounds.isEmpty else { return nil }
      return .video(sourceID: video.sourceID, size: size, gravity: p.contentsGravity)
    case .kind(let content):
      return content.anyDrawing(with: p, atSeconds: time)
    }
  }
}

/// The parts of a shape that are not animatable: the path and how it is painted.
public struct ShapeContent: Sendable, Hashable {
  /// The outline, in the layer's local pixels (origin at the bounds' top-left); a
  /// ``ShapePathAnimation`` may draw another (``LayerProperties/shapePath``).
  public var path: Path
  /// Which regions the fill covers.
  public var fillRule: FillRule
  /// Caps, joins and dash pattern of the stroke; its `width`, `dashPhase` and `miterLimit`
  /// are replaced by the animatable ``LayerProperties/lineWidth``,
  /// ``LayerProperties/lineDashPhase`` and ``LayerProperties/miterLimit``.
  public var strokeStyle: StrokeStyle

  /// Makes shape content.
  public init(path: Path, fillRule: FillRule = .nonZero, strokeStyle: StrokeStyle = StrokeStyle()) {
    self.path = path
    self.fillRule = fillRule
    self.strokeStyle = strokeStyle
  }
}

/// A placeholder for video: names the source whose composited frame fills the layer.
public struct VideoContent: Sendable, Hashable {
  /// The video source shown (``VideoSourceID/main`` for the composition's video).
  public var sourceID: VideoSourceID

  /// Makes video content naming a source.
  public init(sourceID: VideoSourceID = .main) { self.sourceID = sourceID }

  /// Makes video content naming a source by its string.
  @available(
    *, deprecated, message: "pass a VideoSourceID: VideoContent(sourceID: VideoSourceID(name))"
  )
  @_disfavoredOverload
  public init(sourceID: String) { self.sourceID = VideoSourceID(sourceID) }
}

/// The name of a video source a video layer shows: ``main`` is the composited video of the
/// movie's video composition; a renderer is given one picture per source each frame.
///
///     let layer = Layer.video(source: .main, frame: Rect(x: 0, y: 0, width: 1920, height: 1080))
public struct VideoSourceID: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The source's name, as templates write it (`"main"`).
  public var rawValue: String

  /// The composited video of the movie's video composition.
  public static let main = VideoSourceID("main")

  /// Names a source.
  ///
  /// - Parameter rawValue: The name, such as `"main"`.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Names a source with a string literal (`"main"`).
  public init(stringLiteral value: String) { rawValue = value }

  /// The name.
  public var description: String { rawValue }
}
