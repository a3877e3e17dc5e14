import Foundation
import Reel

/// `group` (the default type): no content of its own.
struct TemplateGroupLayer: TemplateLayerKind {
  static let summary = "no content of its own: `background`, `border` and `layers`"
  static let keys: [TemplateKeyFormat] = []

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self { Self() }

  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {}
}
