import Foundation

/// A width and a height in pixels.
///
/// A size is usually non-negative; ``Rect`` accepts negative sizes (as `CGRect` does) and
/// ``Rect/standardized`` turns them into positive ones.
public struct Size: Sendable, Hashable, CustomStringConvertible {
  /// Horizontal extent in pixels.
  public var width: Double
  /// Vertical extent in pixels.
  public var height: Double

  /// Makes a size from its extents in pixels.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size with zero width and height.
  public static let zero = Size(width: 0, height: 0)

  /// Prints as `width×height`.
  public var description: String { "\(width)×\(height)" }

  /// Both extents multiplied by `factor`.
  public static func * (size: Size, factor: Double) -> Size {
    Size(width: size.width * factor, height: size.height * factor)
  }

  /// Both extents multiplied by `factor`.
  public static func * (factor: Double, size: Size) -> Size {
    size * factor
  }

  /// Both extents divided by `divisor`.
  public static func / (size: Size, divisor: Double) -> Size {
    Size(width: size.width / divisor, height: size.height / divisor)
  }
}
