import Foundation
import Reel

/// `color`: a group whose background is its `color`.
struct TemplateColorLayer: TemplateLayerKind {
  static let summary = "fills the layer with `color` (the same as `background`)"
  static let keys: [TemplateKeyFormat] = [
    .init(.color, .named(.color), "The colour (color layers) or the text colour (text layers).")
  ]

  /// The fill (nil: the layer's background).
  var fill: Color?

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self {
    Self(fill: reader.get(.color, describer.color))
  }

  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {
    if let fill { layer.properties.backgroundColor = fill }
  }
}
