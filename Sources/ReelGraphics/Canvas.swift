import CGraphics
import ReelCore

/// Draws vector shapes with cairo into an ``Image`` (premultiplied BGRA at output
/// resolution, origin top-left, y down), antialiased.
///
/// A canvas is a value: it holds its image, and every drawing call opens a cairo context
/// over the image's memory for the duration of the call (cairo draws straight into the
/// pixels, no copies). So a canvas can be copied, sent between threads and read at any
/// time through ``image``.
///
///     var canvas = try Canvas(width: 200, height: 100)
///     canvas.fill(Path(rect: Rect(x: 10, y: 10, width: 50, height: 50)), color: .red)
///     canvas.stroke(Path(ellipseIn: Rect(x: 100, y: 10, width: 80, height: 80)),
///                   color: .white, style: StrokeStyle(width: 4))
///     let picture = canvas.image
///
/// Colours: a solid colour drawn with full coverage produces exactly
/// `color.premultipliedBGRA`; partly covered edge pixels blend with source-over.
public struct Canvas: Sendable {
  /// The pixels drawn so far.
  public private(set) var image: Image
  /// Maps the coordinates of paths and rectangles to image pixels for later calls
  /// (identity by default).
  public var transform: AffineTransform = .identity
  /// Whether edges are antialiased (on by default).
  public var antialiased = true
  /// A rectangle in image pixels outside which later calls draw nothing (nil: none).
  /// Partly covered edge pixels of a fractional rectangle are drawn in part.
  var clip: Rect?
  /// Shapes in image pixels (before ``transform``: they are not moved by it) outside which
  /// later calls draw nothing; each narrows the ones before (empty: no clipping).
  public var clipPaths: [ClipPath] = []

  /// A transparent canvas.
  ///
  /// - Parameters:
  ///   - width: Width in pixels, 1…32767.
  ///   - height: Height in pixels, 1…32767.
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` outside that range,
  ///   ``GraphicsError/outOfMemory(_:)`` when its pixels cannot be allocated.
  public init(width: Int, height: Int) throws(GraphicsError) {
    try Canvas.validate(width: width, height: height)
    do {
      image = try Image(checkedWidth: width, height: height)
    } catch {
      throw GraphicsError.outOfMemory(error)
    }
  }

  /// A canvas that draws over an existing image.
  ///
  /// - Parameter image: The starting pixels; each side must be 1…32767 pixels.
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` outside that range.
  public init(image: Image) throws(GraphicsError) {
    try Canvas.validate(width: image.width, height: image.height)
    self.image = image
  }

  static func validate(width: Int, height: Int) throws(GraphicsError) {
    let sides = 1...PixelLimits.maximumCanvasSide
    guard sides.contains(width), sides.contains(height) else {
      throw GraphicsError.invalidSize(width: width, height: height)
    }
  }

  /// Runs `body` with a cairo context over the image's memory, with ``transform`` and
  /// ``antialiased`` applied; the memory is flushed before returning.
  ///
  /// - Returns: `body`'s result, or nil if cairo could not make a surface (out of memory).
  @discardableResult
  mutating func withContext<R>(_ body: (CairoContext) -> R) -> R? {
    let width = image.width
    let height = image.height
    let stride = image.bytesPerRow
    let transform = self.transform
    let antialias = antialiased ? CAIRO_ANTIALIAS_GRAY : CAIRO_ANTIALIAS_NONE
    let clip = self.clip
    let clipPaths = self.clipPaths
    return image.withUnsafeMutableBytes { bytes -> R? in
      guard let base = bytes.baseAddress,
        let surface = CairoSurface(data: base, width: width, height: height, stride: stride),
        let context = CairoContext(surface: surface)
      else { return nil }
      if let clip {
        cairo_rectangle(context.pointer, clip.minX, clip.minY, clip.width, clip.height)
        cairo_clip(context.pointer)
      }
      for clipPath in clipPaths {
        context.setPath(clipPath.path)
        context.setFillRule(clipPath.rule)
        cairo_clip(context.pointer)
      }
      context.setTransform(transform)
      cairo_set_antialias(context.pointer, antialias)
      let result = body(context)
      surface.flush()
      return withExtendedLifetime(context) { result }
    }
  }

  /// Fills the inside of `path` with a colour (source-over).
  ///
  /// - Parameters:
  ///   - path: The outline, in canvas coordinates before ``transform``.
  ///   - color: Fill colour (sRGB, unpremultiplied).
  ///   - rule: How self-intersections decide the inside.
  public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonZero) {
    withContext { cr in
      cr.setPath(path)
      cr.setFillRule(rule)
      cr.setSource(color)
      cairo_fill(cr.pointer)
    }
  }

  /// Strokes the outline of `path` with a colour (source-over).
  ///
  /// - Parameters:
  ///   - path: The outline, in canvas coordinates before ``transform``.
  ///   - color: Stroke colour.
  ///   - style: Width (pixels before ``transform``), caps, joins, miter limit and dashes.
  public mutating func stroke(_ path: Path, color: Color, style: StrokeStyle) {
    guard style.width > 0 else { return }
    withContext { cr in
      cr.setPath(path)
      cr.setStrokeStyle(style)
      cr.setSource(color)
      cairo_stroke(cr.pointer)
    }
  }

  /// Draws `source` with its top-left corner at `origin` (source-over, nearest pixels when
  /// `origin` and ``transform`` are whole-pixel translations).
  ///
  /// - Parameters:
  ///   - source: A premultiplied image.
  ///   - origin: Where its top-left corner goes, in canvas coordinates before ``transform``.
  ///   - opacity: Multiplies the source's alpha, in [0, 1].
  public mutating func draw(_ source: Image, at origin: Point, opacity: Double = 1) {
    guard source.width > 0, source.height > 0, opacity > 0 else { return }
    withContext { cr in
      source.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress,
          // cairo only reads a source surface, so handing it the read-only memory is safe.
          let surface = CairoSurface(
            data: UnsafeMutableRawPointer(mutating: base), width: source.width,
            height: source.height, stride: source.bytesPerRow)
        else { return }
        cairo_set_source_surface(cr.pointer, surface.pointer, origin.x, origin.y)
        cairo_pattern_set_filter(cairo_get_source(cr.pointer), CAIRO_FILTER_BILINEAR)
        if opacity >= 1 {
          cairo_paint(cr.pointer)
        } else {
          cairo_paint_with_alpha(cr.pointer, opacity)
        }
        // Drop the pattern's reference before the source memory goes away.
        cairo_set_source_rgba(cr.pointer, 0, 0, 0, 0)
      }
    }
  }

  /// Makes every pixel transparent black.
  public mutating func clear() {
    image.fill(with: BGRA(blue: 0, green: 0, red: 0, alpha: 0))
  }
}
