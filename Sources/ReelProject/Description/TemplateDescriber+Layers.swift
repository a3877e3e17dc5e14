import Foundation
import Reel

extension TemplateDescriber {
  /// `layers`: nil when the template has none, or more than the layer budget (counted
  /// before anything is read, so a template with a million layers is refused cheaply).
  func describeLayerList(_ top: ObjectReader) -> [LayerDescription]? {
    guard let node = top[.layers] else { return nil }
    do {
      try limits.checkLayerCount(Self.layerNodeCount(node))
    } catch {
      problem(TemplateKey.layers.rawValue, error.description, at: node)
      return []
    }
    return describeLayers(node, TemplateKey.layers.rawValue)
  }

  /// How many layer objects `node` (a `layers` array) holds at every depth, masks included;
  /// a cheap count of the JSON, before anything is decoded.
  static func layerNodeCount(_ node: TemplateJSON) -> Int {
    var count = 0
    var pending = [node]
    while let next = pending.popLast() {
      for element in next.elements ?? [] where element.members != nil {
        count += 1
        if let children = element[.layers] { pending.append(children) }
        if let mask = element[.mask], mask.members != nil {
          count += 1
          if let children = mask[.layers] { pending.append(children) }
        }
      }
    }
    return count
  }

  func describeLayers(_ node: TemplateJSON, _ path: String) -> [LayerDescription] {
    guard let elements = array(node, path) else { return [] }
    return elements.enumerated().compactMap {
      describeLayer($0.element, TemplatePath.join(path, $0.offset))
    }
  }

  func describeLayer(_ node: TemplateJSON, _ path: String) -> LayerDescription? {
    guard node.members != nil else {
      problem(path, "expected an object (a layer), got \(node.typeDescription)", at: node)
      return nil
    }
    var type = TemplateLayerType.group
    if let typeNode = node[.type] {
      guard
        let chosen = choice(typeNode, TemplatePath.join(path, .type), TemplateFormat.layerTypes)
          .flatMap(TemplateLayerType.init(rawValue:))
      else { return nil }
      type = chosen
    }
    let common = TemplateObjectKind.layer.format.keys
    let own = type.keys
    let others = Set(TemplateLayerType.typeKeys).subtracting(own.map(\.key))
      .subtracting(common.map(\.key))
    for member in node.members ?? [] {
      let key = TemplateKey(rawValue: member.key)
      guard others.contains(key) else { continue }
      let owners = TemplateLayerType.owners(of: key).map(\.rawValue)
      problem(
        TemplatePath.join(path, member.key),
        "only \(owners.joined(separator: " and ")) layers have \"\(member.key)\" (this is a \(type.rawValue) layer; set \"type\")",
        at: TemplateJSON(kind: .null, line: member.keyLine, column: member.keyColumn))
    }
    // Keys of other types are reported above, not again as unknown.
    let otherRows = others.sorted().compactMap { key in
      TemplateLayerType.owners(of: key).first?.keys.first { $0.key == key }
    }
    guard
      let reader = object(
        node, path, .layer, rows: common + own + otherRows, required: type.requiredKeys,
        rules: TemplateObjectKind.layer.format.rules + type.rules)
    else { return nil }
    // `type` was read from the node, to choose the rows.
    report.recordRead(.type, of: .layer)
    let properties = describeProperties(reader, type: type)
    let content = type.kind.describe(reader, by: self)
    let mask = reader[.mask].flatMap { describeLayer($0, reader.path(.mask)) }
    let filters =
      reader[.filters].map { describeFilters($0, reader.path(.filters)) } ?? .init()
    var animations: [(animation: any Animation, path: String)] = []
    if let node = reader[.animations] {
      let animationsPath = reader.path(.animations)
      animations = describeAnimations(node, animationsPath, filters: filters).enumerated().map {
        ($0.element, TemplatePath.join(animationsPath, $0.offset))
      }
    }
    let visibility = VisibilityDescription(
      start: time(reader, .start).map {
        Located(value: $0, location: reader.location(.start))
      },
      end: time(reader, .end).map {
        Located(value: $0, location: reader.location(.end))
      },
      endWritten: reader[.end]?.shortDescription,
      fadeIn: time(reader, .fadeIn),
      fadeOut: time(reader, .fadeOut),
      fadesLocation: (reader[.fadeIn] ?? reader[.fadeOut]).map {
        TemplateLocation(reader.path(reader.has(.fadeOut) ? .fadeOut : .fadeIn), $0)
      })
    return LayerDescription(
      location: TemplateLocation(path, node), type: type, name: reader.get(.name, string),
      properties: properties, content: content, mask: mask.map { [$0] } ?? [],
      filters: filters, animations: animations, visibility: visibility,
      sublayers: reader[.layers].map { describeLayers($0, reader.path(.layers)) } ?? [])
  }

  private func describeProperties(_ reader: ObjectReader, type: TemplateLayerType)
    -> LayerPropertiesDescription
  {
    var properties = LayerPropertiesDescription()
    properties.anchor = point(reader, .anchor)
    properties.frame = rect(reader, .frame)
    properties.size = size(reader, .size)
    properties.position = point(reader, .position)
    properties.opacity = number(reader, .opacity)
    properties.hidden = reader.get(.hidden, bool)
    properties.zPosition = number(reader, .zPosition)
    properties.rotation = number(reader, .rotation).map { $0 * .pi / 180 }
    properties.rotationX = number(reader, .rotationX).map { $0 * .pi / 180 }
    properties.rotationY = number(reader, .rotationY).map { $0 * .pi / 180 }
    properties.scale = reader.get(.scale, scalePair)
    properties.translation = point(reader, .translation)
    properties.transform = matrix(reader, .transform)
    properties.perspective = number(reader, .perspective)
    properties.sublayerTransform = matrix(reader, .sublayerTransform)
    properties.background = reader.get(.background, color)
    properties.cornerRadius = number(reader, .cornerRadius)
    if let borderNode = reader[.border],
      let border = object(borderNode, reader.path(.border), .border)
    {
      properties.border = (number(border, .width), colorOrDefault(border, .color))
    }
    properties.borderWidth = number(reader, .borderWidth)
    properties.borderColor = reader.get(.borderColor, color)
    properties.masksToBounds = reader.get(.masksToBounds, bool)
    properties.shadow = reader.get(.shadow, decodeShadow)
    let gravities = TemplateFormat.gravities
    if let gravity = reader.get(.gravity, { self.choice($0, $1, gravities.map(\.name)) }) {
      properties.gravity = gravities.first { $0.name == gravity }?.gravity ?? .resize
    } else if let gravity = type.kind.defaultGravity {
      properties.gravity = gravity
    }
    return properties
  }
}
