internal import ReelCore

/// A 4×4 homogeneous transform in the row-vector convention, as QuartzCore's
/// `CATransform3D`: a point `(x, y, z, 1)` times the matrix gives `(X, Y, Z, W)`; `m34 = −1/d`
/// gives perspective. The maths is Reel's `Transform3D`.
public struct CATransform3D: Sendable, Hashable {
  /// Row 1 of the matrix.
  public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
  /// Row 2 of the matrix.
  public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
  /// Row 3 of the matrix.
  public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
  /// Row 4 of the matrix.
  public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

  /// The zero matrix (as the imported C struct's empty initialiser).
  public init() {
    (m11, m12, m13, m14) = (0, 0, 0, 0)
    (m21, m22, m23, m24) = (0, 0, 0, 0)
    (m31, m32, m33, m34) = (0, 0, 0, 0)
    (m41, m42, m43, m44) = (0, 0, 0, 0)
  }

  /// A matrix from its sixteen entries, row by row.
  public init(
    m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat,
    m23: CGFloat, m24: CGFloat, m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
    m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  // MARK: Reel's transform

  /// The transform as Reel's `Transform3D`.
  var transform3D: Transform3D {
    Transform3D(
      m11: Double(m11), m12: Double(m12), m13: Double(m13), m14: Double(m14),
      m21: Double(m21), m22: Double(m22), m23: Double(m23), m24: Double(m24),
      m31: Double(m31), m32: Double(m32), m33: Double(m33), m34: Double(m34),
      m41: Double(m41), m42: Double(m42), m43: Double(m43), m44: Double(m44))
  }

  /// A CATransform3D with the entries of Reel's `t`.
  init(_ t: Transform3D) {
    self.init(
      m11: CGFloat(t.m11), m12: CGFloat(t.m12), m13: CGFloat(t.m13), m14: CGFloat(t.m14),
      m21: CGFloat(t.m21), m22: CGFloat(t.m22), m23: CGFloat(t.m23), m24: CGFloat(t.m24),
      m31: CGFloat(t.m31), m32: CGFloat(t.m32), m33: CGFloat(t.m33), m34: CGFloat(t.m34),
      m41: CGFloat(t.m41), m42: CGFloat(t.m42), m43: CGFloat(t.m43), m44: CGFloat(t.m44))
  }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(Transform3D.identity)

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.transform3D.isIdentity }

/// Whether `a` and `b` are equal entry by entry.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
  a == b
}

/// A translation by (`tx`, `ty`, `tz`).
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat)
  -> CATransform3D
{
  CATransform3D(Transform3D(translationX: Double(tx), y: Double(ty), z: Double(tz)))
}

/// A scale by (`sx`, `sy`, `sz`).
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  CATransform3D(Transform3D(scaleX: Double(sx), y: Double(sy), z: Double(sz)))
}

/// A rotation by `angle` radians about the axis (`x`, `y`, `z`); a zero axis gives the
/// identity. About (0, 0, 1) a positive angle turns from +x towards +y: counter-clockwise on
/// screen in the y-up space of an export, clockwise in a y-down (flipped) one.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
  -> CATransform3D
{
  CATransform3D(
    Transform3D(rotationAngle: Double(angle), x: Double(x), y: Double(y), z: Double(z)))
}

/// A translation by (`tx`, `ty`, `tz`) followed by `t`.
public func CATransform3DTranslate(
  _ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> CATransform3D {
  CATransform3D(t.transform3D.translatedBy(x: Double(tx), y: Double(ty), z: Double(tz)))
}

/// A scale by (`sx`, `sy`, `sz`) followed by `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat)
  -> CATransform3D
{
  CATransform3D(t.transform3D.scaledBy(x: Double(sx), y: Double(sy), z: Double(sz)))
}

/// A rotation by `angle` radians about (`x`, `y`, `z`) followed by `t`.
public func CATransform3DRotate(
  _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
  CATransform3D(
    t.transform3D.rotated(by: Double(angle), x: Double(x), y: Double(y), z: Double(z)))
}

/// `a` followed by `b` (the product `a · b`).
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
  CATransform3D(a.transform3D.concatenating(b.transform3D))
}

/// The inverse of `t`, or `t` unchanged when it has none (as on Apple).
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
  t.transform3D.inverted().map(CATransform3D.init) ?? t
}

/// The 3D form of an affine transform: z passes through unchanged.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  CATransform3D(Transform3D(m.affine))
}

/// Whether `t` acts only in the plane: it can be written as a `CGAffineTransform`.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.transform3D.isAffine }

/// The affine part of `t` (`m11 m12 m21 m22 m41 m42`); meaningful when
/// ``CATransform3DIsAffine(_:)`` is true.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
  CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension NSValue {
  /// A value holding a ``CATransform3D`` (for animation values and `values` arrays).
  ///
  /// Foundation on Linux cannot encode structs, so the value's `objCType` is `[16d]` (the
  /// sixteen entries) rather than Apple's `{CATransform3D=dddddddddddddddd}`.
  public convenience init(caTransform3D t: CATransform3D) {
    var entries = t.entries
    self.init(bytes: &entries, objCType: "[16d]")
  }

  /// The ``CATransform3D`` this value holds (the zero matrix for a value of another type).
  public var caTransform3DValue: CATransform3D {
    guard holdsCATransform3D else { return CATransform3D() }
    var entries = [CGFloat](repeating: 0, count: 16)
    entries.withUnsafeMutableBytes { getValue($0.baseAddress!) }
    return CATransform3D(entries: entries)
  }

  /// Whether the value was made by ``init(caTransform3D:)``.
  var holdsCATransform3D: Bool { String(cString: objCType) == "[16d]" }
}

extension CATransform3D {
  /// The sixteen entries, row by row.
  var entries: [CGFloat] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// A transform from sixteen entries, row by row.
  init(entries e: [CGFloat]) {
    self.init(
      m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
      m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14],
      m44: e[15])
  }
}
