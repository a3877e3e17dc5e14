internal import ReelCore

/// A 2D affine transform `[a b 0; c d 0; tx ty 1]` in the row-vector convention, as
/// CoreGraphics' `CGAffineTransform`: a point maps to `(a·x + c·y + tx, b·x + d·y + ty)`.
///
/// Composition order is Apple's: `t.translatedBy(x:y:)` applies the translation before `t`;
/// `t1.concatenating(t2)` applies `t1`, then `t2`. The maths is Reel's `AffineTransform`.
public struct CGAffineTransform: Sendable, Hashable {
  public var a: CGFloat
  public var b: CGFloat
  public var c: CGFloat
  public var d: CGFloat
  public var tx: CGFloat
  public var ty: CGFloat

  /// A transform from its six entries.
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The identity transform.
  public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

  /// The identity transform.
  public static let identity = CGAffineTransform()

  /// A translation by (`tx`, `ty`) points.
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(ReelAffineTransform(translationX: Double(tx), y: Double(ty)))
  }

  /// A scale by (`sx`, `sy`) about the origin.
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(ReelAffineTransform(scaleX: Double(sx), y: Double(sy)))
  }

  /// A rotation about the origin by `angle` radians (counter-clockwise in a y-up space,
  /// clockwise on screen in a y-down one).
  public init(rotationAngle angle: CGFloat) {
    self.init(ReelAffineTransform(rotationAngle: Double(angle)))
  }

  /// Whether this is the identity.
  public var isIdentity: Bool { self == .identity }

  /// A translation by (`tx`, `ty`) followed by this transform.
  public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(affine.translatedBy(x: Double(tx), y: Double(ty)))
  }

  /// A scale by (`sx`, `sy`) followed by this transform.
  public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(affine.scaledBy(x: Double(sx), y: Double(sy)))
  }

  /// A rotation by `angle` radians followed by this transform.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(affine.rotated(by: Double(angle)))
  }

  /// This transform followed by `t2`.
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(affine.concatenating(t2.affine))
  }

  /// The inverse, or this transform unchanged when it is singular (as on Apple).
  public func inverted() -> CGAffineTransform {
    affine.inverted().map(CGAffineTransform.init) ?? self
  }

  // MARK: Reel's transform

  /// The transform as Reel's `AffineTransform`.
  var affine: ReelAffineTransform {
    ReelAffineTransform(
      a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
  }

  /// A CGAffineTransform with the entries of Reel's `affine`.
  init(_ affine: ReelAffineTransform) {
    self.init(
      a: CGFloat(affine.a), b: CGFloat(affine.b), c: CGFloat(affine.c), d: CGFloat(affine.d),
      tx: CGFloat(affine.tx), ty: CGFloat(affine.ty))
  }
}

extension CGPoint {
  /// The point mapped by `t`.
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGSize {
  /// The size mapped by `t`'s linear part (no translation; may come out negative, as on Apple).
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// The smallest rectangle holding this one's four corners mapped by `t`.
  public func applying(_ t: CGAffineTransform) -> CGRect {
    let box = t.affine.apply(
      to: Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height)))
    return CGRect(
      x: CGFloat(box.minX), y: CGFloat(box.minY), width: CGFloat(box.width),
      height: CGFloat(box.height))
  }
}
