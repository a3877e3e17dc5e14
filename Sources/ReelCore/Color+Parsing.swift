import Foundation

extension Color {
  /// Reads a colour literal as written in templates and on the command line.
  ///
  /// Accepted forms (surrounding whitespace is ignored, letters may be any case):
  /// - `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`: hexadecimal sRGB and optional alpha, not
  ///   premultiplied; a short digit stands for itself twice (`#F80` is `#FF8800`).
  /// - The 148 CSS colour names in ``namedColors`` (`red`, `rebeccapurple`, `lightgrey`,
  ///   `lightgray`, …) and `transparent` or `clear` (``clear``, Core Animation's spelling).
  /// - `rgb(r, g, b)` and `rgba(r, g, b, a)`, with r, g, b whole numbers 0–255 and a from 0
  ///   to 1 (`rgba(255, 128, 0, 0.5)`); spaces around the arguments are allowed.
  ///
  /// - Parameter literal: The text to read.
  /// - Throws: ``ColorParseError`` naming the literal and the accepted forms; for a name
  ///   that is not a CSS colour but is at most two edits from one, the error suggests it.
  public init(parsing literal: String) throws(ColorParseError) {
    let text = literal.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty {
      throw ColorParseError(input: text, reason: .empty)
    }
    if text.hasPrefix("#") {
      guard let color = Color.parseHex(text.utf8.dropFirst()) else {
        throw ColorParseError(input: text, reason: .malformedHex)
      }
      self = color
      return
    }
    let lowercased = text.lowercased()
    if lowercased.hasPrefix("rgb(") || lowercased.hasPrefix("rgba(") {
      guard let color = Color.parseFunction(lowercased) else {
        throw ColorParseError(input: text, reason: .malformedFunction)
      }
      self = color
      return
    }
    if lowercased == "transparent" || lowercased == "clear" {
      self = .clear
      return
    }
    guard let color = Color.namedColors[lowercased] else {
      throw ColorParseError(
        input: text, reason: .unknownName(suggestion: Color.nearestName(to: lowercased)))
    }
    self = color
  }

  /// Parses the digits after `#`: 3, 4, 6 or 8 ASCII hexadecimal digits.
  private static func parseHex(_ digits: Substring.UTF8View) -> Color? {
    var values: [UInt8] = []
    for byte in digits {
      guard let value = hexValue(byte) else { return nil }
      values.append(value)
    }
    let channels: [UInt8]
    switch values.count {
    case 3, 4:
      channels = values.map { $0 << 4 | $0 }
    case 6, 8:
      channels = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
    default:
      return nil
    }
    return Color(
      red8: channels[0], green8: channels[1], blue8: channels[2],
      alpha8: channels.count == 4 ? channels[3] : 255)
  }

  /// The value of one ASCII hexadecimal digit.
  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// Parses lower-case `rgb(r, g, b)` or `rgba(r, g, b, a)`.
  private static func parseFunction(_ text: String) -> Color? {
    let isRGBA = text.hasPrefix("rgba(")
    guard text.hasSuffix(")") else { return nil }
    let inner = text.dropFirst(isRGBA ? 5 : 4).dropLast()
    let arguments = inner.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard arguments.count == (isRGBA ? 4 : 3) else { return nil }
    var channels: [UInt8] = []
    for argument in arguments.prefix(3) {
      guard !argument.isEmpty, argument.utf8.allSatisfy(isASCIIDigit),
        let value = Int(argument), value <= 255
      else { return nil }
      channels.append(UInt8(value))
    }
    var alpha = 1.0
    if isRGBA {
      guard let value = parseUnitDecimal(arguments[3]) else { return nil }
      alpha = value
    }
    return Color(
      red: Double(channels[0]) / 255, green: Double(channels[1]) / 255,
      blue: Double(channels[2]) / 255, alpha: alpha)
  }

  /// Parses a plain decimal (`1`, `0.5`, `.25`, `1.0`) in [0, 1]; no sign or exponent.
  private static func parseUnitDecimal(_ text: String) -> Double? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
      parts.allSatisfy({ $0.utf8.allSatisfy(isASCIIDigit) }),
      let value = Double(text), value >= 0, value <= 1
    else { return nil }
    return value
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// The colour name (or `transparent`) at most two edits from `name`, nearest first, then
  /// alphabetical; `nil` when none is that close.
  static func nearestName(to name: String) -> String? {
    Suggestion.nearest(
      to: name, among: (Array(namedColors.keys) + ["transparent", "clear"]).sorted())
  }
}
