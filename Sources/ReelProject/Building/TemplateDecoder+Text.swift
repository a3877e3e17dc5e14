import Foundation
import Reel

extension TemplateDecoder {
  /// A text layer's content: `text` or `runs`, with its style; warns when the text's first
  /// line is taller than the layer (`size`, pixels), which then shows only its top part.
  func decodeText(_ reader: ObjectReader, size: Size) -> LayerContent {
    var text = StyledText("")
    if reader.has(.text), reader.has(.runs) {
      problem(reader.path, "give either \"text\" or \"runs\", not both", at: reader.node)
    } else if !reader.has(.text), !reader.has(.runs) {
      problem(reader.path, "missing required key 'text' (or 'runs')", at: reader.node)
    }
    if let string = reader.get(.text, string) { text = StyledText(string) }
    if let runs = reader.get(.runs, array) {
      text = StyledText(
        runs: runs.enumerated().compactMap {
          decodeRun($0.element, TemplatePath.join(reader.path(.runs), $0.offset))
        })
    }
    let style = decodeTextStyle(reader)
    guard
      checkTextLength(
        text.string, reader.path(reader.has(.runs) ? .runs : .text), at: reader.node)
    else { return .text(text, style) }
    if size.height > 0, !text.string.isEmpty,
      let overflow = try? TextRenderer.measure(
        text, style: style, width: size.width > 0 ? size.width : nil, height: size.height
      ).overflow
    {
      warn(reader.path, overflow.description)
    }
    return .text(text, style)
  }

  /// Reports a text longer than one text layer lays out (``TextRenderer/maximumCharacterCount``).
  ///
  /// - Returns: Whether the text is within the limit.
  func checkTextLength(_ string: String, _ path: String, at node: TemplateJSON?) -> Bool {
    let characters = string.unicodeScalars.count
    guard characters > TextRenderer.maximumCharacterCount else { return true }
    problem(
      path,
      "is \(characters) characters long; a text layer holds at most \(TextRenderer.maximumCharacterCount): split it over several layers",
      at: node)
    return false
  }

  private func decodeRun(_ node: TemplateJSON, _ path: String) -> TextRun? {
    guard
      let run = object(node, path, .run)
    else { return nil }
    guard let text = run.get(.text, string) else { return nil }
    let family = run.get(.family, string)
    if let family, let node = run[.family] { checkFamily(family, run.path(.family), node) }
    return TextRun(
      text, bold: run.get(.bold, bool), italic: run.get(.italic, bool),
      underline: run.get(.underline, bool), color: run.get(.color, color),
      fontSize: run.get(.size) { self.pixels($0, $1, PixelLimits.fontSize) }, fontFamily: family)
  }

  /// The text style keys of a text layer or a subtitle style.
  func decodeTextStyle(_ reader: ObjectReader) -> TextStyle {
    var style = TextStyle()
    if let fontNode = reader[.font],
      let font = object(fontNode, reader.path(.font), .font)
    {
      if let family = font.get(.family, string) {
        style.fontFamily = family
        if !font.has(.file), let node = font[.family] {
          checkFamily(family, font.path(.family), node)
        }
      }
      if let fileNode = font[.file], let file = string(fileNode, font.path(.file)) {
        let resolved = resolve(file)
        style.fontFile = resolved
        if let problem = files.fontFileProblem(resolved) {
          warn(
            font.path(.file),
            "\(problem); the text will use the family \"\(style.fontFamily)\" or a fallback font"
          )
        }
      }
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
    return style
  }

  /// Warns when a font family is not installed (the text will fall back).
  func checkFamily(_ family: String, _ path: String, _ node: TemplateJSON) {
    guard !files.isFamilyInstalled(family) else { return }
    warn(path, "the font family \"\(family)\" is not installed; the text will use a fallback font")
  }
}
