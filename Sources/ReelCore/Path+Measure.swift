import Foundation

extension Path {
  /// The default flattening tolerance for measuring curves: 0.01 pixels.
  public static let defaultMeasureTolerance = 0.01

  /// The total length of every subpath in pixels, closing lines included; curves are
  /// flattened so that no chord strays more than 0.01 px from the curve.
  public var length: Double { length(tolerance: Path.defaultMeasureTolerance) }

  /// The total length in pixels, flattening curves to `tolerance`.
  ///
  /// - Parameter tolerance: The largest allowed distance in pixels between a curve and the
  ///   chords that measure it (values below 1e-6 are raised to 1e-6).
  /// - Returns: The sum of the lengths of all segments, including the lines that close
  ///   subpaths. Moves do not count.
  public func length(tolerance: Double) -> Double {
    let measure = PathMeasure(self, tolerance: tolerance)
    return measure.totalLength
  }

  /// The part of the path between two fractions of its total length, as Core Animation's
  /// `strokeStart` and `strokeEnd` select what a shape layer strokes.
  ///
  /// Lengths run across subpaths in order (a path of two 50 px lines trimmed to 0…0.75
  /// keeps the first line and half of the second). Curves are cut exactly (de Casteljau),
  /// at parameters found from their flattened length. A subpath kept whole stays closed;
  /// a closed subpath cut open ends with a line instead of a close.
  ///
  /// - Parameters:
  ///   - start: Fraction of the total length where the result starts, clamped to [0, 1].
  ///   - end: Fraction where it ends, clamped to [0, 1].
  /// - Returns: The selected part; empty when `end ≤ start` or the path has no length.
  ///   `trimmed(from: 0, to: 1)` draws the same as the path itself.
  public func trimmed(from start: Double, to end: Double) -> Path {
    let a = Swift.min(Swift.max(start.isNaN ? 0 : start, 0), 1)
    let b = Swift.min(Swift.max(end.isNaN ? 0 : end, 0), 1)
    if a <= 0 && b >= 1 { return self }
    let measure = PathMeasure(self, tolerance: Path.defaultMeasureTolerance)
    guard b > a, measure.totalLength > 0 else { return Path() }
    return measure.extract(from: a * measure.totalLength, to: b * measure.totalLength)
  }
}

/// A path broken into measured segments, for length and trimming.
struct PathMeasure {
  /// One drawing segment as a cubic Bézier (lines have control points on the chord).
  struct Segment {
    var p0: Point
    var c1: Point
    var c2: Point
    var p1: Point
    var isLine: Bool
    /// Whether this segment is the line a close draws back to the subpath's start.
    var isClose: Bool
    /// Index of the subpath that holds it.
    var subpath: Int
    /// Whether it is the subpath's first segment.
    var isFirstInSubpath: Bool
    /// Flattened points: parameter and cumulative length from the segment's start.
    var samples: [(t: Double, length: Double)]
    var length: Double { samples.last?.length ?? 0 }
  }

  var segments: [Segment] = []
  var totalLength: Double = 0

  init(_ path: Path, tolerance: Double) {
    let tol = Swift.max(tolerance, 1e-6)
    var current = Point.zero
    var start = Point.zero
    var subpath = -1
    var first = true
    var open = false
    func add(_ c1: Point, _ c2: Point, _ p1: Point, line: Bool, close: Bool) {
      if !open {
        // A drawing command without a move starts a subpath at the current point.
        subpath += 1
        start = current
        first = true
        open = true
      }
      var seg = Segment(
        p0: current, c1: c1, c2: c2, p1: p1, isLine: line, isClose: close, subpath: subpath,
        isFirstInSubpath: first, samples: [])
      seg.samples = PathMeasure.flatten(seg, tolerance: tol)
      segments.append(seg)
      totalLength += seg.length
      first = false
      current = p1
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        current = p
        start = p
        subpath += 1
        first = true
        open = true
      case .line(let p):
        add(current, p, p, line: true, close: false)
      case .quadCurve(let p, let c):
        let q0 = current
        let c1 = q0 + (c - q0) * (2.0 / 3.0)
        let c2 = p + (c - p) * (2.0 / 3.0)
        add(c1, c2, p, line: false, close: false)
      case .curve(let p, let c1, let c2):
        add(c1, c2, p, line: false, close: false)
      case .close:
        if open {
          add(current, start, start, line: true, close: true)
          open = false
        }
        current = start
      }
    }
  }

  static func point(_ s: Segment, at t: Double) -> Point {
    if s.isLine { return s.p0 + (s.p1 - s.p0) * t }
    let u = 1 - t
    let a = u * u * u
    let b = 3 * u * u * t
    let c = 3 * u * t * t
    let d = t * t * t
    return Point(
      x: a * s.p0.x + b * s.c1.x + c * s.c2.x + d * s.p1.x,
      y: a * s.p0.y + b * s.c1.y + c * s.c2.y + d * s.p1.y)
  }

  static func distance(_ p: Point, _ q: Point) -> Double {
    ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
  }

  /// Adaptive flattening: splits until the control points lie within `tolerance` of the
  /// chord, then records cumulative chord lengths.
  static func flatten(_ s: Segment, tolerance: Double) -> [(t: Double, length: Double)] {
    if s.isLine { return [(0, 0), (1, distance(s.p0, s.p1))] }
    var result: [(t: Double, length: Double)] = [(0, 0)]
    var total = 0.0
    func flat(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point) -> Bool {
      let d1 = distanceToChord(c1, p0, p1)
      let d2 = distanceToChord(c2, p0, p1)
      return Swift.max(d1, d2) <= tolerance
    }
    func recurse(
      _ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, t0: Double, t1: Double, depth: Int
    ) {
      if depth >= 18 || flat(p0, c1, c2, p1) {
        total += distance(p0, p1)
        result.append((t1, total))
        return
      }
      let (left, right) = split(p0, c1, c2, p1, at: 0.5)
      let tm = (t0 + t1) / 2
      recurse(left.0, left.1, left.2, left.3, t0: t0, t1: tm, depth: depth + 1)
      recurse(right.0, right.1, right.2, right.3, t0: tm, t1: t1, depth: depth + 1)
    }
    recurse(s.p0, s.c1, s.c2, s.p1, t0: 0, t1: 1, depth: 0)
    return result
  }

  static func distanceToChord(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let len = (dx * dx + dy * dy).squareRoot()
    if len < 1e-12 { return distance(p, a) }
    return abs((p.x - a.x) * dy - (p.y - a.y) * dx) / len
  }

  typealias Cubic = (Point, Point, Point, Point)

  /// de Casteljau subdivision at `t`.
  static func split(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, at t: Double) -> (
    Cubic, Cubic
  ) {
    func lerp(_ a: Point, _ b: Point) -> Point { a + (b - a) * t }
    let ab = lerp(p0, c1)
    let bc = lerp(c1, c2)
    let cd = lerp(c2, p1)
    let abc = lerp(ab, bc)
    let bcd = lerp(bc, cd)
    let m = lerp(abc, bcd)
    return ((p0, ab, abc, m), (m, bcd, cd, p1))
  }

  /// The curve parameter at `distance` along the segment, by interpolating the samples.
  static func parameter(_ s: Segment, at distance: Double) -> Double {
    let samples = s.samples
    guard let last = samples.last, last.length > 0 else { return 0 }
    if distance <= 0 { return 0 }
    if distance >= last.length { return 1 }
    var lo = 0
    var hi = samples.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if samples[mid].length < distance { lo = mid } else { hi = mid }
    }
    let a = samples[lo]
    let b = samples[hi]
    let f = b.length > a.length ? (distance - a.length) / (b.length - a.length) : 0
    return a.t + (b.t - a.t) * f
  }

  /// The sub-segment between parameters `t0` and `t1`.
  static func piece(_ s: Segment, _ t0: Double, _ t1: Double) -> Cubic {
    if s.isLine {
      let a = point(s, at: t0)
      let b = point(s, at: t1)
      return (a, a, b, b)
    }
    var cubic: Cubic = (s.p0, s.c1, s.c2, s.p1)
    if t1 < 1 { cubic = split(cubic.0, cubic.1, cubic.2, cubic.3, at: t1).0 }
    if t0 > 0 {
      let local = t1 > 0 ? t0 / t1 : 0
      cubic = split(cubic.0, cubic.1, cubic.2, cubic.3, at: local).1
    }
    return cubic
  }

  /// The segments' parts between two distances from the path's start (pixels).
  func extract(from a: Double, to b: Double) -> Path {
    var path = Path()
    var offset = 0.0
    var openSubpath = -1
    var startedAtSubpathStart = false
    for s in segments {
      let s0 = offset
      let s1 = offset + s.length
      offset = s1
      // Zero-length segments count when they touch the kept range.
      guard s1 >= a, s0 <= b, !(s.length > 0 && (s1 <= a || s0 >= b)) else { continue }
      let t0 = s0 >= a ? 0 : PathMeasure.parameter(s, at: a - s0)
      let t1 = s1 <= b ? 1 : PathMeasure.parameter(s, at: b - s0)
      let cubic = PathMeasure.piece(s, t0, t1)
      if openSubpath != s.subpath {
        path.move(to: cubic.0)
        openSubpath = s.subpath
        startedAtSubpathStart = s.isFirstInSubpath && t0 == 0
      }
      if s.isClose && t0 == 0 && t1 == 1 && startedAtSubpathStart {
        path.closeSubpath()
      } else if s.isLine {
        path.addLine(to: cubic.3)
      } else {
        path.addCurve(to: cubic.3, control1: cubic.1, control2: cubic.2)
      }
    }
    return path
  }
}
