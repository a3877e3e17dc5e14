import ReelCore

extension RenderList {
  /// One line per item, for readable assertions and debugging:
  ///
  ///     [0] root background fill 640×360 #000000FF r=0 opacity=1 T=translate(0, 0)
  ///
  /// Numbers are rounded to 3 decimals; transforms print as `translate(x, y)`, as
  /// `affine(a, b, c, d, tx, ty)` or, with perspective, as the 16 entries.
  public func dump() -> [String] {
    items.map { $0.dumpLine }
  }
}

extension RenderItem {
  /// This item as one ``RenderList/dump()`` line.
  public var dumpLine: String {
    var line =
      "\(layer) \(part.rawValue) \(drawing.dumpDescription) opacity=\(readable(opacity)) T=\(readable(transform))"
    if !clips.isEmpty {
      line += " clips=\(clips.map { $0.layer.description }.joined(separator: ","))"
    }
    if !masks.isEmpty {
      line += " masks=\(masks.map { $0.layer.description }.joined(separator: ","))"
    }
    return line
  }
}

// The numbers of a dump (also ``Drawing/dumpDescription``'s).

/// A number rounded to 3 decimals.
func readable(_ value: Double) -> String { ReadableNumber.string(value, decimals: 3) }

/// A size as `w×h`.
func readable(_ size: Size) -> String { "\(readable(size.width))×\(readable(size.height))" }

/// A rectangle as `(x, y, w×h)`.
func readable(_ rect: Rect) -> String {
  "(\(readable(rect.origin.x)), \(readable(rect.origin.y)), \(readable(rect.size)))"
}

/// A transform as `translate(x, y)`, `affine(…)` or `matrix(…)`.
func readable(_ m: Transform3D) -> String {
  if m.m14 == 0 && m.m24 == 0 && m.m44 == 1 && m.m31 == 0 && m.m32 == 0 {
    if m.m11 == 1 && m.m12 == 0 && m.m21 == 0 && m.m22 == 1 {
      return "translate(\(readable(m.m41)), \(readable(m.m42)))"
    }
    return
      "affine(\([m.m11, m.m12, m.m21, m.m22, m.m41, m.m42].map(readable).joined(separator: ", ")))"
  }
  return "matrix(\(m.animationComponents.map(readable).joined(separator: ", ")))"
}
