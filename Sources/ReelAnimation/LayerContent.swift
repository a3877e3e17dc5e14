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
    }
  }
}

/// The parts of a shape that are not animatable: the path and how it is painted.
public struct ShapeContent: Sendable, Hashable {
  /// The outline, in the layer's local pixels (origin at the bounds' top-left).
  public var path: Path
  /// Which regions the fill covers.
  public var fillRule: FillRule
  /// Caps, joins, miter limit and dashes of the stroke; its `width` is replaced by the
  /// animatable ``LayerProperties/lineWidth``.
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
  /// The renderer's identifier for the video source (e.g. "main" for the composition).
  public var sourceID: String

  /// Makes video content naming a source.
  public init(sourceID: String = "main") { self.sourceID = sourceID }
}
