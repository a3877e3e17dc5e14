import Foundation
import Reel

extension TemplateDescriber {
  /// A text layer's `text` or `runs`, with its style.
  func describeText(_ reader: ObjectReader) -> TextDescription {
    var text = StyledText("")
    if reader.has(.text), reader.has(.runs) {
      problem(reader.path, "give either \"text\" or \"runs\", not both", at: reader.node)
    } else if !reader.has(.text), !reader.has(.runs) {
      problem(reader.path, "missing required key 'text' (or 'runs')", at: reader.node)
    }
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
      fontSize: run.get(.size) { self.pixels($0, $1, PixelLimits.fontSize) }, fontFamily: family)
  }

  /// The text style keys of a text layer or a subtitle style.
  func describeTextStyle(_ reader: ObjectReader) -> TextStyleDescription {
    var style = TextStyle()
    var fontFile: FileReference?
    var checkedFamily: (family: String, path: String)?
    if let fontNode = reader[.font],
      let font = object(fontNode, reader.path(.font), .font)
    {
      if let family = font.get(.family, string) {
        style.fontFamily = family
        if !font.has(.file) { checkedFamily = (family, font.path(.family)) }
      }
      if font.has(.file) { fontFile = fileReference(font, .file) }
      if let size = font.get(.size, { self.pixels($0, $1, PixelLimits.fontSize) }) {
        style.fontSize = size
      }
      let weights = TemplateFormat.fontWeightRange
      if let weight = font.get(.weight, { self.integer($0, $1, minimum: weights.lowerBound) }) {
        if weight > weights.upperBound {
          problem(
            font.path(.weight),
            "must be between \(weights.lowerBound) and \(weights.upperBound) (got \(weight))",
            at: font[.weight])
        } else {
          style.weight = weight
        }
      }
      if let italic = font.get(.italic, bool) { style.italic = italic }
    }
    if let color = reader.get(.color, color) { style.color = color }
    if let align = reader.get(.align, { self.choice($0, $1, TemplateFormat.alignments) }) {
      style.alignment = TextAlignment(rawValue: align) ?? .left
    }
    if let wrap = reader.get(.wrap, bool) { style.wraps = wrap }
    if let spacing = reader.get(.lineSpacing, { self.pixels($0, $1, PixelLimits.lineSpacing) }) {
      style.lineSpacing = spacing
    }
    if let underline = reader.get(.underline, bool) { style.underline = underline }
    if let outlineNode = reader[.outline],
      let outline = object(outlineNode, reader.path(.outline), .outline)
    {
      style.strokeColor = outline.get(.color, color) ?? .black
      if let width = outline.get(.width, { self.pixels($0, $1, PixelLimits.outlineWidth) }) {
        style.strokeWidth = width
      }
    }
    if let shadowNode = reader[.textShadow] {
      style.shadow = decodeShadow(shadowNode, reader.path(.textShadow))
    }
    if let boxNode = reader[.box],
      let box = object(boxNode, reader.path(.box), .box)
    {
      var background = TextBackground(color: box.get(.color, color) ?? Color.black)
      if let padding = box.get(.padding, { self.pixels($0, $1, PixelLimits.padding) }) {
        background.padding = padding
      }
      if let radius = box.get(.cornerRadius, { self.pixels($0, $1, PixelLimits.radius) }) {
        background.cornerRadius = radius
      }
      style.background = background
    }
    if let truncation = reader.get(.truncation, { self.choice($0, $1, TemplateFormat.truncations) })
    {
      style.truncation = TextTruncation(rawValue: truncation) ?? .none
    }
    return TextStyleDescription(style: style, fontFile: fontFile, family: checkedFamily)
  }
}

extension TemplateChecking {
  /// Reports a text longer than one text layer lays out (``TextRenderer/maximumCharacterCount``).
  ///
  /// - Returns: Whether the text is within the limit.
  func checkTextLength(_ string: String, at location: TemplateLocation) -> Bool {
    let characters = string.unicodeScalars.count
    guard characters > TextRenderer.maximumCharacterCount else { return true }
    report.problem(
      "is \(characters) characters long; a text layer holds at most \(TextRenderer.maximumCharacterCount): split it over several layers",
      at: location)
    return false
  }
}
