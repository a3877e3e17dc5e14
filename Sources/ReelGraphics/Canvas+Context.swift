import CGraphics
import ReelCore

/// A shape that limits where a ``Canvas`` draws: the inside of `path` by `rule`, in image
/// pixels.
public struct ClipPath: Sendable, Hashable {
  /// The outline, in image pixels.
  public var path: Path
  /// How self-intersections decide the inside.
  public var rule: FillRule

  /// A clip shape.
  public init(path: Path, rule: FillRule = .nonZero) {
    self.path = path
    self.rule = rule
  }
}

extension Canvas {
  /// Draws `source` mapped by `placement` (image pixels → canvas coordinates before
  /// ``transform``), sampled bilinearly, source-over, inside the ``clipPaths``.
  ///
  /// Only the parallelogram the image covers is painted: the source does not repeat or
  /// smear past its edges.
  ///
  /// - Parameters:
  ///   - source: A premultiplied image.
  ///   - placement: Where each source pixel goes; a singular transform draws nothing.
  ///   - opacity: Multiplies the source's alpha, in [0, 1].
  public mutating func draw(_ source: Image, placement: AffineTransform, opacity: Double = 1) {
    guard source.width > 0, source.height > 0, opacity > 0, placement.determinant != 0 else {
      return
    }
    let full = placement.concatenating(transform)
    withContext { cr in
      source.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress,
          // cairo only reads a source surface, so handing it the read-only memory is safe.
          let surface = CairoSurface(
            data: UnsafeMutableRawPointer(mutating: base), width: source.width,
            height: source.height, stride: source.bytesPerRow)
        else { return }
        cr.setTransform(full)
        cairo_set_source_surface(cr.pointer, surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr.pointer), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr.pointer), CAIRO_EXTEND_PAD)
        cairo_new_path(cr.pointer)
        cairo_rectangle(cr.pointer, 0, 0, Double(source.width), Double(source.height))
        cairo_clip(cr.pointer)
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

  /// Makes the pixels inside `path` (canvas coordinates before ``transform``) transparent
  /// black, within the ``clipPaths``; partly covered edge pixels are cleared in part.
  public mutating func clear(_ path: Path) {
    withContext { cr in
      cr.setPath(path)
      cairo_set_operator(cr.pointer, CAIRO_OPERATOR_CLEAR)
      cairo_fill(cr.pointer)
    }
  }
}
