import AVFoundationCompat
import Testing

@Suite("CATransform3D")
struct CATransform3DTests {
  func close(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-9 }

  @Test("The identity, translations, scales and their tests")
  func basics() {
    #expect(CATransform3DIsIdentity(CATransform3DIdentity))
    #expect(CATransform3DIdentity.m11 == 1 && CATransform3DIdentity.m44 == 1)
    #expect(CATransform3D().m11 == 0)
    let move = CATransform3DMakeTranslation(10, 20, 30)
    #expect(move.m41 == 10 && move.m42 == 20 && move.m43 == 30)
    let scale = CATransform3DMakeScale(2, 3, 4)
    #expect(scale.m11 == 2 && scale.m22 == 3 && scale.m33 == 4)
    #expect(!CATransform3DIsIdentity(scale))
    #expect(CATransform3DEqualToTransform(scale, CATransform3DMakeScale(2, 3, 4)))
    #expect(!CATransform3DEqualToTransform(scale, move))
  }

  @Test("A rotation about z takes +x towards +y, as Core Animation's matrix")
  func rotation() {
    let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    #expect(close(r.m11, 0) && close(r.m12, 1) && close(r.m21, -1) && close(r.m22, 0))
    #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
  }

  @Test("Translate, Scale and Rotate apply before the given transform; Concat is a then b")
  func composition() {
    let scale = CATransform3DMakeScale(2, 2, 1)
    // Translate(scale, …): the translation acts first, then the scale: m41 = 2·10.
    let t = CATransform3DTranslate(scale, 10, 0, 0)
    #expect(t.m41 == 20)
    let concat = CATransform3DConcat(CATransform3DMakeTranslation(10, 0, 0), scale)
    #expect(concat.m41 == 20)
    let scaled = CATransform3DScale(CATransform3DMakeTranslation(10, 0, 0), 3, 3, 1)
    #expect(scaled.m11 == 3 && scaled.m41 == 10)
    let rotated = CATransform3DRotate(CATransform3DIdentity, .pi, 0, 0, 1)
    #expect(close(rotated.m11, -1))
  }

  @Test("Invert gives the inverse, or the transform itself when singular")
  func invert() {
    let t = CATransform3DConcat(
      CATransform3DMakeScale(2, 4, 1), CATransform3DMakeTranslation(5, 6, 0))
    let product = CATransform3DConcat(t, CATransform3DInvert(t))
    #expect(close(product.m11, 1) && close(product.m41, 0) && close(product.m42, 0))
    let singular = CATransform3DMakeScale(0, 1, 1)
    #expect(CATransform3DInvert(singular) == singular)
  }

  @Test("Affine transforms go in and out; IsAffine tells them apart")
  func affine() {
    let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    let t = CATransform3DMakeAffineTransform(m)
    #expect(t.m11 == 1 && t.m12 == 2 && t.m21 == 3 && t.m22 == 4 && t.m41 == 5 && t.m42 == 6)
    #expect(t.m33 == 1 && t.m44 == 1)
    #expect(CATransform3DIsAffine(t))
    #expect(CATransform3DGetAffineTransform(t) == m)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 500
    #expect(!CATransform3DIsAffine(perspective))
  }

  @Test("NSValue(caTransform3D:) holds the transform")
  func value() {
    let t = CATransform3DMakeRotation(0.5, 0, 1, 0)
    let value = NSValue(caTransform3D: t)
    #expect(value.caTransform3DValue == t)
    #expect(NSValue(point: CGPoint(x: 1, y: 2)).caTransform3DValue == CATransform3D())
  }
}
