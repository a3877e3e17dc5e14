// CoreGraphics' C functions and constants for affine transforms. Apple's Swift overlay has
// renamed them to members (`CGAffineTransform(translationX:y:)`, `concatenating`, …); they
// are here for code written against the C names, and each is the member it names.

/// The identity transform, as `CGAffineTransform.identity`.
public let CGAffineTransformIdentity = CGAffineTransform.identity

/// A translation by (`tx`, `ty`), as `CGAffineTransform(translationX:y:)`.
public func CGAffineTransformMakeTranslation(_ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform {
  CGAffineTransform(translationX: tx, y: ty)
}

/// A scale by (`sx`, `sy`), as `CGAffineTransform(scaleX:y:)`.
public func CGAffineTransformMakeScale(_ sx: CGFloat, _ sy: CGFloat) -> CGAffineTransform {
  CGAffineTransform(scaleX: sx, y: sy)
}

/// A rotation by `angle` radians, as `CGAffineTransform(rotationAngle:)`.
public func CGAffineTransformMakeRotation(_ angle: CGFloat) -> CGAffineTransform {
  CGAffineTransform(rotationAngle: angle)
}

/// `t1` followed by `t2`, as `t1.concatenating(t2)`.
public func CGAffineTransformConcat(_ t1: CGAffineTransform, _ t2: CGAffineTransform)
  -> CGAffineTransform
{
  t1.concatenating(t2)
}

/// The inverse of `t` (or `t` when singular), as `t.inverted()`.
public func CGAffineTransformInvert(_ t: CGAffineTransform) -> CGAffineTransform {
  t.inverted()
}

/// Whether `t` is the identity, as `t.isIdentity`.
public func CGAffineTransformIsIdentity(_ t: CGAffineTransform) -> Bool { t.isIdentity }

/// Whether two transforms are equal, as `==`.
public func CGAffineTransformEqualToTransform(_ t1: CGAffineTransform, _ t2: CGAffineTransform)
  -> Bool
{
  t1 == t2
}

/// A translation by (`tx`, `ty`) followed by `t`, as `t.translatedBy(x:y:)`.
public func CGAffineTransformTranslate(_ t: CGAffineTransform, _ tx: CGFloat, _ ty: CGFloat)
  -> CGAffineTransform
{
  t.translatedBy(x: tx, y: ty)
}

/// A scale by (`sx`, `sy`) followed by `t`, as `t.scaledBy(x:y:)`.
public func CGAffineTransformScale(_ t: CGAffineTransform, _ sx: CGFloat, _ sy: CGFloat)
  -> CGAffineTransform
{
  t.scaledBy(x: sx, y: sy)
}

/// A rotation by `angle` radians followed by `t`, as `t.rotated(by:)`.
public func CGAffineTransformRotate(_ t: CGAffineTransform, _ angle: CGFloat)
  -> CGAffineTransform
{
  t.rotated(by: angle)
}

/// `point` mapped by `t`, as `point.applying(t)`.
public func CGPointApplyAffineTransform(_ point: CGPoint, _ t: CGAffineTransform) -> CGPoint {
  point.applying(t)
}

/// `size` mapped by `t`'s linear part, as `size.applying(t)`.
public func CGSizeApplyAffineTransform(_ size: CGSize, _ t: CGAffineTransform) -> CGSize {
  size.applying(t)
}

/// The bounding box of `rect` mapped by `t`, as `rect.applying(t)`.
public func CGRectApplyAffineTransform(_ rect: CGRect, _ t: CGAffineTransform) -> CGRect {
  rect.applying(t)
}
