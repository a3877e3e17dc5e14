import Foundation

/// An axis-aligned rectangle in pixels: an origin and a size, origin top-left, y down.
///
/// As with `CGRect`, the size may be negative; the derived properties (``minX``, ``width``,
/// …) and every operation work on the ``standardized`` rectangle, whose size is
/// non-negative. A rectangle covers the half-open area [minX, maxX) × [minY, maxY), which is
/// how pixels are counted: pixel (i, j) covers [i, i+1) × [j, j+1), so
/// `Rect(x: 0, y: 0, width: 2, height: 2)` holds exactly the pixels (0, 0) through (1, 1).
///
///     let frame = Rect(x: 150, y: 75, width: 100, height: 50)
///     frame.maxX                              // 250
///     frame.contains(Point(x: 250, y: 80))    // false: the right edge is excluded
public struct Rect: Sendable, Hashable, CustomStringConvertible {
  /// The corner the size is measured from (the top-left corner when the size is positive).
  public var origin: Point
  /// The extents from ``origin``; either may be negative.
  public var size: Size

  /// Makes a rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Makes a rectangle from its origin coordinates and size, all in pixels.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// Prints as `(x, y, width×height)`.
  public var description: String { "(\(origin.x), \(origin.y), \(size.width)×\(size.height))" }

  // MARK: Edges and extents

  /// The smallest x coordinate (the left edge).
  public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
  /// The x coordinate of the centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The largest x coordinate (the right edge, itself outside the rectangle).
  public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
  /// The smallest y coordinate (the top edge).
  public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
  /// The y coordinate of the centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The largest y coordinate (the bottom edge, itself outside the rectangle).
  public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
  /// The width, never negative (`abs(size.width)`).
  public var width: Double { abs(size.width) }
  /// The height, never negative (`abs(size.height)`).
  public var height: Double { abs(size.height) }
  /// The centre point, (midX, midY).
  public var center: Point { Point(x: midX, y: midY) }

  /// Whether the rectangle covers no area: its width or height is zero (or NaN).
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  /// The same area with a non-negative size: the origin moves to the top-left corner.
  public var standardized: Rect {
    Rect(x: minX, y: minY, width: width, height: height)
  }

  /// The smallest rectangle with whole-pixel edges that contains this one: minX and minY
  /// rounded down, maxX and maxY rounded up.
  ///
  /// `Rect(x: 0.5, y: 1, width: 2, height: 0.25).integral` is `(0, 1, 3×1)`.
  public var integral: Rect {
    let left = minX.rounded(.down)
    let top = minY.rounded(.down)
    return Rect(
      x: left, y: top, width: maxX.rounded(.up) - left, height: maxY.rounded(.up) - top)
  }

  // MARK: Tests

  /// Whether `point` lies inside, with half-open edges: minX ≤ x < maxX and minY ≤ y < maxY.
  ///
  /// The left and top edges are inside, the right and bottom edges are not, so the pixel
  /// centres a rectangle contains are exactly the pixels it covers. An empty rectangle
  /// contains no point.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies entirely inside this rectangle (shared edges count as inside).
  ///
  /// An empty `other` is contained when its position lies within the closed area of this
  /// rectangle.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// Whether the two rectangles share some area (touching edges do not count).
  public func intersects(_ other: Rect) -> Bool {
    intersection(other) != nil
  }

  // MARK: Combining

  /// The area both rectangles cover, or `nil` when they share no area.
  ///
  /// Rectangles that only touch along an edge share no pixel (edges are half-open), so
  /// their intersection is `nil`. The result is standardized.
  public func intersection(_ other: Rect) -> Rect? {
    let left = Swift.max(minX, other.minX)
    let right = Swift.min(maxX, other.maxX)
    let top = Swift.max(minY, other.minY)
    let bottom = Swift.min(maxY, other.maxY)
    guard right > left, bottom > top else { return nil }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The smallest rectangle that contains both rectangles.
  ///
  /// An empty rectangle covers nothing and so adds nothing: the union of an empty rectangle
  /// and `r` is `r.standardized`. The result is standardized.
  public func union(_ other: Rect) -> Rect {
    if other.isEmpty { return standardized }
    if isEmpty { return other.standardized }
    let left = Swift.min(minX, other.minX)
    let top = Swift.min(minY, other.minY)
    return Rect(
      x: left, y: top,
      width: Swift.max(maxX, other.maxX) - left,
      height: Swift.max(maxY, other.maxY) - top)
  }

  // MARK: Moving and resizing

  /// The rectangle shrunk by `dx` on the left and right and by `dy` on the top and bottom
  /// (negative values grow it).
  ///
  /// When an inset is more than half the extent, that extent becomes zero, centred on the
  /// original centre. The result is standardized.
  ///
  /// - Parameters:
  ///   - dx: Pixels removed from each of the left and right sides.
  ///   - dy: Pixels removed from each of the top and bottom sides.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let newWidth = width - 2 * dx
    let newHeight = height - 2 * dy
    let left = newWidth >= 0 ? minX + dx : midX
    let top = newHeight >= 0 ? minY + dy : midY
    return Rect(
      x: left, y: top, width: Swift.max(newWidth, 0), height: Swift.max(newHeight, 0))
  }

  /// The rectangle moved by `dx` pixels right and `dy` pixels down, size unchanged.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(origin: Point(x: origin.x + dx, y: origin.y + dy), size: size)
  }
}

extension Rect {
  /// The corner radius a rounded rectangle of this rectangle draws with: `cornerRadius`
  /// limited to 0 … half the shorter side (a larger radius draws the same as half the
  /// shorter side; NaN draws square corners). The one rule for rounded backgrounds,
  /// borders, clips and paths.
  ///
  /// - Parameter cornerRadius: The radius asked for, in pixels.
  /// - Returns: The radius drawn, in pixels.
  public func clampedCornerRadius(_ cornerRadius: Double) -> Double {
    guard !cornerRadius.isNaN else { return 0 }
    let r = standardized
    return Swift.max(0, Swift.min(cornerRadius, Swift.min(r.width, r.height) / 2))
  }
}
