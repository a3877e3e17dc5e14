import Foundation
import Reel

/// `text`: styled text laid out in the bounds.
struct TemplateTextLayer: TemplateLayerKind {
  static let summary =
    "text (`text` or `runs`) in a style, laid out in the frame and drawn inside it"
  static let keys: [TemplateKeyFormat] =
    [.init(.text, .string), .init(.runs, .list(.object(.run)))]
    + TemplateObjectFormat.textStyleKeys
  static let rules: [TemplateKeyRule] = [
    .oneOf([(requires: [.text], forbids: []), (requires: [.runs], forbids: [])])
  ]

  var text: TextDescription

  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self {
    Self(text: describer.describeText(reader))
  }

  func resolve(by resolver: TemplateResolver, into resolved: inout ResolvedLayerFiles) {
    for run in text.runFamilies { resolver.checkFamily(run.family, into: &resolved) }
    resolver.resolve(text.style, into: &resolved)
  }

  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {
    layer.content = builder.buildText(text, size: layer.properties.bounds.size, files: files)
  }
}
