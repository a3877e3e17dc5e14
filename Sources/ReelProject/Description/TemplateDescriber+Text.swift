import Foundation
import Reel

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
      if let size = number(font, .size) { style.fontSize = size }
      if let weight = integer(font, .weight) { style.weight = weight }
      if let italic = font.get(.italic, bool) { style.italic = italic }
    }
    if let color = reader.get(.color, color) { style.color = color }
    if let align = choice(reader, .align).flatMap(TextAlignment.init(rawValue:)) {
      style.alignment = align
    }
    if let wrap = reader.get(.wrap, bool) { style.wraps = wrap }
    if let spacing = number(reader, .lineSpacing) { style.lineSpacing = spacing }
    if let underline = reader.get(.underline, bool) { style.underline = underline }
    if let outlineNode = reader[.outline],
      let outline = object(outlineNode, reader.path(.outline), .outline)
    {
      style.strokeColor = colorOrDefault(outline, .color)
      if let width = number(outline, .width) { style.strokeWidth = width }
    }
    if let shadowNode = reader[.textShadow] {
      style.shadow = decodeShadow(shadowNode, reader.path(.textShadow))
    }
    if let boxNode = reader[.box],
      let box = object(boxNode, reader.path(.box), .box)
    {
      var background = TextBackground(color: colorOrDefault(box, .color))
      if let padding = number(box, .padding) { background.padding = padding }
      if let radius = number(box, .cornerRadius) { background.cornerRadius = radius }
      style.background = background
    }
    if let truncation = choice(reader, .truncation).flatMap(TextTruncation.init(rawValue:)) {
      style.truncation = truncation
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
