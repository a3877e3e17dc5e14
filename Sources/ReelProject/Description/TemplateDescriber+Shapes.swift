import Foundation
import Reel

// Shadows, gradients and shapes.
extension TemplateDescriber {
  func decodeShadow(_ node: TemplateJSON, _ path: String) -> Shadow? {
    guard let reader = object(node, path, .shadow) else {
      return nil
    }
    var shadow = Shadow()
    if let color = reader.get(.color, color) { shadow.color = color }
    shadow.opacity = numberOrDefault(reader, .opacity)
    if let offset = point(reader, .offset) { shadow.offset = offset }
    if let radius = number(reader, .radius) { shadow.radius = radius }
    return shadow
  }

  func decodeGradient(_ node: TemplateJSON, _ path: String) -> Gradient? {
    guard
      let reader = object(node, path, .gradient)
    else { return nil }
    let kind = Gradient.Kind(rawValue: choiceOrDefault(reader, .kind))
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
        elementNumber(reader, .locations, $0.element, at: $0.offset)
      }
      if let count = locations?.count, count != elements.count || count != colors.count,
        count == elements.count
      {
        problem(
          reader.path(.locations),
          "needs one location per colour (\(colors.count)), got \(count)", at: reader[.locations])
      }
    }
    guard let kind else { return nil }
    var gradient = Gradient(kind: kind, colors: colors, locations: locations)
    if let start = point(reader, .start) { gradient.startPoint = start }
    if let end = point(reader, .end) { gradient.endPoint = end }
    return gradient
  }

  /// A shape layer's `path` or `shape`, stroke and fill.
  func describeShape(_ reader: ObjectReader) -> ShapeDescription {
    var outline = reader.get(.path, pixelPath)
    if let shapeNode = reader[.shape] {
      outline = decodeShapeGeometry(shapeNode, reader.path(.shape))
    }
    var strokeStyle = StrokeStyle()
    var strokeColor: Color?
    if let strokeNode = reader[.stroke],
      let stroke = object(strokeNode, reader.path(.stroke), .stroke)
    {
      strokeColor = colorOrDefault(stroke, .color)
      if let width = number(stroke, .width) { strokeStyle.width = width }
      if let cap = choice(stroke, .cap).flatMap(LineCap.init(rawValue:)) { strokeStyle.cap = cap }
      if let join = choice(stroke, .join).flatMap(LineJoin.init(rawValue:)) {
        strokeStyle.join = join
      }
      if let limit = number(stroke, .miterLimit) { strokeStyle.miterLimit = limit }
      if let dash = stroke.get(.dash, array) {
        strokeStyle.dashPattern = dash.enumerated().compactMap {
          elementNumber(stroke, .dash, $0.element, at: $0.offset)
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
      if let phase = number(stroke, .dashPhase) { strokeStyle.dashPhase = phase }
    }
    let fill = reader.get(.fill, color) ?? (strokeColor == nil ? .black : .clear)
    let rule = choice(reader, .fillRule).flatMap(FillRule.init(rawValue:)) ?? .nonZero
    return ShapeDescription(
      outline: outline, strokeColor: strokeColor, strokeStyle: strokeStyle, fill: fill,
      fillRule: rule, strokeStart: number(reader, .strokeStart),
      strokeEnd: number(reader, .strokeEnd))
  }

  private func decodeShapeGeometry(_ node: TemplateJSON, _ path: String) -> Path? {
    guard let reader = object(node, path, .shapeGeometry) else { return nil }
    guard !TemplateFormat.shapeGeometries.contains(where: reader.breaksRule),
      let kind = TemplateFormat.shapeGeometries.first(where: reader.has)
    else { return nil }
    switch kind {
    case .rect:
      guard let box = rect(reader, .rect) else { return nil }
      let radius = number(reader, .cornerRadius) ?? 0
      return radius > 0 ? Path(roundedRect: box, cornerRadius: radius) : Path(rect: box)
    case .ellipse:
      return rect(reader, .ellipse).map { Path(ellipseIn: $0) }
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
