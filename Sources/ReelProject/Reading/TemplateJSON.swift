import Foundation

/// A JSON value as written in a template: numbers keep their exact decimal text and every
/// value knows the line and column (1-based) where it starts.
struct TemplateJSON: Sendable {
  /// One member of an object, in the order written.
  ///
  /// Positions are stored in 32 bits (a template is at most a few million lines; larger
  /// values saturate), which keeps a node at 24 bytes: a 16 MB template's tree fits in a
  /// few hundred megabytes however it is written.
  struct Member: Sendable {
    var key: String
    private var storedKeyLine: Int32
    private var storedKeyColumn: Int32
    var value: TemplateJSON

    init(key: String, keyLine: Int, keyColumn: Int, value: TemplateJSON) {
      self.key = key
      storedKeyLine = Int32(clamping: keyLine)
      storedKeyColumn = Int32(clamping: keyColumn)
      self.value = value
    }

    var keyLine: Int { Int(storedKeyLine) }
    var keyColumn: Int { Int(storedKeyColumn) }
  }

  /// What the value is.
  enum Kind: Sendable {
    case null
    case bool(Bool)
    /// The number's text exactly as written (`0.1`, `-2e3`).
    case number(String)
    case string(String)
    case array([TemplateJSON])
    case object([Member])
  }

  var kind: Kind
  private var storedLine: Int32
  private var storedColumn: Int32

  init(kind: Kind, line: Int, column: Int) {
    self.kind = kind
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
  }

  /// The 1-based line where the value starts.
  var line: Int { Int(storedLine) }
  /// The 1-based column (in Unicode scalars) where the value starts.
  var column: Int { Int(storedColumn) }

  /// The JSON type name used in messages: `a number`, `a string`, …
  var typeDescription: String {
    switch kind {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The members of an object, else nil.
  var members: [Member]? {
    if case .object(let members) = kind { return members }
    return nil
  }

  /// The value of an object's member, else nil.
  subscript(key: String) -> TemplateJSON? {
    members?.first { $0.key == key }?.value
  }

  /// The value of an object's member named `key`, else nil.
  subscript(key: TemplateKey) -> TemplateJSON? { self[key.rawValue] }

  /// The string, else nil.
  var string: String? {
    if case .string(let text) = kind { return text }
    return nil
  }

  /// The number's text, else nil.
  var numberText: String? {
    if case .number(let text) = kind { return text }
    return nil
  }

  /// The number as a `Double`, else nil.
  var double: Double? { numberText.flatMap(Double.init) }

  /// The elements of an array, else nil.
  var elements: [TemplateJSON]? {
    if case .array(let elements) = kind { return elements }
    return nil
  }

  /// A short rendering of the value for messages (`-1`, `'text'`, `an array`).
  var shortDescription: String {
    switch kind {
    case .null: "null"
    case .bool(let value): String(value)
    case .number(let text): text
    case .string(let text): "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
