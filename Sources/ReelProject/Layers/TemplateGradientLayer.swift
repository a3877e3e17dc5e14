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
