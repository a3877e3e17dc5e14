/// A JSON value whose objects keep their members in the order they were written, and the one
/// way Reel writes JSON: the tool's machine-readable output, the template schema, the
/// preview's API, render plans (through ``JSONValueEncoder``). One escaping rule for every string (``write(string:to:)``) and one form of
/// numbers (``ReadableNumber``).
package enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  /// A whole number written exactly, whatever its size (an `Int64` of nanoseconds or a
  /// `UInt64` inode, which a `Double` would round).
  case wholeNumber(Int128)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  /// An object from key–value pairs, leaving out the pairs whose value is nil.
  package static func object(omittingNils pairs: [(String, JSONValue?)]) -> JSONValue {
    .object(pairs.compactMap { key, value in value.map { (key, $0) } })
  }

  /// A whole number.
  package static func integer(_ value: Int) -> JSONValue { .number(Double(value)) }

  /// A string, or `null` for nil.
  package static func string(orNull value: String?) -> JSONValue {
    value.map(JSONValue.string) ?? .null
  }

  /// A number, or `null` for nil.
  package static func integer(orNull value: Int?) -> JSONValue {
    value.map(JSONValue.integer) ?? .null
  }

  /// The members of an object (empty for other values).
  package var members: [(String, JSONValue)] {
    if case .object(let members) = self { return members }
    return []
  }

  /// Compact JSON text: no spaces, no trailing newline.
  package func serialized() -> String {
    var output = ""
    write(to: &output, indent: nil)
    return output
  }

  /// Pretty JSON text: two-space indents, one member or element per line, ending with a
  /// newline (the checked-in schema's form).
  package var prettyText: String {
    var output = ""
    write(to: &output, indent: "")
    return output + "\n"
  }

  /// Writes the value; `indent` nil writes it compact.
  private func write(to output: inout String, indent: String?) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += Self.format(value)
    case .wholeNumber(let value): output += String(value)
    case .string(let value): Self.write(string: value, to: &output)
    case .array(let elements):
      writeList(elements.map { (nil, $0) }, open: "[", close: "]", to: &output, indent: indent)
    case .object(let members):
      writeList(members.map { ($0.0, $0.1) }, open: "{", close: "}", to: &output, indent: indent)
    }
  }

  private func writeList(
    _ items: [(key: String?, value: JSONValue)], open: String, close: String,
    to output: inout String, indent: String?
  ) {
    guard !items.isEmpty else {
      output += open + close
      return
    }
    let inner = indent.map { $0 + "  " }
    output += open
    if inner != nil { output += "\n" }
    for (index, item) in items.enumerated() {
      if let inner { output += inner }
      if let key = item.key {
        Self.write(string: key, to: &output)
        output += inner == nil ? ":" : ": "
      }
      item.value.write(to: &output, indent: inner)
      if index < items.count - 1 { output += "," }
      if inner != nil { output += "\n" }
    }
    if let indent { output += indent }
    output += close
  }

  /// Whole numbers without a fraction (`30`, not `30.0`); others in the shortest form that
  /// reads back to the same Double. Non-finite values have no JSON form and become `null`.
  package static func format(_ value: Double) -> String {
    value.isFinite ? ReadableNumber.string(value) : "null"
  }

  /// Writes `value` as a JSON string literal: `"` and `\` escaped, control characters (C0,
  /// DEL and C1) and the line separators U+2028 and U+2029 (which JavaScript reads as
  /// newlines) as escapes, so the text shows no raw control character on a terminal and
  /// can be embedded in a page's script; everything else as it is (no `\/`).
  package static func write(string value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || (0x2028...0x2029).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

extension Optional where Wrapped == Int {
  /// The number as JSON, nil for nil (left out by ``JSONValue/object(omittingNils:)``).
  package var json: JSONValue? { map { .number(Double($0)) } }
}

extension Optional where Wrapped == Double {
  /// The number as JSON, nil for nil (left out by ``JSONValue/object(omittingNils:)``).
  package var json: JSONValue? { map { .number($0) } }
}

extension Optional where Wrapped == String {
  /// The string as JSON, nil for nil (left out by ``JSONValue/object(omittingNils:)``).
  package var json: JSONValue? { map { .string($0) } }
}
