extension SubtitleCueSettings {
  /// Reads the settings after a timing line's end time, such as
  /// `line:0 position:10%,line-left size:50% align:start`.
  ///
  /// Later settings of the same name win. Settings with unknown names or unreadable values
  /// are skipped and reported.
  ///
  /// - Parameters:
  ///   - text: The settings text (whitespace-separated `name:value` pairs).
  ///   - report: Called with a message for each setting that was ignored.
  /// - Returns: The settings that were understood.
  static func parse(_ text: Substring, report: (_ message: String, _ settingName: String) -> Void)
    -> SubtitleCueSettings
  {
    var settings = SubtitleCueSettings()
    for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
      guard let colon = token.firstIndex(of: ":") else {
        report("unknown cue setting \"\(token)\" ignored", String(token))
        continue
      }
      let name = token[..<colon]
      let value = token[token.index(after: colon)...]
      if !settings.apply(name: name, value: value) {
        if Self.knownNames.contains(String(name)) {
          report("invalid cue setting \"\(token)\" ignored", String(token))
        } else {
          report("unknown cue setting \"\(token)\" ignored", String(name))
        }
      }
    }
    return settings
  }

  /// The setting names WebVTT defines.
  private static let knownNames: Set<String> = [
    "vertical", "line", "position", "size", "align", "region",
  ]

  /// Applies one setting; false when the name is unknown or the value unreadable.
  private mutating func apply(name: Substring, value: Substring) -> Bool {
    switch name {
    case "vertical":
      guard let vertical = Vertical(rawValue: String(value)) else { return false }
      self.vertical = vertical
    case "line":
      let parts = value.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count <= 2, let line = Self.line(parts[0]) else { return false }
      var alignment: LineAlignment?
      if parts.count == 2 {
        guard let parsed = LineAlignment(rawValue: String(parts[1])) else { return false }
        alignment = parsed
      }
      self.line = line
      self.lineAlignment = alignment
    case "position":
      let parts = value.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count <= 2, let percentage = Self.percentage(parts[0]) else { return false }
      var alignment: PositionAlignment?
      if parts.count == 2 {
        guard let parsed = PositionAlignment(rawValue: String(parts[1])) else { return false }
        alignment = parsed
      }
      self.position = percentage
      self.positionAlignment = alignment
    case "size":
      guard let percentage = Self.percentage(value) else { return false }
      self.size = percentage
    case "align":
      if value == "middle" {
        self.alignment = .center
      } else {
        guard let alignment = Alignment(rawValue: String(value)) else { return false }
        self.alignment = alignment
      }
    case "region":
      guard !value.isEmpty, !value.contains("-->") else { return false }
      self.region = String(value)
    default:
      return false
    }
    return true
  }

  /// A line value: an integer (possibly negative) or a percentage.
  private static func line(_ text: Substring) -> Line? {
    if text.hasSuffix("%") { return percentage(text).map(Line.percentage) }
    let digits = text.hasPrefix("-") ? text.dropFirst() : text
    guard !digits.isEmpty, digits.allSatisfy(\.isSubtitleDigit), let number = Int(text) else {
      return nil
    }
    return .number(number)
  }

  /// A percentage `digits[.digits]%` from 0 to 100.
  private static func percentage(_ text: Substring) -> Double? {
    guard text.hasSuffix("%") else { return nil }
    let number = text.dropLast()
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isSubtitleDigit) }),
      let value = Double(number), value <= 100
    else { return nil }
    return value
  }

  /// Settings for an ASS/SSA numeric-keypad alignment code (`{\an8}` is top centre).
  ///
  /// - Parameter keypad: 1–9 as on a numeric keypad: 7 8 9 top, 4 5 6 middle, 1 2 3 bottom.
  mutating func applyKeypadAlignment(_ keypad: Int) {
    switch keypad {
    case 7, 8, 9:
      line = .percentage(0)
      lineAlignment = .start
    case 4, 5, 6:
      line = .percentage(50)
      lineAlignment = .center
    default:
      line = nil
      lineAlignment = nil
    }
    switch keypad % 3 {
    case 1: alignment = .left
    case 2: alignment = .center
    default: alignment = .right
    }
  }
}

extension Character {
  /// True for the ASCII digits 0–9 only (named for this folder to avoid clashes).
  var isSubtitleDigit: Bool { ("0"..."9").contains(self) }
}
