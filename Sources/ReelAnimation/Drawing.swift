import ReelCore

/// What one render item draws, in the layer's local pixels (origin at the bounds' top-left,
/// y down), independent of where it lands: position, transform and opacity are in the
/// ``RenderItem``.
///
/// Two equal drawings rasterise to the same pixels, so a renderer can cache a raster per
/// (``RenderItem/layer``, ``RenderItem/part``) and reuse it while the drawing stays equal
/// (``RenderItem/contentKey`` is its hash). Only values that change the raster are here:
/// bounds size, path, stroke start/end and colours, text and style, gradient, image frame.
public indirect enum Drawing: Sendable, Hashable {
  /// A filled rectangle (the layer background), rounded by `cornerRadius`.
  case fill(size: Size, color: Color, cornerRadius: Double)
  /// A border of `width` pixels inset from the rectangle's edge, rounded by `cornerRadius`.
  case border(size: Size, width: Double, color: Color, cornerRadius: Double)
  /// An image drawn into `destination` (which may overflow the bounds).
  case image(ImageDrawing)
  /// Text laid out in a box of `size`: wrapped at its width, first line at the top, drawn
  /// only inside the box (a caption box may reach out by its padding).
  case text(StyledText, style: TextStyle, size: Size)
  /// A shape.
  case shape(ShapeDrawing)
  /// A gradient filling a rectangle of `size`.
  case gradient(Gradient, size: Size)
  /// The current composited frame of a video source, placed in a rectangle of `size` by
  /// `gravity` (``ContentsGravity/placement(of:in:)`` once the frame size is known).
  case video(sourceID: VideoSourceID, size: Size, gravity: ContentsGravity)
  /// The drop shadow of `casters` (drawn with the same transform): their combined alpha,
  /// blurred by the shadow radius, tinted with its colour × opacity, moved by its offset.
  case shadow(Shadow, casters: [Drawing])
  /// The live particles of an emitter.
  case particles(ParticleDrawing)
  /// What a content kind defined outside ``LayerContent``'s cases draws
  /// (``LayerContentKind``, ``LayerDrawing``).
  case kind(AnyLayerDrawing)

  /// A short name of the kind, for dumps.
  public var kindName: String {
    switch self {
    case .fill: "fill"
    case .border: "border"
    case .image: "image"
    case .text: "text"
    case .shape: "shape"
    case .gradient: "gradient"
    case .video: "video"
    case .shadow: "shadow"
    case .particles: "particles"
    case .kind(let drawing): drawing.kindName
    }
  }
}

extension Drawing {
  /// The drawing as a ``RenderList/dump()`` line shows it.
  var dumpDescription: String {
    switch self {
    case .fill(let size, let color, let radius):
      "fill \(readable(size)) \(color.hexString) r=\(readable(radius))"
    case .border(let size, let width, let color, let radius):
      "border \(readable(size)) w=\(readable(width)) \(color.hexString) r=\(readable(radius))"
    case .image(let image):
      "image \(image.image.width)×\(image.image.height)"
        + (image.frameIndex.map { " frame=\($0)" } ?? "")
        + " in \(readable(image.destination))"
    case .text(let text, let style, let size):
      "text \"\(text.string)\" \(readable(style.fontSize))px \(readable(size))"
    case .shape(let shape):
      "shape \(readable(shape.size)) fill=\(shape.fillColor?.hexString ?? "none") stroke=\(shape.strokeColor?.hexString ?? "none") w=\(readable(shape.strokeStyle.width)) stroke=\(readable(shape.strokeStart))…\(readable(shape.strokeEnd))"
    case .gradient(let gradient, let size):
      "gradient \(gradient.kind.rawValue) \(gradient.colors.map(\.hexString).joined(separator: ",")) \(readable(size))"
    case .video(let source, let size, let gravity):
      "video \(source) \(readable(size)) \(gravity.rawValue)"
    case .particles(let drawing):
      "particles \(drawing.particles.count)\(drawing.additive ? " additive" : "")"
    case .kind(let drawing):
      "\(drawing.kindName) \(drawing.base.dumpDescription)"
    case .shadow(let shadow, let casters):
      "shadow \(shadow.color.hexString) opacity=\(readable(shadow.opacity)) offset=(\(readable(shadow.offset.x)), \(readable(shadow.offset.y))) radius=\(readable(shadow.radius)) of \(casters.map(\.kindName).joined(separator: "+"))"
    }
  }
}

/// An image to draw and where.
public struct ImageDrawing: Sendable, Hashable {
  /// The picture (premultiplied BGRA); one image pixel is one layer pixel before placement.
  public var image: Image
  /// For animated images, the index of the frame shown; nil for still images.
  public var frameIndex: Int?
  /// Where the image lands in the layer's local pixels (from the contents gravity).
  public var destination: Rect
  /// The layer's bounds size.
  public var size: Size

  /// Makes an image drawing.
  public init(image: Image, frameIndex: Int? = nil, destination: Rect, size: Size) {
    self.image = image
    self.frameIndex = frameIndex
    self.destination = destination
    self.size = size
  }

  public static func == (lhs: ImageDrawing, rhs: ImageDrawing) -> Bool {
    lhs.frameIndex == rhs.frameIndex && lhs.destination == rhs.destination
      && lhs.size == rhs.size && lhs.image == rhs.image
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(image.width)
    hasher.combine(image.height)
    hasher.combine(frameIndex)
    hasher.combine(destination)
    hasher.combine(size)
  }
}

/// A path to fill and stroke.
public struct ShapeDrawing: Sendable, Hashable {
  /// The outline in the layer's local pixels (not clipped to the bounds).
  public var path: Path
  /// Fill colour, nil for no fill.
  public var fillColor: Color?
  /// Fill rule.
  public var fillRule: FillRule
  /// Stroke colour, nil for no stroke.
  public var strokeColor: Color?
  /// Stroke style; `width` is the layer's line width.
  public var strokeStyle: StrokeStyle
  /// Start of the stroked part, as a fraction of the path length in [0, 1].
  public var strokeStart: Double
  /// End of the stroked part, as a fraction of the path length in [0, 1].
  public var strokeEnd: Double
  /// The layer's bounds size.
  public var size: Size

  /// Makes a shape drawing.
  public init(
    path: Path, fillColor: Color?, fillRule: FillRule, strokeColor: Color?,
    strokeStyle: StrokeStyle, strokeStart: Double, strokeEnd: Double, size: Size
  ) {
    self.path = path
    self.fillColor = fillColor
    self.fillRule = fillRule
    self.strokeColor = strokeColor
    self.strokeStyle = strokeStyle
    self.strokeStart = strokeStart
    self.strokeEnd = strokeEnd
    self.size = size
  }
}

/// An emitter's live particles at one time: each one its cell's picture centred on its
/// position, scaled, turned and multiplied by its colour.
public struct ParticleDrawing: Sendable, Hashable {
  /// The particles, in drawing order.
  public var particles: [Particle]
  /// Each cell's picture (premultiplied), by cell index.
  public var images: [Image?]
  /// Whether particles add up (``EmitterContent/RenderMode/additive``) rather than being
  /// drawn over each other.
  public var additive: Bool

  /// Makes a particle drawing.
  public init(particles: [Particle], images: [Image?], additive: Bool) {
    self.particles = particles
    self.images = images
    self.additive = additive
  }

  public static func == (lhs: ParticleDrawing, rhs: ParticleDrawing) -> Bool {
    lhs.additive == rhs.additive && lhs.particles == rhs.particles && lhs.images == rhs.images
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(additive)
    hasher.combine(particles)
    for image in images {
      hasher.combine(image?.width)
      hasher.combine(image?.height)
    }
  }
}
