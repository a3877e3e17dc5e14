/// Turns any `Encodable` value into a ``JSONValue``, so a type whose stored form is its
/// `Codable` conformance (its coding keys say once how it is spelled) is still written by
/// Reel's one JSON writer.
///
/// Objects keep the order the value encoded its members in; ``JSONValue/sortingKeys()`` gives
/// the canonical order. Integers of every width are kept exactly
/// (``JSONValue/wholeNumber(_:)``); `nil` optionals left out by `encodeIfPresent` (what
/// synthesised conformances do) are left out; a value that encodes nothing is `{}`.
///
///     let json = try JSONValueEncoder().encode(plan).sortingKeys()
///     let text = json.prettyText
package struct JSONValueEncoder {
  /// Makes an encoder.
  package init() {}

  /// The JSON value of `value`.
  ///
  /// - Throws: `EncodingError.invalidValue` for a floating-point number that is not finite
  ///   (JSON has no form for it); the value's own encoding errors.
  package func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let root = JSONNode()
    try value.encode(to: NodeEncoder(node: root, codingPath: []))
    return root.json
  }
}

extension JSONValue {
  /// The value with every object's members sorted by key (by the keys' UTF-8 bytes, so the
  /// order does not depend on locale or Unicode normalisation): the canonical form whose
  /// text is the same however the value was built.
  package func sortingKeys() -> JSONValue {
    switch self {
    case .array(let elements): return .array(elements.map { $0.sortingKeys() })
    case .object(let members):
      return .object(
        members.map { ($0.0, $0.1.sortingKeys()) }
          .sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) })
    default: return self
    }
  }
}

/// One value being encoded; containers hand out child nodes, so a nested container can be
/// filled after its parent has moved on.
private final class JSONNode {
  enum Content {
    case unset
    case value(JSONValue)
    case object([(String, JSONNode)])
    case array([JSONNode])
  }

  var content = Content.unset

  var json: JSONValue {
    switch content {
    case .unset: return .object([])
    case .value(let value): return value
    case .object(let members): return .object(members.map { ($0.0, $0.1.json) })
    case .array(let elements): return .array(elements.map(\.json))
    }
  }

  /// Makes this node an object (keeping members already encoded into it).
  func becomeObject() {
    if case .object = content { return }
    content = .object([])
  }

  /// Makes this node an array (keeping elements already encoded into it).
  func becomeArray() {
    if case .array = content { return }
    content = .array([])
  }

  /// The member named `key`, made (or replaced, when encoded twice) empty.
  func member(_ key: String) -> JSONNode {
    becomeObject()
    let node = JSONNode()
    guard case .object(var members) = content else { return node }
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = node
    } else {
      members.append((key, node))
    }
    content = .object(members)
    return node
  }

  /// A new last element.
  func element() -> JSONNode {
    becomeArray()
    let node = JSONNode()
    guard case .array(var elements) = content else { return node }
    elements.append(node)
    content = .array(elements)
    return node
  }

  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }
}

private struct IndexKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ index: Int) {
    stringValue = String(index)
    intValue = index
  }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { self.init(intValue) }
}

private struct NodeEncoder: Encoder {
  let node: JSONNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.becomeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.becomeArray()
    return UnkeyedNodeContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node, codingPath: codingPath)
  }
}

/// The JSON of a primitive: numbers checked (finite) and integers kept exact.
private enum Primitive {
  static func number(_ value: Double, at path: [any CodingKey]) throws -> JSONValue {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path, debugDescription: "\(value) has no JSON form (not a finite number)"))
    }
    return .number(value)
  }

  static func whole(_ value: some BinaryInteger) -> JSONValue {
    .wholeNumber(Int128(value))
  }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]

  private func set(_ value: JSONValue) { node.content = .value(value) }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  mutating func encode(_ value: String) throws { set(.string(value)) }
  mutating func encode(_ value: Double) throws { set(try Primitive.number(value, at: codingPath)) }
  mutating func encode(_ value: Float) throws {
    set(try Primitive.number(Double(value), at: codingPath))
  }
  mutating func encode(_ value: Int) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: Int8) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: Int16) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: Int32) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: Int64) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: UInt) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: UInt8) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: UInt16) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: UInt32) throws { set(Primitive.whole(value)) }
  mutating func encode(_ value: UInt64) throws { set(Primitive.whole(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
  }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONNode
  let codingPath: [any CodingKey]

  private func single(_ key: Key) -> SingleNodeContainer {
    SingleNodeContainer(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }

  mutating func encodeNil(forKey key: Key) throws {
    var container = single(key)
    try container.encodeNil()
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: Int8, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: Int16, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: Int32, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: Int64, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    var container = single(key)
    try container.encode(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
      .unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(node: node.member("super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: JSONNode
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  private func single() -> SingleNodeContainer {
    let path = codingPath + [IndexKey(node.count)]
    return SingleNodeContainer(node: node.element(), codingPath: path)
  }

  mutating func encodeNil() throws {
    var container = single()
    try container.encodeNil()
  }
  mutating func encode(_ value: Bool) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: String) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: Double) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: Float) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: Int) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: Int8) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: Int16) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: Int32) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: Int64) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: UInt) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: UInt8) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: UInt16) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: UInt32) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode(_ value: UInt64) throws {
    var container = single()
    try container.encode(value)
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    var container = single()
    try container.encode(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let path = codingPath + [IndexKey(node.count)]
    return NodeEncoder(node: node.element(), codingPath: path).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = codingPath + [IndexKey(node.count)]
    return NodeEncoder(node: node.element(), codingPath: path).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let path = codingPath + [IndexKey(node.count)]
    return NodeEncoder(node: node.element(), codingPath: path)
  }
}
