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
      CairoSurface.reading(source) { surface in
        cr.setTransform(full)
        cr.paint(surface, opacity: opacity, padsEdges: true, clipsToSurface: true)
      }
    }
  }

  /// Makes the pixels inside `path` (canvas coordinates before ``transform``) transparent
  /// black, within the ``clipPaths``; partly covered edge pixels are cleared in part.
  public mutating func clear(_ path: Path) {
    withContext { cr in
      cr.setPath(path)
      cr.setOperator(.clear)
      cr.fill()
    }
  }
}
