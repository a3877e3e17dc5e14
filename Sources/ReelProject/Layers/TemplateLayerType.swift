import Foundation
import Reel

/// A layer type a template's `type` names: one ``TemplateLayerKind`` (the type's template side,
/// in its own file in this folder).
///
/// ``allCases`` is the one list of the types, in documentation order: the type list, the
/// schema's per-type keys and rules, the describer's key checks and the docs' table of types
/// are made from it. A type's name is its kind's Swift name without `Template` and `Layer`
/// (`TemplateLottieLayer` is `lottie`), so it is written nowhere else.
struct TemplateLayerType: Hashable, Sendable, CustomStringConvertible {
  /// The registry: every layer type, in documentation order (a new kind adds its line here).
  static let allCases: [TemplateLayerType] = [
    TemplateGroupLayer.self,
    TemplateColorLayer.self,
    TemplateImageLayer.self,
    TemplateTextLayer.self,
    TemplateShapeLayer.self,
    TemplateGradientLayer.self,
    TemplateVideoLayer.self,
    TemplateEmitterLayer.self,
    TemplateLottieLayer.self,
  ].map(TemplateLayerType.init)

  /// The type's template side.
  let kind: any TemplateLayerKind.Type
  /// The name a template's `type` gives.
  let rawValue: String

  private init(_ kind: any TemplateLayerKind.Type) {
    self.kind = kind
    rawValue = Self.name(of: kind)
  }

  /// The type named `rawValue`, nil when there is none.
  init?(rawValue: String) {
    guard let type = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
    self = type
  }

  /// A layer without a `type`: a group.
  static var group: TemplateLayerType { TemplateLayerType(TemplateGroupLayer.self) }

  /// `TemplateLottieLayer` → `lottie`: the kind's Swift name without `Template` and `Layer`,
  /// its first letter lower-cased.
  static func name(of kind: any TemplateLayerKind.Type) -> String {
    var name = Substring(String(describing: kind))
    if name.hasPrefix("Template") { name = name.dropFirst("Template".count) }
    if name.hasSuffix("Layer") { name = name.dropLast("Layer".count) }
    return name.prefix(1).lowercased() + name.dropFirst()
  }

  var description: String { rawValue }

  static func == (lhs: TemplateLayerType, rhs: TemplateLayerType) -> Bool {
    ObjectIdentifier(lhs.kind) == ObjectIdentifier(rhs.kind)
  }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(kind)) }

  /// The keys only this type has (``TemplateObjectFormat/layer`` has the common ones).
  var keys: [TemplateKeyFormat] { kind.keys }

  /// The rules between this type's keys.
  var rules: [TemplateKeyRule] { kind.rules }

  /// The keys a layer of this type must have.
  var requiredKeys: [TemplateKey] { keys.filter(\.isRequired).map(\.key) }

  /// The types that have `key` of their own, in documentation order.
  static func owners(of key: TemplateKey) -> [TemplateLayerType] {
    allCases.filter { type in type.keys.contains { $0.key == key } }
  }

  /// Every type's own keys, without repeats, in documentation order.
  static let typeKeys: [TemplateKey] = {
    var seen: [TemplateKey] = []
    for type in allCases {
      for key in type.keys.map(\.key) where !seen.contains(key) { seen.append(key) }
    }
    return seen
  }()
}

/// The template side of one layer type, in one file: its rows, how a layer of the type is
/// read, which files it opens and what it gives the built layer. A value is what the
/// describer read (a part left out when it had a problem), carried to the resolver and
/// the builder. Its keys that no other object has are declared in the same file
/// (`extension TemplateKey { static let segment = TemplateKey("segment") }`).
protocol TemplateLayerKind: Sendable {
  /// What the type draws, one sentence, for the docs' table of types.
  static var summary: String { get }
  /// The keys only this type has (``TemplateObjectFormat/layer`` has the common ones).
  static var keys: [TemplateKeyFormat] { get }
  /// The rules between this type's keys.
  static var rules: [TemplateKeyRule] { get }
  /// The gravity a layer of the type has when it names none (nil: the layer's default).
  static var defaultGravity: ContentsGravity? { get }
  /// The model's content kind a layer of the type is given, when it is not one of
  /// `LayerContent`'s built-in cases (a test checks that the raster side draws it).
  static var contentKind: (any LayerContentKind.Type)? { get }

  /// Reads the type's keys from a layer's reader (the rows apply their ranges, defaults and
  /// rules; problems are reported through `describer`).
  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self

  /// Opens the files the content names, reporting their problems through `resolver`.
  func resolve(by resolver: TemplateResolver, into resolved: inout ResolvedLayerFiles)

  /// Gives `layer` (its properties built) the type's content.
  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles)

  /// Gives `layer` the type's content, knowing when the layer appears (`start`, seconds of
  /// the movie; nil when it shows from the beginning): for kinds whose content plays from
  /// there. By default, ``build(_:by:files:)``.
  func build(
    _ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles, start: Double?)
}

extension TemplateLayerKind {
  static var rules: [TemplateKeyRule] { [] }
  static var defaultGravity: ContentsGravity? { nil }
  static var contentKind: (any LayerContentKind.Type)? { nil }
  func resolve(by resolver: TemplateResolver, into resolved: inout ResolvedLayerFiles) {}
  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles) {}
  func build(
    _ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles, start: Double?
  ) { build(&layer, by: builder, files: files) }
}
