import Foundation
import Testing

@testable import ReelCore

@Suite("Path: SVG data, length, trimming")
struct PathTests {
  func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  @Test("Absolute and relative lines, H/V, implicit lines after M, close")
  func linesAndClose() throws {
    let path = try Path(svgPathData: "M10,20 l5 0 H30 v10 h-5 V 40 10 Z")
    #expect(
      path.elements == [
        .move(to: p(10, 20)), .line(to: p(15, 20)), .line(to: p(30, 20)), .line(to: p(30, 30)),
        .line(to: p(25, 30)), .line(to: p(25, 40)), .line(to: p(25, 10)), .close,
      ])
    let implicit = try Path(svgPathData: "m1 1 2 2 3 3")
    #expect(implicit.elements == [.move(to: p(1, 1)), .line(to: p(3, 3)), .line(to: p(6, 6))])
  }

  @Test("Compact numbers: exponents, '.5.5', '-1-2', '+' signs")
  func compactNumbers() throws {
    let path = try Path(svgPathData: "M.5.5L-1-2l1e1,2E-1+3+4")
    #expect(
      path.elements == [
        .move(to: p(0.5, 0.5)), .line(to: p(-1, -2)), .line(to: p(9, -1.8)), .line(to: p(12, 2.2)),
      ])
  }

  @Test("Cubic and smooth cubic reflect the previous control point")
  func cubics() throws {
    let path = try Path(svgPathData: "M0 0 C10 0 20 10 20 20 S30 40 40 40 s10 10 20 0")
    #expect(
      path.elements == [
        .move(to: p(0, 0)),
        .curve(to: p(20, 20), control1: p(10, 0), control2: p(20, 10)),
        .curve(to: p(40, 40), control1: p(20, 30), control2: p(30, 40)),
        .curve(to: p(60, 40), control1: p(50, 40), control2: p(50, 50)),
      ])
    // S without a previous cubic uses the current point as first control.
    let s = try Path(svgPathData: "M5 5 S10 10 20 20")
    #expect(s.elements.last == .curve(to: p(20, 20), control1: p(5, 5), control2: p(10, 10)))
  }

  @Test("Quadratic and smooth quadratic")
  func quadratics() throws {
    let path = try Path(svgPathData: "M0 0 Q10 10 20 0 T40 0 t20 0")
    #expect(
      path.elements == [
        .move(to: p(0, 0)), .quadCurve(to: p(20, 0), control: p(10, 10)),
        .quadCurve(to: p(40, 0), control: p(30, -10)), .quadCurve(to: p(60, 0), control: p(50, 10)),
      ])
  }

  @Test("A command after Z starts a new subpath at the closed subpath's start")
  func afterClose() throws {
    let path = try Path(svgPathData: "M10 10 L20 10 Z l0 5")
    #expect(
      path.elements == [
        .move(to: p(10, 10)), .line(to: p(20, 10)), .close, .move(to: p(10, 10)),
        .line(to: p(10, 15)),
      ])
  }

  @Test("Arcs become cubics on the circle; compact flags parse")
  func arcs() throws {
    // Half circle of radius 50 from (0,50) to (100,50) through the top (sweep 1 = clockwise
    // on screen, y down).
    let path = try Path(svgPathData: "M0 50 A50 50 0 0 1 100 50")
    let curves = path.elements.dropFirst()
    #expect(curves.count == 2)
    for element in curves {
      guard case .curve(let end, _, _) = element else {
        Issue.record("expected curves, got \(element)")
        continue
      }
      let r = ((end.x - 50) * (end.x - 50) + (end.y - 50) * (end.y - 50)).squareRoot()
      #expect(abs(r - 50) < 1e-9)
    }
    // The midpoint of the first curve is on the circle above the centre side.
    #expect(path.length(tolerance: 0.001).isApproximately(.pi * 50, relative: 1e-3))
    let bounds = path.controlPointBounds
    #expect(bounds.minY < 1)  // went through the top, near y = 0
    let compact = try Path(svgPathData: "M0 50a50 50 0 1050 0")
    #expect(compact.elements.count >= 2)
    // Radii too small are scaled up: a 1-px radius still reaches the end point.
    let scaled = try Path(svgPathData: "M0 0 A1 1 0 0 0 10 0")
    #expect(
      scaled.elements.last.map { if case .curve(let e, _, _) = $0 { e == p(10, 0) } else { false } }
        == true)
    // Zero radius is a straight line.
    let zero = try Path(svgPathData: "M0 0 A0 5 0 0 0 10 0")
    #expect(zero.elements == [.move(to: p(0, 0)), .line(to: p(10, 0))])
  }

  @Test("Empty data is an empty path")
  func empty() throws {
    #expect(try Path(svgPathData: "").isEmpty)
    #expect(try Path(svgPathData: "  \n").isEmpty)
  }

  @Test(
    "Errors name the character offset and the expectation",
    arguments: [
      ("M 0 0 L", "invalid SVG path data at character 7: expected a number after 'L'"),
      ("M 0 0 L x", "invalid SVG path data at character 8: expected a number after 'L'"),
      (
        "L 0 0",
        "invalid SVG path data at character 0: path data must start with a moveto command ('M' or 'm'), found 'L'"
      ),
      (
        "M0 0 X 1",
        "invalid SVG path data at character 5: unexpected character 'X', expected a command letter"
      ),
      (
        "M0 0 A 5 5 0 2 0 1 1",
        "invalid SVG path data at character 13: expected an arc flag (0 or 1) after 'A'"
      ),
      ("M0 0 C 1 2 3", "invalid SVG path data at character 12: expected a number after 'C'"),
      ("M0,,0", "invalid SVG path data at character 3: expected a number after 'M'"),
    ])
  func errors(data: String, message: String) {
    #expect(throws: PathParseError.self) { try Path(svgPathData: data) }
    do {
      _ = try Path(svgPathData: data)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("Length of a line, a rectangle and a circle")
  func lengths() {
    var line = Path()
    line.move(to: p(0, 0))
    line.addLine(to: p(30, 40))
    #expect(line.length == 50)
    #expect(Path(rect: Rect(x: 5, y: 5, width: 30, height: 20)).length == 100)
    let r = 50.0
    let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 2 * r, height: 2 * r))
    // The four-cubic circle itself differs from a true circle by ~0.027 %.
    #expect(circle.length.isApproximately(2 * .pi * r, relative: 1e-3))
    #expect(Path().length == 0)
  }

  @Test("strokeEnd 0.5 on a 100 px line keeps 50 px")
  func trimLine() {
    var line = Path()
    line.move(to: p(0, 10))
    line.addLine(to: p(100, 10))
    #expect(line.trimmed(from: 0, to: 0.5).elements == [.move(to: p(0, 10)), .line(to: p(50, 10))])
    #expect(
      line.trimmed(from: 0.25, to: 0.75).elements == [.move(to: p(25, 10)), .line(to: p(75, 10))])
    #expect(line.trimmed(from: 0.6, to: 0.4).isEmpty)
    #expect(line.trimmed(from: 0, to: 1) == line)
  }

  @Test("Trimming runs across subpaths and opens a closed rectangle")
  func trimAcrossSubpaths() {
    var two = Path()
    two.move(to: p(0, 0))
    two.addLine(to: p(50, 0))
    two.move(to: p(0, 10))
    two.addLine(to: p(50, 10))
    #expect(
      two.trimmed(from: 0, to: 0.75).elements == [
        .move(to: p(0, 0)), .line(to: p(50, 0)), .move(to: p(0, 10)), .line(to: p(25, 10)),
      ])
    let square = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
    // From 10 % (4 px along the top) to 100 %: ends with a line back to the start, no close.
    let cut = square.trimmed(from: 0.1, to: 1)
    #expect(cut.elements.first == .move(to: p(4, 0)))
    #expect(cut.elements.last == .line(to: p(0, 0)))
    #expect(cut.length.isApproximately(36, relative: 1e-12))
  }

  @Test("Trimming a circle keeps the chosen fraction of its length on the curve")
  func trimCircle() {
    let circle = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 100))
    let quarter = circle.trimmed(from: 0, to: 0.25)
    #expect(quarter.length.isApproximately(circle.length / 4, relative: 1e-3))
    // The first quarter of this circle starts at (100, 50) and ends at (50, 100).
    guard case .curve(let end, _, _) = quarter.elements.last else {
      Issue.record("expected a curve")
      return
    }
    #expect(abs(end.x - 50) < 0.1 && abs(end.y - 100) < 0.1)
    let middle = circle.trimmed(from: 0.1, to: 0.15)
    #expect(middle.length.isApproximately(circle.length * 0.05, relative: 1e-3))
  }
}

extension Double {
  func isApproximately(_ other: Double, relative: Double) -> Bool {
    abs(self - other) <= relative * Swift.max(abs(self), abs(other))
  }
}
