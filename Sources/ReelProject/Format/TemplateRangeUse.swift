import Reel

/// Where each of ``PixelLimits``' ranges bounds a template value, found by walking the
/// format description (for the ranges table of `docs/security.md`).
enum TemplateRangeUse {
  /// One key whose values (or some of them) a range bounds.
  struct Place: Sendable {
    var range: PixelRange
    /// The key as the table writes it: "shadow `radius`", "`frame` (x, y)".
    var text: String
  }

  /// What the docs call an object's keys ("" for the root's and a layer's own keys).
  private static func prefix(_ kind: TemplateObjectKind) -> String? {
    switch kind {
    case .root: "top-level"
    case .layer: ""
    case .layerInstruction: "instruction"
    case .transform2D: "instruction transform"
    case .shapeGeometry: "shape"
    case .run: "text run"
    case .subtitles: "subtitle"
    // A text style's keys are a text layer's (found there).
    case .textStyle, .variable, .step, .ramp: nil
    default: kind.rawValue
    }
  }

  /// Every place, in the description's order.
  static var places: [Place] {
    var places: [Place] = []
    let kinds = [.layer] + TemplateObjectKind.allCases.filter { $0 != .layer }
    for kind in kinds {
      guard let prefix = prefix(kind) else { continue }
      var keys = kind.format.keys
      if kind == .layer {
        for type in TemplateLayerType.allCases {
          keys += type.keys.filter { key in !keys.contains { $0.key == key.key } }
        }
      }
      for key in keys {
        let name = (prefix.isEmpty ? "" : prefix + " ") + "`\(key.key.rawValue)`"
        for (range, part) in ranges(in: key.value) {
          places.append(Place(range: range, text: part.map { "\(name) (\($0))" } ?? name))
        }
      }
    }
    return places
  }

  /// The ranges bounding a value, each with the part it bounds when not all of it.
  static func ranges(in value: TemplateValue) -> [(range: PixelRange, part: String?)] {
    var found: [(range: PixelRange, part: String?)] = []
    func add(_ range: PixelRange, _ part: String?) {
      if !found.contains(where: { $0.range == range }) { found.append((range, part)) }
    }
    switch value {
    case .pixels(let range), .wholePixels(let range): add(range, nil)
    case .svgPath: add(TemplateValue.svgPathRange, "every point")
    case .named(let named): for use in ranges(in: named.definition) { add(use.range, use.part) }
    case .array(let element, _, _), .steps(let element), .map(let element, _),
      .described(let element, _):
      for use in ranges(in: element) { add(use.range, use.part) }
    case .oneOf(let forms):
      for form in forms { for use in ranges(in: form) { add(use.range, use.part) } }
    case .tuple(let elements):
      let names =
        elements.count == 4
        ? ["x", "y", "width", "height"] : elements.indices.map { "element \($0 + 1)" }
      var parts: [(range: PixelRange, names: [String])] = []
      for (index, element) in elements.enumerated() {
        for use in ranges(in: element) {
          if let at = parts.firstIndex(where: { $0.range == use.range }) {
            parts[at].names.append(names[index])
          } else {
            parts.append((use.range, [names[index]]))
          }
        }
      }
      for part in parts {
        add(
          part.range, part.names.count == elements.count ? nil : part.names.joined(separator: ", "))
      }
    default: break
    }
    return found
  }

  /// The ranges bounding the values of an animated property.
  static func ranges(ofAnimated name: String) -> [(range: PixelRange, part: String?)] {
    if let range = TemplateAnimatedProperty.pixelRange(of: name) { return [(range, nil)] }
    if case .rect? = TemplateAnimatedProperty(name: name) { return ranges(in: .named(.rect)) }
    return []
  }

  /// What the table says after a range's places.
  static func note(_ range: PixelRange) -> String? {
    switch range {
    case PixelLimits.renderSide: "whole numbers; even for H.264/HEVC"
    case PixelLimits.dashLength:
      "a pattern must add up to \(format(PixelLimits.smallestDashPattern)) px or more"
    default: nil
    }
  }

  /// The unit column of a range.
  static func unit(_ range: PixelRange) -> String {
    switch range {
    case PixelLimits.lineSpacing: "× the font size"
    case PixelLimits.scale: "factor"
    case PixelLimits.unitPoint: "fraction of the layer"
    default: range.unit.isEmpty ? "—" : range.unit
    }
  }
}
