import Foundation
import Reel

// Numbers that become pixels are checked against the ranges of `PixelLimits` (ReelCore),
// the one table of those ranges; each problem names the element's JSON path and the range.
extension TemplateDecoder {
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
      path, "a \(range.name) must be \(range.description)\(unit) (got \(format(value)))", at: node)
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
    guard let point = point(node, path) else { return nil }
    let elements = node.elements ?? []
    let x = check(point.x, range, Self.join(path, 0), at: elements.first)
    let y = check(point.y, range, Self.join(path, 1), at: elements.last)
    return x && y ? point : nil
  }

  /// `[width, height]`, each a layer size.
  func pixelSize(_ node: TemplateJSON, _ path: String) -> Size? {
    guard let size = size(node, path) else { return nil }
    let elements = node.elements ?? []
    let width = check(size.width, PixelLimits.layerSide, Self.join(path, 0), at: elements.first)
    let height = check(size.height, PixelLimits.layerSide, Self.join(path, 1), at: elements.last)
    return width && height ? size : nil
  }

  /// `[x, y, width, height]`: a coordinate origin and a layer size.
  func pixelRect(_ node: TemplateJSON, _ path: String) -> Rect? {
    guard let rect = rect(node, path) else { return nil }
    let elements = node.elements ?? []
    let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
    var valid = true
    for (index, value) in values.enumerated() {
      let range = index < 2 ? PixelLimits.coordinate : PixelLimits.layerSide
      let element = index < elements.count ? elements[index] : node
      valid = check(value, range, Self.join(path, index), at: element) && valid
    }
    return valid ? rect : nil
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
    let elements = node.elements ?? []
    var valid = true
    for (index, value) in values.enumerated() {
      let element = index < elements.count ? elements[index] : node
      valid = check(value, PixelLimits.matrixEntry, Self.join(path, index), at: element) && valid
    }
    return valid
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
}
