import AVFoundationCompat
import Foundation
import Testing

@Suite("CG geometry: CGVector, equalTo, NSValue")
struct CGGeometryTests {
  @Test("CGVector has Apple's initialisers")
  func vector() {
    #expect(CGVector(dx: 1, dy: 2).dx == 1)
    #expect(CGVector(dx: Double(1.5), dy: 2).dx == 1.5)
    #expect(CGVector(dx: Int(3), dy: 4).dy == 4)
    #expect(CGVector.zero == CGVector())
  }

  @Test("equalTo is Apple's spelling of ==")
  func equalTo() {
    #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
    #expect(!CGSize(width: 1, height: 2).equalTo(.zero))
    #expect(
      CGRect(x: 1, y: 2, width: 3, height: 4).equalTo(CGRect(x: 1, y: 2, width: 3, height: 4)))
  }

  @Test("NSValue carries points, sizes, rectangles and transforms")
  func values() {
    #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
    #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
    let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
    #expect(NSValue(cgRect: rect).cgRectValue == rect)
    let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(NSValue(cgAffineTransform: t).cgAffineTransformValue == t)
    #expect(NSValue(cgPoint: .zero).cgAffineTransformValue == .identity)
    // Foundation's own spelling reads a UIKit one.
    #expect(NSValue(cgPoint: CGPoint(x: 5, y: 6)).pointValue == CGPoint(x: 5, y: 6))
  }
}
