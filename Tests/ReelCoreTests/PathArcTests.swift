import Foundation
import ReelCore
import Testing

@Suite("Path: arcs, current point, tight bounds, elliptical corners")
struct PathArcTests {
  private func near(_ a: Point?, _ x: Double, _ y: Double) -> Bool {
    guard let a else { return false }
    return abs(a.x - x) < 1e-9 && abs(a.y - y) < 1e-9
  }

  @Test("an arc starts with a move on an empty path and a line otherwise")
  func arcConnection() {
    var path = Path()
    path.addArc(center: .zero, radius: 10, startAngle: 0, sweepAngle: .pi / 2)
    #expect(path.elements.first == .move(to: Point(x: 10, y: 0)))
    #expect(near(path.currentPoint, 0, 10))
    #expect(path.elements.count == 2)
    var joined = Path()
    joined.move(to: Point(x: -5, y: 0))
    joined.addArc(center: .zero, radius: 10, startAngle: 0, sweepAngle: -.pi)
    #expect(joined.elements[1] == .line(to: Point(x: 10, y: 0)))
    // A half turn is two quarter-turn Béziers.
    #expect(joined.elements.count == 4)
    #expect(near(joined.currentPoint, -10, 0))
  }

  @Test("arc points lie on the circle")
  func arcAccuracy() throws {
    var path = Path()
    path.addArc(center: Point(x: 50, y: 50), radius: 20, startAngle: 0, sweepAngle: 2 * .pi)
    let bounds = try #require(path.tightBounds)
    #expect(abs(bounds.minX - 30) < 1e-3 && abs(bounds.maxX - 70) < 1e-3)
    #expect(abs(bounds.minY - 30) < 1e-3 && abs(bounds.maxY - 70) < 1e-3)
  }

  @Test("the current point after close is the subpath's start")
  func currentPoint() {
    var path = Path()
    #expect(path.currentPoint == nil)
    path.move(to: Point(x: 1, y: 1))
    path.addLine(to: Point(x: 5, y: 1))
    path.closeSubpath()
    #expect(path.currentPoint == Point(x: 1, y: 1))
  }

  @Test("tight bounds follow the curve, not its control points; nil when empty")
  func tightBounds() throws {
    #expect(Path().tightBounds == nil)
    var path = Path()
    path.move(to: .zero)
    path.addCurve(
      to: Point(x: 100, y: 0), control1: Point(x: 0, y: -100), control2: Point(x: 100, y: -100))
    let bounds = try #require(path.tightBounds)
    #expect(abs(bounds.minY + 75) < 1e-9 && bounds.maxY == 0)
    #expect(path.controlPointBounds.minY == -100)
  }

  @Test("elliptical corners keep the rectangle's bounds; one radius is the circular case")
  func ellipticalCorners() throws {
    let rect = Rect(x: 0, y: 0, width: 100, height: 40)
    let path = Path(roundedRect: rect, cornerWidth: 30, cornerHeight: 10)
    let bounds = try #require(path.tightBounds)
    #expect(abs(bounds.width - 100) < 1e-9 && abs(bounds.height - 40) < 1e-9)
    #expect(path.elements.first == .move(to: Point(x: 30, y: 0)))
    #expect(
      Path(roundedRect: rect, cornerRadius: 8)
        == Path(roundedRect: rect, cornerWidth: 8, cornerHeight: 8))
    #expect(Path(roundedRect: rect, cornerWidth: 0, cornerHeight: 5) == Path(rect: rect))
  }
}
