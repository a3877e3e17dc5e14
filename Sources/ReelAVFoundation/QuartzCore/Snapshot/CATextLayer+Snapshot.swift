internal import ReelAnimation
internal import ReelCore
internal import ReelGraphics

extension CATextLayer {
  /// The text as Reel's styled text: a plain string in the layer's font, size, colour and
  /// alignment; an attributed string with its runs' attributes.
  func textSnapshot(_ context: LayerSnapshotContext) throws(CompatFailure) -> LayerContent {
    switch string {
    case nil:
      return try contentsSnapshot(context)
    case let text as String:
      return .text(StyledText(text), try plainStyle(context))
    case let text as NSString:
      return .text(StyledText(text as String), try plainStyle(context))
    case let text as NSAttributedString:
      let converted = try AttributedTextSnapshot(owner: context.description).convert(text)
      var style = converted.style
      style.wraps = isWrapped
      style.truncation = truncation
      if converted.alignment == nil { style.alignment = alignment }
      return .text(converted.text, style)
    case let other?:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description): string is a \(type(of: other)), not a String or an "
          + "NSAttributedString")
    }
  }

  /// The style of a plain string: the layer's font, size, colour, alignment, wrapping.
  private func plainStyle(_ context: LayerSnapshotContext) throws(CompatFailure) -> TextStyle {
    let face: TextFace
    switch font {
    case nil: face = TextFace(named: "Helvetica")
    case let uiFont as UIFont: face = TextFace(uiFont)
    case let cgFont as CGFont: face = TextFace(cgFont.face)
    case let ctFont as CTFont: face = TextFace(ctFont.request)
    case let name as NSString: face = TextFace(named: name as String)
    case let name as String: face = TextFace(named: name)
    case let other?:
      throw CompatFailure(
        .invalidVideoComposition,
        "\(context.description): font is a \(type(of: other)); Reel takes a font name, a "
          + "CGFont, a CTFont or a UIFont")
    }
    return TextStyle(
      fontFamily: face.family, fontSize: Double(fontSize), weight: face.weight,
      italic: face.isItalic, color: foregroundColor?.color ?? .clear, alignment: alignment,
      wraps: isWrapped, truncation: truncation)
  }

  private var alignment: TextAlignment {
    switch alignmentMode {
    case .right: .right
    case .center: .center
    case .justified: .justified
    default: .left
    }
  }

  private var truncation: TextTruncation {
    switch truncationMode {
    case .start: .start
    case .middle: .middle
    case .end: .end
    default: .none
    }
  }
}

/// A font family, weight and slant for Reel's text style.
struct TextFace: Hashable {
  var family: String
  var weight: Int
  var isItalic: Bool

  /// The face a UIFont stands for (its installed stand-in).
  init(_ font: UIFont) {
    family = font.family
    weight = font.weight
    isItalic = font.isItalic
  }

  /// The face a Core Text font was made for.
  init(_ request: GlyphFontRequest) {
    family = request.family
    weight = request.weight
    isItalic = request.italic
  }

  /// The face of a font name as a program writes it: `UIFont(name:size:)`'s installed face
  /// or stand-in (one owner of Apple's font names); a name that is no font at all falls back
  /// to Helvetica's stand-in, as Core Animation falls back to Helvetica.
  init(named name: String) {
    if let font = UIFont(name: name, size: 12) ?? UIFont(name: "Helvetica", size: 12) {
      self.init(font)
    } else {
      self.init(UIFont.systemFont(ofSize: 12))
    }
  }
}

/// Converts an attributed string's runs into Reel's styled text and one style.
struct AttributedTextSnapshot {
  /// The layer, for messages.
  var owner: String

  /// The text, the base style, and the paragraph alignment if the string sets one.
  struct Result {
    var text: StyledText
    var style: TextStyle
    var alignment: TextAlignment?
  }

  /// Core Text's defaults for runs without attributes: Helvetica 12, black.
  private static let defaultFace = TextFace(named: "Helvetica")
  private static let defaultSize = 12.0

  private struct Run {
    var text: String
    var face: TextFace
    var size: Double
    var color: Color
    var stroke: Stroke?
    var background: Color?
    var alignment: TextAlignment?
  }

  private struct Stroke: Hashable {
    var color: Color
    /// Outline width in pixels.
    var width: Double
    /// Whether the glyphs are filled too (a negative stroke width on Apple).
    var fills: Bool
  }

  func convert(_ string: NSAttributedString) throws(CompatFailure) -> Result {
    var runs: [Run] = []
    var failure: CompatFailure?
    string.enumerateAttributes(
      in: NSRange(location: 0, length: string.length), options: []
    ) { attributes, range, stop in
      do throws(CompatFailure) {
        let text = (string.string as NSString).substring(with: range)
        runs.append(try run(text, attributes))
      } catch {
        failure = error
        stop.pointee = true
      }
    }
    if let failure { throw failure }
    let visible = runs.filter { !$0.text.allSatisfy(\.isWhitespace) }
    let styled = visible.isEmpty ? runs : visible
    let strokes = Set(styled.map(\.stroke))
    let backgrounds = Set(styled.map(\.background))
    let alignments = Set(runs.compactMap(\.alignment))
    guard strokes.count <= 1 else {
      throw uniformFailure("stroke (strokeWidth and strokeColor)")
    }
    guard backgrounds.count <= 1 else { throw uniformFailure("backgroundColor") }
    guard alignments.count <= 1 else { throw uniformFailure("paragraph alignment") }

    let first = styled.first
    var style = TextStyle(
      fontFamily: first?.face.family ?? Self.defaultFace.family,
      fontSize: first?.size ?? Self.defaultSize, weight: first?.face.weight ?? 400,
      italic: first?.face.isItalic ?? false, color: first?.color ?? .black)
    if let stroke = strokes.first ?? nil {
      style.strokeColor = stroke.color
      style.strokeWidth = stroke.width
      if stroke.fills {
        CompatWarnings.warnOnce(
          key: "textStrokeOrder",
          "text with a negative strokeWidth (fill and stroke): Reel draws the outline under "
            + "the fill, so the fill covers its inner half (Apple strokes over the fill); the "
            + "outer edge is the same")
      }
    }
    if let background = backgrounds.first ?? nil {
      style.background = TextBackground(color: background, padding: 0)
    }
    if let alignment = alignments.first { style.alignment = alignment }
    let text = StyledText(
      runs: runs.map { run in
        var reelRun = TextRun(run.text)
        if run.face.family != style.fontFamily { reelRun.fontFamily = run.face.family }
        if run.size != style.fontSize { reelRun.fontSize = run.size }
        if run.face.weight != style.weight { reelRun.bold = run.face.weight >= 600 }
        if run.face.isItalic != style.italic { reelRun.italic = run.face.isItalic }
        let fill = run.stroke.map { $0.fills ? run.color : .clear } ?? run.color
        if fill != style.color { reelRun.color = fill }
        return reelRun
      })
    if let stroke = strokes.first ?? nil, !stroke.fills { style.color = .clear }
    return Result(text: text, style: style, alignment: alignments.first)
  }

  private func uniformFailure(_ what: String) -> CompatFailure {
    CompatFailure(
      .invalidVideoComposition,
      "\(owner): the attributed string's runs differ in \(what); Reel draws one \(what) per "
        + "text layer: split the text into one CATextLayer per style")
  }

  private func run(_ text: String, _ attributes: [NSAttributedString.Key: Any])
    throws(CompatFailure) -> Run
  {
    var face = Self.defaultFace
    var size = Self.defaultSize
    var color = Color.black
    var strokeColor: Color?
    var strokeWidth = 0.0
    var background: Color?
    var alignment: TextAlignment?
    for (key, value) in attributes where !Self.isAbsent(value) {
      switch key {
      case .font:
        // UIKit's key and Core Text's kCTFontAttributeName are both "NSFont".
        if let font = value as? UIFont {
          face = TextFace(font)
          size = Double(font.pointSize)
        } else if let font = value as? CTFont {
          face = TextFace(font.request)
          size = font.request.size
        } else {
          throw typeFailure(key, value, "a UIFont or a CTFont")
        }
      case .foregroundColor:
        guard let c = Self.color(value) else { throw typeFailure(key, value, "a UIColor") }
        color = c
      case .strokeColor:
        guard let c = Self.color(value) else { throw typeFailure(key, value, "a UIColor") }
        strokeColor = c
      case .strokeWidth:
        guard let number = AttributeDictionary.number(value) else {
          throw typeFailure(key, value, "a number")
        }
        strokeWidth = number
      case .backgroundColor:
        guard let c = Self.color(value) else { throw typeFailure(key, value, "a UIColor") }
        background = c
      case .paragraphStyle:
        guard let a = Self.alignment(of: value) else {
          throw typeFailure(key, value, "an NSParagraphStyle")
        }
        alignment = a
        if let style = value as? NSParagraphStyle {
          Self.warnAboutLines(style, owner: owner)
        }
      default:
        throw CompatFailure(
          .invalidVideoComposition,
          "\(owner): the attributed string uses the attribute \"\(key.rawValue)\", which Reel "
            + "does not draw; it draws .font, .foregroundColor, .strokeColor, .strokeWidth, "
            + ".backgroundColor and .paragraphStyle (alignment)")
      }
    }
    // Apple: the stroke width is a percentage of the font size; negative fills and strokes,
    // positive strokes only; no stroke colour means the foreground colour.
    let stroke: Stroke? =
      strokeWidth == 0
      ? nil
      : Stroke(
        color: strokeColor ?? color, width: abs(strokeWidth) / 100 * size,
        fills: strokeWidth < 0)
    return Run(
      text: text, face: face, size: size, color: color, stroke: stroke, background: background,
      alignment: alignment)
  }

  private func typeFailure(_ key: NSAttributedString.Key, _ value: Any, _ expected: String)
    -> CompatFailure
  {
    CompatFailure(
      .invalidVideoComposition,
      "\(owner): the attribute \"\(key.rawValue)\" is a \(type(of: value)), not \(expected)")
  }

  /// Whether an attribute value is nil wrapped in `Any` (`UIFont(name:size:) as Any` for a
  /// font that does not exist) or `NSNull`: Apple's bridge passes NSNull and Core Text
  /// ignores it, so the run keeps the default.
  private static func isAbsent(_ value: Any) -> Bool {
    if value is NSNull { return true }
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
  }

  private static func color(_ value: Any) -> Color? {
    if let color = value as? UIColor { return color.color }
    if let color = value as? CGColor { return color.color }
    return nil
  }

  /// Warns about the paragraph settings Reel's text renderer does not draw.
  static func warnAboutLines(_ style: NSParagraphStyle, owner: String) {
    if style.lineHeightMultiple != 0 && style.lineHeightMultiple != 1 || style.lineSpacing != 0 {
      CompatWarnings.warnOnce(
        key: "lineHeight|\(owner)",
        "\(owner): lineHeightMultiple \(style.lineHeightMultiple) / lineSpacing \(style.lineSpacing) are not drawn: Reel sets lines at the font's own height (multi-line text is spaced differently from Apple)"
      )
    }
    if ![.byWordWrapping, .byClipping].contains(style.lineBreakMode) {
      CompatWarnings.warnOnce(
        key: "lineBreak|\(owner)",
        "\(owner): lineBreakMode \(style.lineBreakMode) is drawn as the layer's isWrapped / truncationMode say (set truncationMode for an ellipsis)"
      )
    }
  }

  /// A paragraph style's alignment (natural is left, as in a left-to-right string).
  static func alignment(of style: Any) -> TextAlignment? {
    guard let style = style as? NSParagraphStyle else { return nil }
    switch style.alignment {
    case .left, .natural: return .left
    case .center: return .center
    case .right: return .right
    case .justified: return .justified
    }
  }
}
