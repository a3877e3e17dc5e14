internal import ReelCore

/// What one element of a path does, with Apple's raw values.
public enum CGPathElementType: Int32, Sendable, Hashable {
  /// Starts a subpath at `points[0]`.
  case moveToPoint = 0
  /// A line to `points[0]`.
  case addLineToPoint = 1
  /// A quadratic curve with control `points[0]` to `points[1]`.
  case addQuadCurveToPoint = 2
  /// A cubic curve with controls `points[0]`, `points[1]` to `points[2]`.
  case addCurveToPoint = 3
  /// Closes the subpath.
  case closeSubpath = 4
}

/// One element of a path, as CoreGraphics' `CGPathElement`: its type and its points (valid
/// only during the call that hands it out).
public struct CGPathElement {
  /// What the element does.
  public var type: CGPathElementType
  /// Its points: 1 for moves and lines, 2 for quadratic, 3 for cubic curves, none for a close.
  public var points: UnsafeMutablePointer<CGPoint>

  /// An element.
  public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
    self.type = type
    self.points = points
  }
}

extension CGPath {
  /// Calls `block` with each element in order (points valid only during the call).
  public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
    let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
    defer { points.deallocate() }
    points.initialize(repeating: .zero, count: 3)
    for element in path.elements {
      let type: CGPathElementType
      switch element {
      case .move(let p):
        type = .moveToPoint
        points[0] = CGPoint(p)
      case .line(let p):
        type = .addLineToPoint
        points[0] = CGPoint(p)
      case .quadCurve(let p, let c):
        type = .addQuadCurveToPoint
        points[0] = CGPoint(c)
        points[1] = CGPoint(p)
      case .curve(let p, let c1, let c2):
        type = .addCurveToPoint
        points[0] = CGPoint(c1)
        points[1] = CGPoint(c2)
        points[2] = CGPoint(p)
      case .close:
        type = .closeSubpath
      }
      var pathElement = CGPathElement(type: type, points: points)
      block(&pathElement)
    }
  }

  /// Whether `point` (mapped by `transform`'s inverse, that is: the path is mapped by
  /// `transform`) is inside the path by `rule`; open subpaths count as closed, as on Apple.
  /// Curves are measured on a polyline of 64 chords each (within a thousandth of their size).
  public func contains(
    _ point: CGPoint, using rule: CGPathFillRule = .winding,
    transform: CGAffineTransform = .identity
  ) -> Bool {
    let polygons = CGPath.polygons(of: path.applying(transform.affine))
    let p = point.point
    var winding = 0
    for polygon in polygons where polygon.count > 1 {
      for i in polygon.indices {
        let a = polygon[i]
        let b = polygon[(i + 1) % polygon.count]
        if a.y <= p.y {
          if b.y > p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
        } else if b.y <= p.y && (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 {
          winding -= 1
        }
      }
    }
    return rule == .evenOdd ? winding % 2 != 0 : winding != 0
  }

  /// Each subpath as a closed polygon, curves flattened.
  static func polygons(of path: Path) -> [[Point]] {
    let chords = 64
    var polygons: [[Point]] = []
    var current: [Point] = []
    var last = Point.zero
    for element in path.elements {
      switch element {
      case .move(let p):
        if !current.isEmpty { polygons.append(current) }
        current = [p]
        last = p
      case .line(let p):
        current.append(p)
        last = p
      case .quadCurve(let p, let c):
        let start = last
        for i in 1...chords {
          let t = Double(i) / Double(chords)
          let u = 1 - t
          current.append(start * (u * u) + c * (2 * u * t) + p * (t * t))
        }
        last = p
      case .curve(let p, let c1, let c2):
        let start = last
        for i in 1...chords {
          let t = Double(i) / Double(chords)
          let u = 1 - t
          current.append(
            start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
        }
        last = p
      case .close:
        if !current.isEmpty {
          polygons.append(current)
          last = current[0]
          current = [last]
        }
      }
    }
    if current.count > 1 { polygons.append(current) }
    return polygons
  }
}
