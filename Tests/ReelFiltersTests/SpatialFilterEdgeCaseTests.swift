import Foundation
import ReelCore
import Synchronization
import Testing

@testable import ReelFilters

/// Parameters far outside the sliders: no trap, no unbounded allocation, still the maths.
@Suite("Spatial filters at the edges of their parameters")
struct SpatialFilterEdgeCaseTests {
  let harness = SpatialFilterHarness(
    picture: FilterTestSupport.gradientPicture(width: 16, height: 12))

  @Test func aZoomBlurCentredFarAwayRendersWithBoundedSamples() throws {
    let out = try harness.render(
      "CIZoomBlur", ["inputCenter": .vector([1e300, -1e300]), "inputAmount": .number(50)])
    #expect(out.width == 16)
  }

  @Test func hugeCellsSampleEachPixelRatherThanReadingAHugeTile() throws {
    let out = try harness.render("CIPointillize", ["inputRadius": .number(1e6)])
    let crystals = try harness.render("CICrystallize", ["inputRadius": .number(1e6)])
    #expect(out.width == 16 && crystals.width == 16)
    // One cell covers the picture: every pixel has one colour.
    #expect(Set((0..<16).map { crystals[x: $0, y: 5].red }).count == 1)
  }

  @Test func aMapWhoseHorizonSeparatesTheOriginFromTheImageStillMapsTheImage() throws {
    // w = 1 − (x + y)/15: the horizon x + y = 15 lies between the origin and the square.
    let square = [
      Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 20), Point(x: 10, y: 20),
    ]
    let images = square.map { p in
      let w = 1 - (p.x + p.y) / 15
      return Point(x: p.x / w, y: p.y / w)
    }
    let map = try #require(Homography(from: square, to: images))
    let centre = try #require(map.apply(to: Point(x: 15, y: 15)))
    #expect(abs(centre.x + 15) < 1e-9 && abs(centre.y + 15) < 1e-9)
    let back = try #require(map.inverted()?.apply(to: centre))
    #expect(abs(back.x - 15) < 1e-9 && abs(back.y - 15) < 1e-9)
    let picture = FilterImage(
      picture: FilterTestSupport.gradientPicture(width: 10, height: 10), origin: Point(x: 10, y: 10)
    )
    let moved = try #require(
      try FilterCatalog.filter(coreImageName: "CIPerspectiveTransform")?.outputImage([
        "inputImage": .image(picture),
        "inputTopLeft": .vector([images[0].x, images[0].y]),
        "inputTopRight": .vector([images[1].x, images[1].y]),
        "inputBottomRight": .vector([images[2].x, images[2].y]),
        "inputBottomLeft": .vector([images[3].x, images[3].y]),
      ]))
    let out = FilterRenderer().render(moved, in: PixelRect(x: -16, y: -16, width: 1, height: 1))
    #expect(out.pixels[0].w > 0.99)
  }
}

@Suite("Spatial steps read only what they need")
struct SpatialStepReachTests {
  /// How many input pixels `filter` reads to render `rect` of a counted infinite input.
  static func pixelsRead(_ name: String, _ values: [String: FilterValue], rect: PixelRect) throws
    -> Int
  {
    let calls = Mutex(0)
    let counted = FilterImage(constant: SIMD4(0.5, 0.5, 0.5, 1)).applying(
      PositionalOperation(name: "count") { pixel, _, _ in
        calls.withLock { $0 += 1 }
        return pixel
      })
    var all = values
    all["inputImage"] = .image(counted)
    let image = try #require(
      try FilterCatalog.filter(coreImageName: name)?.outputImage(all))
    _ = FilterRenderer().render(image, in: rect)
    return calls.withLock { $0 }
  }

  @Test func eachBlurAsksForTheRectangleGrownByItsReach() throws {
    let rect = PixelRect(x: 3, y: -2, width: 5, height: 4)
    #expect(try Self.pixelsRead("CIBoxBlur", ["inputRadius": .number(2)], rect: rect) == 9 * 8)
    #expect(try Self.pixelsRead("CIDiscBlur", ["inputRadius": .number(3.5)], rect: rect) == 11 * 10)
    // Along x by r, plus one pixel each way for the bilinear samples.
    #expect(
      try Self.pixelsRead(
        "CIMotionBlur", ["inputRadius": .number(3), "inputAngle": .number(0)], rect: rect)
        == 13 * 6)
    #expect(try Self.pixelsRead("CIEdges", [:], rect: rect) == 7 * 6)
    // The blur reads the rectangle grown by 4σ; the sharpening reads the rectangle itself out
    // of that tile, without evaluating the input again.
    #expect(
      try Self.pixelsRead("CIUnsharpMask", ["inputRadius": .number(1)], rect: rect) == 13 * 12)
  }
}
