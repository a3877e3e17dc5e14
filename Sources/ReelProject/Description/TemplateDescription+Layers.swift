import Foundation
import Reel

/// One layer of `layers` (or a mask), read and checked. What depends on the render size
/// (the default frame), on the movie's length (when the layer shows) or on a file (an
/// image, a font) is kept as written, for the building stage.
struct LayerDescription: Sendable {
  /// Where the layer is written.
  var location: TemplateLocation
  var type: TemplateLayerType
  var name: String?
  /// Its geometry and look, each nil when not given (or invalid).
  var properties: LayerPropertiesDescription
  /// What its type read (``type``'s ``TemplateLayerType/kind``).
  var content: any TemplateLayerKind
  /// The mask (none or one).
  var mask: [LayerDescription]
  /// `filters`, applied to the content before it is composited.
  var filters: FilterChainDescription
  /// `animations`, built, with the path of each.
  var animations: [(animation: any Animation, path: String)]
  /// `start`, `end`, `fadeIn`, `fadeOut`.
  var visibility: VisibilityDescription
  var sublayers: [LayerDescription]
}

/// A layer's properties as written; the building stage applies them in this order over
/// the render frame.
struct LayerPropertiesDescription: Sendable {
  var anchor: Point?
  var frame: Rect?
  var size: Size?
  var position: Point?
  var opacity: Double?
  var hidden: Bool?
  var zPosition: Double?
  /// Radians.
  var rotation: Double?
  var rotationX: Double?
  var rotationY: Double?
  var scale: Point?
  var translation: Point?
  var transform: Transform3D?
  /// The distance of the eye, pixels.
  var perspective: Double?
  var sublayerTransform: Transform3D?
  var background: Color?
  var cornerRadius: Double?
  /// `border`: its width (nil when not given) and colour.
  var border: (width: Double?, color: Color)?
  var borderWidth: Double?
  var borderColor: Color?
  var masksToBounds: Bool?
  var shadow: Shadow?
  var gravity: ContentsGravity?
}

/// A text style (a text layer's or a subtitle track's) with its font file unresolved.
struct TextStyleDescription: Sendable {
  /// The style, with no font file.
  var style: TextStyle
  /// `font.file`.
  var fontFile: FileReference?
  /// `font.family` when it is checked (when no `file` is given), with its path.
  var family: (family: String, path: String)?
}

/// The visibility short form.
struct VisibilityDescription: Sendable {
  var start: Located<Time>?
  var end: Located<Time>?
  /// `end` as written (for messages).
  var endWritten: String?
  var fadeIn: Time?
  var fadeOut: Time?
  /// Where a problem with the fades is reported (nil with neither): the path of `fadeOut`
  /// when given (else `fadeIn`'s), the position of `fadeIn` when given (else `fadeOut`'s).
  var fadesLocation: TemplateLocation?
}

/// One subtitle track: a file of cues shown as timed text layers.
struct SubtitleTrackDescription: Sendable {
  var location: TemplateLocation
  var style: TextStyleDescription
  /// `top` or `bottom`.
  var placement: String
  /// Pixels from the edge.
  var margin: Double
  /// The width of the text, as a fraction of the render width.
  var widthFraction: Double
  var fadeIn: Time
  var fadeOut: Time
  var file: FileReference?
}
