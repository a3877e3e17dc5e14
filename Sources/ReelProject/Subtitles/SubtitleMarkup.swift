/// Cue text with its markup read into styled runs.
///
/// Understood: `<b>`, `<i>`, `<u>` (any case), `<font color="…" face="…">`, WebVTT classes
/// naming CSS colours on any tag (`<c.yellow>`), `<v Speaker>` (the speaker is collected),
/// `<lang …>`, `<ruby>` (the `<rt>` annotation text is dropped), `<br>`, karaoke timestamps
/// (`<00:00:01.000>`, dropped), HTML entities, and in SRT the ASS override blocks
/// (`{\an8}`), which are removed and whose `\anN` alignment is kept. Unknown tags are
/// removed (reported once per name); unclosed tags end with the cue; a closing tag closes
/// the latest open tag of its name and any opened after it.
struct SubtitleMarkup {
  /// The styled text.
  var text: StyledText
  /// Speakers from `<v>` tags, in order of first appearance.
  var speakers: [String]
  /// The last ASS `\anN` numeric-keypad alignment in the text (SRT only).
  var keypadAlignment: Int?

  /// Style overrides carried by an open tag.
  private struct RunStyle: Hashable {
    var bold: Bool?
    var italic: Bool?
    var underline: Bool?
    var color: Color?
    var fontFamily: String?

    /// This style with the non-nil fields of `other` laid over it.
    func overlaid(with other: RunStyle) -> RunStyle {
      RunStyle(
        bold: other.bold ?? bold, italic: other.italic ?? italic,
        underline: other.underline ?? underline, color: other.color ?? color,
        fontFamily: other.fontFamily ?? fontFamily)
    }
  }

  /// An open tag.
  private struct Element {
    var name: String
    var style: RunStyle
  }

  /// Reads a cue's text lines.
  ///
  /// - Parameters:
  ///   - lines: The cue's text lines with their 1-based line numbers.
  ///   - format: The file's format (ASS codes are read in SRT only).
  ///   - report: Called for each oddity with a key (warnings with the same key are given
  ///     once per file; nil for always), the line and the message.
  /// - Returns: The styled text, speakers and alignment.
  static func parse(
    lines: [(text: String, line: Int)], format: SubtitleFormat,
    report: (_ onceKey: String?, _ line: Int, _ message: String) -> Void
  ) -> SubtitleMarkup {
    let characters = Array(lines.map(\.text).joined(separator: "\n"))
    var lineIndex = 0
    var stack: [Element] = []
    var runs: [TextRun] = []
    var pending = ""
    var pendingStyle = RunStyle()
    var speakers: [String] = []
    var keypad: Int?

    func lineNumber() -> Int { lines.isEmpty ? 0 : lines[min(lineIndex, lines.count - 1)].line }

    func flush() {
      guard !pending.isEmpty else { return }
      runs.append(
        TextRun(
          pending, bold: pendingStyle.bold, italic: pendingStyle.italic,
          underline: pendingStyle.underline, color: pendingStyle.color,
          fontFamily: pendingStyle.fontFamily))
      pending = ""
    }

    func emit(_ text: String) {
      guard !stack.contains(where: { $0.name == "rt" }) else { return }
      let style = stack.reduce(RunStyle()) { $0.overlaid(with: $1.style) }
      if style != pendingStyle {
        flush()
        pendingStyle = style
      }
      pending += text
    }

    func openTag(_ content: String) {
      if content.hasPrefix("/") {
        let name = tagName(content.dropFirst())
        if let open = stack.lastIndex(where: { $0.name == name }) {
          stack.removeSubrange(open...)
        }
        return
      }
      if content.first?.isSubtitleDigit == true { return }  // karaoke timestamp, checked above
      var body = Substring(content)
      let selfClosing = body.hasSuffix("/")
      if selfClosing { body = body.dropLast() }
      let head = body.prefix { $0 != " " && $0 != "\t" }
      let annotation = String(body.dropFirst(head.count).subtitleTrimmingSpaces())
      let name = tagName(head)
      var style = RunStyle()
      for className in head.split(separator: ".", omittingEmptySubsequences: false).dropFirst() {
        if let color = Color.namedColors[className.lowercased()] { style.color = color }
      }
      switch name {
      case "b": style.bold = true
      case "i": style.italic = true
      case "u": style.underline = true
      case "c", "lang", "ruby", "rt": break
      case "v":
        if !annotation.isEmpty && !speakers.contains(annotation) { speakers.append(annotation) }
      case "font":
        let attributes = attributes(annotation)
        if let value = attributes["color"] {
          if let color = color(value) {
            style.color = color
          } else {
            report(
              nil, lineNumber(),
              "unknown colour \"\(value)\" in <font color> ignored; use #RRGGBB or a CSS colour name"
            )
          }
        }
        if let face = attributes["face"], !face.isEmpty { style.fontFamily = face }
      case "br":
        emit("\n")
        return
      default:
        report("tag " + name, lineNumber(), "unknown tag <\(name)> removed")
        return
      }
      if !selfClosing { stack.append(Element(name: name, style: style)) }
    }

    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\n" {
        emit("\n")
        lineIndex += 1
        index += 1
      } else if character == "<", let close = tagEnd(characters, from: index),
        !characters[index + 1].isSubtitleDigit
          || SubtitleTimestamp.parse(Substring(String(characters[(index + 1)..<close]))) != nil
      {
        // A tag, or a karaoke timestamp (`<00:00:01.000>`, dropped); `<3 …>` is text.
        openTag(String(characters[(index + 1)..<close]))
        index = close + 1
      } else if character == "{", format == .srt, index + 1 < characters.count,
        characters[index + 1] == "\\",
        let close = characters[index...].firstIndex(where: { $0 == "}" || $0 == "\n" }),
        characters[close] == "}"
      {
        let codes = String(characters[(index + 1)..<close])
        for code in codes.split(separator: "\\") {
          if code.count == 3, code.hasPrefix("an"), let digit = code.last?.wholeNumberValue,
            (1...9).contains(digit)
          {
            keypad = digit
          }
        }
        index = close + 1
      } else if character == "&", let (decoded, next) = entity(characters, at: index) {
        emit(decoded)
        index = next
      } else {
        emit(String(character))
        index += 1
      }
    }
    flush()
    return SubtitleMarkup(text: StyledText(runs: runs), speakers: speakers, keypadAlignment: keypad)
  }

  /// The lower-cased tag name before any class or annotation.
  private static func tagName(_ text: Substring) -> String {
    text.subtitleTrimmingSpaces().prefix { $0 != "." && $0 != " " && $0 != "\t" }.lowercased()
  }

  /// The index of the `>` closing a tag that starts at `start`, or nil when the `<` is
  /// ordinary text (not followed by a letter, digit or `/`, or not closed on its line).
  private static func tagEnd(_ characters: [Character], from start: Int) -> Int? {
    guard start + 1 < characters.count else { return nil }
    let next = characters[start + 1]
    guard next.isLetter || next.isSubtitleDigit || next == "/" else { return nil }
    var index = start + 1
    while index < characters.count {
      switch characters[index] {
      case ">": return index
      case "<", "\n": return nil
      default: index += 1
      }
    }
    return nil
  }

  /// Decodes the entity starting at `start` (`&amp;`, `&#233;`, `&#xE9;`), returning its
  /// text and the index after it, or nil when it is not a known entity.
  private static func entity(_ characters: [Character], at start: Int) -> (String, Int)? {
    let limit = min(characters.count, start + 12)
    guard
      let semicolon = characters[(start + 1)..<limit].firstIndex(of: ";")
    else { return nil }
    let name = String(characters[(start + 1)..<semicolon])
    let named: [String: String] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
      "lrm": "\u{200E}", "rlm": "\u{200F}",
    ]
    if let text = named[name] { return (text, semicolon + 1) }
    guard name.hasPrefix("#") else { return nil }
    let digits = name.dropFirst()
    let value: UInt32?
    if digits.first == "x" || digits.first == "X" {
      value = UInt32(digits.dropFirst(), radix: 16)
    } else {
      value = digits.allSatisfy(\.isSubtitleDigit) ? UInt32(digits) : nil
    }
    guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
    return (String(Character(scalar)), semicolon + 1)
  }

  /// Reads `name="value" name='value' name=value` pairs; names are lower-cased.
  private static func attributes(_ text: String) -> [String: String] {
    var result: [String: String] = [:]
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" }
      guard !rest.isEmpty else { break }
      let name = rest.prefix { $0 != "=" && $0 != " " && $0 != "\t" }
      rest = rest.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
      guard rest.first == "=" else { continue }
      rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
      let value: Substring
      if let quote = rest.first, quote == "\"" || quote == "'" {
        let inner = rest.dropFirst()
        value = inner.prefix { $0 != quote }
        rest = inner.dropFirst(value.count).dropFirst()
      } else {
        value = rest.prefix { $0 != " " && $0 != "\t" }
        rest = rest.dropFirst(value.count)
      }
      result[name.lowercased()] = String(value.subtitleTrimmingSpaces())
    }
    return result
  }

  /// A colour from a `<font color>` value: any ``Color/init(parsing:)`` literal, or six or
  /// eight hexadecimal digits without the `#`.
  private static func color(_ text: String) -> Color? {
    if let color = try? Color(parsing: text) { return color }
    if [6, 8].contains(text.count), text.allSatisfy(\.isHexDigit) {
      return try? Color(parsing: "#" + text)
    }
    return nil
  }
}
