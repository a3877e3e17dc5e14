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

  /// `[x, y]` with both in `range` (coordinates by default).
  func pixelPoint(
    _ node: TemplateJSON, _ path: String, _ range: PixelRange = PixelLimits.coordinate
  ) -> Point? {
    guard let values = numbers(node, path, count: 2, shape: "[x, y]"),
      checked(values, node, path, ranges: [range, range])
    else { return nil }
    return Point(x: values[0], y: values[1])
  }

  /// `[width, height]`, each a layer size.
  func pixelSize(_ node: TemplateJSON, _ path: String) -> Size? {
    guard let values = numbers(node, path, count: 2, shape: "[width, height]"),
      checked(values, node, path, ranges: [PixelLimits.layerSide, PixelLimits.layerSide])
    else { return nil }
    return Size(width: values[0], height: values[1])
  }

  /// `[x, y, width, height]`: a coordinate origin and a layer size.
  func pixelRect(_ node: TemplateJSON, _ path: String) -> Rect? {
    let ranges = [
      PixelLimits.coordinate, PixelLimits.coordinate, PixelLimits.layerSide,
      PixelLimits.layerSide,
    ]
    guard let values = numbers(node, path, count: 4, shape: "[x, y, width, height]"),
      checked(values, node, path, ranges: ranges)
    else { return nil }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
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

  /// A 4×4 matrix whose entries are in ``PixelLimits/matrixEntry``.
  func pixelTransform3D(_ node: TemplateJSON, _ path: String) -> Transform3D? {
    guard let matrix = transform3D(node, path) else { return nil }
    return checkedEntries(
      [
        matrix.m11, matrix.m12, matrix.m13, matrix.m14, matrix.m21, matrix.m22, matrix.m23,
        matrix.m24, matrix.m31, matrix.m32, matrix.m33, matrix.m34, matrix.m41, matrix.m42,
        matrix.m43, matrix.m44,
      ], node, path) ? matrix : nil
  }

  /// Checks each entry of a matrix written as a flat array.
  func checkedEntries(_ values: [Double], _ node: TemplateJSON, _ path: String) -> Bool {
    checked(
      values, node, path, ranges: Array(repeating: PixelLimits.matrixEntry, count: values.count))
  }

  /// SVG path data whose points are all coordinates.
  func pixelPath(_ node: TemplateJSON, _ path: String) -> Path? {
    guard let parsed = svgPath(node, path) else { return nil }
    guard !parsed.isEmpty else { return parsed }
    let box = parsed.controlPointBounds
    for value in [box.minX, box.minY, box.maxX, box.maxY]
    where !PixelLimits.coordinate.contains(value) {
      problem(
        path,
        "every point of a path must be a coordinate \(PixelLimits.coordinate.description) pixels (got \(format(value)))",
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
