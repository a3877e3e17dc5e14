/// Blending paths point by point, for animations of a shape's outline (Core Animation's
/// `path` key path): two paths blend when they have the same elements in the same order and
/// only their points differ.
extension Path {
  /// Whether `other` has the same elements in the same order (moves, lines, curves and
  /// closes), so the two can be blended point by point.
  ///
  /// - Parameter other: The path to compare with.
  public func hasSameStructure(as other: Path) -> Bool {
    guard elements.count == other.elements.count else { return false }
    for (a, b) in zip(elements, other.elements) {
      switch (a, b) {
      case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve),
        (.close, .close):
        continue
      default:
        return false
      }
    }
    return true
  }

  /// The weighted sum Σ weight · path of paths with the same structure, point by point
  /// (interpolation, Catmull-Rom blending).
  ///
  /// - Parameter terms: Paths and weights; every path must have the first one's structure.
  /// - Returns: The blended path, or nil when `terms` is empty or the structures differ.
  public static func blend(_ terms: [(Path, Double)]) -> Path? {
    guard let first = terms.first?.0,
      terms.allSatisfy({ $0.0.hasSameStructure(as: first) })
    else { return nil }
    func point(_ pick: (Element) -> Point?, at index: Int) -> Point {
      var x = 0.0
      var y = 0.0
      for (path, weight) in terms {
        guard let p = pick(path.elements[index]) else { continue }
        x += p.x * weight
        y += p.y * weight
      }
      return Point(x: x, y: y)
    }
    var blended: [Element] = []
    blended.reserveCapacity(first.elements.count)
    for (index, element) in first.elements.enumerated() {
      switch element {
      case .move:
        blended.append(.move(to: point({ $0.points.first }, at: index)))
      case .line:
        blended.append(.line(to: point({ $0.points.first }, at: index)))
      case .quadCurve:
        blended.append(
          .quadCurve(
            to: point({ $0.points.first }, at: index),
            control: point({ $0.points.dropFirst().first }, at: index)))
      case .curve:
        blended.append(
          .curve(
            to: point({ $0.points.first }, at: index),
            control1: point({ $0.points.dropFirst().first }, at: index),
            control2: point({ $0.points.dropFirst(2).first }, at: index)))
      case .close:
        blended.append(.close)
      }
    }
    return Path(elements: blended)
  }

  /// The distance between two paths with the same structure: the Euclidean norm of the
  /// differences of all their points (used to pace keyframes); nil when the structures
  /// differ.
  ///
  /// - Parameter other: The other path.
  public func morphDistance(to other: Path) -> Double? {
    guard hasSameStructure(as: other) else { return nil }
    var sum = 0.0
    for (a, b) in zip(elements, other.elements) {
      for (p, q) in zip(a.points, b.points) {
        sum += (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)
      }
    }
    return sum.squareRoot()
  }
}

extension Path.Element {
  /// The element's points: the end point first, then the controls in order (none for a
  /// close).
  public var points: [Point] {
    switch self {
    case .move(let p), .line(let p): [p]
    case .quadCurve(let p, let c): [p, c]
    case .curve(let p, let c1, let c2): [p, c1, c2]
    case .close: []
    }
  }
}
