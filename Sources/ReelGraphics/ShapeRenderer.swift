import ReelCore

/// Rasterises a shape layer's path (fill and stroke) into the smallest image that holds
/// it, at output resolution.
///
/// Shape layers are not clipped to their bounds, so the image can start left of or above
/// the layer's origin; `origin` says where its top-left corner sits in the layer's
/// coordinates. The fill uses the whole path; `strokeStart`/`strokeEnd` trim only the
/// stroke, as in Core Animation.
public enum ShapeRenderer {
  /// Draws a shape.
  ///
  /// - Parameters:
  ///   - path: The outline in the layer's coordinates (pixels, y down).
  ///   - fillColor: Fill colour, or nil for no fill.
  ///   - fillRule: How self-intersections decide the inside.
  ///   - strokeColor: Stroke colour, or nil for no stroke.
  ///   - stroke: Width (pixels), caps, joins, miter limit, dashes.
  ///   - strokeStart: Fraction of the path's length where the stroke starts, in [0, 1].
  ///   - strokeEnd: Fraction where the stroke ends, in [0, 1].
  ///   - clip: The part of the layer's coordinate space worth drawing (e.g. the visible
  ///     output area mapped into the layer), or nil for the whole shape.
  /// - Returns: The premultiplied image, tight around the ink (the exact fill and stroke
  ///   extents, joins and caps included, rounded out to whole pixels), and the layer
  ///   coordinates of its top-left corner. A shape that draws nothing gives a 0×0 image.
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` when the shape needs an image
  ///   wider or taller than 32767 pixels (pass a `clip`).
  public static func render(
    path: Path, fillColor: Color?, fillRule: FillRule = .nonZero, strokeColor: Color?,
    stroke: StrokeStyle = StrokeStyle(), strokeStart: Double = 0, strokeEnd: Double = 1,
    clip: Rect? = nil
  ) throws(GraphicsError) -> (image: Image, origin: Point) {
    let fill = fillColor.flatMap { $0.alpha > 0 ? $0 : nil }
    let strokeColor = strokeColor.flatMap { $0.alpha > 0 && stroke.width > 0 ? $0 : nil }
    let strokedPath = strokeColor == nil ? Path() : path.trimmed(from: strokeStart, to: strokeEnd)
    var extents: Rect?
    if fill != nil {
      extents = inkExtents(of: path, stroke: nil)
    }
    if strokeColor != nil, let strokeExtents = inkExtents(of: strokedPath, stroke: stroke) {
      extents = extents.map { $0.union(strokeExtents) } ?? strokeExtents
    }
    guard var box = extents else { return (Image(width: 0, height: 0), .zero) }
    if let clip {
      guard let visible = box.intersection(clip) else { return (Image(width: 0, height: 0), .zero) }
      box = visible
    }
    let minX = box.minX.rounded(.down)
    let minY = box.minY.rounded(.down)
    let width = (box.maxX.rounded(.up) - minX).saturatingInt
    let height = (box.maxY.rounded(.up) - minY).saturatingInt
    guard minX.isFinite, minY.isFinite, width > 0, height > 0 else {
      return (Image(width: 0, height: 0), .zero)
    }
    var canvas = try Canvas(width: width, height: height)
    canvas.transform = AffineTransform(translationX: -minX, y: -minY)
    if let fill {
      canvas.fill(path, color: fill, rule: fillRule)
    }
    if let strokeColor {
      canvas.stroke(strokedPath, color: strokeColor, style: stroke)
    }
    return (canvas.image, Point(x: minX, y: minY))
  }

  /// The area cairo would paint filling (stroke nil) or stroking `path`, in path
  /// coordinates; nil when nothing would be painted.
  static func inkExtents(of path: Path, stroke: StrokeStyle?) -> Rect? {
    guard !path.isEmpty else { return nil }
    var scratch = Image(width: 1, height: 1)
    return scratch.withUnsafeMutableBytes { bytes -> Rect? in
      guard let base = bytes.baseAddress,
        let surface = CairoSurface(data: base, width: 1, height: 1, stride: 64),
        let cr = CairoContext(surface: surface)
      else { return nil }
      cr.setPath(path)
      if let stroke { cr.setStrokeStyle(stroke) }
      return cr.extents(stroked: stroke != nil)
    }
  }
}
