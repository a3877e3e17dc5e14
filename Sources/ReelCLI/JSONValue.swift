import Reel

/// A JSON value whose objects keep their keys in the order they were written, so the tool's
/// machine-readable output matches its documentation field for field.
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.serialized() == rhs.serialized()
  }

  /// An object from key–value pairs, leaving out the pairs whose value is nil.
  static func object(omittingNils pairs: [(String, JSONValue?)]) -> JSONValue {
    .object(pairs.compactMap { key, value in value.map { (key, $0) } })
  }

  /// Compact JSON text (no spaces, no trailing newline).
  func serialized() -> String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += JSONValue.format(value)
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let pairs):
      output += "{"
      for (index, (key, value)) in pairs.enumerated() {
        if index > 0 { output += "," }
        JSONValue.writeString(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }

  /// Whole numbers without a fraction (`30`, not `30.0`); others in the shortest form that
  /// reads back to the same Double. Non-finite values have no JSON form and become `null`.
  static func format(_ value: Double) -> String {
    value.isFinite ? ReadableNumber.string(value) : "null"
  }

  private static func writeString(_ value: String, to output: inout String) {
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
        // Control characters (and the line separators JavaScript reads as newlines) as
        // escapes, so the text shows no raw control character on a terminal.
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

extension Optional where Wrapped == Int {
  var json: JSONValue? { map { .number(Double($0)) } }
}

extension Optional where Wrapped == Double {
  var json: JSONValue? { map { .number($0) } }
}

extension Optional where Wrapped == String {
  var json: JSONValue? { map { .string($0) } }
}
