import ReelCore
@_spi(Benchmarks) import ReelGraphics
import Testing

@Suite("Compositor: translation, OVER, opacity, affine")
struct CompositorTests {
  /// A source whose pixels are all different: opaque, translucent and transparent ones.
  static let source = CompositedPixels.image(width: 8, height: 6) { x, y in
    let alpha: UInt8 = x == 7 ? 0 : (y % 2 == 0 ? 255 : 100 + UInt8(x * 10))
    func channel(_ value: Int) -> UInt8 { UInt8(value * Int(alpha) / 255) }
    return BGRA(
      blue: channel(30 * x + 5), green: channel(40 * y + 3), red: channel(200 - 20 * x),
      alpha: alpha)
  }
  static let background = BGRA(blue: 40, green: 90, red: 160, alpha: 255)

  @Test(
    "integer translation copies pixels bit-exact", arguments: [Compositor.Engine.reel, .pixman])
  func integerCopy(engine: Compositor.Engine) throws {
    var destination = CompositedPixels.solid(width: 64, height: 48, Self.background)
    try Compositor.draw(
      Self.source, onto: &destination, transform: Transform3D(translationX: 10, y: 7, z: 0),
      blend: .copy, engine: engine)
    for y in 0..<48 {
      for x in 0..<64 {
        let inside = (10..<18).contains(x) && (7..<13).contains(y)
        let expected = inside ? Self.source[x: x - 10, y: y - 7] : Self.background
        #expect(destination[x: x, y: y] == expected, "pixel (\(x), \(y))")
      }
    }
  }

  @Test("integer translation OVER follows the exact premultiplied equation")
  func integerOver() throws {
    var destination = CompositedPixels.solid(width: 64, height: 48, Self.background)
    try Compositor.draw(
      Self.source, onto: &destination, transform: AffineTransform(translationX: 3, y: 30))
    for y in 0..<6 {
      for x in 0..<8 {
        let expected = CompositedPixels.over(Self.source[x: x, y: y], Self.background)
        #expect(destination[x: x + 3, y: y + 30] == expected, "pixel (\(x), \(y))")
      }
    }
    #expect(destination[x: 2, y: 30] == Self.background)
    #expect(destination[x: 11, y: 30] == Self.background)
  }

  @Test(
    "negative and overhanging offsets are clipped to the destination",
    arguments: [(-3, -2), (60, 45), (-7, 44)])
  func clippedAtEdges(offset: (Int, Int)) throws {
    var destination = CompositedPixels.solid(width: 64, height: 48, Self.background)
    try Compositor.draw(
      Self.source, onto: &destination,
      transform: Transform3D(translationX: Double(offset.0), y: Double(offset.1), z: 0),
      blend: .copy)
    for y in 0..<48 {
      for x in 0..<64 {
        let sx = x - offset.0
        let sy = y - offset.1
        let inside = (0..<8).contains(sx) && (0..<6).contains(sy)
        let expected = inside ? Self.source[x: sx, y: sy] : Self.background
        #expect(destination[x: x, y: y] == expected, "pixel (\(x), \(y))")
      }
    }
  }

  @Test("a 50% layer over a known colour gives the blend equation ±1")
  func halfTransparentLayer() throws {
    // Red at 50% alpha, premultiplied.
    let layer = CompositedPixels.solid(
      width: 10, height: 10, BGRA(blue: 0, green: 0, red: 128, alpha: 128))
    let below = BGRA(blue: 200, green: 100, red: 50, alpha: 255)
    for engine in [Compositor.Engine.reel, .pixman] {
      for transform in [Transform3D.identity, Transform3D(translationX: 0.5, y: 0.25, z: 0)] {
        var destination = CompositedPixels.solid(width: 20, height: 20, below)
        try Compositor.draw(layer, onto: &destination, transform: transform, engine: engine)
        let result = destination[x: 5, y: 5]
        // d = s + d · (1 − sα): blue 200·127/255, green 100·127/255, red 128 + 50·127/255.
        func over(_ s: Double, _ d: Double) -> UInt8 {
          let value: Double = s + d * 127 / 255
          return UInt8(value.rounded())
        }
        let expected = BGRA(
          blue: over(0, 200), green: over(0, 100), red: over(128, 50), alpha: 255)
        #expect(
          CompositedPixels.distance(result, expected) <= 1, "\(engine) \(transform): \(result)")
      }
    }
  }

  @Test("opacity 0.5 of an opaque colour over another averages them ±1")
  func halfOpacity() throws {
    let top = BGRA(blue: 10, green: 200, red: 30, alpha: 255)
    let below = BGRA(blue: 250, green: 20, red: 100, alpha: 255)
    let layer = CompositedPixels.solid(width: 16, height: 16, top)
    let transforms = [
      Transform3D.identity, Transform3D(translationX: 0.5, y: 0, z: 0),
      CompositedPixels.tilt(
        width: 16, height: 16, angle: 0.3, distance: 500, centreX: 16, centreY: 16),
    ]
    for transform in transforms {
      var destination = CompositedPixels.solid(width: 32, height: 32, below)
      try Compositor.draw(layer, onto: &destination, transform: transform, opacity: 0.5)
      // Opacity 0.5 is 128/255: d = s·128/255 + d·127/255.
      func mix(_ s: Double, _ d: Double) -> UInt8 {
        let value: Double = s * 128 / 255 + d * 127 / 255
        return UInt8(value.rounded())
      }
      let expected = BGRA(
        blue: mix(10, 250), green: mix(200, 20), red: mix(30, 100), alpha: 255)
      let probe = transform.isAffine ? destination[x: 8, y: 8] : destination[x: 16, y: 16]
      #expect(CompositedPixels.distance(probe, expected) <= 1, "\(transform): \(probe)")
    }
  }

  @Test("opacity 0 leaves the destination alone and opacity 1 is exact")
  func opacityLimits() throws {
    var destination = CompositedPixels.solid(width: 64, height: 48, Self.background)
    let before = destination
    try Compositor.draw(Self.source, onto: &destination, opacity: 0)
    #expect(destination == before)
    try Compositor.draw(Self.source, onto: &destination, opacity: 1)
    #expect(
      destination[x: 2, y: 2] == CompositedPixels.over(Self.source[x: 2, y: 2], Self.background))
  }

  @Test("a quarter turn about an integer centre moves known pixels to known places")
  func quarterTurn() throws {
    let source = CompositedPixels.image(width: 20, height: 10) { x, y in
      BGRA(blue: UInt8(x * 12), green: UInt8(y * 25), red: 77, alpha: 255)
    }
    // x′ = −y + 30, y′ = x + 5: source pixel (i, j) covers destination pixel (29 − j, 5 + i).
    let turn = AffineTransform(rotationAngle: .pi / 2).concatenating(
      AffineTransform(translationX: 30, y: 5))
    for engine in [Compositor.Engine.reel, .pixman] {
      var destination = Image(width: 64, height: 48)
      try Compositor.draw(source, onto: &destination, transform: turn, engine: engine)
      for j in 1..<9 {
        for i in 1..<19 {
          let result = destination[x: 29 - j, y: 5 + i]
          #expect(
            CompositedPixels.distance(result, source[x: i, y: j]) <= 1, "\(engine) (\(i), \(j))")
        }
      }
      #expect(destination[x: 29 - 10, y: 10].alpha == 0)
      #expect(destination[x: 30, y: 10].alpha == 0)
    }
  }

  @Test("scaling a checkerboard by 2 gives the bilinear mixture of neighbouring squares")
  func doubleCheckerboard() throws {
    let board = CompositedPixels.image(width: 8, height: 8) { x, y in
      (x + y) % 2 == 0
        ? BGRA(blue: 255, green: 255, red: 255, alpha: 255)
        : BGRA(blue: 0, green: 0, red: 0, alpha: 255)
    }
    var destination = Image(width: 16, height: 16)
    try Compositor.draw(board, onto: &destination, transform: AffineTransform(scaleX: 2, y: 2))
    func value(_ x: Int, _ y: Int) -> Double { (x + y) % 2 == 0 ? 255 : 0 }
    for y in 1..<15 {
      for x in 1..<15 {
        // Destination centre (x + ½)/2 in source space; sample at that − ½.
        let sx = (Double(x) + 0.5) / 2 - 0.5
        let sy = (Double(y) + 0.5) / 2 - 0.5
        let x0 = Int(sx.rounded(.down))
        let y0 = Int(sy.rounded(.down))
        let fx = sx - Double(x0)
        let fy = sy - Double(y0)
        let expected =
          value(x0, y0) * (1 - fx) * (1 - fy) + value(x0 + 1, y0) * fx * (1 - fy)
          + value(x0, y0 + 1) * (1 - fx) * fy + value(x0 + 1, y0 + 1) * fx * fy
        let result = destination[x: x, y: y]
        #expect(abs(Double(result.green) - expected) <= 2, "(\(x), \(y)): \(result)")
        #expect(result.alpha == 255)
      }
    }
  }

  @Test("an affine draw matches pixman's bilinear affine composite")
  func affineMatchesPixman() throws {
    let source = CompositedPixels.image(width: 40, height: 30) { x, y in
      BGRA(blue: UInt8(x * 6), green: UInt8(y * 8), red: UInt8((x * y) % 256), alpha: 255)
    }
    let transform = AffineTransform(translationX: -20, y: -15)
      .concatenating(AffineTransform(rotationAngle: 0.4))
      .concatenating(AffineTransform(scaleX: 1.3, y: 0.8))
      .concatenating(AffineTransform(translationX: 32.3, y: 24.6))
    var reel = Image(width: 64, height: 48)
    var pixman = Image(width: 64, height: 48)
    try Compositor.draw(source, onto: &reel, transform: transform)
    try Compositor.draw(source, onto: &pixman, transform: transform, engine: .pixman)
    #expect(CompositedPixels.meanDifference(reel, pixman) <= 1)
  }

  @Test("a singular transform draws nothing")
  func singular() throws {
    var destination = CompositedPixels.solid(width: 64, height: 48, Self.background)
    let before = destination
    try Compositor.draw(
      Self.source, onto: &destination, transform: AffineTransform(scaleX: 0, y: 1))
    try Compositor.draw(
      Self.source, onto: &destination,
      transform: Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0))
    #expect(destination == before)
  }
}
