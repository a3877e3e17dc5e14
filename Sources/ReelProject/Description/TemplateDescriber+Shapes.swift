import Foundation
import Reel

// Shadows, gradients and shapes.
extension TemplateDescriber {
  func decodeShadow(_ node: TemplateJSON, _ path: String) -> Shadow? {
    guard let reader = object(node, path, .shadow) else {
      return nil
    }
    var shadow = Shadow(opacity: 1)
    if let color = reader.get(.color, color) { shadow.color = color }
    if let opacity = reader.get(.opacity, { self.number($0, $1, in: 0...1) }) {
      shadow.opacity = opacity
    }
    if let offset = reader.get(.offset, { self.pixelPoint($0, $1) }) { shadow.offset = offset }
    if let radius = reader.get(.radius, { self.pixels($0, $1, PixelLimits.blurRadius) }) {
      shadow.radius = radius
    }
    return shadow
  }

  func decodeGradient(_ node: TemplateJSON, _ path: String) -> Gradient? {
    guard
      let reader = object(node, path, .gradient)
    else { return nil }
    let kind =
      reader.get(.kind) { self.choice($0, $1, TemplateFormat.gradientKinds) }
      .flatMap(Gradient.Kind.init(rawValue:)) ?? .axial
    var colors: [Color] = []
    if let elements = reader.get(.colors, array) {
      if elements.isEmpty {
        problem(reader.path(.colors), "needs at least one colour", at: reader[.colors])
      }
      colors = elements.enumerated().compactMap {
        color($0.element, TemplatePath.join(reader.path(.colors), $0.offset))
      }
    }
    var locations: [Double]?
    if let elements = reader.get(.locations, array) {
      locations = elements.enumerated().compactMap {
        number($0.element, TemplatePath.join(reader.path(.locations), $0.offset), in: 0...1)
      }
      if let count = locations?.count, count != elements.count || count != colors.count,
        count == elements.count
      {
        problem(
          reader.path(.locations),
          "needs one location per colour (\(colors.count)), got \(count)", at: reader[.locations])
      }
    }
    var gradient = Gradient(kind: kind, colors: colors, locations: locations)
    if let start = reader.get(.start, { self.pixelPoint($0, $1, PixelLimits.unitPoint) }) {
      gradient.startPoint = start
    }
    if let end = reader.get(.end, { self.pixelPoint($0, $1, PixelLimits.unitPoint) }) {
      gradient.endPoint = end
    }
    return gradient
  }

  /// A shape layer's `path` or `shape`, stroke and fill.
  func describeShape(_ reader: ObjectReader) -> ShapeDescription {
    let path = reader.path
    if reader.has(.path), reader.has(.shape) {
      problem(path, "give either \"path\" or \"shape\", not both", at: reader.node)
    } else if !reader.has(.path), !reader.has(.shape) {
      problem(path, "missing required key 'path' (or 'shape')", at: reader.node)
    }
    var outline = reader.get(.path, pixelPath)
    if let shapeNode = reader[.shape] {
      outline = decodeShapeGeometry(shapeNode, reader.path(.shape))
    }
    var strokeStyle = StrokeStyle()
    var strokeColor: Color?
    if let strokeNode = reader[.stroke],
      let stroke = object(strokeNode, reader.path(.stroke), .stroke)
    {
      strokeColor = stroke.get(.color, color) ?? .black
      if let width = stroke.get(.width, { self.pixels($0, $1, PixelLimits.lineWidth) }) {
        strokeStyle.width = width
      }
      if let cap = stroke.get(.cap, { self.choice($0, $1, TemplateFormat.lineCaps) }) {
        strokeStyle.cap = LineCap(rawValue: cap) ?? .butt
      }
      if let join = stroke.get(.join, { self.choice($0, $1, TemplateFormat.lineJoins) }) {
        strokeStyle.join = LineJoin(rawValue: join) ?? .miter
      }
      if let limit = stroke.get(.miterLimit, { self.positiveNumber($0, $1) }) {
        strokeStyle.miterLimit = limit
      }
      if let dash = stroke.get(.dash, array) {
        strokeStyle.dashPattern = dash.enumerated().compactMap {
          pixels(
            $0.element, TemplatePath.join(stroke.path(.dash), $0.offset), PixelLimits.dashLength)
        }
        let total = strokeStyle.dashPattern.reduce(0, +)
        if !dash.isEmpty, strokeStyle.dashPattern.count == dash.count,
          total < PixelLimits.smallestDashPattern
        {
          problem(
            stroke.path(.dash),
            "the dashes add up to \(format(total)) px; a pattern must add up to \(format(PixelLimits.smallestDashPattern)) px or more (or leave out \"dash\" for a solid line)",
            at: stroke[.dash])
        }
      }
      if let phase = stroke.get(.dashPhase, { self.pixels($0, $1, PixelLimits.coordinate) }) {
        strokeStyle.dashPhase = phase
      }
    }
    let fill = reader.get(.fill, color) ?? (strokeColor == nil ? .black : .clear)
    let rule =
      reader.get(.fillRule) { self.choice($0, $1, TemplateFormat.fillRules) }
      .flatMap(FillRule.init(rawValue:)) ?? .nonZero
    return ShapeDescription(
      outline: outline, strokeColor: strokeColor, strokeStyle: strokeStyle, fill: fill,
      fillRule: rule, strokeStart: reader.get(.strokeStart) { self.number($0, $1, in: 0...1) },
      strokeEnd: reader.get(.strokeEnd) { self.number($0, $1, in: 0...1) })
  }

  private func decodeShapeGeometry(_ node: TemplateJSON, _ path: String) -> Path? {
    guard let reader = object(node, path, .shapeGeometry) else { return nil }
    let kinds = TemplateFormat.shapeGeometries.filter { reader.has($0) }
    guard kinds.count == 1 else {
      problem(
        path,
        kinds.isEmpty
          ? "missing required key 'rect' (or 'ellipse' or 'polygon')"
          : "give only one of \"rect\", \"ellipse\" and \"polygon\"", at: node)
      return nil
    }
    if reader.has(.cornerRadius), kinds[0] != .rect {
      problem(
        reader.path(.cornerRadius), "\"cornerRadius\" only goes with \"rect\"",
        at: reader[.cornerRadius])
    }
    switch kinds[0] {
    case .rect:
      guard let box = reader.get(.rect, pixelRect) else { return nil }
      let radius = reader.get(.cornerRadius) { self.pixels($0, $1, PixelLimits.radius) } ?? 0
      return radius > 0 ? Path(roundedRect: box, cornerRadius: radius) : Path(rect: box)
    case .ellipse:
      return reader.get(.ellipse, pixelRect).map { Path(ellipseIn: $0) }
    default:
      guard let elements = reader.get(.polygon, array) else { return nil }
      guard elements.count >= 3 else {
        problem(
          reader.path(.polygon), "needs at least 3 points, got \(elements.count)",
          at: reader[.polygon])
        return nil
      }
      let points = elements.enumerated().compactMap {
        pixelPoint($0.element, TemplatePath.join(reader.path(.polygon), $0.offset))
      }
      return points.count == elements.count ? Path(polygon: points) : nil
    }
  }
}
