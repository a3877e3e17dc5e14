import Foundation
import Reel

// Values that change over time (audio volumes, a composition layer's opacity, transform and
// crop) and 2D transforms.
extension TemplateChecking {
  /// A list of steps `{"at", "value"}` and ramps `{"from", "to", "start", "duration"}`.
  func decodeParameterList<Value>(
    _ node: TemplateJSON, _ path: String, value: (TemplateJSON, String) -> Value?,
    step: (Value, Time) -> Void, ramp: (Value, Value, TimeRange) -> Void
  ) {
    guard let elements = array(node, path) else { return }
    for (index, element) in elements.enumerated() {
      let itemPath = TemplatePath.join(path, index)
      guard element.members != nil else {
        problem(itemPath, "expected an object, got \(element.typeDescription)", at: element)
        continue
      }
      if element[.at] != nil || element[.value] != nil {
        guard
          let reader = object(element, itemPath, .step)
        else { continue }
        let at = time(reader, .at)
        let decoded = reader.get(.value, value)
        if let at, let decoded { step(decoded, at) }
      } else {
        guard
          let reader = object(element, itemPath, .ramp)
        else { continue }
        let from = reader.get(.from, value)
        let to = reader.get(.to, value)
        let start = time(reader, .start)
        let length = time(reader, .duration)
        if let from, let to, let start, let length {
          ramp(from, to, TimeRange(start: start, duration: length))
        }
      }
    }
  }

  /// `{"translate", "scale", "rotate"}` (scale, then rotate in degrees, then translate) or
  /// `{"matrix": [a, b, c, d, tx, ty]}`.
  func decodeTransform2D(_ node: TemplateJSON, _ path: String) -> Transform2D? {
    guard
      let reader = object(node, path, .transform2D)
    else { return nil }
    if reader.breaksRule(.matrix) { return nil }
    if reader.has(.matrix) {
      guard let m = pixelNumbers(reader, .matrix, shape: "[a, b, c, d, tx, ty]") else {
        return nil
      }
      return Transform2D(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }
    let scale = reader.get(.scale, scalePair) ?? Point(x: 1, y: 1)
    let degrees = number(reader, .rotate) ?? 0
    let translate = point(reader, .translate) ?? .zero
    return Transform2D(scaleX: scale.x, y: scale.y)
      .concatenating(Transform2D(rotationAngle: degrees * .pi / 180))
      .concatenating(Transform2D(translationX: translate.x, y: translate.y))
  }

  /// A scale written as one number or `[sx, sy]`.
  func scalePair(_ node: TemplateJSON, _ path: String) -> Point? {
    // Both forms of the shared kind (``TemplateNamedValue/scale``) hold the same range.
    guard case .oneOf(let forms) = TemplateNamedValue.scale.definition,
      case .pixels(let range)? = forms.first?.numberRule
    else { return nil }
    if node.numberText != nil {
      return pixels(node, path, range).map { Point(x: $0, y: $0) }
    }
    guard numbers(node, path, count: 2, shape: "a number or [sx, sy]") != nil else { return nil }
    return pixelPoint(node, path, range)
  }
}
