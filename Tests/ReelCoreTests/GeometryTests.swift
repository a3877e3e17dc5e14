import Testing

@testable import ReelCore

/// Core Animation's frame rule, written out here independently of `Rect`:
/// frame origin = position − anchor·size.
private func frame(bounds: Size, position: Point, anchor: Point) -> Rect {
  Rect(
    x: position.x - anchor.x * bounds.width, y: position.y - anchor.y * bounds.height,
    width: bounds.width, height: bounds.height)
}

@Suite struct GeometryTests {
  @Test func frameFromBoundsPositionAndAnchor() {
    let bounds = Size(width: 100, height: 50)
    let centred = frame(
      bounds: bounds, position: Point(x: 200, y: 100), anchor: Point(x: 0.5, y: 0.5))
    #expect(centred == Rect(x: 150, y: 75, width: 100, height: 50))
    #expect(centred.minX == 150 && centred.maxX == 250 && centred.midX == 200)
    #expect(centred.minY == 75 && centred.maxY == 125 && centred.midY == 100)
    #expect(centred.center == Point(x: 200, y: 100))
    let topLeft = frame(bounds: bounds, position: Point(x: 200, y: 100), anchor: .zero)
    #expect(topLeft == Rect(x: 200, y: 100, width: 100, height: 50))
  }

  @Test func pointAndSizeArithmetic() {
    let p = Point(x: 3, y: -4)
    #expect(p + Point(x: 1, y: 1) == Point(x: 4, y: -3))
    #expect(p - Point(x: 1, y: 1) == Point(x: 2, y: -5))
    #expect(-p == Point(x: -3, y: 4))
    #expect(p * 2 == Point(x: 6, y: -8))
    #expect(0.5 * p == Point(x: 1.5, y: -2))
    #expect(p / 2 == Point(x: 1.5, y: -2))
    var q = p
    q += Point(x: 10, y: 10)
    q -= Point(x: 1, y: 2)
    #expect(q == Point(x: 12, y: 4))
    #expect(Size(width: 100, height: 50) * 1.5 == Size(width: 150, height: 75))
    #expect(2 * Size(width: 1, height: 2) == Size(width: 2, height: 4))
    #expect(Size(width: 100, height: 50) / 4 == Size(width: 25, height: 12.5))
  }

  @Test func negativeSizesAreStandardized() {
    let r = Rect(x: 10, y: 20, width: -4, height: -6)
    #expect(r.minX == 6 && r.maxX == 10 && r.minY == 14 && r.maxY == 20)
    #expect(r.width == 4 && r.height == 6)
    #expect(r.midX == 8 && r.midY == 17)
    #expect(r.standardized == Rect(x: 6, y: 14, width: 4, height: 6))
    #expect(!r.isEmpty)
    #expect(r.contains(Point(x: 6, y: 14)))
    #expect(!r.contains(Point(x: 10, y: 14)))
  }

  @Test func emptiness() {
    #expect(Rect.zero.isEmpty)
    #expect(Rect(x: 5, y: 5, width: 0, height: 10).isEmpty)
    #expect(Rect(x: 5, y: 5, width: 10, height: 0).isEmpty)
    #expect(Rect(x: 0, y: 0, width: .nan, height: 1).isEmpty)
    #expect(!Rect(x: 0, y: 0, width: 0.001, height: 0.001).isEmpty)
  }

  @Test func containsIsHalfOpen() {
    let r = Rect(x: 0, y: 0, width: 2, height: 2)
    // Exactly the pixel centres of pixels (0,0)…(1,1).
    var inside: [Point] = []
    for j in -1...3 {
      for i in -1...3 {
        let centre = Point(x: Double(i) + 0.5, y: Double(j) + 0.5)
        if r.contains(centre) { inside.append(centre) }
      }
    }
    #expect(
      inside == [
        Point(x: 0.5, y: 0.5), Point(x: 1.5, y: 0.5), Point(x: 0.5, y: 1.5), Point(x: 1.5, y: 1.5),
      ])
    #expect(r.contains(Point(x: 0, y: 0)))  // left/top edges inside
    #expect(r.contains(Point(x: 1.999_999, y: 0)))
    #expect(!r.contains(Point(x: 2, y: 0)))  // right edge outside
    #expect(!r.contains(Point(x: 0, y: 2)))  // bottom edge outside
    #expect(!r.contains(Point(x: -0.000_001, y: 1)))
    #expect(!Rect(x: 1, y: 1, width: 0, height: 5).contains(Point(x: 1, y: 2)))
  }

  @Test func containsRect() {
    let r = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(r.contains(r))
    #expect(r.contains(Rect(x: 2, y: 2, width: 8, height: 8)))
    #expect(!r.contains(Rect(x: 2, y: 2, width: 8.5, height: 8)))
    #expect(!r.contains(Rect(x: -1, y: 2, width: 3, height: 3)))
  }

  @Test func intersection() {
    let a = Rect(x: 0, y: 0, width: 100, height: 50)
    let b = Rect(x: 60, y: 20, width: 100, height: 100)
    #expect(a.intersection(b) == Rect(x: 60, y: 20, width: 40, height: 30))
    #expect(b.intersection(a) == Rect(x: 60, y: 20, width: 40, height: 30))
    #expect(a.intersects(b))
    // Sharing only an edge or a corner: no common pixel.
    #expect(a.intersection(Rect(x: 100, y: 0, width: 10, height: 10)) == nil)
    #expect(a.intersection(Rect(x: 0, y: 50, width: 10, height: 10)) == nil)
    #expect(a.intersection(Rect(x: 100, y: 50, width: 10, height: 10)) == nil)
    #expect(!a.intersects(Rect(x: 100, y: 0, width: 10, height: 10)))
    // Disjoint.
    #expect(a.intersection(Rect(x: 200, y: 200, width: 1, height: 1)) == nil)
    // Containment gives the inner rectangle; negative sizes are standardized.
    let inner = Rect(x: 10, y: 10, width: 5, height: 5)
    #expect(a.intersection(inner) == inner)
    #expect(a.intersection(Rect(x: 15, y: 15, width: -5, height: -5)) == inner)
    // An empty rectangle shares no area.
    #expect(a.intersection(Rect(x: 10, y: 10, width: 0, height: 5)) == nil)
  }

  @Test func union() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 20, y: -5, width: 5, height: 5)
    #expect(a.union(b) == Rect(x: 0, y: -5, width: 25, height: 15))
    #expect(b.union(a) == a.union(b))
    #expect(a.union(a) == a)
    #expect(
      a.union(Rect(x: 12, y: 3, width: -2, height: 1)) == Rect(x: 0, y: 0, width: 12, height: 10))
    // Empty rectangles add nothing, wherever they are.
    #expect(a.union(Rect(x: 500, y: 500, width: 0, height: 0)) == a)
    #expect(Rect.zero.union(b) == b)
  }

  @Test func insetAndOffset() {
    let r = Rect(x: 10, y: 20, width: 100, height: 50)
    #expect(r.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 90, height: 30))
    #expect(r.insetBy(dx: -5, dy: 0) == Rect(x: 5, y: 20, width: 110, height: 50))
    // Insetting past the middle collapses that extent onto the centre.
    #expect(r.insetBy(dx: 60, dy: 0) == Rect(x: 60, y: 20, width: 0, height: 50))
    #expect(r.insetBy(dx: 0, dy: 30) == Rect(x: 10, y: 45, width: 100, height: 0))
    #expect(r.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 100, height: 50))
    let flipped = Rect(x: 10, y: 10, width: -4, height: 4)
    #expect(flipped.offsetBy(dx: 1, dy: 1).standardized == Rect(x: 7, y: 11, width: 4, height: 4))
  }

  @Test func integral() {
    #expect(
      Rect(x: 0.5, y: 1, width: 2, height: 0.25).integral == Rect(x: 0, y: 1, width: 3, height: 1))
    #expect(
      Rect(x: -0.5, y: -1.5, width: 1, height: 1).integral
        == Rect(x: -1, y: -2, width: 2, height: 2))
    #expect(Rect(x: 3, y: 4, width: 5, height: 6).integral == Rect(x: 3, y: 4, width: 5, height: 6))
    #expect(
      Rect(x: 3.2, y: 4, width: -1, height: 1).integral == Rect(x: 2, y: 4, width: 2, height: 1))
    // Whatever the fractions, the integral rect contains the original.
    for k in 0..<50 {
      let f = Double(k) * 0.137
      let r = Rect(x: f - 3, y: 2 * f, width: f + 0.01, height: 1.3)
      let i = r.integral
      #expect(i.contains(r))
      #expect(i.minX == i.minX.rounded() && i.maxY == i.maxY.rounded())
      #expect(i.width - r.width < 2 && i.height - r.height < 2)
    }
  }
}
