import Foundation
import Reel

extension TemplateDescriber {
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
