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
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    func include(_ p: Point) {
      minX = Swift.min(minX, p.x)
      minY = Swift.min(minY, p.y)
      maxX = Swift.max(maxX, p.x)
      maxY = Swift.max(maxY, p.y)
    }
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
    guard minX.isFinite else { return .zero }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
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
    let r = rect.standardized
    let radius = Swift.max(0, Swift.min(cornerRadius, Swift.min(r.width, r.height) / 2))
    guard radius > 0 else {
      self.init(rect: r)
      return
    }
    // Cubic approximation of a quarter circle: control points at k·radius from the corner.
    let k = radius * (1 - 0.552_284_749_830_793_4)
    self.init()
    move(to: Point(x: r.minX + radius, y: r.minY))
    addLine(to: Point(x: r.maxX - radius, y: r.minY))
    addCurve(
      to: Point(x: r.maxX, y: r.minY + radius), control1: Point(x: r.maxX - k, y: r.minY),
      control2: Point(x: r.maxX, y: r.minY + k))
    addLine(to: Point(x: r.maxX, y: r.maxY - radius))
    addCurve(
      to: Point(x: r.maxX - radius, y: r.maxY), control1: Point(x: r.maxX, y: r.maxY - k),
      control2: Point(x: r.maxX - k, y: r.maxY))
    addLine(to: Point(x: r.minX + radius, y: r.maxY))
    addCurve(
      to: Point(x: r.minX, y: r.maxY - radius), control1: Point(x: r.minX + k, y: r.maxY),
      control2: Point(x: r.minX, y: r.maxY - k))
    addLine(to: Point(x: r.minX, y: r.minY + radius))
    addCurve(
      to: Point(x: r.minX + radius, y: r.minY), control1: Point(x: r.minX, y: r.minY + k),
      control2: Point(x: r.minX + k, y: r.minY))
    closeSubpath()
  }

  /// An ellipse inscribed in `rect`, as four cubic Béziers starting at the right-most point.
  public init(ellipseIn rect: Rect) {
    let r = rect.standardized
    let rx = r.width / 2
    let ry = r.height / 2
    let cx = r.midX
    let cy = r.midY
    let kx = rx * 0.552_284_749_830_793_4
    let ky = ry * 0.552_284_749_830_793_4
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
