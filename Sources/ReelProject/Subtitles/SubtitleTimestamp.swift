/// Reading subtitle timestamps exactly, as whole milliseconds.
enum SubtitleTimestamp {
  /// Reads `[H…H:]MM:SS(,|.)mmm`: hours of any number of digits (optional), two-digit
  /// minutes and seconds below 60, and exactly three digits of milliseconds after a comma or
  /// a full stop (both formats accept either).
  ///
  /// - Parameter text: The timestamp, without surrounding whitespace.
  /// - Returns: The time as `milliseconds / 1000` seconds, or nil if the text does not fit.
  static func parse(_ text: Substring) -> Time? {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 2 || fields.count == 3, let secondsField = fields.last else {
      return nil
    }
    guard let separator = secondsField.firstIndex(where: { $0 == "," || $0 == "." }) else {
      return nil
    }
    let secondsText = secondsField[..<separator]
    let millisecondsText = secondsField[secondsField.index(after: separator)...]
    let minutesText = fields[fields.count - 2]
    let hoursText = fields.count == 3 ? fields[0] : "0"
    guard hoursText.count <= 9, let hours = number(hoursText, digits: 1...9),
      let minutes = number(minutesText, digits: 2...2), minutes < 60,
      let seconds = number(secondsText, digits: 2...2), seconds < 60,
      let milliseconds = number(millisecondsText, digits: 3...3)
    else { return nil }
    let total = ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    return Time(value: total, timescale: 1000)
  }

  /// A run of ASCII digits of an allowed length, as a number.
  private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int64? {
    guard digits.contains(text.count), text.allSatisfy(\.isSubtitleDigit) else { return nil }
    return Int64(text)
  }
}
