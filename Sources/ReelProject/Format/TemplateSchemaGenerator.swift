import Reel

/// Writes the JSON Schema (draft 2020-12) of the template format from its description
/// (``TemplateFormat``): `reel schema` prints it and `make schema` writes it to
/// `schema/reel-template.schema.json`.
enum TemplateSchemaGenerator {
  /// The schema's text.
  static var text: String { schema.prettyText }

  /// The schema.
  static var schema: JSONValue {
    let root = TemplateObjectFormat.root
    var members: [(String, JSONValue)] = [
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", .string("https://reel.invalid/schema/reel-template.schema.json")),
      ("title", .string("Reel template, format version \(TemplateFormat.version)")),
    ]
    members += object(root)
    members.append(("$defs", .object(definitions)))
    return .object(members)
  }

  /// The shared value kinds and the named object kinds.
  private static var definitions: [(String, JSONValue)] {
    var entries: [(String, JSONValue)] = TemplateNamedValue.allCases.map { named in
      var members = value(named.definition)
      if let doc = named.doc { set("description", .string(doc), in: &members) }
      return (named.rawValue, .object(members))
    }
    for kind in TemplateObjectKind.allCases {
      let format = kind.format
      guard let name = format.schemaName else { continue }
      entries.append((name, .object(object(format))))
    }
    entries.append((TemplateFilterFormat.schemaName, .object(TemplateFilterFormat.schema)))
    return entries
  }

  // MARK: Values

  /// The schema of one value kind (the members of its schema object).
  static func schema(of value: TemplateValue) -> [(String, JSONValue)] { self.value(value) }

  private static func value(_ value: TemplateValue) -> [(String, JSONValue)] {
    switch value {
    case .string, .svgPath: return [("type", .string("string"))]
    case .nonEmptyString: return [("type", .string("string")), ("minLength", .number(1))]
    case .boolean: return [("type", .string("boolean"))]
    case .constant(let number): return [("const", .number(Double(number)))]
    case .constantString(let text): return [("const", .string(text))]
    case .number(let bounds): return [("type", .string("number"))] + self.bounds(bounds)
    case .integer(let minimum, let maximum):
      var members: [(String, JSONValue)] = [("type", .string("integer"))]
      if let minimum { members.append(("minimum", .number(Double(minimum)))) }
      if let maximum { members.append(("maximum", .number(Double(maximum)))) }
      return members
    case .pixels(let range): return [("type", .string("number"))] + bounds(range.bounds)
    case .wholePixels(let range): return [("type", .string("integer"))] + bounds(range.bounds)
    case .choice(let names):
      return [("type", .string("string")), ("enum", .array(names.map(JSONValue.string)))]
    case .pattern(let pattern, _):
      return [("type", .string("string")), ("pattern", .string(pattern))]
    case .named(let named): return [("$ref", .string("#/$defs/\(named.rawValue)"))]
    case .filterStep: return [("$ref", .string("#/$defs/\(TemplateFilterFormat.schemaName)"))]
    case .object(let kind):
      let format = kind.format
      if let name = format.schemaName { return [("$ref", .string("#/$defs/\(name)"))] }
      return object(format)
    case .array(let element, let minItems, let maxItems):
      var members: [(String, JSONValue)] = [
        ("type", .string("array")), ("items", .object(self.value(element))),
      ]
      if let minItems { members.append(("minItems", .number(Double(minItems)))) }
      if let maxItems { members.append(("maxItems", .number(Double(maxItems)))) }
      return members
    case .tuple(let elements):
      return [
        ("type", .string("array")),
        ("prefixItems", .array(elements.map { .object(self.value($0)) })),
        ("items", .bool(false)), ("minItems", .number(Double(elements.count))),
      ]
    case .oneOf(let forms): return [("oneOf", .array(forms.map { .object(self.value($0)) }))]
    case .steps(let element):
      let forms: [JSONValue] = [
        .object(object(.step(of: element))), .object(object(.ramp(of: element))),
      ]
      return [("type", .string("array")), ("items", .object([("oneOf", .array(forms))]))]
    case .map(let element, let pattern):
      return [
        ("type", .string("object")), ("additionalProperties", .object(self.value(element))),
        ("propertyNames", .object([("pattern", .string(pattern))])),
      ]
    case .described(let described, let doc):
      var members = self.value(described)
      set("description", .string(doc), in: &members)
      return members
    }
  }

  private static func bounds(_ bounds: TemplateNumberBounds) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = []
    if let minimum = bounds.minimum {
      members.append((bounds.excludesMinimum ? "exclusiveMinimum" : "minimum", .number(minimum)))
    }
    if let maximum = bounds.maximum { members.append(("maximum", .number(maximum))) }
    return members
  }

  // MARK: Objects

  private static func object(_ format: TemplateObjectFormat) -> [(String, JSONValue)] {
    let isLayer = format.schemaName == TemplateObjectFormat.layer.schemaName
    var keys = format.keys
    if isLayer {
      for type in TemplateLayerType.allCases {
        keys += type.keys.filter { key in !keys.contains { $0.key == key.key } }
      }
    }
    let docs = TemplateObjectFormat.rowDocs(of: keys)
    let properties: [(String, JSONValue)] = keys.map { key in
      var members = value(key.value)
      if let doc = docs[key.key] ?? nil { set("description", .string(doc), in: &members) }
      if let value = key.defaultValue?.schemaValue { members.append(("default", value)) }
      return (key.key.rawValue, .object(members))
    }
    var members: [(String, JSONValue)] = [
      ("type", .string("object")), ("properties", .object(properties)),
      ("additionalProperties", .bool(false)),
    ]
    if !format.requiredKeys.isEmpty { members.append(("required", keyArray(format.requiredKeys))) }
    if let doc = format.doc { members.append(("description", .string(doc))) }
    let rules = format.rules.map(rule)
    if isLayer {
      members.append(("allOf", .array(rules.map { .object([$0]) } + layerTypeRules)))
    } else if Set(rules.map(\.0)).count == rules.count {
      members += rules
    } else {
      members.append(("allOf", .array(rules.map { .object([$0]) })))
    }
    return members
  }

  /// A rule between keys as one schema member.
  private static func rule(_ rule: TemplateKeyRule) -> (String, JSONValue) {
    func anyOf(_ keys: [TemplateKey]) -> [(String, JSONValue)] {
      keys.count == 1
        ? [("required", keyArray(keys))]
        : [("anyOf", .array(keys.map { .object([("required", keyArray([$0]))]) }))]
    }
    switch rule {
    case .notTogether(let keys) where keys.count == 2:
      return ("not", .object([("required", keyArray(keys))]))
    case .notTogether(let keys):
      let pairs = keys.indices.flatMap { first in
        keys[(first + 1)...].map { JSONValue.object([("required", keyArray([keys[first], $0]))]) }
      }
      return ("not", .object([("anyOf", .array(pairs))]))
    case .notBoth(let first, let second):
      return ("not", .object([("allOf", .array([.object(anyOf(first)), .object(anyOf(second))]))]))
    case .onlyWith(let key, let other):
      return ("dependentRequired", .object([(key.rawValue, keyArray([other]))]))
    case .oneOf(let alternatives):
      let forms: [JSONValue] = alternatives.map { alternative in
        var form: [(String, JSONValue)] = [("required", keyArray(alternative.requires))]
        if !alternative.forbids.isEmpty {
          form.append(("not", .object([("required", keyArray(alternative.forbids))])))
        }
        return .object(form)
      }
      return ("oneOf", .array(forms))
    }
  }

  /// A key of one layer type needs `type` set to it; a type's required keys are required.
  private static var layerTypeRules: [JSONValue] {
    let typeKey = TemplateKey.type.rawValue
    var rules: [JSONValue] = TemplateLayerType.typeKeys.map { key in
      let owners = TemplateLayerType.owners(of: key).map { JSONValue.string($0.rawValue) }
      return .object([
        ("if", .object([("required", keyArray([key]))])),
        (
          "then",
          .object([
            ("required", .array([.string(typeKey)])),
            ("properties", .object([(typeKey, .object([("enum", .array(owners))]))])),
          ])
        ),
      ])
    }
    for type in TemplateLayerType.allCases where !type.requiredKeys.isEmpty {
      rules.append(
        .object([
          (
            "if",
            .object([
              ("required", .array([.string(typeKey)])),
              ("properties", .object([(typeKey, .object([("const", .string(type.rawValue))]))])),
            ])
          ),
          ("then", .object([("required", keyArray(type.requiredKeys))])),
        ]))
    }
    for type in TemplateLayerType.allCases where !type.rules.isEmpty {
      rules.append(
        .object([
          (
            "if",
            .object([
              ("required", .array([.string(typeKey)])),
              ("properties", .object([(typeKey, .object([("const", .string(type.rawValue))]))])),
            ])
          ),
          ("then", .object(type.rules.map(rule))),
        ]))
    }
    return rules
  }

  private static func keyArray(_ keys: [TemplateKey]) -> JSONValue {
    .array(keys.map { .string($0.rawValue) })
  }

  /// Sets `key` in `members`, replacing an earlier value.
  private static func set(
    _ key: String, _ value: JSONValue, in members: inout [(String, JSONValue)]
  ) {
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = value
    } else {
      members.append((key, value))
    }
  }
}

extension TemplateObjectFormat {
  /// The documentation line of each key: its own, or the line of the row it joins.
  static func rowDocs(of keys: [TemplateKeyFormat]) -> [TemplateKey: String?] {
    var docs: [TemplateKey: String?] = [:]
    var rowDoc: String?
    for key in keys {
      if !key.joinsPreviousRow { rowDoc = key.doc }
      docs[key.key] = key.joinsPreviousRow ? rowDoc : key.doc
    }
    return docs
  }
}

extension PixelRange {
  /// The range as JSON Schema bounds.
  var bounds: TemplateNumberBounds {
    TemplateNumberBounds(
      minimum: range.lowerBound, maximum: range.upperBound, excludesMinimum: excludesLowerBound)
  }

  /// The range as the docs write it: `2…16384`, `greater than 0 and at most 1024`.
  var docText: String {
    excludesLowerBound
      ? description : "\(format(range.lowerBound))…\(format(range.upperBound))"
  }
}

extension TemplateDefault {
  /// The default as a JSON Schema `default`; nil for a default in words.
  var schemaValue: JSONValue? {
    switch self {
    case .number(let value): .number(value)
    case .boolean(let value): .bool(value)
    case .name(let name): .string(name)
    case .numbers(let values): .array(values.map(JSONValue.number))
    case .text: nil
    }
  }
}
