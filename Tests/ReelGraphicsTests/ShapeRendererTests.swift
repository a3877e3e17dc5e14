import Foundation
import ReelCore
import Testing

@testable import ReelGraphics

@Suite("ShapeRenderer: tight images, coverage, fill rules, trimming")
struct ShapeRendererTests {
  @Test("A 10×10 square at whole pixels fills exactly 100 pixels, image tight around it")
  func square() throws {
    let color = Color(red: 0.9, green: 0.3, blue: 0.1)
    let shape = try ShapeRenderer.render(
      path: Path(rect: Rect(x: 12, y: -4, width: 10, height: 10)), fillColor: color,
      strokeColor: nil)
    #expect(shape.origin == Point(x: 12, y: -4))
    #expect(shape.image.width == 10 && shape.image.height == 10)
    #expect(Pixels.count(shape.image, color.premultipliedBGRA) == 100)
  }

  @Test("Stroke extends the image by half the width; miter corners included")
  func strokeBounds() throws {
    let shape = try ShapeRenderer.render(
      path: Path(rect: Rect(x: 10, y: 10, width: 20, height: 20)), fillColor: nil,
      strokeColor: .white,
      stroke: StrokeStyle(width: 4))
    #expect(shape.origin == Point(x: 8, y: 8))
    #expect(shape.image.width == 24 && shape.image.height == 24)
    // The 4-px band around the square: 24² − 16² pixels, all opaque white.
    #expect(Pixels.count(shape.image, Color.white.premultipliedBGRA) == 24 * 24 - 16 * 16)
  }

  /// A five-pointed star drawn in one stroke: its centre pentagon has winding number 2.
  func star(center: Point, radius: Double) -> Path {
    let points = (0..<5).map { i -> Point in
      let angle = -Double.pi / 2 + Double(i * 2) * 2 * .pi / 5
      return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }
    return Path(polygon: points)
  }

  @Test("Even-odd leaves the star's centre empty, non-zero fills it")
  func fillRules() throws {
    let path = star(center: Point(x: 50, y: 50), radius: 40)
    let nonZero = try ShapeRenderer.render(
      path: path, fillColor: .red, fillRule: .nonZero, strokeColor: nil)
    let evenOdd = try ShapeRenderer.render(
      path: path, fillColor: .red, fillRule: .evenOdd, strokeColor: nil)
    func at(_ r: (image: Image, origin: Point), _ x: Double, _ y: Double) -> BGRA {
      r.image[x: Int(x - r.origin.x), y: Int(y - r.origin.y)]
    }
    #expect(at(nonZero, 50, 50) == Color.red.premultipliedBGRA)
    #expect(at(evenOdd, 50, 50).alpha == 0)
    // A point in a tip is filled by both.
    #expect(at(evenOdd, 50, 16) == Color.red.premultipliedBGRA)
    #expect(at(nonZero, 50, 16) == Color.red.premultipliedBGRA)
    // The centre pentagon has circumradius R·sin(18°)/sin(54°)... its area is the difference.
    let inner = 40 * sin(Double.pi / 10) / sin(3 * Double.pi / 10)
    let pentagonArea = 2.5 * inner * inner * sin(2 * Double.pi / 5)
    let difference = Double(Pixels.alphaSum(nonZero.image) - Pixels.alphaSum(evenOdd.image)) / 255
    #expect(abs(difference - pentagonArea) < 0.01 * pentagonArea)
  }

  @Test("strokeEnd 0.5 on a 100 px horizontal line inks about 50 px")
  func strokeEnd() throws {
    var line = Path()
    line.move(to: Point(x: 0, y: 10))
    line.addLine(to: Point(x: 100, y: 10))
    let shape = try ShapeRenderer.render(
      path: line, fillColor: nil, strokeColor: .white, stroke: StrokeStyle(width: 4), strokeEnd: 0.5
    )
    #expect(shape.origin == Point(x: 0, y: 8))
    #expect(shape.image.width == 50 && shape.image.height == 4)
    #expect(Pixels.count(shape.image, Color.white.premultipliedBGRA) == 200)
    let start = try ShapeRenderer.render(
      path: line, fillColor: nil, strokeColor: .white, stroke: StrokeStyle(width: 4),
      strokeStart: 0.25,
      strokeEnd: 0.5)
    #expect(start.origin.x == 25 && start.image.width == 25)
  }

  @Test("Dashes: [10, 10] on a 100 px line covers half of it")
  func dashes() throws {
    var line = Path()
    line.move(to: Point(x: 0, y: 5))
    line.addLine(to: Point(x: 100, y: 5))
    let shape = try ShapeRenderer.render(
      path: line, fillColor: nil, strokeColor: .white,
      stroke: StrokeStyle(width: 2, dashPattern: [10, 10]))
    // Dashes at 0–10, 20–30, …, 80–90: the image ends at the last dash.
    #expect(shape.image.width == 90)
    #expect(Pixels.count(shape.image, Color.white.premultipliedBGRA) == 5 * 10 * 2)
    #expect(shape.image[x: 15, y: 0].alpha == 0)
  }

  @Test("Nothing to draw gives an empty image; clip limits the raster")
  func emptyAndClip() throws {
    let none = try ShapeRenderer.render(
      path: Path(rect: Rect(x: 0, y: 0, width: 5, height: 5)), fillColor: nil, strokeColor: nil)
    #expect(none.image.width == 0)
    let huge = try ShapeRenderer.render(
      path: Path(rect: Rect(x: -100_000, y: -100_000, width: 200_000, height: 200_000)),
      fillColor: .red,
      strokeColor: nil, clip: Rect(x: 0, y: 0, width: 64, height: 32))
    #expect(huge.image.width == 64 && huge.image.height == 32 && huge.origin == .zero)
    #expect(Pixels.count(huge.image, Color.red.premultipliedBGRA) == 64 * 32)
    #expect(throws: GraphicsError.self) {
      try ShapeRenderer.render(
        path: Path(rect: Rect(x: 0, y: 0, width: 50_000, height: 2)), fillColor: .red,
        strokeColor: nil)
    }
  }
}
