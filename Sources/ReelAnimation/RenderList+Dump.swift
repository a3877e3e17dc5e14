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
      "\(layer) \(part.rawValue) \(drawing.dumpDescription) opacity=\(format(opacity)) T=\(format(transform))"
    if !clips.isEmpty {
      line += " clips=\(clips.map { $0.layer.description }.joined(separator: ","))"
    }
    if !masks.isEmpty {
      line += " masks=\(masks.map { $0.layer.description }.joined(separator: ","))"
    }
    return line
  }
}

extension Drawing {
  var dumpDescription: String {
    switch self {
    case .fill(let size, let color, let radius):
      "fill \(format(size)) \(color.hexString) r=\(format(radius))"
    case .border(let size, let width, let color, let radius):
      "border \(format(size)) w=\(format(width)) \(color.hexString) r=\(format(radius))"
    case .image(let image):
      "image \(image.image.width)×\(image.image.height)"
        + (image.frameIndex.map { " frame=\($0)" } ?? "")
        + " in \(format(image.destination))"
    case .text(let text, let style, let size):
      "text \"\(text.string)\" \(format(style.fontSize))px \(format(size))"
    case .shape(let shape):
      "shape \(format(shape.size)) fill=\(shape.fillColor?.hexString ?? "none") stroke=\(shape.strokeColor?.hexString ?? "none") w=\(format(shape.strokeStyle.width)) stroke=\(format(shape.strokeStart))…\(format(shape.strokeEnd))"
    case .gradient(let gradient, let size):
      "gradient \(gradient.kind.rawValue) \(gradient.colors.map(\.hexString).joined(separator: ",")) \(format(size))"
    case .video(let source, let size, let gravity):
      "video \(source) \(format(size)) \(gravity.rawValue)"
    case .particles(let drawing):
      "particles \(drawing.particles.count)\(drawing.additive ? " additive" : "")"
    case .shadow(let shadow, let casters):
      "shadow \(shadow.color.hexString) opacity=\(format(shadow.opacity)) offset=(\(format(shadow.offset.x)), \(format(shadow.offset.y))) radius=\(format(shadow.radius)) of \(casters.map(\.kindName).joined(separator: "+"))"
    }
  }
}

private func format(_ value: Double) -> String { ReadableNumber.string(value, decimals: 3) }

private func format(_ size: Size) -> String { "\(format(size.width))×\(format(size.height))" }

private func format(_ rect: Rect) -> String {
  "(\(format(rect.origin.x)), \(format(rect.origin.y)), \(format(rect.size)))"
}

private func format(_ m: Transform3D) -> String {
  if m.m14 == 0 && m.m24 == 0 && m.m44 == 1 && m.m31 == 0 && m.m32 == 0 {
    if m.m11 == 1 && m.m12 == 0 && m.m21 == 0 && m.m22 == 1 {
      return "translate(\(format(m.m41)), \(format(m.m42)))"
    }
    return
      "affine(\([m.m11, m.m12, m.m21, m.m22, m.m41, m.m42].map(format).joined(separator: ", ")))"
  }
  return "matrix(\(m.animationComponents.map(format).joined(separator: ", ")))"
}
