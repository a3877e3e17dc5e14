import ReelAnimation
import ReelCore
import ReelGraphics

/// What the rasterizer asks of one kind of ``Drawing``: one conformance per kind, in this
/// folder, reached from the drawing once (``Drawing/kind``).
///
/// A kind drawn from its cached raster takes the Y′CbCr path too (`LayerRenderer+YUV.swift`
/// composites any raster); a kind with a faster step there says which (``yuvFastPath``).
protocol DrawingKind {
  /// The layer's bounds size the drawing belongs to; nil when it is drawn at output
  /// resolution (never enlarged by ``LayerRasterizer/rasterScale(for:)``).
  var layerSize: Size? { get }

  /// Whether the raster is drawn larger when the item's transform enlarges the layer (see
  /// `LayerRasterizer+Scale.swift`); false keeps it at layer size.
  var followsMagnification: Bool { get }

  /// The same drawing with every length multiplied by `scale`: what it looks like on a
  /// layer `scale` times larger.
  func scaled(by scale: Double) -> Drawing

  /// Where the drawing can put pixels once scaled by `scale`, in raster pixels (a
  /// conservative bound); nil when it is never cut to its visible part (see
  /// `LayerRasterizer+Visible.swift`).
  func rasterExtent(scale: Double) -> Rect?

  /// Draws the drawing, or the part of it in `area`.
  ///
  /// - Parameters:
  ///   - scale: How much the drawing was enlarged from layer pixels (it is drawn as given;
  ///     messages speak of layer pixels).
  ///   - area: The raster pixels to draw, nil for all.
  /// - Returns: The raster, nil when it has no pixels.
  /// - Throws: ``GraphicsError``, ``PixelAllocationError`` or ``RenderError/outOfMemory(_:)``.
  func draw(scale: Double, area: PixelBox?) throws -> Raster?

  /// Draws what the drawing casts a shadow of (itself, unless it says otherwise), or the
  /// part of it in `area` (raster pixels, nil for all).
  func drawAsShadowCaster(area: PixelBox?) throws -> Raster?

  /// The Y′CbCr path's faster step for the drawing, nil to composite its raster.
  var yuvFastPath: YUVFastPath? { get }

  /// For a drawing whose rasters come round again as time passes (an animation's frames in
  /// a loop), what stays the same while it plays: the rasterizer then keeps its rasters
  /// across frames by content, within the raster budget (``LayerRasterizer``). Nil (the
  /// default) for drawings kept per layer.
  var loopPlacement: AnyHashable? { get }
}

/// A step of the Y′CbCr path (`LayerRenderer+YUV.swift`) that does not composite a raster.
enum YUVFastPath {
  /// The current picture of a video source, placed in a rectangle of `size` by `gravity`
  /// (copied or scaled into the output when it lands on whole, even pixels).
  case video(sourceID: VideoSourceID, size: Size, gravity: ContentsGravity)
  /// A square-cornered rectangle of `size` in one colour, filled directly when its edges land
  /// on whole pixels.
  case solidRectangle(size: Size, color: Color)
}

extension DrawingKind {
  var followsMagnification: Bool { true }

  var yuvFastPath: YUVFastPath? { nil }

  var loopPlacement: AnyHashable? { nil }

  func drawAsShadowCaster(area: PixelBox?) throws -> Raster? {
    try draw(scale: 1, area: area)
  }
}

extension Drawing {
  /// The drawing as the rasterizer sees it: the one place a `Drawing` case is matched to its
  /// kind (the compiler asks for a new case here).
  var kind: any DrawingKind {
    switch self {
    case .fill(let size, let color, let cornerRadius):
      FillDrawing(size: size, color: color, cornerRadius: cornerRadius)
    case .border(let size, let width, let color, let cornerRadius):
      BorderDrawing(size: size, width: width, color: color, cornerRadius: cornerRadius)
    case .image(let image): image
    case .text(let text, let style, let size): TextDrawing(text: text, style: style, size: size)
    case .shape(let shape): shape
    case .gradient(let gradient, let size): GradientDrawing(gradient: gradient, size: size)
    case .video(let sourceID, let size, let gravity):
      VideoDrawing(sourceID: sourceID, size: size, gravity: gravity)
    case .shadow(let shadow, let casters): ShadowDrawing(shadow: shadow, casters: casters)
    case .particles(let particles): particles
    case .kind(let drawing):
      (drawing.base as? any DrawingKind) ?? UnrasterizedDrawing(drawing: drawing)
    }
  }

  /// Whether drawings of `type` have their ``DrawingKind`` conformance (a content kind's
  /// drawing without one fails the render, naming its kind).
  static func isRasterized(_ type: any LayerDrawing.Type) -> Bool {
    type is any DrawingKind.Type
  }

  /// The layer's bounds size the drawing belongs to (nil when it has none).
  var layerSize: Size? { kind.layerSize }

  /// The same drawing with every length multiplied by `scale`.
  func scaled(by scale: Double) -> Drawing { kind.scaled(by: scale) }
}

/// A ``Drawing/kind(_:)`` drawing whose type has no ``DrawingKind`` conformance: drawing it
/// fails, naming the kind (the conformance belongs in this folder, one file per kind).
struct UnrasterizedDrawing: DrawingKind, Error, CustomStringConvertible {
  /// The drawing.
  var drawing: AnyLayerDrawing

  var layerSize: Size? { drawing.base.coveredSize }
  func scaled(by scale: Double) -> Drawing { .kind(drawing) }
  func rasterExtent(scale: Double) -> Rect? { nil }
  func draw(scale: Double, area: PixelBox?) throws -> Raster? { throw self }

  var description: String {
    "Reel cannot draw \"\(drawing.kindName)\" content: its drawing has no DrawingKind conformance (Sources/Reel/Rendering/Kinds/)"
  }
}

extension Size {
  func scaled(by scale: Double) -> Size {
    Size(width: width * scale, height: height * scale)
  }
}

extension Rect {
  func scaled(by scale: Double) -> Rect {
    Rect(x: minX * scale, y: minY * scale, width: width * scale, height: height * scale)
  }

  /// The smallest rectangle holding both, even when one has no area (a straight line;
  /// `union` drops a line's zero-height bounds).
  func hull(_ other: Rect) -> Rect {
    let minX = Swift.min(self.minX, other.minX)
    let minY = Swift.min(self.minY, other.minY)
    return Rect(
      x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX,
      height: Swift.max(maxY, other.maxY) - minY)
  }
}
