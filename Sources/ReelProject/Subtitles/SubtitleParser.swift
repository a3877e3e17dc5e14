/// The line-by-line reader behind ``SubtitleFile``: splits a file into cues, reads their
/// timing lines and hands their text to ``SubtitleMarkup``.
struct SubtitleParser {
  /// The file, for messages.
  let path: String
  /// The format being read.
  let format: SubtitleFormat
  /// The cues read so far, in file order.
  private(set) var cues: [SubtitleCue] = []
  /// The warnings so far.
  private(set) var warnings: [SubtitleWarning] = []
  /// Keys of warnings given only once per file (unknown tags and settings).
  private var reportedOnce: Set<String> = []

  init(path: String, format: SubtitleFormat) {
    self.path = path
    self.format = format
  }

  /// A cue whose timing line has been read and whose text is being collected.
  private struct OpenCue {
    var identifier: String?
    var start: Time
    var end: Time
    var startText: Substring
    var endText: Substring
    var settings: SubtitleCueSettings
    var line: Int
    var textLines: [(text: String, line: Int)] = []
  }

  /// True for a WebVTT signature line: `WEBVTT` alone or followed by a space or tab.
  static func isWebVTTHeader(_ line: String) -> Bool {
    line == "WEBVTT" || line.hasPrefix("WEBVTT ") || line.hasPrefix("WEBVTT\t")
  }

  /// Reads every line of the file.
  ///
  /// - Parameter lines: The file's lines without line ends or byte-order mark.
  /// - Throws: ``SubtitleError`` for malformed timing lines, cues that end before they
  ///   start, and files with text but no cue.
  mutating func parse(lines: [String]) throws(SubtitleError) {
    var index = 0
    if format == .webVTT {
      if let first = lines.first, Self.isWebVTTHeader(first) {
        // The header runs to the first blank line (or, leniently, the first timing line).
        index = 1
        while index < lines.count, !Self.isBlank(lines[index]), !lines[index].contains("-->") {
          index += 1
        }
      } else {
        warn(line: 1, "missing \"WEBVTT\" header; add WEBVTT as the first line")
      }
    }
    var block: [(text: String, line: Int)] = []
    var cue: OpenCue?
    var skippingBlock = false
    var sawTimingLine = false
    var sawStrayText = false
    while index < lines.count {
      let text = lines[index]
      let number = index + 1
      index += 1
      if Self.isBlank(text) {
        if let open = cue { finish(open) }
        cue = nil
        ignoreStray(block)
        block = []
        skippingBlock = false
      } else if skippingBlock {
        continue
      } else if text.contains("-->") {
        sawTimingLine = true
        var identifier: String?
        if var open = cue {
          warn(line: number, "no blank line before this cue; the timing line ends the cue before")
          if let last = open.textLines.last, Self.isNumber(last.text) {
            identifier = String(last.text.subtitleTrimmingSpaces())
            open.textLines.removeLast()
          }
          finish(open)
        } else if let last = block.last {
          identifier = String(last.text.subtitleTrimmingSpaces())
          ignoreStray(Array(block.dropLast()))
        }
        block = []
        cue = try openCue(timingLine: text, line: number, identifier: identifier)
      } else if cue != nil {
        cue?.textLines.append((String(text.subtitleTrimmingTrailingSpaces()), number))
      } else if block.isEmpty, format == .webVTT, let keyword = Self.blockKeyword(text) {
        skippingBlock = true
        switch keyword {
        case "STYLE":
          warn(line: number, "STYLE block ignored; set the caption style in the template")
        case "REGION":
          warn(line: number, "REGION block ignored; cues are placed by their own settings")
        default:
          break
        }
      } else {
        block.append((text, number))
        sawStrayText = true
      }
    }
    if let open = cue { finish(open) }
    if !sawTimingLine && sawStrayText {
      throw SubtitleError(path: path, reason: .noCues(format: format))
    }
    ignoreStray(block)
    if cues.isEmpty && !sawTimingLine {
      warn(line: nil, "the file has no cues")
    }
  }

  /// Reads a timing line `start --> end [settings]`.
  private mutating func openCue(timingLine: String, line: Int, identifier: String?)
    throws(SubtitleError) -> OpenCue
  {
    let trimmed = timingLine.subtitleTrimmingSpaces()
    guard let arrow = trimmed.range(of: "-->") else {
      throw SubtitleError(
        path: path, line: line, reason: .invalidTimingLine(String(trimmed), format: format))
    }
    let startText = trimmed[..<arrow.lowerBound].subtitleTrimmingSpaces()
    let rest = trimmed[arrow.upperBound...].drop { $0 == " " || $0 == "\t" }
    let endText = rest.prefix { $0 != " " && $0 != "\t" }
    let settingsText = rest.dropFirst(endText.count)
    guard !startText.isEmpty, !endText.isEmpty else {
      throw SubtitleError(
        path: path, line: line, reason: .invalidTimingLine(String(trimmed), format: format))
    }
    guard let start = SubtitleTimestamp.parse(startText) else {
      throw SubtitleError(
        path: path, line: line, reason: .invalidTimestamp(String(startText), format: format))
    }
    guard let end = SubtitleTimestamp.parse(endText) else {
      throw SubtitleError(
        path: path, line: line, reason: .invalidTimestamp(String(endText), format: format))
    }
    if end < start {
      throw SubtitleError(
        path: path, line: line,
        reason: .endBeforeStart(start: String(startText), end: String(endText)))
    }
    var settingWarnings: [(String, String)] = []
    let settings = SubtitleCueSettings.parse(settingsText) { settingWarnings.append(($0, $1)) }
    for (message, key) in settingWarnings {
      warnOnce(key: "setting " + key, line: line, message)
    }
    return OpenCue(
      identifier: identifier, start: start, end: end, startText: startText, endText: endText,
      settings: settings, line: line)
  }

  /// Turns a collected cue into a ``SubtitleCue``, or skips it with a warning.
  private mutating func finish(_ open: OpenCue) {
    if open.end == open.start {
      warn(
        line: open.line, "cue has zero duration (\(open.startText) --> \(open.endText)); skipped")
      return
    }
    var markupWarnings: [(key: String?, line: Int, message: String)] = []
    let markup = SubtitleMarkup.parse(lines: open.textLines, format: format) {
      markupWarnings.append(($0, $1, $2))
    }
    for warning in markupWarnings {
      if let key = warning.key {
        warnOnce(key: key, line: warning.line, warning.message)
      } else {
        warn(line: warning.line, warning.message)
      }
    }
    if markup.text.string.allSatisfy({ $0.isWhitespace }) {
      warn(line: open.line, "cue has no text; skipped")
      return
    }
    var settings = open.settings
    if let keypad = markup.keypadAlignment { settings.applyKeypadAlignment(keypad) }
    cues.append(
      SubtitleCue(
        identifier: open.identifier, timeRange: TimeRange(start: open.start, end: open.end),
        text: markup.text, settings: settings, speakers: markup.speakers, line: open.line))
  }

  /// Reports lines that belong to no cue.
  private mutating func ignoreStray(_ lines: [(text: String, line: Int)]) {
    guard let first = lines.first else { return }
    warn(
      line: first.line,
      "text outside a cue ignored (\"\(first.text.subtitleTrimmingSpaces())\"); remove it, or "
        + "the blank line above it if it belongs to the cue before")
  }

  private mutating func warn(line: Int?, _ message: String) {
    warnings.append(SubtitleWarning(path: path, line: line, message: message))
  }

  private mutating func warnOnce(key: String, line: Int, _ message: String) {
    guard reportedOnce.insert(key).inserted else { return }
    warn(line: line, message)
  }

  /// The keyword of a WebVTT `NOTE`, `STYLE` or `REGION` block's first line, if it is one.
  private static func blockKeyword(_ line: String) -> String? {
    for keyword in ["NOTE", "STYLE", "REGION"] {
      if line == keyword || line.hasPrefix(keyword + " ") || line.hasPrefix(keyword + "\t") {
        return keyword
      }
    }
    return nil
  }

  private static func isBlank(_ line: String) -> Bool {
    line.allSatisfy { $0 == " " || $0 == "\t" }
  }

  private static func isNumber(_ line: String) -> Bool {
    let trimmed = line.subtitleTrimmingSpaces()
    return !trimmed.isEmpty && trimmed.allSatisfy(\.isSubtitleDigit)
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func subtitleTrimmingSpaces() -> SubSequence {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let start = firstIndex { !isSpace($0) } ?? endIndex
    let end = lastIndex { !isSpace($0) }.map { index(after: $0) } ?? start
    return self[start..<end]
  }

  /// The text without trailing spaces and tabs.
  func subtitleTrimmingTrailingSpaces() -> SubSequence {
    let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? startIndex
    return self[startIndex..<end]
  }
}
