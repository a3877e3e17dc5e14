import Foundation
import ReelCore
import Testing

@testable import ReelGraphics

/// Pixel helpers shared by the raster tests.
enum Pixels {
  /// Number of pixels equal to `pixel`.
  static func count(_ image: Image, _ pixel: BGRA) -> Int {
    var n = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x: x, y: y] == pixel { n += 1 }
    }
    return n
  }

  /// Bounding box (min x, min y, max x, max y inclusive) of pixels with alpha > `threshold`.
  static func inkBox(_ image: Image, threshold: UInt8 = 0) -> (
    minX: Int, minY: Int, maxX: Int, maxY: Int
  )? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<image.height {
      for x in 0..<image.width where image[x: x, y: y].alpha > threshold {
        if let b = box {
          box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
        } else {
          box = (x, y, x, y)
        }
      }
    }
    return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
  }

  /// Sum of alpha over the image.
  static func alphaSum(_ image: Image) -> Int {
    var sum = 0
    for y in 0..<image.height {
      for x in 0..<image.width { sum += Int(image[x: x, y: y].alpha) }
    }
    return sum
  }

  static func close(_ a: BGRA, _ b: BGRA, tolerance: Int = 1) -> Bool {
    abs(Int(a.blue) - Int(b.blue)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
      && abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.alpha) - Int(b.alpha)) <= tolerance
  }
}

@Suite("Canvas: fills, strokes, backgrounds, borders")
struct CanvasTests {
  let clear = BGRA(blue: 0, green: 0, red: 0, alpha: 0)

  @Test("Sizes outside 1…32767 are refused")
  func invalidSizes() {
    #expect(throws: GraphicsError.invalidSize(width: 0, height: 10)) {
      try Canvas(width: 0, height: 10)
    }
    #expect(throws: GraphicsError.self) { try Canvas(width: 40000, height: 1) }
  }

  @Test(
    "Opaque and translucent colours come out exactly premultiplied",
    arguments: [
      Color(red: 1, green: 0.5, blue: 0.2), Color(red: 0.998, green: 0.2, blue: 0.7, alpha: 1),
      Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5),
      Color(red: 0.3, green: 0.9, blue: 0.1, alpha: 0.13),
    ])
  func exactColours(color: Color) throws {
    var canvas = try Canvas(width: 20, height: 20)
    canvas.fill(Path(rect: Rect(x: 5, y: 5, width: 10, height: 10)), color: color)
    #expect(Pixels.count(canvas.image, color.premultipliedBGRA) == 100)
    #expect(Pixels.count(canvas.image, clear) == 300)
  }

  @Test("The transform maps paths to pixels")
  func transform() throws {
    var canvas = try Canvas(width: 20, height: 20)
    canvas.transform = AffineTransform(translationX: 10, y: 5).scaledBy(x: 2, y: 2)
    canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 3, height: 2)), color: .red)
    #expect(Pixels.count(canvas.image, Color.red.premultipliedBGRA) == 24)
    #expect(canvas.image[x: 10, y: 5] == Color.red.premultipliedBGRA)
    #expect(canvas.image[x: 16, y: 5] == clear)
  }

  @Test("Border pixels carry the border colour exactly; the interior is untouched")
  func border() throws {
    var image = Image(width: 40, height: 30)
    let content = BGRA(blue: 10, green: 20, red: 30, alpha: 255)
    image.fill(with: content)
    var canvas = try Canvas(image: image)
    let color = Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.8)
    canvas.drawBorder(in: Rect(x: 0, y: 0, width: 40, height: 30), width: 3, color: color)
    // Over an opaque pixel: colour + content × (1 − α), computed independently.
    let p = color.premultipliedBGRA
    func over(_ s: UInt8, _ d: UInt8) -> UInt8 {
      UInt8((Double(s) + Double(d) * (255 - Double(p.alpha)) / 255).rounded())
    }
    let expected = BGRA(
      blue: over(p.blue, content.blue), green: over(p.green, content.green),
      red: over(p.red, content.red), alpha: 255)
    var borderCount = 0
    for y in 0..<30 {
      for x in 0..<40 {
        let inBand = x < 3 || y < 3 || x >= 37 || y >= 27
        let pixel = canvas.image[x: x, y: y]
        if inBand {
          #expect(Pixels.close(pixel, expected), "(\(x), \(y)) \(pixel) vs \(expected)")
          borderCount += 1
        } else {
          #expect(pixel == content, "(\(x), \(y)) interior changed to \(pixel)")
        }
      }
    }
    #expect(borderCount == 40 * 30 - 34 * 24)
    // On a transparent canvas an opaque border is exactly the colour.
    var plain = try Canvas(width: 20, height: 20)
    plain.drawBorder(in: Rect(x: 2, y: 2, width: 16, height: 16), width: 2, color: .orange)
    #expect(Pixels.count(plain.image, Color.orange.premultipliedBGRA) == 16 * 16 - 12 * 12)
    #expect(Pixels.count(plain.image, clear) == 400 - (16 * 16 - 12 * 12))
  }

  @Test("Rounded border: corner outside the curve stays clear, straight edges exact")
  func roundedBorder() throws {
    var canvas = try Canvas(width: 60, height: 60)
    canvas.drawBorder(
      in: Rect(x: 0, y: 0, width: 60, height: 60), width: 4, cornerRadius: 20, color: .white)
    #expect(canvas.image[x: 0, y: 0] == clear)
    #expect(canvas.image[x: 30, y: 0] == Color.white.premultipliedBGRA)
    #expect(canvas.image[x: 30, y: 3] == Color.white.premultipliedBGRA)
    #expect(canvas.image[x: 30, y: 4] == clear)
    #expect(canvas.image[x: 30, y: 30] == clear)
    // On the 45° diagonal the band spans radius 16…20 around (20, 20).
    let d = 20 - 18 / 2.0.squareRoot()
    #expect(canvas.image[x: Int(d), y: Int(d)].alpha > 200)
  }

  @Test("Background with corner radius: corner transparent, centre exact")
  func background() throws {
    var canvas = try Canvas(width: 50, height: 40)
    let color = Color(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.75)
    canvas.fillBackground(
      in: Rect(x: 0, y: 0, width: 50, height: 40), cornerRadius: 12, color: color)
    #expect(canvas.image[x: 0, y: 0] == clear)
    #expect(canvas.image[x: 49, y: 39] == clear)
    #expect(canvas.image[x: 25, y: 20] == color.premultipliedBGRA)
    #expect(canvas.image[x: 25, y: 0] == color.premultipliedBGRA)
    // Area ≈ w·h − (4 − π)·r² (antialiasing keeps the alpha sum close to the area).
    let area = 50.0 * 40 - (4 - .pi) * 144
    let covered = Double(Pixels.alphaSum(canvas.image)) / Double(color.premultipliedBGRA.alpha)
    #expect(abs(covered - area) < 3)
  }

  @Test("Drawing an image composites it source-over at its origin")
  func drawImage() throws {
    var source = Image(width: 4, height: 4)
    source.fill(with: BGRA(blue: 0, green: 0, red: 128, alpha: 128))
    var canvas = try Canvas(width: 10, height: 10)
    canvas.fillBackground(in: Rect(x: 0, y: 0, width: 10, height: 10), color: .blue)
    canvas.draw(source, at: Point(x: 3, y: 2))
    #expect(canvas.image[x: 3, y: 2] == BGRA(blue: 127, green: 0, red: 128, alpha: 255))
    #expect(canvas.image[x: 7, y: 2] == Color.blue.premultipliedBGRA)
    #expect(Pixels.count(canvas.image, BGRA(blue: 127, green: 0, red: 128, alpha: 255)) == 16)
  }
}
