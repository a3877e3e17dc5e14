import Reel

/// The template format (version 1) described once, as data: every object kind a template
/// may hold, its keys with their JSON types, defaults, ranges, allowed values,
/// required-ness and one-line documentation.
///
/// Everything else is derived from it: the describer's key checks and did-you-mean
/// suggestions (``TemplateObjectKind/allowedKeys``), the JSON Schema (`reel schema`,
/// ``TemplateSchemaGenerator``), the key tables of `docs/template-format.md` and the
/// ranges table of `docs/security.md` (``TemplateDocsGenerator``). Number ranges are
/// ``PixelLimits``' ranges (ReelCore), referenced, never copied.
///
/// One file per object family: `TemplateFormat+Root.swift`, `+Timeline`, `+Layer`, `+Text`,
/// `+Animation`, `+Audio`, `+Export`, `+Subtitles`; the shared value kinds (seconds,
/// colours, points, …) are in `TemplateFormat+Values.swift`.
enum TemplateFormat {
  /// The format version this description is of.
  static let version = 1
}

/// One object kind of the format: the keys it may hold, in the order they are documented
/// and listed in messages ("allowed here: …").
struct TemplateObjectFormat: Sendable {
  /// The name of its `$defs` entry in the JSON Schema; nil when it is written inline
  /// where it is used.
  var schemaName: String?
  /// The name of its generated key table in `docs/template-format.md` (the marker's
  /// `BEGIN GENERATED: <name>`); nil when the docs have none.
  var docsTable: String? = nil
  /// One line: what the object is.
  var doc: String?
  /// Its keys, in documentation order.
  var keys: [TemplateKeyFormat]
  /// Rules between keys: the JSON Schema states them and the describer applies them, with
  /// messages made from them.
  var rules: [TemplateKeyRule] = []

  /// The keys that must be present.
  var requiredKeys: [TemplateKey] { keys.filter(\.isRequired).map(\.key) }

  /// The keys an object whose `type` is `type` may hold (``TemplateKeyFormat/onlyWithTypes``).
  func keys(withType type: String) -> [TemplateKey] { rows(withType: type).map(\.key) }

  /// The rows of the keys an object whose `type` is `type` may hold.
  func rows(withType type: String) -> [TemplateKeyFormat] {
    keys.filter { $0.onlyWithTypes?.contains(type) ?? true }
  }

  /// The keys naming the alternatives of the object's ``TemplateKeyRule/oneOf`` rule.
  var alternatives: [TemplateKey] {
    rules.flatMap { rule -> [TemplateKey] in
      guard case .oneOf(let alternatives) = rule else { return [] }
      return alternatives.compactMap(\.requires.first)
    }
  }

  /// The format of `key`, when the object has it.
  func format(of key: TemplateKey) -> TemplateKeyFormat? { keys.first { $0.key == key } }
}

/// One key of an object kind.
struct TemplateKeyFormat: Sendable {
  var key: TemplateKey
  /// What the value is written as.
  var value: TemplateValue
  /// Whether the object must have it.
  var isRequired = false
  /// The default (nil when there is none to state); the docs' text is made from it
  /// (``defaultText``) and the describer takes numbers, booleans and names from it.
  var defaultValue: TemplateDefault?
  /// The default as the docs write it (Markdown).
  var defaultText: String? { defaultValue?.text }
  /// One line of documentation (Markdown): the JSON Schema's `description` and the
  /// meaning column of the docs' tables. Keys documented in one table row share the
  /// first key's line (see ``joinsPreviousRow``).
  var doc: String?
  /// The type column of the docs' tables, when it says more than ``value``'s own name.
  var docType: String?
  /// Whether the docs' tables show this key in the row of the key before it.
  var joinsPreviousRow = false
  /// The values of the object's `type` key this key goes with (transitions); nil: all.
  var onlyWithTypes: [String]?

  init(
    _ key: TemplateKey, _ value: TemplateValue, required: Bool = false,
    default defaultValue: TemplateDefault? = nil, type docType: String? = nil,
    sameRow: Bool = false, onlyWith types: [String]? = nil, _ doc: String? = nil
  ) {
    self.key = key
    self.value = value
    self.isRequired = required
    self.defaultValue = defaultValue
    self.docType = docType
    self.joinsPreviousRow = sameRow
    self.onlyWithTypes = types
    self.doc = doc
  }
}

/// A key's default: a value of the key's kind, or words for a default that is no single value
/// ("full render size"). Numbers and booleans are written as literals (`default: 0.25`).
enum TemplateDefault: Sendable, Equatable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral
{
  case number(Double)
  case boolean(Bool)
  /// A string value: one of the key's choices, or a colour's name.
  case name(String)
  /// An array of numbers (`[0, 0]`).
  case numbers([Double])
  /// What the default is, in words (Markdown), when it is no single value.
  case text(String)

  init(floatLiteral value: Double) { self = .number(value) }
  init(integerLiteral value: Int) { self = .number(Double(value)) }
  init(booleanLiteral value: Bool) { self = .boolean(value) }

  /// The default as the docs write it (Markdown): values in code type, words as they are.
  var text: String {
    switch self {
    case .number(let value): ReadableNumber.string(value)
    case .boolean(let value): value ? "true" : "false"
    case .name(let name): "`\(name)`"
    case .numbers(let values):
      "`[" + values.map { ReadableNumber.string($0) }.joined(separator: ", ") + "]`"
    case .text(let words): words
    }
  }

  /// A number of the model.
  static func of(_ value: Double) -> TemplateDefault { .number(value) }
  /// A whole number of the model.
  static func of(_ value: UInt32) -> TemplateDefault { .number(Double(value)) }
  /// A boolean of the model.
  static func of(_ value: Bool) -> TemplateDefault { .boolean(value) }
  /// A point of the model, `[x, y]`.
  static func of(_ point: Point) -> TemplateDefault { .numbers([point.x, point.y]) }
  /// A size of the model, `[width, height]`.
  static func of(_ size: Size) -> TemplateDefault { .numbers([size.width, size.height]) }
  /// A choice of the model, by its name.
  static func of<Choice: RawRepresentable>(_ choice: Choice) -> TemplateDefault
  where Choice.RawValue == String { .name(choice.rawValue) }

  /// The number, when the default is one.
  var number: Double? {
    if case .number(let value) = self { value } else { nil }
  }

  /// The boolean, when the default is one.
  var boolean: Bool? {
    if case .boolean(let value) = self { value } else { nil }
  }

  /// The name, when the default is one.
  var name: String? {
    if case .name(let name) = self { name } else { nil }
  }
}

/// A rule between the keys of one object. The JSON Schema states it
/// (``TemplateSchemaGenerator``) and the describer applies it with a message made from it
/// (`TemplateChecking+Rules.swift`).
enum TemplateKeyRule: Sendable {
  /// At most one of these keys.
  case notTogether([TemplateKey])
  /// Not a key of the first group together with a key of the second ("frame" and
  /// "position"/"size").
  case notBoth([TemplateKey], [TemplateKey])
  /// The key only together with this other key ("rotate" with "path").
  case onlyWith(TemplateKey, TemplateKey)
  /// Exactly one of the alternatives: each requires its keys (the first names it) and
  /// forbids others.
  case oneOf([(requires: [TemplateKey], forbids: [TemplateKey])])

  /// The keys the rule is about.
  var keys: [TemplateKey] {
    switch self {
    case .notTogether(let keys): keys
    case .notBoth(let first, let second): first + second
    case .onlyWith(let key, let other): [key, other]
    case .oneOf(let alternatives): alternatives.flatMap { $0.requires + $0.forbids }
    }
  }
}

/// A range of numbers: its bounds, either of which may be open-ended.
struct TemplateNumberBounds: Sendable {
  var minimum: Double?
  var maximum: Double?
  /// Whether the minimum itself is excluded.
  var excludesMinimum = false

  /// Numbers in `range`.
  static func within(_ range: ClosedRange<Double>) -> TemplateNumberBounds {
    TemplateNumberBounds(minimum: range.lowerBound, maximum: range.upperBound)
  }
  /// Numbers ≥ 0.
  static let nonNegative = TemplateNumberBounds(minimum: 0)
  /// Numbers > 0.
  static let positive = TemplateNumberBounds(minimum: 0, excludesMinimum: true)
}

/// What a value is written as.
indirect enum TemplateValue: Sendable {
  case string
  /// A string of at least one character.
  case nonEmptyString
  case boolean
  /// Exactly this number (the format version).
  case constant(Int)
  /// Exactly this string.
  case constantString(String)
  case number(TemplateNumberBounds)
  case integer(minimum: Int?, maximum: Int?)
  /// A number in one of ``PixelLimits``' ranges.
  case pixels(PixelRange)
  /// A whole number in one of ``PixelLimits``' ranges.
  case wholePixels(PixelRange)
  /// One of these strings.
  case choice([String])
  /// A string matching a regular expression (JSON Schema's `pattern`), described in words
  /// for the docs.
  case pattern(String, words: String)
  /// SVG path data, every point of which is a coordinate (``PixelLimits/coordinate``).
  case svgPath
  /// A shared value kind, a `$defs` entry of the schema (``TemplateNamedValue``).
  case named(TemplateNamedValue)
  case object(TemplateObjectKind)
  case array(TemplateValue, minItems: Int? = nil, maxItems: Int? = nil)
  /// An array of exactly these elements.
  case tuple([TemplateValue])
  /// One of several forms.
  case oneOf([TemplateValue])
  /// A list of steps `{"at", "value"}` and linear ramps `{"from", "to", "start",
  /// "duration"}` of values of this kind.
  case steps(TemplateValue)
  /// An object whose keys are names (matching `namePattern`) and whose values are these.
  case map(TemplateValue, namePattern: String)
  /// The value with a description of its own.
  case described(TemplateValue, String)
  /// One step of `filters`: an object whose `type` names a filter of the catalog
  /// (``TemplateFilterFormat``) and whose other keys are that filter's parameters.
  case filterStep

  /// An array of any length.
  static func list(_ element: TemplateValue) -> TemplateValue { .array(element) }
  /// A number of any size.
  static let anyNumber = TemplateValue.number(TemplateNumberBounds())
}
