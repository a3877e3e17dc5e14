import Foundation

/// A 4×4 homogeneous transform in pixel space, with the same matrix layout and composition
/// rules as `CATransform3D`.
///
/// Points are row vectors (x, y, z, w) multiplied on the left of the matrix
///
///     | m11 m12 m13 m14 |
///     | m21 m22 m23 m24 |
///     | m31 m32 m33 m34 |
///     | m41 m42 m43 m44 |
///
/// so x′ = x·m11 + y·m21 + z·m31 + w·m41, and so on for y′ (column 2), z′ (column 3) and
/// w′ (column 4). Translation sits in m41, m42, m43.
///
/// **Axes.** x grows to the right and y downwards (Reel's pixel space); z grows towards the
/// viewer. A positive rotation about z turns clockwise on screen, exactly as
/// ``AffineTransform/init(rotationAngle:)``.
///
/// **Perspective.** A flat transform ignores z when drawing. To see depth, set
/// `m34 = −1/d`, where d is the distance in pixels from the eye to the z = 0 plane
/// (500–1000 looks natural): a point then gets w′ = 1 − z/d, so points towards the viewer
/// (z > 0) grow and points away shrink once divided by w′. As in Core Animation, put the
/// perspective in *before* rotating, so that it is applied after the rotation:
///
///     let tilt = Transform3D.perspective(distance: 1000)
///       .rotated(by: .pi / 6, x: 0, y: 1, z: 0)    // rotation first, then perspective
///     tilt.project(Point(x: 100, y: 50))            // where the corner lands on screen
///
/// **Composition order.** `t1.concatenating(t2)` applies `t1` first, then `t2`.
/// `translatedBy`, `scaledBy` and `rotated(by:x:y:z:)`, like `CATransform3DTranslate` and
/// friends, put the new step *before* the existing transform.
public struct Transform3D: Sendable, Hashable, CustomStringConvertible {
  /// Row 1: how x contributes to x′, y′, z′ and w′.
  public var m11: Double, m12: Double, m13: Double, m14: Double
  /// Row 2: how y contributes to x′, y′, z′ and w′.
  public var m21: Double, m22: Double, m23: Double, m24: Double
  /// Row 3: how z contributes to x′, y′, z′ and w′ (m34 = −1/d gives perspective).
  public var m31: Double, m32: Double, m33: Double, m34: Double
  /// Row 4: the translation (m41, m42, m43) in pixels, and m44 (normally 1).
  public var m41: Double, m42: Double, m43: Double, m44: Double

  /// Makes a transform from its sixteen entries, row by row.
  public init(
    m11: Double, m12: Double, m13: Double, m14: Double,
    m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double,
    m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    self.m11 = m11
    self.m12 = m12
    self.m13 = m13
    self.m14 = m14
    self.m21 = m21
    self.m22 = m22
    self.m23 = m23
    self.m24 = m24
    self.m31 = m31
    self.m32 = m32
    self.m33 = m33
    self.m34 = m34
    self.m41 = m41
    self.m42 = m42
    self.m43 = m43
    self.m44 = m44
  }

  /// The transform that leaves every point where it is.
  public static let identity = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

  /// A transform that moves points by (x, y, z) pixels (as `CATransform3DMakeTranslation`).
  public init(translationX x: Double, y: Double, z: Double) {
    self = .identity
    m41 = x
    m42 = y
    m43 = z
  }

  /// A transform that scales about the origin by (x, y, z) (as `CATransform3DMakeScale`).
  public init(scaleX x: Double, y: Double, z: Double) {
    self = .identity
    m11 = x
    m22 = y
    m33 = z
  }

  /// A rotation by `angle` radians about the axis (x, y, z) through the origin, by the
  /// formula of `CATransform3DMakeRotation`.
  ///
  /// The axis need not be unit length; it is normalised. A zero-length (or non-finite)
  /// axis gives the identity, as in Core Animation. About (0, 0, 1) a positive angle turns
  /// clockwise on screen; about (0, 1, 0) a positive angle moves the right side (x > 0)
  /// away from the viewer.
  ///
  /// - Parameters:
  ///   - angle: Radians.
  ///   - x: Axis x component.
  ///   - y: Axis y component.
  ///   - z: Axis z component.
  public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
    self = .identity
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let sine = sin(angle)
    let cosine = cos(angle)
    let t = 1 - cosine
    m11 = t * ux * ux + cosine
    m12 = t * ux * uy + sine * uz
    m13 = t * ux * uz - sine * uy
    m21 = t * ux * uy - sine * uz
    m22 = t * uy * uy + cosine
    m23 = t * uy * uz + sine * ux
    m31 = t * ux * uz + sine * uy
    m32 = t * uy * uz - sine * ux
    m33 = t * uz * uz + cosine
  }

  /// The 3D form of a 2D transform (as `CATransform3DMakeAffineTransform`): z passes
  /// through unchanged.
  public init(_ affine: AffineTransform) {
    self = .identity
    m11 = affine.a
    m12 = affine.b
    m21 = affine.c
    m22 = affine.d
    m41 = affine.tx
    m42 = affine.ty
  }

  /// A pure perspective transform: the identity with `m34 = −1/distance`.
  ///
  /// - Parameter distance: Distance in pixels from the eye to the z = 0 plane; positive
  ///   (500–1000 is typical). Zero, infinite or NaN give the identity (no perspective).
  /// - Returns: The perspective transform, to be rotated or translated afterwards with
  ///   ``rotated(by:x:y:z:)`` or ``translatedBy(x:y:z:)``.
  public static func perspective(distance: Double) -> Transform3D {
    var transform = Transform3D.identity
    if distance != 0, distance.isFinite {
      transform.m34 = -1 / distance
    }
    return transform
  }

  /// Prints the four rows.
  public var description: String {
    "Transform3D([\(m11), \(m12), \(m13), \(m14)], [\(m21), \(m22), \(m23), \(m24)], "
      + "[\(m31), \(m32), \(m33), \(m34)], [\(m41), \(m42), \(m43), \(m44)])"
  }

  // MARK: Properties

  /// Whether this is exactly the identity transform.
  public var isIdentity: Bool { self == .identity }

  /// Whether the transform is exactly a 2D affine transform (as `CATransform3DIsAffine`):
  /// no perspective and nothing that involves z (m13, m14, m23, m24, m31, m32, m34, m43 are
  /// 0 and m33, m44 are 1).
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1
      && m34 == 0 && m43 == 0 && m44 == 1
  }

  /// The 2D transform this one is, or `nil` when it is not ``isAffine``.
  public var affineTransform: AffineTransform? {
    guard isAffine else { return nil }
    return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
  }

  /// The determinant of the 4×4 matrix (zero when the transform cannot be inverted).
  public var determinant: Double { Minors(self).determinant }

  // MARK: Building

  /// This transform followed by `other` (as `CATransform3DConcat(self, other)`): the matrix
  /// product `self × other` in the row-vector convention.
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let o = other
    return Transform3D(
      m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31 + m14 * o.m41,
      m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32 + m14 * o.m42,
      m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33 + m14 * o.m43,
      m14: m11 * o.m14 + m12 * o.m24 + m13 * o.m34 + m14 * o.m44,
      m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31 + m24 * o.m41,
      m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32 + m24 * o.m42,
      m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33 + m24 * o.m43,
      m24: m21 * o.m14 + m22 * o.m24 + m23 * o.m34 + m24 * o.m44,
      m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31 + m34 * o.m41,
      m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32 + m34 * o.m42,
      m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33 + m34 * o.m43,
      m34: m31 * o.m14 + m32 * o.m24 + m33 * o.m34 + m34 * o.m44,
      m41: m41 * o.m11 + m42 * o.m21 + m43 * o.m31 + m44 * o.m41,
      m42: m41 * o.m12 + m42 * o.m22 + m43 * o.m32 + m44 * o.m42,
      m43: m41 * o.m13 + m42 * o.m23 + m43 * o.m33 + m44 * o.m43,
      m44: m41 * o.m14 + m42 * o.m24 + m43 * o.m34 + m44 * o.m44)
  }

  /// A translation by (x, y, z) pixels followed by this transform (as
  /// `CATransform3DTranslate`).
  public func translatedBy(x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(translationX: x, y: y, z: z).concatenating(self)
  }

  /// A scale by (x, y, z) about the origin followed by this transform (as
  /// `CATransform3DScale`).
  public func scaledBy(x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(scaleX: x, y: y, z: z).concatenating(self)
  }

  /// A rotation by `angle` radians about the axis (x, y, z) followed by this transform (as
  /// `CATransform3DRotate`). See ``init(rotationAngle:x:y:z:)`` for the direction.
  public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
  }

  /// The transform that undoes this one, or `nil` when this one is singular (determinant
  /// zero, or an inverse that would not be finite).
  public func inverted() -> Transform3D? {
    let minors = Minors(self)
    let det = minors.determinant
    guard det != 0, det.isFinite else { return nil }
    let (s0, s1, s2, s3, s4, s5) = (
      minors.s0, minors.s1, minors.s2, minors.s3, minors.s4, minors.s5
    )
    let (c0, c1, c2, c3, c4, c5) = (
      minors.c0, minors.c1, minors.c2, minors.c3, minors.c4, minors.c5
    )
    let inverse = Transform3D(
      m11: (m22 * c5 - m23 * c4 + m24 * c3) / det,
      m12: (-m12 * c5 + m13 * c4 - m14 * c3) / det,
      m13: (m42 * s5 - m43 * s4 + m44 * s3) / det,
      m14: (-m32 * s5 + m33 * s4 - m34 * s3) / det,
      m21: (-m21 * c5 + m23 * c2 - m24 * c1) / det,
      m22: (m11 * c5 - m13 * c2 + m14 * c1) / det,
      m23: (-m41 * s5 + m43 * s2 - m44 * s1) / det,
      m24: (m31 * s5 - m33 * s2 + m34 * s1) / det,
      m31: (m21 * c4 - m22 * c2 + m24 * c0) / det,
      m32: (-m11 * c4 + m12 * c2 - m14 * c0) / det,
      m33: (m41 * s4 - m42 * s2 + m44 * s0) / det,
      m34: (-m31 * s4 + m32 * s2 - m34 * s0) / det,
      m41: (-m21 * c3 + m22 * c1 - m23 * c0) / det,
      m42: (m11 * c3 - m12 * c1 + m13 * c0) / det,
      m43: (-m41 * s3 + m42 * s1 - m43 * s0) / det,
      m44: (m31 * s3 - m32 * s1 + m33 * s0) / det)
    guard inverse.entries.allSatisfy(\.isFinite) else { return nil }
    return inverse
  }

  // MARK: Applying

  /// Maps the homogeneous point (x, y, z, 1) without dividing by w.
  ///
  /// - Returns: (x′, y′, z′, w′) = (x, y, z, 1) × matrix. Divide x′, y′, z′ by w′ for the
  ///   3D position; w′ ≤ 0 means the point is at or behind the eye.
  public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double)
  {
    (
      x: x * m11 + y * m21 + z * m31 + m41,
      y: x * m12 + y * m22 + z * m32 + m42,
      z: x * m13 + y * m23 + z * m33 + m43,
      w: x * m14 + y * m24 + z * m34 + m44
    )
  }

  /// Where a point of the flat z = 0 plane lands on screen: (x, y, 0, 1) is mapped, then x′
  /// and y′ are divided by w′.
  ///
  /// - Parameter point: A point in pixels in the plane z = 0 (for a layer, relative to its
  ///   anchor point).
  /// - Returns: The projected point in pixels, or `nil` when w′ ≤ 0 (the point is at or
  ///   behind the eye and has no place on screen) or the result is not finite.
  public func project(_ point: Point) -> Point? {
    let mapped = apply(x: point.x, y: point.y, z: 0)
    guard mapped.w > 0 else { return nil }
    let projected = Point(x: mapped.x / mapped.w, y: mapped.y / mapped.w)
    guard projected.x.isFinite, projected.y.isFinite else { return nil }
    return projected
  }

  /// The sixteen entries, row by row.
  var entries: [Double] {
    [
      m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44,
    ]
  }
}

/// The 2×2 minors of the top two rows (s) and the bottom two rows (c) of a 4×4 matrix, from
/// which its determinant and inverse follow by Laplace expansion.
private struct Minors {
  let s0, s1, s2, s3, s4, s5: Double
  let c0, c1, c2, c3, c4, c5: Double

  init(_ m: Transform3D) {
    s0 = m.m11 * m.m22 - m.m21 * m.m12
    s1 = m.m11 * m.m23 - m.m21 * m.m13
    s2 = m.m11 * m.m24 - m.m21 * m.m14
    s3 = m.m12 * m.m23 - m.m22 * m.m13
    s4 = m.m12 * m.m24 - m.m22 * m.m14
    s5 = m.m13 * m.m24 - m.m23 * m.m14
    c0 = m.m31 * m.m42 - m.m41 * m.m32
    c1 = m.m31 * m.m43 - m.m41 * m.m33
    c2 = m.m31 * m.m44 - m.m41 * m.m34
    c3 = m.m32 * m.m43 - m.m42 * m.m33
    c4 = m.m32 * m.m44 - m.m42 * m.m34
    c5 = m.m33 * m.m44 - m.m43 * m.m34
  }

  var determinant: Double {
    s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
  }
}

extension Transform3D {
  /// The transform restricted to what it does to the plane z = 0, with z dropped.
  ///
  /// For points (x, y, 0, 1) projected to (X/W, Y/W) only m11, m12, m14, m21, m22, m24,
  /// m41, m42 and m44 matter; the entries that read an input z (row 3) or write an output z
  /// (column 3) are reset to the identity's. The projection of every point of the plane is
  /// unchanged, but a layer flattened into its parent's plane (m33 = 0) is then seen as the
  /// 2D map it is: ``isAffine`` holds when there is no perspective, so whole-pixel copies
  /// and affine fast paths apply.
  public var planeProjection: Transform3D {
    var result = self
    result.m13 = 0
    result.m23 = 0
    result.m43 = 0
    result.m31 = 0
    result.m32 = 0
    result.m33 = 1
    result.m34 = 0
    return result
  }
}
