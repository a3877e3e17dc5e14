/// How word-level captions look: the font and layout of a page, and one ``CaptionWordStyle``
/// for each state a word can be in (already spoken, being spoken, still to come).
///
/// The page's words are laid out as one paragraph by the text engine (wrapped at the
/// caption box's width, aligned by `text.alignment`); each word is then drawn in its
/// state's style at its place, the active one last and scaled by its pop.
public struct CaptionStyle: Sendable, Hashable {
  /// The font, size, weight, alignment and line spacing of every word, and the colour,
  /// outline and shadow a word state does not replace.
  public var text: TextStyle
  /// Words whose interval ended before the time.
  public var spoken: CaptionWordStyle
  /// The word whose interval holds the time.
  public var active: CaptionWordStyle
  /// Words whose interval starts after the time.
  public var upcoming: CaptionWordStyle
  /// Shows every word in capitals (as ``displayText(_:)`` makes them).
  public var uppercase: Bool
  /// The most lines a page may take; a page that would need more ends earlier.
  public var maximumLines: Int
  /// Font families tried, in order, for characters the main font lacks, before the
  /// system's own fallback (colour emoji first, so emoji do not come out as boxes or in a
  /// monochrome font).
  public var fallbackFamilies: [String]
  /// The spring of the active word's pop: stiffness k with mass 1 (default 300).
  public var popStiffness: Double
  /// The spring of the active word's pop: damping coefficient c (default 15; below
  /// 2√k it overshoots).
  public var popDamping: Double

  /// Makes a caption style.
  ///
  /// - Parameters:
  ///   - text: Font, size (pixels), weight, alignment (default centred) and line spacing.
  ///   - spoken: Style of words already spoken.
  ///   - active: Style of the word being spoken.
  ///   - upcoming: Style of words still to come.
  ///   - uppercase: Whether words are shown in capitals.
  ///   - maximumLines: The most lines of one page (at least 1).
  ///   - fallbackFamilies: Families for characters the font lacks, tried first.
  ///   - popStiffness: The pop spring's stiffness (mass 1).
  ///   - popDamping: The pop spring's damping.
  public init(
    text: TextStyle = TextStyle(fontSize: 64, weight: 700, alignment: .center),
    spoken: CaptionWordStyle = CaptionWordStyle(color: .white),
    active: CaptionWordStyle = CaptionWordStyle(color: Color(red: 1, green: 0.84, blue: 0)),
    upcoming: CaptionWordStyle = CaptionWordStyle(color: .white),
    uppercase: Bool = false, maximumLines: Int = 2,
    fallbackFamilies: [String] = CaptionStyle.emojiFamilies, popStiffness: Double = 300,
    popDamping: Double = 15
  ) {
    self.text = text
    self.spoken = spoken
    self.active = active
    self.upcoming = upcoming
    self.uppercase = uppercase
    self.maximumLines = maximumLines
    self.fallbackFamilies = fallbackFamilies
    self.popStiffness = popStiffness
    self.popDamping = popDamping
  }

  /// The colour emoji families tried by default for characters the main font lacks.
  public static let emojiFamilies = ["Noto Color Emoji", "Apple Color Emoji", "Twemoji"]

  /// The style of a word in `state`.
  public func style(of state: CaptionWordState) -> CaptionWordStyle {
    switch state {
    case .spoken: spoken
    case .active: active
    case .upcoming: upcoming
    }
  }

  /// A word as the caption shows it (in capitals when ``uppercase``).
  public func displayText(_ word: String) -> String {
    uppercase ? word.uppercased() : word
  }

  /// The text style a word in `state` is drawn with, at `scale` times the font size.
  public func textStyle(of state: CaptionWordState, scale: Double = 1) -> TextStyle {
    let word = style(of: state)
    var style = text
    style.fontFamily = ([text.fontFamily] + fallbackFamilies).joined(separator: ",")
    style.color = word.color
    style.fontSize = text.fontSize * scale
    style.wraps = false
    style.truncation = .none
    style.underline = false
    if let color = word.outlineColor, word.outlineWidth > 0 {
      style.strokeColor = color
      style.strokeWidth = word.outlineWidth * scale
    } else {
      style.strokeColor = nil
      style.strokeWidth = 0
    }
    style.shadow = word.shadow
    style.background = word.background.map {
      TextBackground(
        color: $0.color, padding: $0.padding * scale, cornerRadius: $0.cornerRadius * scale)
    }
    return style
  }
}

/// How a word in one state looks: its colour, a pill behind it, its outline and shadow, and
/// how much it grows (only the active word pops; spoken and upcoming words keep scale 1).
public struct CaptionWordStyle: Sendable, Hashable {
  /// Fill colour of the glyphs.
  public var color: Color
  /// A box behind the word (a pill with a corner radius), around its line box plus padding.
  public var background: TextBackground?
  /// Outline colour (nil: none).
  public var outlineColor: Color?
  /// Outline width in pixels.
  public var outlineWidth: Double
  /// Drop shadow of the glyphs and outline.
  public var shadow: Shadow?
  /// The size the word springs to, as a multiple of the font size (1: no pop).
  public var scale: Double

  /// Makes a word style.
  public init(
    color: Color, background: TextBackground? = nil, outlineColor: Color? = nil,
    outlineWidth: Double = 0, shadow: Shadow? = nil, scale: Double = 1
  ) {
    self.color = color
    self.background = background
    self.outlineColor = outlineColor
    self.outlineWidth = outlineWidth
    self.shadow = shadow
    self.scale = scale
  }
}

/// Where a caption page sits vertically in the caption's box.
public enum CaptionPlacement: String, Sendable, Hashable, CaseIterable {
  /// Lines start at the box's top.
  case top
  /// Lines are centred in the box.
  case middle
  /// Lines end at the box's bottom.
  case bottom
}

/// Where a word stands at a time: already spoken, being spoken, or still to come.
public enum CaptionWordState: String, Sendable, Hashable, CaseIterable {
  /// The word's interval ended at or before the time.
  case spoken
  /// The word's interval holds the time (start ≤ t < end).
  case active
  /// The word's interval starts after the time.
  case upcoming
}

/// How the words of a caption page become one line of text: the one rule for the spaces
/// between words, used for laying pages out and for counting their characters.
public enum CaptionText {
  /// The page's text: the words in order, with a space between two words unless both
  /// sides of the joint are characters of a script written without spaces (Han, kana,
  /// Thai, Lao, Khmer, Myanmar, Tibetan) or one side is a CJK full-width punctuation mark;
  /// words keep their own characters (Whisper's leading spaces are trimmed).
  ///
  /// - Returns: The text and each word's range of UTF-8 bytes in it.
  public static func joined(_ words: [String]) -> (text: String, ranges: [Range<Int>]) {
    var text = ""
    var ranges: [Range<Int>] = []
    var length = 0
    var previous: Character?
    for word in words {
      let trimmed = trimmed(word)
      if let previous, let first = trimmed.first, needsSpace(after: previous, before: first) {
        text += " "
        length += 1
      }
      let start = length
      text += trimmed
      length += trimmed.utf8.count
      ranges.append(start..<length)
      if let last = trimmed.last { previous = last }
    }
    return (text, ranges)
  }

  /// A word without the white space around it.
  public static func trimmed(_ word: String) -> String {
    let scalars = word.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }

  /// Whether a space separates a word ending in `previous` from one starting with `next`.
  public static func needsSpace(after previous: Character, before next: Character) -> Bool {
    if isClosingPunctuationWithoutSpace(next) || isClosingPunctuationWithoutSpace(previous) {
      return false
    }
    return !(isWrittenWithoutSpaces(previous) && isWrittenWithoutSpaces(next))
  }

  /// Characters of scripts written without spaces between words.
  static func isWrittenWithoutSpaces(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x0E00...0x0EFF,  // Thai, Lao
      0x0F00...0x0FFF,  // Tibetan
      0x1000...0x109F,  // Myanmar
      0x1780...0x17FF,  // Khmer
      0x2E80...0x2FDF,  // CJK radicals
      0x3000...0x303F,  // CJK symbols and punctuation
      0x3040...0x30FF,  // Hiragana, Katakana
      0x3100...0x312F,  // Bopomofo
      0x31F0...0x31FF,  // Katakana extensions
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFF00...0xFFEF,  // full-width forms
      0x20000...0x3134F:  // CJK extensions B–G
      return true
    default:
      return false
    }
  }

  /// Punctuation with no space on either side (CJK full-width marks), whatever the other
  /// side's script.
  static func isClosingPunctuationWithoutSpace(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x3001, 0x3002, 0xFF01, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F, 0x300D, 0x300F: return true
    default: return false
    }
  }
}
