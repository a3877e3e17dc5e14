import CGraphics
import ReelCore

/// Owns a cairo ARGB32 image surface drawn over memory someone else owns (an ``Image``'s
/// buffer); the memory must outlive the surface.
final class CairoSurface {
  let pointer: OpaquePointer

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
  }

  /// Makes sure every drawing operation has reached the memory.
  func flush() { cairo_surface_flush(pointer) }

  deinit { cairo_surface_destroy(pointer) }
}

/// Owns a cairo drawing context (`cairo_t`) on a ``CairoSurface``.
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

  /// Sets the current transformation matrix (user space → device pixels).
  func setTransform(_ t: AffineTransform) {
    var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    cairo_set_matrix(pointer, &matrix)
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
      cairo_set_source_rgba(pointer, 0, 0, 0, 0)
      return
    }
    let a = Double(pixel.alpha) / 255
    func channel(_ v: UInt8) -> Double { Swift.min(1, Double(v) / 255 / a) }
    cairo_set_source_rgba(pointer, channel(pixel.red), channel(pixel.green), channel(pixel.blue), a)
  }

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
}
