import CGraphics
import ReelCore

/// Owns a cairo ARGB32 image surface drawn over memory someone else owns (an ``Image``'s
/// buffer); the memory must outlive the surface.
final class CairoSurface {
  let pointer: OpaquePointer
  let width: Int
  let height: Int

  /// Wraps `data` (premultiplied BGRA rows of `stride` bytes) as a cairo surface.
  ///
  /// - Returns: nil when cairo refuses (invalid size or stride, out of memory).
  init?(data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
    guard
      let surface = cairo_image_surface_create_for_data(
        data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
        Int32(height), Int32(stride))
    else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      return nil
    }
    pointer = surface
    self.width = width
    self.height = height
  }

  /// Runs `body` with a surface over `image`'s pixels, to be read only (a source to paint
  /// from: cairo never writes a source surface, so handing it the read-only memory is safe).
  ///
  /// - Returns: `body`'s result, or nil when the image is empty or cairo refuses it.
  static func reading<R>(_ image: Image, _ body: (CairoSurface) -> R) -> R? {
    image.withUnsafeBytes { bytes -> R? in
      guard let base = bytes.baseAddress,
        let surface = CairoSurface(
          data: UnsafeMutableRawPointer(mutating: base), width: image.width,
          height: image.height, stride: image.bytesPerRow)
      else { return nil }
      return body(surface)
    }
  }

  /// Makes sure every drawing operation has reached the memory.
  func flush() { cairo_surface_flush(pointer) }

  deinit { cairo_surface_destroy(pointer) }
}

/// How a drawing operation combines with what is there (cairo's operators Reel uses).
enum CairoOperator {
  /// Source over destination (the default).
  case over
  /// The source replaces the destination.
  case source
  /// The destination becomes transparent black where drawn.
  case clear
  /// Source and destination add (saturating).
  case add

  var cairoValue: cairo_operator_t {
    switch self {
    case .over: CAIRO_OPERATOR_OVER
    case .source: CAIRO_OPERATOR_SOURCE
    case .clear: CAIRO_OPERATOR_CLEAR
    case .add: CAIRO_OPERATOR_ADD
    }
  }
}

/// Owns a cairo drawing context (`cairo_t`) on a ``CairoSurface``. The drawing code calls
/// its methods, which read as what they do; ``check(_:)`` turns the status cairo recorded
/// into a ``GraphicsError`` once, after the drawing (cairo ignores every call after an
/// error, so one check at the end sees the first failure).
final class CairoContext {
  let pointer: OpaquePointer
  /// Kept so the surface lives as long as the context.
  let surface: CairoSurface

  init?(surface: CairoSurface) {
    guard let cr = cairo_create(surface.pointer) else { return nil }
    guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
      cairo_destroy(cr)
      return nil
    }
    pointer = cr
    self.surface = surface
  }

  deinit { cairo_destroy(pointer) }

  /// The error cairo recorded, if any, as cairo's own text.
  var failure: String? {
    let status = cairo_status(pointer)
    guard status != CAIRO_STATUS_SUCCESS else { return nil }
    return String(cString: cairo_status_to_string(status))
  }

  /// Throws the error cairo recorded while drawing, if any.
  ///
  /// - Parameter operation: What was being drawn, for the message.
  /// - Throws: ``GraphicsError/cairo(operation:status:)`` with cairo's own text.
  func check(_ operation: String) throws(GraphicsError) {
    if let failure { throw .cairo(operation: operation, status: failure) }
  }

  // MARK: State

  /// Sets the current transformation matrix (user space → device pixels).
  func setTransform(_ t: AffineTransform) {
    var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_set_matrix(pointer, &matrix)
  }

  /// Turns greyscale antialiasing on, or off (hard edges).
  func setAntialiased(_ antialiased: Bool) {
    cairo_set_antialias(pointer, antialiased ? CAIRO_ANTIALIAS_GRAY : CAIRO_ANTIALIAS_NONE)
  }

  /// Sets how later operations combine with what is drawn.
  func setOperator(_ operation: CairoOperator) {
    cairo_set_operator(pointer, operation.cairoValue)
  }

  /// Sets a solid source colour so that full coverage writes exactly
  /// `color.premultipliedBGRA`.
  ///
  /// cairo takes unpremultiplied doubles, premultiplies them and keeps 16 bits per channel,
  /// which pixman truncates to 8 bits: passing `byte / 255` values that came from the
  /// 8-bit premultiplied pixel makes that round trip exact (`k·257 >> 8 = k`).
  func setSource(_ color: Color) {
    let pixel = color.premultipliedBGRA
    guard pixel.alpha > 0 else {
      clearSource()
      return
    }
    let a = Double(pixel.alpha) / 255
    func channel(_ v: UInt8) -> Double { Swift.min(1, Double(v) / 255 / a) }
    cairo_set_source_rgba(pointer, channel(pixel.red), channel(pixel.green), channel(pixel.blue), a)
  }

  /// Sets a gradient as the source.
  func setSource(_ pattern: CairoPattern) {
    cairo_set_source(pointer, pattern.pointer)
  }

  /// Sets transparent black as the source, dropping any pattern (and with it a surface
  /// source's reference to memory that is about to go).
  func clearSource() {
    cairo_set_source_rgba(pointer, 0, 0, 0, 0)
  }

  // MARK: Paths

  /// Replaces the current path with `path`.
  func setPath(_ path: Path) {
    cairo_new_path(pointer)
    var current = Point.zero
    for element in path.elements {
      switch element {
      case .move(let p):
        cairo_move_to(pointer, p.x, p.y)
        current = p
      case .line(let p):
        cairo_line_to(pointer, p.x, p.y)
        current = p
      case .quadCurve(let p, let c):
        // Degree elevation: the same curve as a cubic.
        let c1 = current + (c - current) * (2.0 / 3.0)
        let c2 = p + (c - p) * (2.0 / 3.0)
        cairo_curve_to(pointer, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .curve(let p, let c1, let c2):
        cairo_curve_to(pointer, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        current = p
      case .close:
        cairo_close_path(pointer)
        var x = 0.0
        var y = 0.0
        cairo_get_current_point(pointer, &x, &y)
        current = Point(x: x, y: y)
      }
    }
  }

  /// Moves the current point to `point`, starting a new sub-path.
  func move(to point: Point) {
    cairo_move_to(pointer, point.x, point.y)
  }

  func setFillRule(_ rule: FillRule) {
    cairo_set_fill_rule(
      pointer, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
  }

  /// Sets line width, cap, join, miter limit and dashes.
  func setStrokeStyle(_ style: StrokeStyle) {
    cairo_set_line_width(pointer, Swift.max(0, style.width))
    switch style.cap {
    case .butt: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(pointer, CAIRO_LINE_CAP_SQUARE)
    }
    switch style.join {
    case .miter: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(pointer, CAIRO_LINE_JOIN_BEVEL)
    }
    cairo_set_miter_limit(pointer, Swift.max(1, style.miterLimit))
    let dashes = style.dashPattern.map { Swift.max(0, $0) }
    if dashes.isEmpty || dashes.allSatisfy({ $0 == 0 }) {
      cairo_set_dash(pointer, nil, 0, 0)
    } else {
      dashes.withUnsafeBufferPointer { buffer in
        cairo_set_dash(pointer, buffer.baseAddress, Int32(buffer.count), style.dashPhase)
      }
    }
  }

  // MARK: Clipping

  /// Narrows the clip to `rect` (user space).
  func clip(to rect: Rect) {
    cairo_rectangle(pointer, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(pointer)
  }

  /// Narrows the clip to the inside of `path` by `rule` (user space).
  func clip(to path: Path, rule: FillRule) {
    setPath(path)
    setFillRule(rule)
    cairo_clip(pointer)
  }

  // MARK: Drawing

  /// Fills the current path with the source (and clears the path).
  func fill() { cairo_fill(pointer) }

  /// Strokes the current path with the source (and clears the path).
  func stroke() { cairo_stroke(pointer) }

  /// Paints the source everywhere inside the clip.
  func paint() { cairo_paint(pointer) }

  /// Paints `surface` with its top-left corner at `origin` (user space), sampled
  /// bilinearly, at `opacity`, then drops it as the source.
  ///
  /// - Parameters:
  ///   - surface: The pixels to paint.
  ///   - origin: Where the surface's top-left corner goes.
  ///   - opacity: Multiplies the surface's alpha; 1 or more paints it as it is.
  ///   - padsEdges: Whether samples past the surface's edges repeat its edge pixels (so
  ///     bilinear sampling does not fade them towards transparent).
  ///   - clipsToSurface: Whether only the surface's own rectangle is painted.
  func paint(
    _ surface: CairoSurface, at origin: Point = .zero, opacity: Double,
    padsEdges: Bool = false, clipsToSurface: Bool = false
  ) {
    cairo_set_source_surface(pointer, surface.pointer, origin.x, origin.y)
    cairo_pattern_set_filter(cairo_get_source(pointer), CAIRO_FILTER_BILINEAR)
    if padsEdges {
      cairo_pattern_set_extend(cairo_get_source(pointer), CAIRO_EXTEND_PAD)
    }
    if clipsToSurface {
      cairo_new_path(pointer)
      cairo_rectangle(
        pointer, origin.x, origin.y, Double(surface.width), Double(surface.height))
      cairo_clip(pointer)
    }
    if opacity >= 1 {
      cairo_paint(pointer)
    } else {
      cairo_paint_with_alpha(pointer, opacity)
    }
    clearSource()
  }

  /// The box the current path would fill, or stroke with the current stroke style, in
  /// user space; nil when it is empty.
  func extents(stroked: Bool) -> Rect? {
    var x1 = 0.0
    var y1 = 0.0
    var x2 = 0.0
    var y2 = 0.0
    if stroked {
      cairo_stroke_extents(pointer, &x1, &y1, &x2, &y2)
    } else {
      cairo_fill_extents(pointer, &x1, &y1, &x2, &y2)
    }
    guard x2 > x1, y2 > y1 else { return nil }
    return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
  }

  // MARK: Text

  /// Adds the outlines of `layout`'s glyphs, placed at the current point, to the path.
  func appendOutlines(of layout: PangoLayoutRef) {
    pango_cairo_layout_path(pointer, layout.pointer)
  }

  /// Fills `layout`'s glyphs with the source, placed at the current point.
  func show(_ layout: PangoLayoutRef) {
    pango_cairo_show_layout(pointer, layout.pointer)
  }
}

/// Owns a cairo gradient pattern (`cairo_pattern_t`): its geometry, stops and extension.
final class CairoPattern {
  let pointer: OpaquePointer

  private init?(_ pattern: OpaquePointer?) {
    guard let pattern else { return nil }
    guard cairo_pattern_status(pattern) == CAIRO_STATUS_SUCCESS else {
      cairo_pattern_destroy(pattern)
      return nil
    }
    self.pointer = pattern
  }

  deinit { cairo_pattern_destroy(pointer) }

  /// A linear gradient from `start` (offset 0) to `end` (offset 1); nil when cairo cannot
  /// make one (out of memory).
  static func linear(from start: Point, to end: Point) -> CairoPattern? {
    CairoPattern(cairo_pattern_create_linear(start.x, start.y, end.x, end.y))
  }

  /// A radial gradient over the ellipse centred at `center` with radii `rx` and `ry`
  /// (> 0): offset 0 at the centre, 1 on the ellipse. Nil when cairo cannot make one.
  static func elliptical(center: Point, rx: Double, ry: Double) -> CairoPattern? {
    guard let pattern = CairoPattern(cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)) else {
      return nil
    }
    // Pattern space is the unit circle; user space → pattern space scales the ellipse.
    var matrix = cairo_matrix_t()
    cairo_matrix_init_scale(&matrix, 1 / rx, 1 / ry)
    cairo_matrix_translate(&matrix, -center.x, -center.y)
    cairo_pattern_set_matrix(pattern.pointer, &matrix)
    return pattern
  }

  /// Continues the end colours past the ends.
  func padEnds() {
    cairo_pattern_set_extend(pointer, CAIRO_EXTEND_PAD)
  }

  /// Adds a colour stop at `offset` (0…1) whose full-coverage pixel is exactly
  /// `color.premultipliedBGRA` (the same round trip as ``CairoContext/setSource(_:)-(Color)``).
  func addStop(at offset: Double, color: Color) {
    let pixel = color.premultipliedBGRA
    let a = Double(pixel.alpha) / 255
    func channel(_ v: UInt8) -> Double { a > 0 ? Swift.min(1, Double(v) / 255 / a) : 0 }
    cairo_pattern_add_color_stop_rgba(
      pointer, offset, channel(pixel.red), channel(pixel.green), channel(pixel.blue), a)
  }
}
