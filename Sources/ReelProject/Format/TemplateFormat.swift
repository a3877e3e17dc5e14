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
  /// One line: what the object is.
  var doc: String?
  /// Its keys, in documentation order.
  var keys: [TemplateKeyFormat]
  /// Rules between keys the JSON Schema states (the describer reports them with messages of
  /// its own).
  var rules: [TemplateKeyRule] = []

  /// The keys that must be present.
  var requiredKeys: [TemplateKey] { keys.filter(\.isRequired).map(\.key) }

  /// The keys an object whose `type` is `type` may hold (``TemplateKeyFormat/onlyWithTypes``).
  func keys(withType type: String) -> [TemplateKey] {
    keys.filter { $0.onlyWithTypes?.contains(type) ?? true }.map(\.key)
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
  /// The default, as documented (Markdown); nil when there is none to state.
  var defaultText: String?
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
    default defaultText: String? = nil, type docType: String? = nil,
    sameRow: Bool = false, onlyWith types: [String]? = nil, _ doc: String? = nil
  ) {
    self.key = key
    self.value = value
    self.isRequired = required
    self.defaultText = defaultText
    self.docType = docType
    self.joinsPreviousRow = sameRow
    self.onlyWithTypes = types
    self.doc = doc
  }
}

/// A rule between the keys of one object.
enum TemplateKeyRule: Sendable {
  /// At most one of these keys.
  case notTogether([TemplateKey])
  /// Exactly one of the alternatives: each requires its keys and forbids others.
  case oneOf([(requires: [TemplateKey], forbids: [TemplateKey])])
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

  /// An array of any length.
  static func list(_ element: TemplateValue) -> TemplateValue { .array(element) }
  /// A number of any size.
  static let anyNumber = TemplateValue.number(TemplateNumberBounds())
}
