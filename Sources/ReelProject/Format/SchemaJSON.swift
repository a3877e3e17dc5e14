/// A JSON value whose objects keep their members in order, written the way the checked-in
/// schema is: two-space indents, one member or element per line.
indirect enum SchemaJSON: Sendable, Equatable {
  case object([(String, SchemaJSON)])
  case array([SchemaJSON])
  case string(String)
  case number(Double)
  case bool(Bool)

  static func == (lhs: SchemaJSON, rhs: SchemaJSON) -> Bool { lhs.text == rhs.text }

  /// The members of an object (empty for other values).
  var members: [(String, SchemaJSON)] {
    if case .object(let members) = self { return members }
    return []
  }

  /// The value as pretty-printed JSON, ending with a newline.
  var text: String {
    var output = ""
    write(to: &output, indent: "")
    return output + "\n"
  }

  private func write(to output: inout String, indent: String) {
    let inner = indent + "  "
    switch self {
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += inner + Self.quoted(key) + ": "
        value.write(to: &output, indent: inner)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += indent + "}"
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "[\n"
      for (index, element) in elements.enumerated() {
        output += inner
        element.write(to: &output, indent: inner)
        output += index == elements.count - 1 ? "\n" : ",\n"
      }
      output += indent + "]"
    case .string(let text): output += Self.quoted(text)
    case .number(let value): output += format(value)
    case .bool(let value): output += value ? "true" : "false"
    }
  }

  /// `text` as a JSON string literal.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 {
          result +=
            "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
            + String(scalar.value, radix: 16)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
