import Foundation
import Reel

/// `shape`: a path or a geometry, filled and stroked.
struct TemplateShapeLayer: TemplateLayerKind {
  static let summary = "a path (`path`, SVG data, or `shape`'s geometry) filled and stroked"
  static let keys: [TemplateKeyFormat] = [
    .init(.path, .svgPath, "SVG path data."),
    .init(.shape, .object(.shapeGeometry)),
    .init(.fill, .named(.color)),
    .init(.fillRule, .choice(TemplateFormat.fillRules), "Fill rule."),
    .init(.stroke, .object(.stroke)),
    .init(.strokeStart, .named(.unit)),
    .init(.strokeEnd, .named(.unit)),
  ]
  static let rules: [TemplateKeyRule] = [
    .oneOf([(requires: [.path], forbids: []), (requires: [.shape], forbids: [])])
  ]

  var shape: ShapeDescription

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self {
    Self(shape: describer.describeShape(reader))
  }

  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {
    let shaped = Layer.shape(
      shape.outline ?? Path(), frame: layer.properties.frame, fillColor: shape.fill,
      strokeColor: shape.strokeColor, lineWidth: shape.strokeStyle.width,
      fillRule: shape.fillRule, strokeStyle: shape.strokeStyle)
    layer.content = shaped.content
    layer.properties.fillColor = shaped.properties.fillColor
    layer.properties.strokeColor = shaped.properties.strokeColor
    layer.properties.lineWidth = shaped.properties.lineWidth
    layer.properties.miterLimit = shaped.properties.miterLimit
    layer.properties.lineDashPhase = shaped.properties.lineDashPhase
    if let start = shape.strokeStart { layer.properties.strokeStart = start }
    if let end = shape.strokeEnd { layer.properties.strokeEnd = end }
  }
}

/// A shape layer's outline and paint.
struct ShapeDescription: Sendable {
  var outline: Path?
  var strokeColor: Color?
  var strokeStyle: StrokeStyle
  var fill: Color
  var fillRule: FillRule
  var strokeStart: Double?
  var strokeEnd: Double?
}

extension TemplateObjectFormat {
  /// A shape's stroke.
  static let stroke = TemplateObjectFormat(
    schemaName: TemplateObjectKind.stroke.rawValue, doc: "A shape's stroke.",
    keys: [
      .init(.color, .named(.color), default: .name("black")),
      .init(.width, .pixels(PixelLimits.lineWidth)),
      .init(.cap, .choice(TemplateFormat.lineCaps), "Line cap."),
      .init(.join, .choice(TemplateFormat.lineJoins), "Line join."),
      .init(.miterLimit, .number(.positive)),
      .init(.dash, .list(.pixels(PixelLimits.dashLength))),
      .init(.dashPhase, .pixels(PixelLimits.coordinate)),
    ])

  /// A shape given by its geometry instead of path data.
  static let shapeGeometry = TemplateObjectFormat(
    schemaName: TemplateObjectKind.shapeGeometry.rawValue, doc: "A rectangle, ellipse or polygon.",
    keys: [
      .init(.rect, .named(.rect)),
      .init(.cornerRadius, .pixels(PixelLimits.radius)),
      .init(.ellipse, .named(.rect)),
      .init(.polygon, .array(.named(.point), minItems: 3)),
    ],
    rules: [
      .oneOf([
        (requires: [.rect], forbids: []), (requires: [.ellipse], forbids: [.cornerRadius]),
        (requires: [.polygon], forbids: [.cornerRadius]),
      ])
    ])
}

extension TemplateDescriber {
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
