import Foundation
import ReelCore

/// A timing curve: maps linear progress in [0, 1] to eased progress, as a cubic Bézier from
/// (0, 0) to (1, 1) with two control points (`CAMediaTimingFunction`).
///
/// The curve is solved for its parameter from x numerically (Newton steps, then bisection),
/// to better than 1e-7 in x.
///
///     TimingFunction.easeIn.progress(0.5)   // ≈ 0.3154
public struct TimingFunction: Sendable, Hashable, CustomStringConvertible {
  /// First control point (x in [0, 1]).
  public var control1: Point
  /// Second control point (x in [0, 1]).
  public var control2: Point

  /// Makes a curve from its control points; x coordinates are clamped into [0, 1] so the
  /// curve stays a function of time.
  public init(control1: Point, control2: Point) {
    self.control1 = Point(x: min(max(control1.x, 0), 1), y: control1.y)
    self.control2 = Point(x: min(max(control2.x, 0), 1), y: control2.y)
  }

  /// Makes a curve from control point coordinates `(x1, y1)`, `(x2, y2)`.
  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.init(control1: Point(x: x1, y: y1), control2: Point(x: x2, y: y2))
  }

  /// Constant speed: (0, 0), (1, 1).
  public static let linear = TimingFunction(0, 0, 1, 1)
  /// Slow start: (0.42, 0), (1, 1).
  public static let easeIn = TimingFunction(0.42, 0, 1, 1)
  /// Slow end: (0, 0), (0.58, 1).
  public static let easeOut = TimingFunction(0, 0, 0.58, 1)
  /// Slow start and end: (0.42, 0), (0.58, 1).
  public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
  /// Core Animation's default curve for implicit animations: (0.25, 0.1), (0.25, 1).
  public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

  public var description: String {
    "cubic-bezier(\(control1.x), \(control1.y), \(control2.x), \(control2.y))"
  }

  /// The eased progress at linear progress `x`.
  ///
  /// - Parameter x: Linear progress; values outside [0, 1] are clamped.
  /// - Returns: The curve's y at that x (may leave [0, 1] when control points overshoot).
  public func progress(_ x: Double) -> Double {
    if control1.x == control1.y && control2.x == control2.y {
      // Control points on the diagonal: x(t) = y(t), the curve is the identity.
      return min(max(x, 0), 1)
    }
    let clamped = x.isNaN ? 0 : min(max(x, 0), 1)
    if clamped == 0 { return 0 }
    if clamped == 1 { return 1 }
    return bezier(solveParameter(forX: clamped), control1.y, control2.y)
  }

  private func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
  }

  private func bezierDerivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
  }

  private func solveParameter(forX x: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let error = bezier(t, control1.x, control2.x) - x
      if abs(error) < 1e-9 { return t }
      let slope = bezierDerivative(t, control1.x, control2.x)
      if abs(slope) < 1e-9 { break }
      t -= error / slope
      if t < 0 || t > 1 { break }
    }
    var low = 0.0
    var high = 1.0
    t = x
    for _ in 0..<60 {
      let value = bezier(t, control1.x, control2.x)
      if abs(value - x) < 1e-9 { return t }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return t
  }
}
