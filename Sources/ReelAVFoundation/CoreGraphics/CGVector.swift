/// A two-dimensional vector, as CoreGraphics' `CGVector` (Foundation on Linux lacks it).
public struct CGVector: Sendable, Hashable {
  /// The x component.
  public var dx: CGFloat
  /// The y component.
  public var dy: CGFloat

  /// A vector with components `dx`, `dy`.
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }

  /// A vector with components `dx`, `dy`.
  public init(dx: Double, dy: Double) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

  /// A vector with components `dx`, `dy`.
  public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

  /// (0, 0).
  public init() { self.init(dx: CGFloat(0), dy: CGFloat(0)) }

  /// (0, 0).
  public static let zero = CGVector()
}
