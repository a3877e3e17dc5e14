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

  /// Runs `body` with a cairo context over the image's memory, with ``clip``,
  /// ``clipPaths``, ``transform`` and ``antialiased`` applied; the memory is flushed before
  /// returning.
  ///
  /// - Returns: `body`'s result and cairo's failure text, if it recorded one; nil if cairo
  ///   could not make a surface (out of memory).
  @discardableResult
  mutating func withContext<R>(_ body: (CairoContext) -> R) -> (result: R, failure: String?)? {
    let width = image.width
    let height = image.height
    let stride = image.bytesPerRow
    let transform = self.transform
    let antialiased = self.antialiased
    let clip = self.clip
    let clipPaths = self.clipPaths
    return image.withUnsafeMutableBytes { bytes -> (R, String?)? in
      guard let base = bytes.baseAddress,
        let surface = CairoSurface(data: base, width: width, height: height, stride: stride),
        let context = CairoContext(surface: surface)
      else { return nil }
      if let clip { context.clip(to: clip) }
      for clipPath in clipPaths { context.clip(to: clipPath.path, rule: clipPath.rule) }
      context.setTransform(transform)
      context.setAntialiased(antialiased)
      let result = body(context)
      surface.flush()
      return withExtendedLifetime(context) { (result, context.failure) }
    }
  }

  /// Runs `body` as ``withContext(_:)`` does, and throws what cairo could not do. Nothing is
  /// drawn, and nothing thrown, under a ``transform`` that maps everything to a line or a
  /// point (cairo refuses such a matrix and draws nothing).
  ///
  /// - Parameter operation: What is drawn, for the message.
  /// - Throws: ``GraphicsError/cairo(operation:status:)`` when cairo cannot make a surface
  ///   over the image or records an error while drawing.
  mutating func withCheckedContext(_ operation: String, _ body: (CairoContext) -> Void)
    throws(GraphicsError)
  {
    let determinant = transform.determinant
    guard determinant != 0, determinant.isFinite else { return }
    guard let (_, failure) = withContext(body) else {
      throw .cairo(operation: operation, status: "could not make a drawing surface")
    }
    if let failure { throw .cairo(operation: operation, status: failure) }
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
      cr.fill()
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
      cr.stroke()
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
      CairoSurface.reading(source) { surface in
        cr.paint(surface, at: origin, opacity: opacity)
      }
    }
  }

  /// Makes every pixel transparent black.
  public mutating func clear() {
    image.fill(with: BGRA(blue: 0, green: 0, red: 0, alpha: 0))
  }
}
