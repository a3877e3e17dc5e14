import ReelCore
@_spi(Benchmarks) import ReelGraphics
import Testing

@Suite("Compositor: clips and masks")
struct CompositorClipTests {
  static let red = BGRA(blue: 0, green: 0, red: 255, alpha: 255)
  static let transforms: [Transform3D] = [
    .identity,
    Transform3D(translationX: 0.5, y: 0.5, z: 0),
    CompositedPixels.tilt(
      width: 64, height: 48, angle: 0.2, distance: 800, centreX: 32, centreY: 24
    )
    .concatenating(Transform3D(scaleX: 1.5, y: 1.5, z: 1)),
  ]

  @Test("a rect clip leaves everything outside it untouched", arguments: transforms)
  func rectClip(transform: Transform3D) throws {
    let layer = CompositedPixels.solid(width: 64, height: 48, Self.red)
    var destination = Image(width: 64, height: 48)
    try Compositor.draw(
      layer, onto: &destination, transform: transform,
      clip: .rect(Rect(x: 10, y: 12, width: 20, height: 15)))
    for y in 0..<48 {
      for x in 0..<64 {
        let inside = (10..<30).contains(x) && (12..<27).contains(y)
        if inside {
          #expect(destination[x: x, y: y] == Self.red, "(\(x), \(y))")
        } else {
          #expect(destination[x: x, y: y].alpha == 0, "(\(x), \(y))")
        }
      }
    }
  }

  @Test("a mask scales the source by its alpha and is zero outside", arguments: transforms)
  func maskClip(transform: Transform3D) throws {
    let layer = CompositedPixels.solid(width: 64, height: 48, Self.red)
    // Alpha 255 in columns 0..<20, 128 in 20..<30, 0 beyond; the mask is only 40×40.
    let mask = CompositedPixels.image(width: 40, height: 40) { x, _ in
      let alpha: UInt8 = x < 20 ? 255 : (x < 30 ? 128 : 0)
      return BGRA(blue: alpha, green: alpha, red: alpha, alpha: alpha)
    }
    for engine in [Compositor.Engine.reel, .pixman] {
      var destination = Image(width: 64, height: 48)
      try Compositor.draw(
        layer, onto: &destination, transform: transform, mask: mask, engine: engine)
      #expect(destination[x: 5, y: 5] == Self.red)
      let half = destination[x: 25, y: 10]
      #expect(abs(Int(half.red) - 128) <= 1 && abs(Int(half.alpha) - 128) <= 1, "\(half)")
      #expect(destination[x: 35, y: 10].alpha == 0)
      #expect(destination[x: 5, y: 45].alpha == 0)
      #expect(destination[x: 50, y: 5].alpha == 0)
    }
  }

  @Test("mask coverage and opacity multiply")
  func maskAndOpacity() throws {
    let layer = CompositedPixels.solid(width: 16, height: 16, Self.red)
    let mask = CompositedPixels.solid(
      width: 16, height: 16, BGRA(blue: 0, green: 0, red: 0, alpha: 128))
    var destination = Image(width: 16, height: 16)
    try Compositor.draw(layer, onto: &destination, opacity: 0.5, mask: mask)
    // 255 · (128/255) · (128/255) ≈ 64.25.
    let pixel = destination[x: 8, y: 8]
    #expect(abs(Int(pixel.red) - 64) <= 1 && pixel.red == pixel.alpha, "\(pixel)")
  }

  @Test("a rounded-rect clip cuts the corners and keeps the middle")
  func roundedRect() throws {
    let layer = CompositedPixels.solid(width: 64, height: 48, Self.red)
    var destination = Image(width: 64, height: 48)
    try Compositor.draw(
      layer, onto: &destination,
      clip: .roundedRect(Rect(x: 8, y: 8, width: 40, height: 30), cornerRadius: 10))
    #expect(destination[x: 28, y: 20] == Self.red)
    #expect(destination[x: 8, y: 20] == Self.red)  // straight edge, centre 8.5 inside
    #expect(destination[x: 8, y: 8].alpha == 0)  // corner cut by the arc
    #expect(destination[x: 47, y: 37].alpha == 0)
    #expect(destination[x: 7, y: 20].alpha == 0)  // outside
    // Pixel (8, 14) has its centre 10.12 px from the corner centre (18, 18): the arc of
    // radius 10 crosses it, so it is partly covered.
    let arc = destination[x: 8, y: 14]
    #expect(arc.alpha > 0 && arc.alpha < 255, "\(arc)")
  }

  @Test("copy through a soft mask interpolates between destination and source")
  func copyThroughMask() throws {
    let layer = CompositedPixels.solid(
      width: 8, height: 8, BGRA(blue: 0, green: 0, red: 200, alpha: 200))
    let below = BGRA(blue: 100, green: 100, red: 100, alpha: 255)
    var destination = CompositedPixels.solid(width: 8, height: 8, below)
    let mask = CompositedPixels.solid(
      width: 8, height: 8, BGRA(blue: 0, green: 0, red: 0, alpha: 51))
    try Compositor.draw(layer, onto: &destination, mask: mask, blend: .copy)
    // c = 51/255 = 0.2: d·0.8 + s·0.2.
    let expected = BGRA(blue: 80, green: 80, red: 120, alpha: 244)
    #expect(
      CompositedPixels.distance(destination[x: 3, y: 3], expected) <= 1,
      "\(destination[x: 3, y: 3])")
  }
}
