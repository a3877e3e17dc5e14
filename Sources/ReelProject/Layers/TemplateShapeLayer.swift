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
