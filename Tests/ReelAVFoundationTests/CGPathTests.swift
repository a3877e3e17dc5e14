import AVFoundationCompat
import Foundation
import Testing

@testable import ReelAVFoundation

@Suite("CGPath and CGMutablePath")
struct CGPathTests {
  private func near(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) < tolerance && abs(a.minY - b.minY) < tolerance
      && abs(a.width - b.width) < tolerance && abs(a.height - b.height) < tolerance
  }

  private func near(_ a: CGPoint, _ x: CGFloat, _ y: CGFloat) -> Bool {
    abs(a.x - x) < 1e-9 && abs(a.y - y) < 1e-9
  }

  @Test("an empty path has no points: null boxes and a zero current point")
  func empty() {
    let path = CGMutablePath()
    #expect(path.isEmpty)
    #expect(path.boundingBox.isNull)
    #expect(path.boundingBoxOfPath.isNull)
    #expect(path.currentPoint == .zero)
    #expect(CGPathCreateMutable().isEmpty)
  }

  @Test("lines: the current point follows; a line without a current point is ignored")
  func lines() {
    let path = CGMutablePath()
    path.addLine(to: CGPoint(x: 5, y: 5))
    #expect(path.isEmpty)
    #expect(
      CompatWarnings.printed.contains {
        $0.contains("addLine(to:)") && $0.contains("no current point")
      })
    path.move(to: CGPoint(x: 1, y: 2))
    path.addLine(to: CGPoint(x: 11, y: 2))
    #expect(path.currentPoint == CGPoint(x: 11, y: 2))
    path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 4, y: 8)])
    #expect(path.currentPoint == CGPoint(x: 4, y: 8))
    #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 11, height: 8))
    path.move(to: CGPoint(x: 1, y: 1), transform: CGAffineTransform(translationX: 10, y: 0))
    #expect(path.currentPoint == CGPoint(x: 11, y: 1))
  }

  @Test("after closeSubpath the current point is the subpath's start, where a new one begins")
  func closing() {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: 0, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 0))
    path.addLine(to: CGPoint(x: 10, y: 10))
    path.closeSubpath()
    #expect(path.currentPoint == .zero)
    path.addLine(to: CGPoint(x: 0, y: 20))
    #expect(path.path.elements.suffix(2) == [.move(to: .zero), .line(to: .init(x: 0, y: 20))])
  }

  @Test("boundingBox includes control points; boundingBoxOfPath only the curve")
  func curveBounds() {
    let cubic = CGMutablePath()
    cubic.move(to: .zero)
    cubic.addCurve(
      to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
    #expect(cubic.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 100))
    // The curve's highest point is at t = ½: 3·¼·½·100 + 3·½·¼·100 = 75.
    #expect(near(cubic.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 75)))
    let quad = CGMutablePath()
    quad.move(to: .zero)
    quad.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
    #expect(quad.boundingBox.height == 100)
    #expect(near(quad.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50)))
  }

  @Test("rectangles, ellipses and rounded rectangles fill their boxes")
  func shapes() {
    let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
    let path = CGMutablePath()
    path.addRect(rect)
    #expect(path.boundingBox == rect)
    #expect(path.path.elements.count == 5)
    let ellipse = CGMutablePath()
    ellipse.addEllipse(in: rect)
    #expect(near(ellipse.boundingBoxOfPath, rect))
    #expect(near(ellipse.currentPoint, 110, 45))
    let rounded = CGPath(roundedRect: rect, cornerWidth: 10, cornerHeight: 5, transform: nil)
    #expect(near(rounded.boundingBoxOfPath, rect))
    #expect(near(CGPath(ellipseIn: rect, transform: nil).boundingBoxOfPath, rect))
    let two = CGMutablePath()
    two.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
    #expect(two.boundingBox == CGRect(x: 0, y: 0, width: 6, height: 6))
    var scale = CGAffineTransform(scaleX: 2, y: 3)
    let scaled = CGPath(rect: CGRect(x: 1, y: 1, width: 1, height: 1), transform: &scale)
    #expect(scaled.boundingBox == CGRect(x: 2, y: 3, width: 2, height: 3))
    let roundedInPath = CGMutablePath()
    roundedInPath.addRoundedRect(in: rect, cornerWidth: 8, cornerHeight: 8)
    #expect(near(roundedInPath.boundingBoxOfPath, rect))
  }

  @Test("arcs: clockwise is Apple's (toward smaller angles), with a line from the current point")
  func arcs() {
    let quarter = CGMutablePath()
    quarter.addArc(
      center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
    #expect(near(quarter.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10), 1e-6))
    #expect(near(quarter.currentPoint, 0, 10))
    // The same angles clockwise go the long way round: three quarters.
    let threeQuarters = CGMutablePath()
    threeQuarters.addArc(
      center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    #expect(
      near(threeQuarters.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), 1e-6))
    #expect(near(threeQuarters.currentPoint, 0, 10))
    let circle = CGMutablePath()
    circle.addArc(
      center: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
    #expect(near(circle.boundingBoxOfPath, CGRect(x: 40, y: 40, width: 20, height: 20), 1e-6))
    let connected = CGMutablePath()
    connected.move(to: CGPoint(x: -30, y: 0))
    connected.addArc(center: .zero, radius: 10, startAngle: .pi, endAngle: 0, clockwise: true)
    #expect(connected.path.elements[1] == .line(to: .init(x: -10, y: 0 + 10 * sin(Double.pi))))
    #expect(near(connected.currentPoint, 10, 0))
    // From π toward smaller angles to 0 the arc passes π/2, where y = +10.
    #expect(abs(connected.boundingBoxOfPath.maxY - 10) < 1e-6)
    let relative = CGMutablePath()
    relative.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: -.pi / 2)
    #expect(near(relative.currentPoint, 0, -5))
  }

  @Test("copies are independent; addPath maps the other path")
  func copies() throws {
    let path = CGMutablePath()
    path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
    let frozen = try #require(path.copy())
    let mutable = try #require(path.mutableCopy())
    mutable.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
    #expect(frozen.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(mutable.boundingBox == CGRect(x: 0, y: 0, width: 30, height: 30))
    #expect(frozen == path)
    let combined = CGMutablePath()
    combined.addPath(path, transform: CGAffineTransform(translationX: 100, y: 0))
    #expect(combined.boundingBox == CGRect(x: 100, y: 0, width: 10, height: 10))
    var shift = CGAffineTransform(translationX: 0, y: 5)
    #expect(path.copy(using: &shift)?.boundingBox == CGRect(x: 0, y: 5, width: 10, height: 10))
  }
}
