import Foundation

/// A 2D affine transform in pixel space, with the same matrix layout and composition rules
/// as `CGAffineTransform`.
///
/// Points are row vectors multiplied on the left of the 3×3 matrix
///
///     | a   b   0 |
///     | c   d   0 |
///     | tx  ty  1 |
///
/// so a point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty).
///
/// **Screen orientation.** Reel's pixel space has its origin at the top left with y growing
/// downwards. The formulas are Core Graphics' unchanged, so
/// `AffineTransform(rotationAngle: θ)` is the ordinary rotation matrix; with y pointing
/// down, a positive angle turns clockwise *on screen* (it maps (1, 0), pointing right, to
/// (0, 1), pointing down). That is what the same transform does on iOS, whose view
/// coordinates are also y-down; in a y-up space such as macOS or Core Animation's export
/// space it would look counter-clockwise.
///
/// **Composition order.** `t1.concatenating(t2)` applies `t1` first, then `t2`. The
/// `translatedBy`, `scaledBy` and `rotated(by:)` methods, like their `CGAffineTransform`
/// namesakes, put the new step *before* the existing transform:
/// `t.translatedBy(x: 10, y: 0)` first moves a point 10 pixels right, then applies `t`.
///
///     let turn = AffineTransform(rotationAngle: .pi / 2)
///     turn.apply(to: Point(x: 1, y: 0))   // ≈ (0, 1): a quarter turn clockwise on screen
///
/// **Name clash.** Foundation also declares an `AffineTransform`. In a file that imports
/// both Foundation and ReelCore, write ``Transform2D`` (the same type under a name that
/// clashes with nothing), add `import struct ReelCore.AffineTransform` (a scoped import wins
/// over the plain one), or write `ReelCore.AffineTransform`.
public struct AffineTransform: Sendable, Hashable, CustomStringConvertible {
  /// Contribution of x to x′.
  public var a: Double
  /// Contribution of x to y′.
  public var b: Double
  /// Contribution of y to x′.
  public var c: Double
  /// Contribution of y to y′.
  public var d: Double
  /// Horizontal translation in pixels.
  public var tx: Double
  /// Vertical translation in pixels (positive moves down).
  public var ty: Double

  /// Makes a transform from its six matrix entries (see the type's discussion for the layout).
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that leaves every point where it is.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A transform that moves points by (x, y) pixels (positive y moves down).
  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A transform that scales about the origin by `x` horizontally and `y` vertically.
  public init(scaleX x: Double, y: Double) {
    self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A rotation about the origin.
  ///
  /// - Parameter angle: Radians; positive turns clockwise on screen (y-down space).
  public init(rotationAngle angle: Double) {
    let sine = sin(angle)
    let cosine = cos(angle)
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// Prints the six entries.
  public var description: String {
    "AffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
  }

  // MARK: Properties

  /// Whether this is exactly the identity transform.
  public var isIdentity: Bool { self == .identity }

  /// The determinant `a·d − b·c`: the factor by which areas scale (negative when the
  /// transform mirrors).
  public var determinant: Double { a * d - b * c }

  /// The whole-pixel offset when the transform is a pure translation by whole pixels, or
  /// `nil` otherwise.
  ///
  /// Such a transform can be drawn as an exact pixel copy, without resampling. To absorb
  /// rounding left by composing rotations or scales (a quarter turn applied four times),
  /// each of a, b, c, d and the distance of tx and ty from the nearest integer may be off
  /// by up to 1e-9; that error moves no sample by a measurable amount in any image Reel
  /// handles.
  public var integerTranslation: (x: Int, y: Int)? {
    let tolerance = 1e-9
    guard abs(a - 1) <= tolerance, abs(d - 1) <= tolerance, abs(b) <= tolerance,
      abs(c) <= tolerance
    else { return nil }
    let x = tx.rounded()
    let y = ty.rounded()
    // Also rejects NaN and infinities, and keeps the Int conversion in range.
    let limit = 9.0e15
    guard abs(tx - x) <= tolerance, abs(ty - y) <= tolerance, abs(x) < limit, abs(y) < limit
    else { return nil }
    return (Int(x), Int(y))
  }

  /// Whether the transform is a pure translation by whole pixels (see
  /// ``integerTranslation``).
  public var isIntegerTranslation: Bool { integerTranslation != nil }

  // MARK: Building

  /// This transform followed by `other`: a point is mapped by `self`, then by `other`.
  ///
  /// Equivalent to `CGAffineTransformConcat(self, other)`, the matrix product
  /// `self × other` in the row-vector convention.
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// A translation by (x, y) pixels followed by this transform (as `CGAffineTransformTranslate`).
  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// A scale by (x, y) about the origin followed by this transform (as
  /// `CGAffineTransformScale`).
  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// A rotation about the origin followed by this transform (as `CGAffineTransformRotate`).
  ///
  /// - Parameter angle: Radians; positive turns clockwise on screen.
  public func rotated(by angle: Double) -> AffineTransform {
    AffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The transform that undoes this one, or `nil` when this one is singular (determinant
  /// zero, or an inverse that would not be finite).
  public func inverted() -> AffineTransform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let inverse = AffineTransform(
      a: d / det,
      b: -b / det,
      c: -c / det,
      d: a / det,
      tx: (c * ty - d * tx) / det,
      ty: (b * tx - a * ty) / det)
    let entries = [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty]
    guard entries.allSatisfy(\.isFinite) else { return nil }
    return inverse
  }

  // MARK: Applying

  /// Maps a point: (a·x + c·y + tx, b·x + d·y + ty).
  public func apply(to point: Point) -> Point {
    Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }

  /// The axis-aligned bounding box of the rectangle's four mapped corners (standardized).
  public func apply(to rect: Rect) -> Rect {
    let corners = [
      apply(to: Point(x: rect.minX, y: rect.minY)),
      apply(to: Point(x: rect.maxX, y: rect.minY)),
      apply(to: Point(x: rect.minX, y: rect.maxY)),
      apply(to: Point(x: rect.maxX, y: rect.maxY)),
    ]
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let left = xs.min() ?? 0
    let top = ys.min() ?? 0
    return Rect(x: left, y: top, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - top)
  }
}

/// ``AffineTransform`` under a name Foundation does not also declare: use it in files that
/// import both Foundation and Reel.
public typealias Transform2D = AffineTransform
