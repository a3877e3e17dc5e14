import Foundation

/// A position in pixels: origin top-left, x to the right, y down.
///
/// Arithmetic treats a point as a 2D vector, so offsets and scaling read naturally:
///
///     let position = Point(x: 200, y: 100)
///     let topLeft = position - Point(x: 50, y: 25)   // (150, 75)
///     let doubled = topLeft * 2                       // (300, 150)
public struct Point: Sendable, Hashable, CustomStringConvertible {
  /// Horizontal coordinate in pixels (grows to the right).
  public var x: Double
  /// Vertical coordinate in pixels (grows downwards).
  public var y: Double

  /// Makes a point from its coordinates in pixels.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0): the top-left corner.
  public static let zero = Point(x: 0, y: 0)

  /// Prints as `(x, y)`.
  public var description: String { "(\(x), \(y))" }

  /// Componentwise sum.
  public static func + (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
  }

  /// Componentwise difference.
  public static func - (lhs: Point, rhs: Point) -> Point {
    Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
  }

  /// Both coordinates negated.
  public static prefix func - (point: Point) -> Point {
    Point(x: -point.x, y: -point.y)
  }

  /// Both coordinates multiplied by `factor`.
  public static func * (point: Point, factor: Double) -> Point {
    Point(x: point.x * factor, y: point.y * factor)
  }

  /// Both coordinates multiplied by `factor`.
  public static func * (factor: Double, point: Point) -> Point {
    point * factor
  }

  /// Both coordinates divided by `divisor`.
  public static func / (point: Point, divisor: Double) -> Point {
    Point(x: point.x / divisor, y: point.y / divisor)
  }

  /// Adds `rhs` to `lhs` in place.
  public static func += (lhs: inout Point, rhs: Point) { lhs = lhs + rhs }

  /// Subtracts `rhs` from `lhs` in place.
  public static func -= (lhs: inout Point, rhs: Point) { lhs = lhs - rhs }
}
