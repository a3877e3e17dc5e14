import ReelCore
@_spi(Benchmarks) import ReelGraphics
import Testing

@Suite("Perspective warp")
struct PerspectiveWarpTests {
  /// 64×48, one opaque colour per quadrant.
  static let quadrants = CompositedPixels.image(width: 64, height: 48) { x, y in
    switch (x < 32, y < 24) {
    case (true, true): return BGRA(blue: 255, green: 0, red: 0, alpha: 255)
    case (false, true): return BGRA(blue: 0, green: 255, red: 0, alpha: 255)
    case (false, false): return BGRA(blue: 0, green: 0, red: 255, alpha: 255)
    case (true, false): return BGRA(blue: 255, green: 255, red: 255, alpha: 255)
    }
  }
  static let tilt = CompositedPixels.tilt(
    width: 64, height: 48, angle: .pi / 6, distance: 1000, centreX: 80, centreY: 60)

  @Test("the corners of a tilted layer land where Transform3D.project puts them")
  func corners() throws {
    var destination = Image(width: 160, height: 120)
    try Compositor.draw(Self.quadrants, onto: &destination, transform: Self.tilt)
    let corners = [(0.0, 0.0), (64.0, 0.0), (64.0, 48.0), (0.0, 48.0)].map {
      Self.tilt.project(Point(x: $0.0, y: $0.1))
    }
    let projected = try corners.map { try #require($0) }
    let bounds = try #require(CompositedPixels.opaqueBounds(destination))
    let minX = projected.map(\.x).min() ?? 0
    let maxX = projected.map(\.x).max() ?? 0
    let minY = projected.map(\.y).min() ?? 0
    let maxY = projected.map(\.y).max() ?? 0
    // CompositedPixels touched: those whose centres lie within half a pixel of the footprint.
    #expect(abs(Double(bounds.0) - minX) <= 1)
    #expect(abs(Double(bounds.1) - minY) <= 1)
    #expect(abs(Double(bounds.2 + 1) - maxX) <= 1)
    #expect(abs(Double(bounds.3 + 1) - maxY) <= 1)
    // The rotation about y moves the right side away: it is shorter than the left.
    #expect(projected[2].y - projected[1].y < projected[3].y - projected[0].y)
    // Near each corner (a few pixels towards the centre) is that quadrant's colour.
    let centre = try #require(Self.tilt.project(Point(x: 32, y: 24)))
    let colours = [
      Self.quadrants[x: 0, y: 0], Self.quadrants[x: 63, y: 0], Self.quadrants[x: 63, y: 47],
      Self.quadrants[x: 0, y: 47],
    ]
    for (corner, colour) in zip(projected, colours) {
      let direction =
        (centre - corner) / ((centre - corner).x.magnitude + (centre - corner).y.magnitude)
      let probe = corner + direction * 4
      let pixel = destination[x: Int(probe.x), y: Int(probe.y)]
      #expect(pixel == colour, "near \(corner): \(pixel)")
    }
  }

  @Test("the warp matches pixman's projective bilinear composite")
  func matchesPixman() throws {
    let source = CompositedPixels.image(width: 64, height: 48) { x, y in
      let alpha = UInt8(155 + (x + y) % 100)
      func channel(_ v: Int) -> UInt8 { UInt8(v * Int(alpha) / 255) }
      return BGRA(blue: channel(x * 4), green: channel(y * 5), red: channel(128), alpha: alpha)
    }
    for angle in [Double.pi / 6, -0.9, 1.2] {
      let transform = CompositedPixels.tilt(
        width: 64, height: 48, angle: angle, distance: 300, centreX: 48, centreY: 36)
      var reel = CompositedPixels.solid(
        width: 96, height: 72, BGRA(blue: 10, green: 20, red: 30, alpha: 255))
      var pixman = reel
      try Compositor.draw(source, onto: &reel, transform: transform)
      try Compositor.draw(source, onto: &pixman, transform: transform, engine: .pixman)
      var transparentReel = Image(width: 96, height: 72)
      var transparentPixman = Image(width: 96, height: 72)
      try Compositor.draw(source, onto: &transparentReel, transform: transform)
      try Compositor.draw(source, onto: &transparentPixman, transform: transform, engine: .pixman)
      // pixman leaves some faint edge pixels out (see `exactEdges`): compare where both drew.
      let covered = CompositedPixels.meanDifference(
        transparentReel, transparentPixman, bothCovered: true)
      #expect(covered <= 2, "angle \(angle)")
      #expect(CompositedPixels.meanDifference(reel, pixman) <= 2, "angle \(angle)")
    }
  }

  @Test(
    "every pixel, edges included, is the exact bilinear sample ±2", arguments: [0.5, -0.9, 1.2])
  func exactEdges(angle: Double) throws {
    let source = CompositedPixels.image(width: 64, height: 48) { x, y in
      let alpha = UInt8(155 + (x + y) % 100)
      return BGRA(blue: UInt8(Int(alpha) * x / 64), green: 0, red: alpha / 2, alpha: alpha)
    }
    let m = CompositedPixels.tilt(
      width: 64, height: 48, angle: angle, distance: 300, centreX: 48, centreY: 36)
    var destination = Image(width: 96, height: 72)
    try Compositor.draw(source, onto: &destination, transform: m)
    // The plane z = 0 maps by the homography of rows (m11 m12 m14), (m21 m22 m24),
    // (m41 m42 m44); invert it by cofactors.
    let h = [[m.m11, m.m12, m.m14], [m.m21, m.m22, m.m24], [m.m41, m.m42, m.m44]]
    func cofactor(_ r: Int, _ c: Int) -> Double {
      let rows = [0, 1, 2].filter { $0 != r }
      let cols = [0, 1, 2].filter { $0 != c }
      let minor =
        h[rows[0]][cols[0]] * h[rows[1]][cols[1]] - h[rows[0]][cols[1]] * h[rows[1]][cols[0]]
      return (r + c) % 2 == 0 ? minor : -minor
    }
    let det = h[0][0] * cofactor(0, 0) + h[0][1] * cofactor(0, 1) + h[0][2] * cofactor(0, 2)
    let inverse = (0..<3).map { r in (0..<3).map { c in cofactor(c, r) / det } }
    func texel(_ x: Int, _ y: Int) -> BGRA {
      guard x >= 0, y >= 0, x < 64, y < 48 else { return BGRA(blue: 0, green: 0, red: 0, alpha: 0) }
      return source[x: x, y: y]
    }
    var worst = 0
    for y in 0..<72 {
      for x in 0..<96 {
        let point = [Double(x) + 0.5, Double(y) + 0.5, 1]
        let mapped = (0..<3).map { c in (0..<3).reduce(0.0) { $0 + point[$1] * inverse[$1][c] } }
        guard mapped[2] > 0 else { continue }
        let sx = mapped[0] / mapped[2] - 0.5
        let sy = mapped[1] / mapped[2] - 0.5
        let x0 = Int(sx.rounded(.down))
        let y0 = Int(sy.rounded(.down))
        let fx = sx - Double(x0)
        let fy = sy - Double(y0)
        func channel(_ pick: (BGRA) -> UInt8) -> Double {
          Double(pick(texel(x0, y0))) * (1 - fx) * (1 - fy) + Double(pick(texel(x0 + 1, y0))) * fx
            * (1 - fy)
            + Double(pick(texel(x0, y0 + 1))) * (1 - fx) * fy + Double(pick(texel(x0 + 1, y0 + 1)))
            * fx * fy
        }
        let result = destination[x: x, y: y]
        worst = max(worst, abs(Int(result.alpha) - Int(channel(\.alpha).rounded())))
        worst = max(worst, abs(Int(result.blue) - Int(channel(\.blue).rounded())))
        worst = max(worst, abs(Int(result.red) - Int(channel(\.red).rounded())))
        if abs(Int(result.alpha) - Int(channel(\.alpha).rounded())) > 2 {
          print("BAD", x, y, sx, sy, result, channel(\.alpha))
        }
      }
    }
    #expect(worst <= 2)
  }

  @Test("a layer turned past the eye plane draws only its visible part, without crashing")
  func behindTheEye() throws {
    let source = CompositedPixels.solid(
      width: 300, height: 100, BGRA(blue: 0, green: 200, red: 0, alpha: 255))
    // Half-width 150 turned 100° with the eye 100 px away: one edge goes behind the eye.
    let transform = CompositedPixels.tilt(
      width: 300, height: 100, angle: 100 * .pi / 180, distance: 100, centreX: 160,
      centreY: 120)
    let leftEdge = transform.apply(x: 0, y: 50, z: 0)
    let rightEdge = transform.apply(x: 300, y: 50, z: 0)
    #expect((leftEdge.w > 0) != (rightEdge.w > 0))
    var destination = Image(width: 320, height: 240)
    try Compositor.draw(source, onto: &destination, transform: transform)
    // A point on the visible side, between the centre and the eye plane, is drawn.
    let visibleX = leftEdge.w > 0 ? 100.0 : 200.0
    let visible = try #require(transform.project(Point(x: visibleX, y: 50)))
    if visible.x >= 0, visible.x < 320, visible.y >= 0, visible.y < 240 {
      #expect(destination[x: Int(visible.x), y: Int(visible.y)].green == 200)
    }
    #expect(CompositedPixels.opaqueBounds(destination) != nil)
    // Entirely behind the eye: nothing.
    var empty = Image(width: 320, height: 240)
    let behind = Transform3D(translationX: 0, y: 0, z: 500)
      .concatenating(.perspective(distance: 100))
    try Compositor.draw(source, onto: &empty, transform: behind)
    #expect(CompositedPixels.opaqueBounds(empty) == nil)
  }

  @Test("the multi-threaded engine draws the same pixels as the single-threaded one")
  func parallelMatches() throws {
    let source = CompositedPixels.image(width: 64, height: 48) { x, y in
      BGRA(blue: UInt8(x * 3), green: UInt8(y * 5), red: 200, alpha: 255)
    }
    var single = Image(width: 160, height: 120)
    var parallel = Image(width: 160, height: 120)
    try Compositor.draw(source, onto: &single, transform: Self.tilt, opacity: 0.7)
    try Compositor.draw(
      source, onto: &parallel, transform: Self.tilt, opacity: 0.7,
      engine: .reelParallel(threads: 3))
    #expect(single == parallel)
    #expect(CompositedPixels.opaqueBounds(single) != nil)
  }

  @Test("a perspective draw respects opacity and blend mode copy")
  func copyAndOpacity() throws {
    let source = CompositedPixels.solid(
      width: 64, height: 48, BGRA(blue: 0, green: 0, red: 200, alpha: 200))
    var destination = CompositedPixels.solid(
      width: 160, height: 120, BGRA(blue: 90, green: 90, red: 90, alpha: 255))
    try Compositor.draw(source, onto: &destination, transform: Self.tilt, blend: .copy)
    let centre = try #require(Self.tilt.project(Point(x: 32, y: 24)))
    #expect(
      destination[x: Int(centre.x), y: Int(centre.y)]
        == BGRA(blue: 0, green: 0, red: 200, alpha: 200))
    #expect(destination[x: 2, y: 2] == BGRA(blue: 90, green: 90, red: 90, alpha: 255))
  }
}
