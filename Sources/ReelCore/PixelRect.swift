import Foundation

/// A rectangle of whole pixels (y down): pixel (x, y) covers [x, x+1) × [y, y+1). The filter
/// engine's render areas and the writer's scaling rectangles.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// Columns, ≥ 0.
  public var width: Int
  /// Rows, ≥ 0.
  public var height: Int

  /// Makes a rectangle of `width` × `height` pixels whose top-left pixel is (x, y).
  ///
  /// Negative sizes are taken as 0.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(width, 0)
    self.height = max(height, 0)
  }

  /// The smallest rectangle of whole pixels that covers `rect`, or `nil` when `rect` is empty
  /// or does not fit in `Int` pixel coordinates (an infinite extent).
  public init?(covering rect: Rect) {
    let rect = rect.standardized
    guard !rect.isEmpty, rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite,
      rect.maxY.isFinite,
      let left = Int(exactly: rect.minX.rounded(.down)),
      let top = Int(exactly: rect.minY.rounded(.down)),
      let right = Int(exactly: rect.maxX.rounded(.up)),
      let bottom = Int(exactly: rect.maxY.rounded(.up))
    else { return nil }
    self.init(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// One past the right column.
  public var maxX: Int { x + width }
  /// One past the bottom row.
  public var maxY: Int { y + height }
  /// Whether the rectangle holds no pixel.
  public var isEmpty: Bool { width == 0 || height == 0 }
  /// The number of pixels.
  public var area: Int { width * height }
  /// The same area as a ``Rect``.
  public var rect: Rect {
    Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
  }

  /// Prints as `(x, y, width×height)`.
  public var description: String { "(\(x), \(y), \(width)×\(height))" }

  /// The pixels both rectangles hold (empty when they do not meet).
  public func intersection(_ other: PixelRect) -> PixelRect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    return PixelRect(
      x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
  }

  /// The rectangle grown by `dx` columns on each side and `dy` rows above and below.
  public func expanded(dx: Int, dy: Int) -> PixelRect {
    PixelRect(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
  }

  /// Whether pixel (px, py) is inside.
  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  /// Whether every pixel of `other` is inside.
  public func contains(_ other: PixelRect) -> Bool {
    other.x >= x && other.maxX <= maxX && other.y >= y && other.maxY <= maxY
  }
}
