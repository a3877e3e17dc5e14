import ReelAnimation
import ReelCore
import ReelGraphics

// Large drawings are rasterised only where they can be seen.
//
// A layer may be much larger than the render size (up to `PixelLimits.layerSide` a side, and a
// shape's path may reach `PixelLimits.coordinate`): rasterising it whole would take gigabytes
// and pass the canvas limit. So when a drawing's raster would be large — more pixels than
// four outputs (at least a megapixel), or a side longer than 4096 — the rasterizer maps the
// output rectangle back into the drawing through the item's transform and draws only that
// part, grown by a margin and rounded out to a 256-pixel grid, so that a still or slowly
// moving layer keeps hitting the cache. When the transform cannot be inverted over the whole
// output (the layer plane crosses the horizon) the drawing is rasterised whole, at a scale
// that keeps its sides within 2048 pixels (the far part is minified anyway). Text is
// clipped by the text renderer itself, and pictures (images, video) keep their own pixels
// and are scaled by the compositor.
extension LayerRasterizer {
  /// Raster pixels kept around the visible part (bilinear filtering reads one more).
  static let visibleMargin = 64
  /// The grid the visible part is rounded out to.
  static let visibleGrid = 256
  /// Rasters with a side up to this long are drawn whole (when not too many pixels).
  static let wholeRasterSide = 4096.0
  /// The longest side of a large drawing drawn whole because its visible part is unknown.
  static let horizonRasterSide = 2048.0

  /// The raster pixels of `drawing` (scaled by `scale`) to draw for an item placed by
  /// `transform` on `output`, or nil to draw it whole.
  ///
  /// - Parameters:
  ///   - drawing: What the item draws, in layer pixels.
  ///   - scale: Raster pixels per layer pixel.
  ///   - transform: Layer pixels to render pixels.
  ///   - output: The render pixels drawn onto.
  /// - Returns: A box in raster pixels (possibly empty: nothing is visible), or nil.
  static func visibleArea(
    of drawing: Drawing, scale: Double, transform: Transform3D, output: Rect
  ) -> PixelBox? {
    guard let extent = drawing.kind.rasterExtent(scale: scale) else { return nil }
    let outputPixels = max(output.width * output.height, 0)
    let large =
      extent.width > wholeRasterSide || extent.height > wholeRasterSide
      || extent.width * extent.height > max(4 * outputPixels, 1_048_576)
    guard large else { return nil }
    guard let visible = preimage(of: output, under: transform.planeProjection) else {
      return nil
    }
    let grid = Double(visibleGrid)
    let margin = Double(visibleMargin)
    func snapDown(_ value: Double) -> Int {
      PixelLimits.integer(((value * scale - margin) / grid).rounded(.down) * grid)
    }
    func snapUp(_ value: Double) -> Int {
      PixelLimits.integer(((value * scale + margin) / grid).rounded(.up) * grid)
    }
    let box = PixelBox(
      x0: snapDown(visible.minX), y0: snapDown(visible.minY), x1: snapUp(visible.maxX),
      y1: snapUp(visible.maxY))
    // Keep the key stable while the visible part covers all the drawing holds.
    let whole = PixelBox(
      x0: PixelLimits.integer(extent.minX.rounded(.down)),
      y0: PixelLimits.integer(extent.minY.rounded(.down)),
      x1: PixelLimits.integer(extent.maxX.rounded(.up)),
      y1: PixelLimits.integer(extent.maxY.rounded(.up)))
    let clipped = box.intersection(whole)
    return clipped.isEmpty ? PixelBox(x0: 0, y0: 0, x1: 0, y1: 0) : clipped
  }

  /// The raster scale and the part of the raster to draw for `drawing` placed by
  /// `transform` on `output`: the visible part (``visibleArea``) when the drawing is large,
  /// at a lower scale when even that part is much larger than the output (the layer is shown
  /// shrunk, so the compositor would minify it anyway), or the whole drawing at a scale that
  /// fits when the visible part is unknown (``wholeRasterScale(of:scale:)``).
  ///
  /// - Parameters:
  ///   - drawing: What is drawn, in layer pixels.
  ///   - scale: The scale wanted (``rasterScale(for:)``).
  ///   - transform: Layer pixels to render pixels.
  ///   - output: The render pixels drawn onto; nil to draw everything at `scale`.
  static func placement(
    of drawing: Drawing, scale: Double, transform: Transform3D, output: Rect?
  ) -> (scale: Double, area: PixelBox?) {
    guard let output else { return (scale, nil) }
    guard var area = visibleArea(of: drawing, scale: scale, transform: transform, output: output)
    else { return (wholeRasterScale(of: drawing, scale: scale), nil) }
    let limit = min(
      max(wholeRasterSide, 2 * max(output.width, output.height)),
      Double(PixelLimits.maximumPictureSide))
    let side = Double(max(area.width, area.height))
    guard side > limit else { return (scale, area) }
    let reduced = scale * limit / side
    area =
      visibleArea(of: drawing, scale: reduced, transform: transform, output: output)
      ?? PixelBox(x0: 0, y0: 0, x1: 0, y1: 0)
    return (reduced, area)
  }

  /// The raster scale for a large drawing that is drawn whole (``visibleArea`` gave nil):
  /// `scale`, lowered so that no side of the raster passes ``horizonRasterSide`` when it
  /// would pass ``wholeRasterSide``.
  static func wholeRasterScale(of drawing: Drawing, scale: Double) -> Double {
    guard let extent = drawing.kind.rasterExtent(scale: scale) else { return scale }
    let side = max(extent.width, extent.height)
    guard side > wholeRasterSide, side.isFinite else { return scale }
    return scale * horizonRasterSide / side
  }

  /// The layer-plane points that `transform` maps into `output`, as a bounding box; nil when
  /// some of the output has no point of the plane in front of the viewer.
  static func preimage(of output: Rect, under transform: Transform3D) -> Rect? {
    guard let inverse = transform.inverted() else { return nil }
    let corners = [
      Point(x: output.minX, y: output.minY), Point(x: output.maxX, y: output.minY),
      Point(x: output.minX, y: output.maxY), Point(x: output.maxX, y: output.maxY),
    ]
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    let affine = transform.isAffine
    for corner in corners {
      // Under a perspective the corner must come from a point in front of the viewer that
      // maps back onto it (an affine map has no horizon, and far-off layers lose the
      // precision to map back).
      guard let point = inverse.project(corner) else { return nil }
      if !affine {
        guard let back = transform.project(point), abs(back.x - corner.x) < 0.5,
          abs(back.y - corner.y) < 0.5
        else { return nil }
      }
      minX = min(minX, point.x)
      minY = min(minY, point.y)
      maxX = max(maxX, point.x)
      maxY = max(maxY, point.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}

extension PixelBox {
  /// The box as a rectangle.
  var rect: Rect {
    Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height))
  }

  /// The translation from the box's pixels (origin at its top-left) to the pixels it covers.
  var offset: Transform2D { Transform2D(translationX: Double(x0), y: Double(y0)) }
}
