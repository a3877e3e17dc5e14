import Foundation
import Reel

// Numbers that become pixels are checked against the ranges of `PixelLimits` (ReelCore),
// the one table of those ranges; each problem names the element's JSON path and the range.
extension TemplateChecking {
  /// Reports `value` at `path` unless `range` holds it.
  ///
  /// - Returns: Whether the value is in range.
  @discardableResult
  func check(_ value: Double, _ range: PixelRange, _ path: String, at node: TemplateJSON?)
    -> Bool
  {
    guard !range.contains(value) else { return true }
    let unit = range.unit.isEmpty ? "" : " \(range.unit)"
    problem(
      path, "\(range.withArticle) must be \(range.description)\(unit) (got \(format(value)))",
      at: node)
    return false
  }

  /// A number in `range`.
  func pixels(_ node: TemplateJSON, _ path: String, _ range: PixelRange) -> Double? {
    guard let value = number(node, path) else { return nil }
    return check(value, range, path, at: node) ? value : nil
  }

  /// The numbers of a shared value kind (a point, a size, a rect, a matrix), each checked
  /// against the range its ``TemplateNamedValue/definition`` gives its place.
  func pixelNumbers(_ node: TemplateJSON, _ path: String, _ kind: TemplateNamedValue)
    -> [Double]?
  {
    let value = TemplateValue.named(kind)
    return pixelNumbers(node, path, value.elementRanges ?? [], shape: value.shape)
  }

  /// `[x, y]`, both coordinates (``TemplateNamedValue/point``) or both in `range`.
  func pixelPoint(_ node: TemplateJSON, _ path: String, _ range: PixelRange? = nil) -> Point? {
    let values =
      if let range {
        pixelNumbers(node, path, [range, range], shape: TemplateValue.named(.point).shape)
      } else {
        pixelNumbers(node, path, .point)
      }
    return values.map { Point(x: $0[0], y: $0[1]) }
  }

  /// `[width, height]`, each a layer size (``TemplateNamedValue/size``).
  func pixelSize(_ node: TemplateJSON, _ path: String) -> Size? {
    pixelNumbers(node, path, .size).map { Size(width: $0[0], height: $0[1]) }
  }

  /// `[x, y, width, height]`: a coordinate origin and a layer size (``TemplateNamedValue/rect``).
  func pixelRect(_ node: TemplateJSON, _ path: String) -> Rect? {
    pixelNumbers(node, path, .rect).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
  }

  /// Checks each element of an array of numbers against its range, reporting each at its
  /// own path; whether all are in range.
  func checked(_ values: [Double], _ node: TemplateJSON, _ path: String, ranges: [PixelRange])
    -> Bool
  {
    let elements = node.elements ?? []
    var valid = true
    for (index, (value, range)) in zip(values, ranges).enumerated() {
      let element = index < elements.count ? elements[index] : node
      valid = check(value, range, TemplatePath.join(path, index), at: element) && valid
    }
    return valid
  }

  /// A 4×4 matrix whose entries are in range (``TemplateNamedValue/matrix``).
  func pixelTransform3D(_ node: TemplateJSON, _ path: String) -> Transform3D? {
    pixelNumbers(node, path, .matrix).map { m in
      Transform3D(
        m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
        m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14],
        m44: m[15])
    }
  }

  /// SVG path data whose points are all coordinates.
  func pixelPath(_ node: TemplateJSON, _ path: String) -> Path? {
    guard let parsed = svgPath(node, path) else { return nil }
    guard !parsed.isEmpty else { return parsed }
    let box = parsed.controlPointBounds
    for value in [box.minX, box.minY, box.maxX, box.maxY]
    where !TemplateValue.svgPathRange.contains(value) {
      problem(
        path,
        "every point of a path must be a coordinate \(TemplateValue.svgPathRange.description) pixels (got \(format(value)))",
        at: node)
      return nil
    }
    return parsed
  }

  /// SVG path data.
  func svgPath(_ node: TemplateJSON, _ path: String) -> Path? {
    guard let text = string(node, path) else { return nil }
    do {
      return try Path(svgPathData: text)
    } catch {
      problem(path, error.description, at: node)
      return nil
    }
  }
}
