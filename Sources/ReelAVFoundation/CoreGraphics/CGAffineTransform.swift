internal import ReelCore

/// A 2D affine transform `[a b 0; c d 0; tx ty 1]` in the row-vector convention, as
/// CoreGraphics' `CGAffineTransform`: a point maps to `(a·x + c·y + tx, b·x + d·y + ty)`.
///
/// Composition order is Apple's: `t.translatedBy(x:y:)` applies the translation before `t`;
/// `t1.concatenating(t2)` applies `t1`, then `t2`. The maths is Reel's `AffineTransform`.
public struct CGAffineTransform: Sendable, Hashable, Codable {
  /// Row 1, column 1: x scale (with `b`, `c`: rotation and shear).
  public var a: CGFloat
  /// Row 1, column 2.
  public var b: CGFloat
  /// Row 2, column 1.
  public var c: CGFloat
  /// Row 2, column 2: y scale.
  public var d: CGFloat
  /// x translation, in points.
  public var tx: CGFloat
  /// y translation, in points.
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
  public var isIdentity: Bool { affine.isIdentity }

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

extension CGAffineTransform {
  /// Decodes `[a, b, c, d, tx, ty]`.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init(
      a: try container.decode(CGFloat.self), b: try container.decode(CGFloat.self),
      c: try container.decode(CGFloat.self), d: try container.decode(CGFloat.self),
      tx: try container.decode(CGFloat.self), ty: try container.decode(CGFloat.self))
  }

  /// Encodes `[a, b, c, d, tx, ty]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: [a, b, c, d, tx, ty])
  }
}

extension CGPoint {
  /// The point mapped by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(t.affine.apply(to: Point(x: Double(x), y: Double(y))))
  }

  /// Whether the two points are equal (Apple's spelling of `==`).
  public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }

  /// A CGPoint at Reel's `point`.
  init(_ point: Point) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }

  /// The point as Reel's `Point`.
  var point: Point { Point(x: Double(x), y: Double(y)) }
}

extension CGSize {
  /// The size mapped by `t`'s linear part: `(a·w + c·h, b·w + d·h)`, no translation; it may
  /// come out negative, as on Apple.
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }

  /// Whether the two sizes are equal (Apple's spelling of `==`).
  public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
  /// The smallest rectangle holding this one's four corners mapped by `t` (the null
  /// rectangle stays null).
  public func applying(_ t: CGAffineTransform) -> CGRect {
    guard !isNull else { return self }
    return CGRect(t.affine.apply(to: rect))
  }

  /// Whether the two rectangles are equal (Apple's spelling of `==`).
  public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }

  /// A CGRect with Reel's `rect`.
  init(_ rect: Rect) {
    self.init(
      x: CGFloat(rect.origin.x), y: CGFloat(rect.origin.y), width: CGFloat(rect.size.width),
      height: CGFloat(rect.size.height))
  }

  /// The rectangle as Reel's `Rect` (origin and size as given, not standardized).
  var rect: Rect {
    Rect(
      x: Double(origin.x), y: Double(origin.y), width: Double(size.width),
      height: Double(size.height))
  }
}
