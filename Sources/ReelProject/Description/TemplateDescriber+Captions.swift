import Foundation
import Reel

/// One `captions` entry, checked: the word-timing file, the paging rules, the look and the
/// box.
struct CaptionTrackDescription: Sendable {
  /// Where the entry is written.
  var location: TemplateLocation
  /// `file` (nil when it has a problem).
  var file: FileReference?
  /// `format`, nil to detect it.
  var format: WordTimingFormat?
  /// `start`: where the file's time 0 lands in the movie.
  var start: Time
  /// The look; its text style's font file is in ``textStyle``.
  var style: CaptionStyle
  /// `style`, with its font file and checked family.
  var textStyle: TextStyleDescription
  /// `position`.
  var placement: CaptionPlacement
  /// `frame`, nil for the render frame less `margin`, `width` wide.
  var frame: Rect?
  /// `margin`, pixels.
  var margin: Double
  /// `width`, a fraction of the render width.
  var widthFraction: Double
  /// `words`, `characters`, `pause`.
  var paging: CaptionPaging
}

extension TemplateDescriber {
  /// `captions`: nil when the template has none.
  func describeCaptions(_ top: ObjectReader) -> [CaptionTrackDescription]? {
    guard let node = top[.captions] else { return nil }
    let path = TemplateKey.captions.rawValue
    guard let elements = array(node, path) else { return [] }
    return elements.enumerated().compactMap {
      describeCaptionTrack($0.element, TemplatePath.join(path, $0.offset))
    }
  }

  private func describeCaptionTrack(_ node: TemplateJSON, _ path: String)
    -> CaptionTrackDescription?
  {
    guard let reader = object(node, path, .captions) else { return nil }
    let defaults = CaptionStyle()
    var textStyle = TextStyleDescription(style: defaults.text, fontFile: nil, family: nil)
    if let styleNode = reader[.style],
      let styleReader = object(styleNode, reader.path(.style), .textStyle)
    {
      textStyle = describeTextStyle(styleReader)
      // What a caption style keeps of the text style's defaults when not given.
      if !styleReader.has(.align) { textStyle.style.alignment = defaults.text.alignment }
      if !hasFontKey(styleReader, .size) { textStyle.style.fontSize = defaults.text.fontSize }
      if !hasFontKey(styleReader, .weight) { textStyle.style.weight = defaults.text.weight }
      // Keys of a text layer's style that captions have in another form.
      for (key, instead) in [
        (
          TemplateKey.box,
          "give a word state a `box` (`active.box` for a pill behind the spoken word)"
        ),
        (.wrap, "caption lines always wrap at the box's width"),
        (.truncation, "a page that does not fit its `lines` ends earlier instead"),
      ] where styleReader.has(key) {
        problem(
          styleReader.path(key), "captions do not use a style's \"\(key.rawValue)\": \(instead)",
          at: styleReader[key])
      }
    }
    var style = defaults
    style.text = textStyle.style
    let base = CaptionWordStyle(
      color: textStyle.style.color, outlineColor: textStyle.style.strokeColor,
      outlineWidth: textStyle.style.strokeWidth, shadow: textStyle.style.shadow)
    style.spoken = describeWordStyle(wordReader(reader, .spoken, .captionWord), base: base)
    var activeBase = base
    activeBase.color = defaults.active.color
    let active = wordReader(reader, .active, .activeWord)
    style.active = describeWordStyle(active, base: activeBase)
    if let active {
      style.active.scale = numberOrDefault(active, .scale)
      style.popStiffness = numberOrDefault(active, .stiffness)
      style.popDamping = numberOrDefault(active, .damping)
    }
    style.upcoming = describeWordStyle(wordReader(reader, .upcoming, .captionWord), base: base)
    style.uppercase = boolOrDefault(reader, .uppercase)
    if let lines = integer(reader, .lines) { style.maximumLines = lines }
    if let fallbackNode = reader[.fallback],
      let families = array(fallbackNode, reader.path(.fallback))
    {
      style.fallbackFamilies = families.enumerated().compactMap {
        string($0.element, TemplatePath.join(reader.path(.fallback), $0.offset))
      }
    }
    var paging = CaptionPaging(maximumWords: nil, maximumCharacters: nil, maximumPause: nil)
    paging.maximumWords = integer(reader, .words) ?? CaptionPaging().maximumWords
    paging.maximumCharacters = integer(reader, .characters)
    paging.maximumPause = timeOrDefault(reader, .pause).seconds
    return CaptionTrackDescription(
      location: TemplateLocation(path, node),
      file: reader.has(.file) ? fileReference(reader, .file) : nil,
      format: choice(reader, .format).flatMap(WordTimingFormat.init(rawValue:)),
      start: timeOrDefault(reader, .start), style: style, textStyle: textStyle,
      placement: CaptionPlacement(rawValue: choiceOrDefault(reader, .position)) ?? .bottom,
      frame: rect(reader, .frame), margin: numberOrDefault(reader, .margin),
      widthFraction: numberOrDefault(reader, .width), paging: paging)
  }

  /// Whether the style's `font` object has `key`.
  private func hasFontKey(_ style: ObjectReader, _ key: TemplateKey) -> Bool {
    style[.font]?.members?.contains { $0.key == key.rawValue } ?? false
  }

  /// The reader of a word state's object (`spoken`, `active`, `upcoming`), nil without one.
  private func wordReader(_ reader: ObjectReader, _ key: TemplateKey, _ kind: TemplateObjectKind)
    -> ObjectReader?
  {
    reader[key].flatMap { object($0, reader.path(key), kind) }
  }

  /// A word state: its keys over `base`.
  private func describeWordStyle(_ word: ObjectReader?, base: CaptionWordStyle)
    -> CaptionWordStyle
  {
    var style = base
    guard let word else { return style }
    if let color = word.get(.color, color) { style.color = color }
    if let boxNode = word[.box], let box = object(boxNode, word.path(.box), .box) {
      var background = TextBackground(color: colorOrDefault(box, .color))
      if let padding = number(box, .padding) { background.padding = padding }
      if let radius = number(box, .cornerRadius) { background.cornerRadius = radius }
      style.background = background
    }
    if let outlineNode = word[.outline],
      let outline = object(outlineNode, word.path(.outline), .outline)
    {
      style.outlineColor = colorOrDefault(outline, .color)
      if let width = number(outline, .width) { style.outlineWidth = width }
    }
    if let shadowNode = word[.textShadow] {
      style.shadow = decodeShadow(shadowNode, word.path(.textShadow))
    }
    return style
  }
}
