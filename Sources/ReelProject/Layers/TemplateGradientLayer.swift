import Foundation
import Reel

/// `gradient`: a gradient filling the bounds.
struct TemplateGradientLayer: TemplateLayerKind {
  static let summary = "a gradient filling the bounds"
  static let keys: [TemplateKeyFormat] = [
    .init(.gradient, .object(.gradient), required: true)
  ]

  var gradient: Gradient?

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self {
    Self(gradient: reader.get(.gradient, describer.decodeGradient))
  }

  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {
    if let gradient { layer.content = .gradient(gradient) }
  }
}

extension TemplateObjectFormat {
  /// A gradient layer's gradient.
  static let gradient = TemplateObjectFormat(
    schemaName: TemplateObjectKind.gradient.rawValue, doc: "A gradient.",
    keys: [
      .init(
        .kind, .choice(TemplateFormat.gradientKinds), default: .name("axial"),
        "Gradient kind."),
      .init(.colors, .array(.named(.color), minItems: 1), required: true),
      .init(.locations, .list(.named(.unit))),
      .init(.start, .named(.unitPoint)),
      .init(.end, .named(.unitPoint)),
    ])
}

extension TemplateDescriber {
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
}
