import AVFoundationCompat
import Foundation
import Testing

@Suite("CGAffineTransform")
struct CGAffineTransformTests {
  private func close(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat) -> Bool {
    abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9
  }

  @Test("translatedBy applies the translation before the existing transform")
  func translatedByOrder() {
    let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
    // (0, 0) → translate → (10, 0) → scale → (20, 0).
    #expect(close(CGPoint.zero.applying(t), 20, 0))
    #expect(
      t
        == CGAffineTransform(translationX: 10, y: 0).concatenating(
          CGAffineTransform(scaleX: 2, y: 2)))
    let scaledFirst = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 2)
    // (1, 0) → scale → (2, 0) → translate → (12, 0).
    #expect(close(CGPoint(x: 1, y: 0).applying(scaledFirst), 12, 0))
    let rotatedFirst = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
    #expect(close(CGPoint(x: 1, y: 0).applying(rotatedFirst), 10, 1))
  }

  @Test("t1.concatenating(t2) applies t1, then t2")
  func concatenationOrder() {
    let t1 = CGAffineTransform(translationX: 10, y: 0)
    let t2 = CGAffineTransform(scaleX: 2, y: 2)
    #expect(close(CGPoint.zero.applying(t1.concatenating(t2)), 20, 0))
    #expect(close(CGPoint.zero.applying(t2.concatenating(t1)), 10, 0))
    #expect(CGAffineTransformConcat(t1, t2) == t1.concatenating(t2))
  }

  @Test("entries are Apple's a b c d tx ty: a point maps to (a·x + c·y + tx, b·x + d·y + ty)")
  func entries() {
    let rotation = CGAffineTransform(rotationAngle: .pi / 2)
    #expect(
      abs(rotation.a) < 1e-12 && rotation.b == 1 && rotation.c == -1 && abs(rotation.d) < 1e-12)
    #expect(close(CGPoint(x: 1, y: 0).applying(rotation), 0, 1))
    let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 9, y: 12))
    let scale: Double = 2
    let fromDoubles = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0)
    #expect(fromDoubles == CGAffineTransform(scaleX: 2, y: 2))
  }

  @Test("identity, inversion and the C functions")
  func identityAndInverse() {
    #expect(CGAffineTransform.identity.isIdentity)
    #expect(CGAffineTransform().isIdentity)
    #expect(CGAffineTransformIsIdentity(CGAffineTransformIdentity))
    #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
    let t = CGAffineTransform(translationX: 10, y: -4).scaledBy(x: 2, y: 4)
    #expect(t.concatenating(t.inverted()).isIdentity)
    #expect(CGAffineTransformInvert(t) == t.inverted())
    let singular = CGAffineTransform(scaleX: 0, y: 1)
    #expect(singular.inverted() == singular)
    #expect(CGAffineTransformMakeTranslation(3, 4) == CGAffineTransform(translationX: 3, y: 4))
    #expect(CGAffineTransformMakeScale(3, 4) == CGAffineTransform(scaleX: 3, y: 4))
    #expect(CGAffineTransformMakeRotation(1) == CGAffineTransform(rotationAngle: 1))
    #expect(CGAffineTransformTranslate(t, 1, 2) == t.translatedBy(x: 1, y: 2))
    #expect(CGAffineTransformScale(t, 1, 2) == t.scaledBy(x: 1, y: 2))
    #expect(CGAffineTransformRotate(t, 1) == t.rotated(by: 1))
    #expect(CGAffineTransformEqualToTransform(t, t))
  }

  @Test("points, sizes and rectangles map as on Apple")
  func applying() {
    let quarter = CGAffineTransform(rotationAngle: .pi / 2)
    let rect = CGRect(x: 0, y: 0, width: 10, height: 20).applying(quarter)
    #expect(abs(rect.minX + 20) < 1e-9 && abs(rect.minY) < 1e-9)
    #expect(abs(rect.width - 20) < 1e-9 && abs(rect.height - 10) < 1e-9)
    let size = CGSize(width: 10, height: 20).applying(quarter)
    #expect(abs(size.width + 20) < 1e-9 && abs(size.height - 10) < 1e-9)
    let moved = CGSize(width: 10, height: 20).applying(CGAffineTransform(translationX: 5, y: 5))
    #expect(moved == CGSize(width: 10, height: 20))
    #expect(CGRect.null.applying(quarter).isNull)
    let t = CGAffineTransform(translationX: 1, y: 2)
    #expect(CGPointApplyAffineTransform(.zero, t) == CGPoint(x: 1, y: 2))
    #expect(
      CGSizeApplyAffineTransform(CGSize(width: 1, height: 1), t) == CGSize(width: 1, height: 1))
    #expect(
      CGRectApplyAffineTransform(CGRect(x: 0, y: 0, width: 1, height: 1), t)
        == CGRect(x: 1, y: 2, width: 1, height: 1))
  }

  @Test("the six entries survive encoding and decoding")
  func codable() throws {
    let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    let data = try JSONEncoder().encode(t)
    #expect(String(decoding: data, as: UTF8.self) == "[1,2,3,4,5,6]")
    #expect(try JSONDecoder().decode(CGAffineTransform.self, from: data) == t)
  }
}
