import Foundation
import Reel

/// The layer types a template's `type` names, in documentation order: the one list of them.
/// The type list, the schema's per-type keys and rules, the describer's key checks and the
/// docs' table of types are made from it; each type's own rows, reading, files and building
/// are in its file in this folder (``TemplateLayerKind``).
enum TemplateLayerType: String, CaseIterable, Sendable {
  case group, color, image, text, shape, gradient, video, emitter

  /// The type's template side (the compiler asks for a new case here).
  var kind: any TemplateLayerKind.Type {
    switch self {
    case .group: TemplateGroupLayer.self
    case .color: TemplateColorLayer.self
    case .image: TemplateImageLayer.self
    case .text: TemplateTextLayer.self
    case .shape: TemplateShapeLayer.self
    case .gradient: TemplateGradientLayer.self
    case .video: TemplateVideoLayer.self
    case .emitter: TemplateEmitterLayer.self
    }
  }

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
/// the builder.
protocol TemplateLayerKind: Sendable {
  /// What the type draws, one sentence, for the docs' table of types.
  static var summary: String { get }
  /// The keys only this type has (``TemplateObjectFormat/layer`` has the common ones).
  static var keys: [TemplateKeyFormat] { get }
  /// The rules between this type's keys.
  static var rules: [TemplateKeyRule] { get }
  /// The gravity a layer of the type has when it names none (nil: the layer's default).
  static var defaultGravity: ContentsGravity? { get }

  /// Reads the type's keys from a layer's reader (the rows apply their ranges, defaults and
  /// rules; problems are reported through `describer`).
  static func describe(_ reader: ObjectReader, by describer: TemplateDescriber) -> Self

  /// Opens the files the content names, reporting their problems through `resolver`.
  func resolve(by resolver: TemplateResolver, into resolved: inout ResolvedLayerFiles)

  /// Gives `layer` (its properties built) the type's content.
  func build(_ layer: inout Layer, by builder: TemplateBuilder, files: ResolvedLayerFiles)
}

extension TemplateLayerKind {
  static var rules: [TemplateKeyRule] { [] }
  static var defaultGravity: ContentsGravity? { nil }
  func resolve(by resolver: TemplateResolver, into resolved: inout ResolvedLayerFiles) {}
}
