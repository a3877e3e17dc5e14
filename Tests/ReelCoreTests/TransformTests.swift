import Foundation
import Testing

import struct ReelCore.AffineTransform

@testable import ReelCore

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance
}

private func close(_ p: Point, _ q: Point, _ tolerance: Double = 1e-9) -> Bool {
  close(p.x, q.x, tolerance) && close(p.y, q.y, tolerance)
}

private func close(_ s: AffineTransform, _ t: AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
  [s.a - t.a, s.b - t.b, s.c - t.c, s.d - t.d, s.tx - t.tx, s.ty - t.ty].allSatisfy {
    abs($0) <= tolerance
  }
}

private func close(_ s: Transform3D, _ t: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
  zip(s.entries, t.entries).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite struct AffineTransformTests {
  @Test func quarterTurnIsClockwiseOnScreen() {
    let turn = AffineTransform(rotationAngle: .pi / 2)
    // Right → down, down → left, up → right: clockwise when y points down.
    #expect(close(turn.apply(to: Point(x: 1, y: 0)), Point(x: 0, y: 1)))
    #expect(close(turn.apply(to: Point(x: 0, y: 1)), Point(x: -1, y: 0)))
    #expect(close(turn.apply(to: Point(x: 0, y: -1)), Point(x: 1, y: 0)))
    let angle = 0.3
    let p = AffineTransform(rotationAngle: angle).apply(to: Point(x: 2, y: 1))
    #expect(close(p, Point(x: 2 * cos(angle) - sin(angle), y: 2 * sin(angle) + cos(angle))))
  }

  @Test func basicConstructors() {
    #expect(
      AffineTransform(translationX: 3, y: -4).apply(to: Point(x: 1, y: 1)) == Point(x: 4, y: -3))
    #expect(AffineTransform(scaleX: 2, y: 3).apply(to: Point(x: 1, y: 1)) == Point(x: 2, y: 3))
    let general = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    // x′ = a·x + c·y + tx, y′ = b·x + d·y + ty
    #expect(general.apply(to: Point(x: 10, y: 100)) == Point(x: 10 + 300 + 5, y: 20 + 400 + 6))
    #expect(AffineTransform.identity.isIdentity)
    #expect(!AffineTransform(translationX: 0, y: 1e-12).isIdentity)
    #expect(AffineTransform(scaleX: 2, y: 3).determinant == 6)
    #expect(AffineTransform(scaleX: -1, y: 1).determinant == -1)
    #expect(close(AffineTransform(rotationAngle: 1.234).determinant, 1))
  }

  @Test func composeOrder() {
    let move = AffineTransform(translationX: 5, y: 0)
    let turn = AffineTransform(rotationAngle: .pi / 2)
    let p = Point(x: 10, y: 0)
    // Translate then rotate: (10,0) → (15,0) → (0,15).
    #expect(close(move.concatenating(turn).apply(to: p), Point(x: 0, y: 15)))
    // Rotate then translate: (10,0) → (0,10) → (5,10).
    #expect(close(turn.concatenating(move).apply(to: p), Point(x: 5, y: 10)))
    // CG's translate/rotate put the new step first.
    #expect(close(turn.translatedBy(x: 5, y: 0).apply(to: p), Point(x: 0, y: 15)))
    #expect(close(move.rotated(by: .pi / 2).apply(to: p), Point(x: 5, y: 10)))
    // Scale then translate vs translate then scale.
    #expect(move.scaledBy(x: 2, y: 3).apply(to: Point(x: 1, y: 1)) == Point(x: 7, y: 3))
    #expect(
      AffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 0).apply(to: Point(x: 1, y: 1))
        == Point(x: 12, y: 3))
  }

  @Test func concatenationMatchesApplyingInTurn() {
    let transforms = [
      AffineTransform(a: 1.5, b: -0.2, c: 0.7, d: 0.9, tx: 3, ty: -8),
      AffineTransform(rotationAngle: 0.7).translatedBy(x: 12, y: -3),
      AffineTransform(scaleX: -2, y: 0.5).rotated(by: -1.1),
    ]
    let points = [Point(x: 0, y: 0), Point(x: 13, y: -7), Point(x: -2.5, y: 40)]
    for first in transforms {
      for second in transforms {
        for p in points {
          #expect(
            close(first.concatenating(second).apply(to: p), second.apply(to: first.apply(to: p))))
        }
      }
    }
  }

  @Test func inverseRoundTrips() throws {
    let transforms = [
      AffineTransform.identity,
      AffineTransform(translationX: 7, y: -3),
      AffineTransform(a: 1.5, b: -0.2, c: 0.7, d: 0.9, tx: 3, ty: -8),
      AffineTransform(rotationAngle: 2.2).scaledBy(x: 3, y: -0.25).translatedBy(x: 100, y: 40),
    ]
    for t in transforms {
      let inverse = try #require(t.inverted())
      #expect(close(t.concatenating(inverse), .identity))
      #expect(close(inverse.concatenating(t), .identity))
      let p = Point(x: 37, y: -11)
      #expect(close(inverse.apply(to: t.apply(to: p)), p, 1e-9))
    }
    #expect(
      AffineTransform(translationX: 7, y: -3).inverted() == AffineTransform(translationX: -7, y: 3))
    #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
    #expect(AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1).inverted() == nil)
    #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
  }

  @Test func integerTranslationDetection() {
    #expect(AffineTransform.identity.integerTranslation! == (0, 0))
    #expect(AffineTransform(translationX: 3, y: -4).integerTranslation! == (3, -4))
    #expect(AffineTransform(translationX: 3, y: -4).isIntegerTranslation)
    #expect(!AffineTransform(translationX: 3.5, y: 0).isIntegerTranslation)
    #expect(!AffineTransform(translationX: 0, y: 0.001).isIntegerTranslation)
    #expect(!AffineTransform(scaleX: 1.0001, y: 1).isIntegerTranslation)
    #expect(!AffineTransform(scaleX: -1, y: 1).isIntegerTranslation)
    #expect(!AffineTransform(rotationAngle: .pi / 2).isIntegerTranslation)
    #expect(!AffineTransform(a: 1, b: 0, c: 0.01, d: 1, tx: 0, ty: 0).isIntegerTranslation)
    #expect(!AffineTransform(translationX: .nan, y: 0).isIntegerTranslation)
    #expect(!AffineTransform(translationX: .infinity, y: 0).isIntegerTranslation)
    #expect(!AffineTransform(translationX: 1e300, y: 0).isIntegerTranslation)
    // Four quarter turns and 0.1 · 30 pixels leave rounding error; still a whole-pixel copy.
    var t = AffineTransform(translationX: 0.1 * 30, y: 2)
    for _ in 0..<4 { t = t.rotated(by: .pi / 2) }
    #expect(t.a != 1 || t.b != 0)  // really not exact
    let offset = t.integerTranslation
    #expect(offset?.x == 3 && offset?.y == 2)
  }

  @Test func rectBoundingBox() {
    let square = Rect(x: 0, y: 0, width: 2, height: 2)
    let r = AffineTransform(rotationAngle: .pi / 4).apply(to: square)
    let h = 2.0.squareRoot()
    #expect(close(r.origin, Point(x: -h, y: 0)))
    #expect(close(r.size.width, 2 * h) && close(r.size.height, 2 * h))
    let moved = AffineTransform(translationX: 10, y: 5).scaledBy(x: -2, y: 3).apply(to: square)
    #expect(moved == Rect(x: 6, y: 5, width: 4, height: 6))
  }
}

@Suite struct Transform3DTests {
  /// The usual tilt: perspective m34 = −1/1000 set first, then a 30° turn about y.
  @Test func perspectiveTiltProjectsCorners() throws {
    let d = 1000.0
    let angle = Double.pi / 6
    let tilt = Transform3D.perspective(distance: d).rotated(by: angle, x: 0, y: 1, z: 0)
    // Row 1 of the rotation (cos, 0, −sin, 0) and row 3 (sin, 0, cos, 0) each pick up
    // z·m34 in column 4.
    #expect(close(tilt.m14, sin(angle) / d, 1e-15) && close(tilt.m34, -cos(angle) / d, 1e-15))
    // By hand: rotation about y sends (x, y, 0) to (x·cos, y, −x·sin); perspective gives
    // w = 1 − z/d = 1 + x·sin/d; screen = (x·cos/w, y/w).
    for (x, y) in [(100.0, 50.0), (-100, 50), (100, -50), (-100, -50)] {
      let w = 1 + x * sin(angle) / d
      let expected = Point(x: x * cos(angle) / w, y: y / w)
      let projected = try #require(tilt.project(Point(x: x, y: y)))
      #expect(close(projected, expected, 1e-9))
      let raw = tilt.apply(x: x, y: y, z: 0)
      #expect(close(raw.w, w) && close(raw.z, -x * sin(angle)))
    }
    // The same numbers written out: the right edge recedes (shrinks), the left comes closer.
    let topRight = try #require(tilt.project(Point(x: 100, y: -50)))
    let bottomLeft = try #require(tilt.project(Point(x: -100, y: 50)))
    #expect(close(topRight, Point(x: 82.478_609_884_232_26, y: -47.619_047_619_047_62), 1e-9))
    #expect(close(bottomLeft, Point(x: -91.160_568_819_414_6, y: 52.631_578_947_368_425), 1e-9))
    // Perspective added after the rotation step (so applied first) does nothing to flat
    // points: the tilt looks like a plain horizontal squash.
    let flat = Transform3D.identity.rotated(by: angle, x: 0, y: 1, z: 0).concatenating(.identity)
    let wrongOrder = Transform3D.perspective(distance: d).concatenating(flat)
    let squashed = try #require(wrongOrder.project(Point(x: 100, y: 50)))
    #expect(close(squashed, Point(x: 100 * cos(angle), y: 50)))
  }

  @Test func rotationFollowsCoreAnimationFormula() {
    // About z: the 2D rotation exactly.
    let z = Transform3D(rotationAngle: 0.8, x: 0, y: 0, z: 1)
    #expect(z.affineTransform == AffineTransform(rotationAngle: 0.8))
    // About x by 90°: down (+y) turns towards the viewer (+z).
    let x = Transform3D(rotationAngle: .pi / 2, x: 1, y: 0, z: 0).apply(x: 0, y: 1, z: 0)
    #expect(close(x.x, 0) && close(x.y, 0) && close(x.z, 1) && x.w == 1)
    // About (1,1,1) (not normalised) by 120°: the axes cycle x → y → z → x.
    let cycle = Transform3D(rotationAngle: 2 * .pi / 3, x: 1, y: 1, z: 1)
    let e1 = cycle.apply(x: 1, y: 0, z: 0)
    let e2 = cycle.apply(x: 0, y: 1, z: 0)
    #expect(close(e1.x, 0) && close(e1.y, 1) && close(e1.z, 0))
    #expect(close(e2.x, 0) && close(e2.y, 0) && close(e2.z, 1))
    // The axis itself stays put; a zero axis is the identity.
    let axis = Transform3D(rotationAngle: 1.1, x: 2, y: -1, z: 0.5).apply(x: 2, y: -1, z: 0.5)
    #expect(close(axis.x, 2) && close(axis.y, -1) && close(axis.z, 0.5))
    #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0) == .identity)
    #expect(close(Transform3D(rotationAngle: 1.3, x: 0.2, y: 0.9, z: -0.4).determinant, 1))
  }

  @Test func buildingOrderMatchesCoreAnimation() throws {
    // scaledBy(2) then translatedBy(10): the translation comes first, then the scale.
    let t = Transform3D.identity.scaledBy(x: 2, y: 2, z: 2).translatedBy(x: 10, y: 0, z: 0)
    #expect(try #require(t.project(.zero)) == Point(x: 20, y: 0))
    let u = Transform3D(translationX: 10, y: 0, z: 0).concatenating(
      Transform3D(scaleX: 2, y: 2, z: 2))
    #expect(t == u)
    let v = Transform3D(translationX: 10, y: 0, z: 0).scaledBy(x: 2, y: 2, z: 2)
    #expect(try #require(v.project(.zero)) == Point(x: 10, y: 0))
  }

  @Test func projectBehindTheEye() throws {
    let eye = Transform3D.perspective(distance: 100)
    let inFront = Transform3D(translationX: 0, y: 0, z: 50).concatenating(eye)
    // w = 1 − 50/100 = 0.5: twice as large.
    #expect(try #require(inFront.project(Point(x: 10, y: -4))) == Point(x: 20, y: -8))
    #expect(
      Transform3D(translationX: 0, y: 0, z: 100).concatenating(eye).project(Point(x: 1, y: 1))
        == nil)
    #expect(
      Transform3D(translationX: 0, y: 0, z: 150).concatenating(eye).project(Point(x: 1, y: 1))
        == nil)
    #expect(Transform3D.perspective(distance: 0) == .identity)
    #expect(Transform3D.perspective(distance: .infinity) == .identity)
    #expect(Transform3D.perspective(distance: 500).m34 == -0.002)
  }

  @Test func inverse() throws {
    #expect(
      Transform3D(translationX: 1, y: 2, z: 3).inverted()
        == Transform3D(translationX: -1, y: -2, z: -3))
    #expect(
      Transform3D(scaleX: 2, y: 4, z: 8).inverted() == Transform3D(scaleX: 0.5, y: 0.25, z: 0.125))
    #expect(Transform3D(scaleX: 2, y: 3, z: 4).determinant == 24)
    let perspective = try #require(Transform3D.perspective(distance: 800).inverted())
    #expect(close(perspective.m34, 1.0 / 800, 1e-15))
    let compound = Transform3D.perspective(distance: 900)
      .rotated(by: 0.4, x: 0, y: 1, z: 0)
      .rotated(by: -0.3, x: 1, y: 0, z: 0)
      .scaledBy(x: 1.5, y: 0.8, z: 1)
      .translatedBy(x: -160, y: -90, z: 20)
    let inverse = try #require(compound.inverted())
    #expect(close(compound.concatenating(inverse), .identity, 1e-12))
    #expect(close(inverse.concatenating(compound), .identity, 1e-12))
    // Undo a projection: map, then map back the homogeneous result.
    let mapped = compound.apply(x: 12, y: -30, z: 5)
    let back = inverse.apply(x: mapped.x / mapped.w, y: mapped.y / mapped.w, z: mapped.z / mapped.w)
    #expect(close(back.x / back.w, 12) && close(back.y / back.w, -30) && close(back.z / back.w, 5))
    #expect(Transform3D(scaleX: 1, y: 1, z: 0).inverted() == nil)
    #expect(close(Transform3D(scaleX: 1, y: 1, z: 0).determinant, 0))
  }

  @Test func affineRoundTrip() throws {
    let a = AffineTransform(a: 1.5, b: -0.2, c: 0.7, d: 0.9, tx: 3, ty: -8)
    let b = AffineTransform(rotationAngle: 0.6).translatedBy(x: 4, y: 9)
    let lifted = Transform3D(a)
    #expect(lifted.isAffine)
    #expect(lifted.affineTransform == a)
    #expect(
      close(
        try #require(Transform3D(a).concatenating(Transform3D(b)).affineTransform),
        a.concatenating(b)))
    let p = Point(x: 17, y: -3)
    #expect(close(try #require(lifted.project(p)), a.apply(to: p)))
    #expect(Transform3D(.identity) == .identity)
    #expect(Transform3D.identity.isIdentity && Transform3D.identity.isAffine)
    #expect(!Transform3D(rotationAngle: 0.1, x: 0, y: 1, z: 0).isAffine)
    #expect(Transform3D(rotationAngle: 0.1, x: 0, y: 1, z: 0).affineTransform == nil)
    #expect(!Transform3D.perspective(distance: 500).isAffine)
    #expect(!Transform3D(translationX: 0, y: 0, z: 1).isAffine)
  }
}
