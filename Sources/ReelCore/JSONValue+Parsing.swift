/// Why JSON text could not be read into a ``JSONValue``: what was wrong and the byte offset
/// (from 0) where it was found.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong.
  package var reason: String
  /// The byte offset of the problem, from the start of the text.
  package var offset: Int

  package var description: String { "\(reason) (at byte \(offset))" }
}

extension JSONValue {
  /// Reads JSON text (RFC 8259) into a value whose objects keep their members in the order
  /// written — for input whose consumer reads members in order (rlottie's parser takes a
  /// shape's kind from its `ty` member and drops what comes before it), so Reel can check a
  /// file and hand the same members, in the same order, onward.
  ///
  /// Strict: a key written twice in one object is refused (readers disagree on which one
  /// counts, so a check of one would not hold for the other), as is a number outside
  /// `Double`'s range, text after the value, invalid UTF-8 and nesting deeper than
  /// `maximumDepth`. Numbers become ``number(_:)``.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 text (a leading byte-order mark is skipped).
  ///   - maximumDepth: The deepest nesting of arrays and objects.
  /// - Throws: ``JSONParseError``.
  package init(parsing bytes: [UInt8], maximumDepth: Int = 512) throws(JSONParseError) {
    var reader = OrderedJSONReader(bytes: bytes, maximumDepth: maximumDepth)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipWhitespace()
    self = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.index == bytes.count else { throw reader.error("text after the JSON value") }
  }

  /// The member named `key` of an object (nil for other values or a missing key).
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The elements of an array (nil for other values).
  package var elements: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The number (nil for other values); booleans are not numbers.
  package var numberValue: Double? {
    switch self {
    case .number(let value): return value
    case .wholeNumber(let value): return Double(value)
    default: return nil
    }
  }

  /// The string (nil for other values).
  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// Whether the value is an object.
  package var isObject: Bool {
    if case .object = self { return true }
    return false
  }
}

/// The reader behind ``JSONValue/init(parsing:maximumDepth:)``: one pass over the bytes.
private struct OrderedJSONReader {
  let bytes: [UInt8]
  let maximumDepth: Int
  var index = 0

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: index) }

  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipWhitespace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  mutating func expect(_ byte: UInt8, _ what: String) throws(JSONParseError) {
    guard peek == byte else { throw error("expected \(what)") }
    index += 1
  }

  mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maximumDepth else {
      throw error("arrays and objects nest deeper than \(maximumDepth) levels")
    }
    switch peek {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try word("true", .bool(true))
    case UInt8(ascii: "f"): return try word("false", .bool(false))
    case UInt8(ascii: "n"): return try word("null", .null)
    case .some(let byte) where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte):
      return .number(try number())
    case nil: throw error("expected a value, got the end of the text")
    default: throw error("expected a value")
    }
  }

  mutating func word(_ text: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    for byte in text.utf8 { try expect(byte, "'\(text)'") }
    return value
  }

  mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var members: [(String, JSONValue)] = []
    var keys = Set<String>()
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
      let keyOffset = index
      let key = try string()
      guard keys.insert(key).inserted else {
        throw JSONParseError(reason: "the key \"\(key)\" is written twice", offset: keyOffset)
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after a key")
      skipWhitespace()
      members.append((key, try value(depth: depth + 1)))
      skipWhitespace()
      if peek == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}' in an object")
      return .object(members)
    }
  }

  mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value(depth: depth + 1))
      skipWhitespace()
      if peek == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']' in an array")
      return .array(elements)
    }
  }

  /// A number's text checked against RFC 8259's grammar, read as a finite `Double`.
  mutating func number() throws(JSONParseError) -> Double {
    let start = index
    func digits() -> Int {
      let first = index
      while let byte = peek, (0x30...0x39).contains(byte) { index += 1 }
      return index - first
    }
    if peek == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw error("a number without digits") }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      throw JSONParseError(reason: "a number with a leading zero", offset: integerStart)
    }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("a number without digits after its point") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw error("a number without digits in its exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw JSONParseError(reason: "the number \(text) is too large", offset: start)
    }
    return value
  }

  /// A string literal: escapes decoded (surrogate pairs joined), control characters and
  /// invalid UTF-8 refused.
  mutating func string() throws(JSONParseError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flushRun() throws(JSONParseError) {
      guard runStart < index else { return }
      guard let text = String(validating: bytes[runStart..<index], as: UTF8.self) else {
        throw JSONParseError(reason: "a string that is not UTF-8", offset: runStart)
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while true {
      guard let byte = peek else { throw error("a string without its closing quote") }
      switch byte {
      case UInt8(ascii: "\""):
        try flushRun()
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flushRun()
        index += 1
        scalars.append(try escape())
        runStart = index
      case 0..<0x20:
        throw error("a control character in a string (write it as an escape)")
      default:
        index += 1
      }
    }
  }

  mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
    guard let byte = peek else { throw error("a string without its closing quote") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hex4()
      if (0xD800..<0xDC00).contains(first), bytes[index...].starts(with: [0x5C, 0x75]) {
        index += 2
        let second = try hex4()
        if (0xDC00..<0xE000).contains(second),
          let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        {
          return scalar
        }
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw error("an escape of a lone surrogate (\\u\(String(first, radix: 16)))")
      }
      return scalar
    default:
      throw error("an unknown escape in a string")
    }
  }

  mutating func hex4() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek, let digit = Self.hexDigit(byte) else {
        throw error("\\u needs four hexadecimal digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }
}
