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

/// A text layer's text and style.
struct TextDescription: Sendable {
  var text: StyledText
  var style: TextStyleDescription
  /// The families named by `runs`, with their paths, checked in order.
  var runFamilies: [(family: String, path: String)]
  /// Whether the text is within what one layer lays out (the overflow is measured only then).
  var isWithinLength: Bool
  /// Where the text is written (the layer's path), for the overflow warning.
  var path: String
}

extension TemplateDescriber {
  /// A text layer's `text` or `runs`, with its style.
  func describeText(_ reader: ObjectReader) -> TextDescription {
    var text = StyledText("")
    if let string = reader.get(.text, string) { text = StyledText(string) }
    var runFamilies: [(family: String, path: String)] = []
    if let runs = reader.get(.runs, array) {
      text = StyledText(
        runs: runs.enumerated().compactMap {
          describeRun(
            $0.element, TemplatePath.join(reader.path(.runs), $0.offset), families: &runFamilies)
        })
    }
    let style = describeTextStyle(reader)
    let withinLength = checkTextLength(
      text.string,
      at: TemplateLocation(reader.path(reader.has(.runs) ? .runs : .text), reader.node))
    return TextDescription(
      text: text, style: style, runFamilies: runFamilies, isWithinLength: withinLength,
      path: reader.path)
  }

  private func describeRun(
    _ node: TemplateJSON, _ path: String, families: inout [(family: String, path: String)]
  ) -> TextRun? {
    guard let run = object(node, path, .run) else { return nil }
    guard let text = run.get(.text, string) else { return nil }
    let family = run.get(.family, string)
    if let family, run.has(.family) { families.append((family, run.path(.family))) }
    return TextRun(
      text, bold: run.get(.bold, bool), italic: run.get(.italic, bool),
      underline: run.get(.underline, bool), color: run.get(.color, color),
      fontSize: number(run, .size), fontFamily: family)
  }
}
