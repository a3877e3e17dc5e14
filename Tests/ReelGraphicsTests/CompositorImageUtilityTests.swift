import ReelCore
import ReelGraphics
import Testing

@Suite("Image utilities: crop, scale, fill, flatten")
struct CompositorImageUtilityTests {
  static let pattern = CompositedPixels.image(width: 20, height: 10) { x, y in
    BGRA(blue: UInt8(x * 10), green: UInt8(y * 20), red: UInt8((x * y) % 200), alpha: 255)
  }

  @Test("cropping keeps the pixels inside the rectangle and drops the part outside")
  func crop() throws {
    let inside = try Self.pattern.cropped(to: Rect(x: 3, y: 2, width: 5, height: 4))
    #expect(inside.width == 5 && inside.height == 4)
    for y in 0..<4 {
      for x in 0..<5 {
        #expect(inside[x: x, y: y] == Self.pattern[x: x + 3, y: y + 2])
      }
    }
    let overhanging = try Self.pattern.cropped(to: Rect(x: 15, y: -5, width: 10, height: 8))
    #expect(overhanging.width == 5 && overhanging.height == 3)
    #expect(overhanging[x: 0, y: 0] == Self.pattern[x: 15, y: 0])
    #expect(overhanging[x: 4, y: 2] == Self.pattern[x: 19, y: 2])
    let outside = try Self.pattern.cropped(to: Rect(x: 30, y: 0, width: 5, height: 5))
    #expect(outside.width == 0 && outside.height == 0)
  }

  @Test("scaling keeps a flat colour flat and a linear ramp linear", arguments: [16, 64, 200, 400])
  func scaleRamp(targetWidth: Int) throws {
    let ramp = CompositedPixels.image(width: 100, height: 8) { x, _ in
      BGRA(blue: UInt8(2 * x + 20), green: 90, red: 0, alpha: 255)
    }
    let scaled = try ramp.scaled(toWidth: targetWidth, height: 5)
    #expect(scaled.width == targetWidth && scaled.height == 5)
    let factor = 100.0 / Double(targetWidth)
    let margin = Int((factor + 1).rounded(.up))
    for x in margin..<(targetWidth - margin) {
      // A symmetric filter reproduces a linear function at the sample centre.
      let centre = (Double(x) + 0.5) * factor - 0.5
      let pixel = scaled[x: x, y: 2]
      #expect(abs(Double(pixel.blue) - (2 * centre + 20)) <= 1, "x \(x): \(pixel)")
      #expect(pixel.green == 90 && pixel.alpha == 255)
    }
  }

  @Test("shrinking averages fine detail instead of skipping it")
  func shrinkCheckerboard() throws {
    let board = CompositedPixels.image(width: 64, height: 64) { x, y in
      (x + y) % 2 == 0
        ? BGRA(blue: 255, green: 255, red: 255, alpha: 255)
        : BGRA(blue: 0, green: 0, red: 0, alpha: 255)
    }
    let small = try board.scaled(toWidth: 16, height: 16)
    for y in 2..<14 {
      for x in 2..<14 {
        #expect(abs(Int(small[x: x, y: y].green) - 128) <= 2, "(\(x), \(y)) \(small[x: x, y: y])")
      }
    }
  }

  @Test("filling a rect copies or blends the colour inside it only")
  func fillRect() throws {
    var image = try Image.filled(width: 8, height: 8, color: Color(red: 0, green: 0, blue: 1))
    #expect(image[x: 0, y: 0] == BGRA(blue: 255, green: 0, red: 0, alpha: 255))
    image.fill(Rect(x: 2, y: 2, width: 3, height: 2), with: .red)
    #expect(image[x: 2, y: 2] == BGRA(blue: 0, green: 0, red: 255, alpha: 255))
    #expect(image[x: 4, y: 3] == BGRA(blue: 0, green: 0, red: 255, alpha: 255))
    #expect(image[x: 5, y: 3] == BGRA(blue: 255, green: 0, red: 0, alpha: 255))
    #expect(image[x: 2, y: 4] == BGRA(blue: 255, green: 0, red: 0, alpha: 255))
    image.fill(
      Rect(x: 0, y: 6, width: 8, height: 2), with: Color.white.withAlpha(0.5), blend: .sourceOver)
    // White at 50% (128/255) over blue: s = 128, d·127/255.
    let expected = CompositedPixels.over(
      BGRA(blue: 128, green: 128, red: 128, alpha: 128),
      BGRA(blue: 255, green: 0, red: 0, alpha: 255))
    #expect(image[x: 3, y: 7] == expected)
  }

  @Test("flattening onto an opaque background follows OVER and makes alpha 255")
  func flatten() throws {
    let translucent = CompositedPixels.image(width: 4, height: 1) { x, _ in
      [
        BGRA(blue: 0, green: 0, red: 0, alpha: 0), BGRA(blue: 0, green: 0, red: 100, alpha: 100),
        BGRA(blue: 50, green: 50, red: 50, alpha: 255),
        BGRA(blue: 10, green: 20, red: 30, alpha: 40),
      ][x]
    }
    let background = BGRA(blue: 200, green: 100, red: 0, alpha: 255)
    let flat = try translucent.opaqueOver(background: Color(background))
    for x in 0..<4 {
      #expect(flat[x: x, y: 0] == CompositedPixels.over(translucent[x: x, y: 0], background))
      #expect(flat[x: x, y: 0].alpha == 255)
    }
  }
}
