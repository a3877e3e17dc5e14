import Foundation

/// A vector outline made of straight lines and Bézier curves, in pixels (origin top-left,
/// y down): what shape layers draw and what clips and masks are cut with.
///
/// A path is a list of subpaths; each starts with ``Element/move(to:)`` and may end with
/// ``Element/close``. Builders mirror `CGMutablePath`:
///
///     var path = Path()
///     path.move(to: Point(x: 0, y: 0))
///     path.addLine(to: Point(x: 100, y: 0))
///     path.addCurve(to: Point(x: 100, y: 100),
///                   control1: Point(x: 150, y: 0), control2: Point(x: 150, y: 100))
///     path.closeSubpath()
public struct Path: Sendable, Hashable {
  /// One drawing step.
  public enum Element: Sendable, Hashable {
    /// Starts a new subpath at a point.
    case move(to: Point)
    /// A straight line from the current point.
    case line(to: Point)
    /// A quadratic Bézier curve from the current point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve from the current point.
    case curve(to: Point, control1: Point, control2: Point)
    /// A straight line back to the subpath's start, closing it.
    case close
  }

  /// The steps, in drawing order.
  public var elements: [Element]

  /// An empty path.
  public init() { elements = [] }

  /// A path with the given steps.
  public init(elements: [Element]) { self.elements = elements }

  /// Whether the path has no steps.
  public var isEmpty: Bool { elements.isEmpty }

  /// Starts a new subpath at `point`.
  public mutating func move(to point: Point) { elements.append(.move(to: point)) }
  /// Adds a straight line to `point`.
  public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }
  /// Adds a quadratic Bézier curve to `point`.
  public mutating func addQuadCurve(to point: Point, control: Point) {
    elements.append(.quadCurve(to: point, control: control))
  }
  /// Adds a cubic Bézier curve to `point`.
  public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
    elements.append(.curve(to: point, control1: control1, control2: control2))
  }
  /// Closes the current subpath with a line back to its start.
  public mutating func closeSubpath() { elements.append(.close) }

  /// The path with every point mapped through `transform`.
  public func applying(_ transform: AffineTransform) -> Path {
    Path(
      elements: elements.map { element in
        switch element {
        case .move(let p): .move(to: transform.apply(to: p))
        case .line(let p): .line(to: transform.apply(to: p))
        case .quadCurve(let p, let c):
          .quadCurve(to: transform.apply(to: p), control: transform.apply(to: c))
        case .curve(let p, let c1, let c2):
          .curve(
            to: transform.apply(to: p), control1: transform.apply(to: c1),
            control2: transform.apply(to: c2))
        case .close: .close
        }
      })
  }

  /// The smallest rectangle containing every point of the path, control points included
  /// (`.zero` for an empty path).
  public var controlPointBounds: Rect {
    var box = PointBox()
    func include(_ p: Point) { box.include(p) }
    for element in elements {
      switch element {
      case .move(let p), .line(let p): include(p)
      case .quadCurve(let p, let c):
        include(p)
        include(c)
      case .curve(let p, let c1, let c2):
        include(p)
        include(c1)
        include(c2)
      case .close: break
      }
    }
    return box.rect ?? .zero
  }
}

extension Path {
  /// A closed rectangle, drawn clockwise on screen from its top-left corner.
  public init(rect: Rect) {
    self.init()
    let r = rect.standardized
    move(to: Point(x: r.minX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.maxY))
    addLine(to: Point(x: r.minX, y: r.maxY))
    closeSubpath()
  }

  /// A rectangle with circular corners of `cornerRadius` pixels (clamped to half the shorter
  /// side), drawn clockwise from the top edge.
  public init(roundedRect rect: Rect, cornerRadius: Double) {
    let radius = rect.clampedCornerRadius(cornerRadius)
    self.init(roundedRect: rect.standardized, cornerWidth: radius, cornerHeight: radius)
  }

  /// A rectangle with elliptical corners `cornerWidth` pixels wide and `cornerHeight` high
  /// (each clamped to half the side it lies along), drawn clockwise from the top edge; a
  /// plain rectangle when either is ≤ 0.
  public init(roundedRect rect: Rect, cornerWidth: Double, cornerHeight: Double) {
    let r = rect.standardized
    let rx = Swift.max(0, Swift.min(cornerWidth, r.width / 2))
    let ry = Swift.max(0, Swift.min(cornerHeight, r.height / 2))
    guard rx > 0, ry > 0 else {
      self.init(rect: r)
      return
    }
    // Cubic approximation of a quarter ellipse: control points at k·radius from the corner.
    let kx = rx * (1 - Path.quarterArcControl)
    let ky = ry * (1 - Path.quarterArcControl)
    self.init()
    move(to: Point(x: r.minX + rx, y: r.minY))
    addLine(to: Point(x: r.maxX - rx, y: r.minY))
    addCurve(
      to: Point(x: r.maxX, y: r.minY + ry), control1: Point(x: r.maxX - kx, y: r.minY),
      control2: Point(x: r.maxX, y: r.minY + ky))
    addLine(to: Point(x: r.maxX, y: r.maxY - ry))
    addCurve(
      to: Point(x: r.maxX - rx, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - ky),
      control2: Point(x: r.maxX - kx, y: r.maxY))
    addLine(to: Point(x: r.minX + rx, y: r.maxY))
    addCurve(
      to: Point(x: r.minX, y: r.maxY - ry), control1: Point(x: r.minX + kx, y: r.maxY),
      control2: Point(x: r.minX, y: r.maxY - ky))
    addLine(to: Point(x: r.minX, y: r.minY + ry))
    addCurve(
      to: Point(x: r.minX + rx, y: r.minY), control1: Point(x: r.minX, y: r.minY + ky),
      control2: Point(x: r.minX + kx, y: r.minY))
    closeSubpath()
  }

  /// The distance of a quarter circle's Bézier control points from its ends, as a fraction of
  /// the radius: 4/3·(√2 − 1).
  static let quarterArcControl = 0.552_284_749_830_793_4

  /// An ellipse inscribed in `rect`, as four cubic Béziers starting at the right-most point.
  public init(ellipseIn rect: Rect) {
    let r = rect.standardized
    let rx = r.width / 2
    let ry = r.height / 2
    let cx = r.midX
    let cy = r.midY
    let kx = rx * Path.quarterArcControl
    let ky = ry * Path.quarterArcControl
    self.init()
    move(to: Point(x: cx + rx, y: cy))
    addCurve(
      to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + ky),
      control2: Point(x: cx + kx, y: cy + ry))
    addCurve(
      to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kx, y: cy + ry),
      control2: Point(x: cx - rx, y: cy + ky))
    addCurve(
      to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - ky),
      control2: Point(x: cx - kx, y: cy - ry))
    addCurve(
      to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kx, y: cy - ry),
      control2: Point(x: cx + rx, y: cy - ky))
    closeSubpath()
  }

  /// A closed polygon through `points` (empty when there are none).
  public init(polygon points: [Point]) {
    self.init()
    guard let first = points.first else { return }
    move(to: first)
    for point in points.dropFirst() { addLine(to: point) }
    closeSubpath()
  }
}

extension Path {
  // MARK: Arcs and geometry

  /// Adds a circular arc: a line from the current point to the arc's start (a move when the
  /// path has no current point), then cubic Béziers of at most a quarter turn each.
  ///
  /// A point at angle θ is `center + radius·(cos θ, sin θ)`: in Reel's y-down space a
  /// positive sweep turns clockwise on screen (in a y-up space, counter-clockwise).
  ///
  /// - Parameters:
  ///   - center: The circle's centre, in pixels.
  ///   - radius: The radius, in pixels (its magnitude is used).
  ///   - startAngle: Where the arc begins, in radians from the +x axis.
  ///   - sweepAngle: How far it turns, in radians; its sign gives the direction.
  public mutating func addArc(center: Point, radius: Double, startAngle: Double, sweepAngle: Double)
  {
    let r = abs(radius)
    let start = Point(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle))
    if currentPoint == nil { move(to: start) } else { addLine(to: start) }
    guard r > 0, sweepAngle != 0, sweepAngle.isFinite else { return }
    appendArcCurves(
      center: center, radiusX: r, radiusY: r, rotation: 0, startAngle: startAngle,
      sweepAngle: sweepAngle, end: nil)
  }

  /// Appends the Béziers of an elliptical arc that begins at the current point (at most a
  /// quarter turn each): the ellipse has radii `radiusX`, `radiusY` turned by `rotation`
  /// radians; `end`, when given, is used exactly as the last point.
  mutating func appendArcCurves(
    center: Point, radiusX: Double, radiusY: Double, rotation: Double, startAngle: Double,
    sweepAngle: Double, end: Point?
  ) {
    let cosPhi = cos(rotation)
    let sinPhi = sin(rotation)
    let segments = Swift.max(1, Int((abs(sweepAngle) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = sweepAngle / Double(segments)
    // Control distance for a circular arc of `step` radians on the unit circle.
    let k = 4.0 / 3.0 * tan(step / 4)
    func onEllipse(_ x: Double, _ y: Double) -> Point {
      // Maps a point of the unit circle frame to user space.
      Point(
        x: center.x + radiusX * x * cosPhi - radiusY * y * sinPhi,
        y: center.y + radiusX * x * sinPhi + radiusY * y * cosPhi)
    }
    var theta = startAngle
    for i in 0..<segments {
      let next = theta + step
      let (c0, s0) = (cos(theta), sin(theta))
      let (c1, s1) = (cos(next), sin(next))
      let p1 = onEllipse(c0 - k * s0, s0 + k * c0)
      let p2 = onEllipse(c1 + k * s1, s1 - k * c1)
      let p3 = i == segments - 1 ? (end ?? onEllipse(c1, s1)) : onEllipse(c1, s1)
      addCurve(to: p3, control1: p1, control2: p2)
      theta = next
    }
  }

  /// Where the next drawing step starts: the last element's end point, the start of the
  /// subpath a ``Element/close`` closed, or nil for an empty path.
  public var currentPoint: Point? {
    var current: Point?
    var subpathStart: Point?
    for element in elements {
      switch element {
      case .move(let p):
        current = p
        subpathStart = p
      case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
        if subpathStart == nil { subpathStart = current ?? p }
        current = p
      case .close:
        current = subpathStart ?? current
      }
    }
    return current
  }

  /// The smallest rectangle holding every point the path passes through — curves at their
  /// extremes, control points excluded — or nil for a path with no points.
  public var tightBounds: Rect? {
    var box = PointBox()
    func include(_ p: Point) { box.include(p) }
    var current = Point.zero
    for element in elements {
      switch element {
      case .move(let p), .line(let p):
        include(p)
        current = p
      case .quadCurve(let p, let c):
        // A quadratic is the cubic with controls 2/3 of the way to its control point.
        let c1 = current + (c - current) * (2.0 / 3.0)
        let c2 = p + (c - p) * (2.0 / 3.0)
        for t in Path.cubicExtremes(current, c1, c2, p) {
          include(Path.cubicPoint(current, c1, c2, p, t))
        }
        include(p)
        current = p
      case .curve(let p, let c1, let c2):
        for t in Path.cubicExtremes(current, c1, c2, p) {
          include(Path.cubicPoint(current, c1, c2, p, t))
        }
        include(p)
        current = p
      case .close: break
      }
    }
    return box.rect
  }

  /// The point of a cubic Bézier at parameter `t` in [0, 1].
  static func cubicPoint(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, _ t: Double) -> Point {
    let u = 1 - t
    return p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t)
  }

  /// The parameters in (0, 1) where a cubic Bézier's x or y has a turning point.
  static func cubicExtremes(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) -> [Double] {
    func roots(_ a0: Double, _ a1: Double, _ a2: Double, _ a3: Double) -> [Double] {
      // d/dt of the cubic is a·t² + b·t + c with:
      let a = 3 * (-a0 + 3 * a1 - 3 * a2 + a3)
      let b = 6 * (a0 - 2 * a1 + a2)
      let c = 3 * (a1 - a0)
      if abs(a) < 1e-12 {
        return abs(b) < 1e-12 ? [] : [-c / b]
      }
      let discriminant = b * b - 4 * a * c
      guard discriminant >= 0 else { return [] }
      let root = discriminant.squareRoot()
      return [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    }
    return (roots(p0.x, c1.x, c2.x, p1.x) + roots(p0.y, c1.y, c2.y, p1.y)).filter {
      $0 > 0 && $0 < 1
    }
  }
}

/// How the inside of a path is decided where it crosses itself.
public enum FillRule: String, Sendable, Hashable {
  /// Inside where the winding number is not zero (Core Animation's `nonZero`).
  case nonZero
  /// Inside where a ray crosses the path an odd number of times.
  case evenOdd
}

/// The shape of the ends of open stroked lines.
public enum LineCap: String, Sendable, Hashable {
  /// The line stops at its end point.
  case butt
  /// A half circle of the line's width is added at each end.
  case round
  /// A half square of the line's width is added at each end.
  case square
}

/// The shape of the corners where stroked segments meet.
public enum LineJoin: String, Sendable, Hashable {
  /// The outer edges meet in a point (a bevel past the miter limit).
  case miter
  /// A circular arc joins the outer edges.
  case round
  /// A straight edge cuts the corner.
  case bevel
}

/// How a path's outline is stroked.
public struct StrokeStyle: Sendable, Hashable {
  /// Line width in pixels.
  public var width: Double
  /// End caps of open subpaths.
  public var cap: LineCap
  /// Corner joins.
  public var join: LineJoin
  /// Miter joins longer than `miterLimit × width` become bevels (default 10, as CA).
  public var miterLimit: Double
  /// Alternating dash and gap lengths in pixels; empty for a solid line.
  public var dashPattern: [Double]
  /// How far into the dash pattern the stroke starts, in pixels.
  public var dashPhase: Double

  /// Makes a stroke style; defaults match Core Animation's shape layer.
  public init(
    width: Double = 1, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
    dashPattern: [Double] = [], dashPhase: Double = 0
  ) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
    self.dashPattern = dashPattern
    self.dashPhase = dashPhase
  }
}

/// The smallest rectangle holding the points included so far (the bounds' one rule).
private struct PointBox {
  private var minX = Double.infinity
  private var minY = Double.infinity
  private var maxX = -Double.infinity
  private var maxY = -Double.infinity

  mutating func include(_ p: Point) {
    minX = Swift.min(minX, p.x)
    minY = Swift.min(minY, p.y)
    maxX = Swift.max(maxX, p.x)
    maxY = Swift.max(maxY, p.y)
  }

  /// The box, or nil before any point.
  var rect: Rect? {
    guard minX.isFinite else { return nil }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
