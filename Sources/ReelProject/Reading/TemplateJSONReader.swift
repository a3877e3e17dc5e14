import Foundation

/// A JSON syntax error at a line and column (1-based; columns count Unicode scalars).
struct TemplateJSONSyntaxError: Error, Sendable {
  var message: String
  var line: Int
  var column: Int
}

/// Reads JSON text (RFC 8259) into a ``TemplateJSON`` tree, keeping each number's text and
/// each value's position. Duplicate keys are kept (the describer, ``TemplateDescriber``, reports them).
struct TemplateJSONReader {
  /// The text's UTF-8 bytes (valid UTF-8: they come from a `String`), read a scalar at a
  /// time: a quarter of the memory of an array of scalars.
  private let bytes: [UInt8]
  /// The byte offset of the next scalar.
  private var index = 0
  private var line = 1
  private var column = 1
  /// Nesting limit, so hostile input cannot exhaust the stack.
  private static let maximumDepth = 512

  init(text: String) {
    bytes = Array(text.utf8)
  }

  /// Parses the whole text as one JSON value.
  static func parse(_ text: String) throws(TemplateJSONSyntaxError) -> TemplateJSON {
    var reader = TemplateJSONReader(text: text)
    if reader.peek == "\u{FEFF}" { reader.advance() }
    reader.skipWhitespace()
    guard reader.peek != nil else {
      throw reader.error("the file is empty: expected a JSON object")
    }
    let value = try reader.parseValue(depth: 0)
    reader.skipWhitespace()
    if reader.peek != nil {
      throw reader.error("unexpected text after the end of the JSON value")
    }
    return value
  }

  private var peek: Unicode.Scalar? {
    guard index < bytes.count else { return nil }
    let lead = bytes[index]
    if lead < 0x80 { return Unicode.Scalar(lead) }
    let length = Self.scalarLength(lead)
    guard index + length <= bytes.count else { return nil }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
    return Unicode.Scalar(value)
  }

  /// The length in bytes of the UTF-8 sequence that starts with `lead`.
  private static func scalarLength(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }

  private mutating func advance() {
    guard index < bytes.count else { return }
    if bytes[index] == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += Self.scalarLength(bytes[index])
  }

  private func error(_ message: String) -> TemplateJSONSyntaxError {
    TemplateJSONSyntaxError(message: message, line: line, column: column)
  }

  private mutating func skipWhitespace() {
    while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
      advance()
    }
  }

  private func describeNext() -> String {
    guard let scalar = peek else { return "the end of the file" }
    if scalar == "\n" || scalar == "\r" { return "the end of the line" }
    return "'\(Character(scalar))'"
  }

  private mutating func parseValue(depth: Int) throws(TemplateJSONSyntaxError) -> TemplateJSON {
    guard depth < Self.maximumDepth else { throw error("values are nested too deeply") }
    let (startLine, startColumn) = (line, column)
    guard let scalar = peek else { throw error("expected a value, got the end of the file") }
    func node(_ kind: TemplateJSON.Kind) -> TemplateJSON {
      TemplateJSON(kind: kind, line: startLine, column: startColumn)
    }
    switch scalar {
    case "{": return node(try parseObject(depth: depth))
    case "[": return node(try parseArray(depth: depth))
    case "\"": return node(.string(try parseString()))
    case "-", "0"..."9": return node(.number(try parseNumber()))
    case "t", "f", "n":
      for (word, kind) in [
        ("true", TemplateJSON.Kind.bool(true)), ("false", .bool(false)), ("null", .null),
      ] where matches(word) {
        for _ in word.unicodeScalars { advance() }
        return node(kind)
      }
      throw error("expected a value, got \(describeNext())")
    default:
      if scalar == "'" { throw error("strings must use double quotes (\"), not single quotes") }
      throw error("expected a value, got \(describeNext())")
    }
  }

  /// Whether the ASCII `word` is next, not followed by a letter or digit.
  private func matches(_ word: String) -> Bool {
    var position = index
    for expected in word.utf8 {
      guard position < bytes.count, bytes[position] == expected else { return false }
      position += 1
    }
    if position < bytes.count, bytes[position] < 0x80,
      Self.isLetter(Unicode.Scalar(bytes[position]))
    {
      return false
    }
    return true
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }

  private mutating func parseObject(depth: Int) throws(TemplateJSONSyntaxError) -> TemplateJSON.Kind
  {
    advance()  // {
    var members: [TemplateJSON.Member] = []
    skipWhitespace()
    if peek == "}" {
      advance()
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek == "\"" else {
        if peek == "}" { throw error("expected a key after ',' (a trailing comma is not allowed)") }
        throw error("expected a key in double quotes, got \(describeNext())")
      }
      let (keyLine, keyColumn) = (line, column)
      let key = try parseString()
      skipWhitespace()
      guard peek == ":" else { throw error("expected ':' after the key \"\(key)\"") }
      advance()
      skipWhitespace()
      let value = try parseValue(depth: depth + 1)
      members.append(.init(key: key, keyLine: keyLine, keyColumn: keyColumn, value: value))
      skipWhitespace()
      switch peek {
      case ",": advance()
      case "}":
        advance()
        return .object(members)
      default: throw error("expected ',' or '}' after an object member")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(TemplateJSONSyntaxError) -> TemplateJSON.Kind
  {
    advance()  // [
    var elements: [TemplateJSON] = []
    skipWhitespace()
    if peek == "]" {
      advance()
      return .array(elements)
    }
    while true {
      skipWhitespace()
      if peek == "]" { throw error("expected a value after ',' (a trailing comma is not allowed)") }
      elements.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      switch peek {
      case ",": advance()
      case "]":
        advance()
        return .array(elements)
      default: throw error("expected ',' or ']' after an array element")
      }
    }
  }

  private mutating func parseString() throws(TemplateJSONSyntaxError) -> String {
    advance()  // opening quote
    var result = String.UnicodeScalarView()
    while true {
      guard let scalar = peek else { throw error("unterminated string: expected '\"'") }
      switch scalar {
      case "\"":
        advance()
        return String(result)
      case "\\":
        advance()
        guard let escaped = peek else { throw error("unterminated string: expected '\"'") }
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
          "\"": "\"", "\\": "\\", "/": "/", "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r",
          "t": "\t",
        ]
        if let replacement = simple[escaped] {
          result.append(replacement)
          advance()
        } else if escaped == "u" {
          advance()
          let high = try parseHex4()
          if (0xD800...0xDBFF).contains(high) {
            guard peek == "\\" else { throw error("unpaired surrogate in a \\u escape") }
            advance()
            guard peek == "u" else { throw error("unpaired surrogate in a \\u escape") }
            advance()
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
              throw error("unpaired surrogate in a \\u escape")
            }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let combined = Unicode.Scalar(value) else { throw error("invalid \\u escape") }
            result.append(combined)
          } else {
            guard let single = Unicode.Scalar(high) else {
              throw error("unpaired surrogate in a \\u escape")
            }
            result.append(single)
          }
        } else {
          throw error("invalid escape '\\\(Character(escaped))' in a string")
        }
      default:
        if scalar.value < 0x20 {
          throw error(
            scalar == "\n"
              ? "unterminated string: a line break must be written as \\n"
              : "control character U+\(String(scalar.value, radix: 16, uppercase: true)) in a string must be escaped"
          )
        }
        result.append(scalar)
        advance()
      }
    }
  }

  private mutating func parseHex4() throws(TemplateJSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let scalar = peek, let digit = Int(String(Character(scalar)), radix: 16) else {
        throw error("expected four hexadecimal digits after \\u")
      }
      value = value * 16 + UInt32(digit)
      advance()
    }
    return value
  }

  private mutating func parseNumber() throws(TemplateJSONSyntaxError) -> String {
    var text = ""
    func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
      guard let scalar else { return false }
      return ("0"..."9").contains(scalar)
    }
    if peek == "-" {
      text.unicodeScalars.append("-")
      advance()
    }
    guard isDigit(peek) else { throw error("expected a digit after '-'") }
    if peek == "0" {
      text.unicodeScalars.append("0")
      advance()
      if isDigit(peek) { throw error("numbers may not have leading zeros") }
    } else {
      while isDigit(peek), let scalar = peek {
        text.unicodeScalars.append(scalar)
        advance()
      }
    }
    if peek == "." {
      text.unicodeScalars.append(".")
      advance()
      guard isDigit(peek) else { throw error("expected a digit after '.'") }
      while isDigit(peek), let scalar = peek {
        text.unicodeScalars.append(scalar)
        advance()
      }
    }
    if peek == "e" || peek == "E" {
      text.unicodeScalars.append("e")
      advance()
      if peek == "+" || peek == "-", let sign = peek {
        text.unicodeScalars.append(sign)
        advance()
      }
      guard isDigit(peek) else { throw error("expected a digit in the exponent") }
      while isDigit(peek), let scalar = peek {
        text.unicodeScalars.append(scalar)
        advance()
      }
    }
    if let scalar = peek, Self.isLetter(scalar) || scalar == "." {
      throw error("unexpected \(describeNext()) in a number")
    }
    return text
  }
}
