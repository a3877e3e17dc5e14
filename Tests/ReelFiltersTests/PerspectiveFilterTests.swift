import Foundation
import ReelCore
import Testing

@testable import ReelFilters

@Suite("Resampling and perspective filters")
struct PerspectiveFilterTests {
  let harness = SpatialFilterHarness(
    picture: FilterTestSupport.gradientPicture(width: 40, height: 32))

  /// A reference Lanczos-3 resample of the picture (edges repeated), in linear light.
  func lanczos(_ x: Int, _ y: Int, scale: Double) -> SIMD3<Double> {
    func kernel(_ t: Double) -> Double {
      if t == 0 { return 1 }
      if abs(t) >= 3 { return 0 }
      return sin(Double.pi * t) / (Double.pi * t) * sin(Double.pi * t / 3) / (Double.pi * t / 3)
    }
    let stretch = max(1, 1 / scale)
    func taps(_ index: Int) -> [(Int, Double)] {
      let centre = (Double(index) + 0.5) / scale
      let range =
        Int((centre - 3 * stretch).rounded(.down)) - 1...Int((centre + 3 * stretch).rounded(.up))
        + 1
      let raw = range.map { ($0, kernel((Double($0) + 0.5 - centre) / stretch)) }
      let total = raw.map(\.1).reduce(0, +)
      return raw.map { ($0.0, $0.1 / total) }
    }
    var sum = SIMD3<Double>.zero
    for (row, wy) in taps(y) {
      for (column, wx) in taps(x) { sum += harness.linear(column, row) * (wx * wy) }
    }
    return sum
  }

  @Test(arguments: [0.5, 0.8, 1.5])
  func lanczosScalingMatchesAReferenceLanczosThreeResample(scale: Double) throws {
    let image = try harness.output("CILanczosScaleTransform", ["inputScale": .number(scale)])
    #expect(image.extent == Rect(x: 0, y: 0, width: 40 * scale, height: 32 * scale))
    let rect = PixelRect(x: 0, y: 0, width: Int(40 * scale), height: Int(32 * scale))
    let out = try FilterRenderer().renderPicture(image, in: rect)
    let worst = SpatialFilterHarness.worstDifference(out, margin: 0) { x, y in
      // Lanczos overshoots: the 8-bit output holds it clamped, as the encoder clamps.
      lanczos(x, y, scale: scale)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func straightenTurnsCounterClockwiseOnScreenAndKeepsTheExtent() throws {
    let square = SpatialFilterHarness(
      picture: FilterTestSupport.gradientPicture(width: 24, height: 24))
    let turned = try square.output("CIStraightenFilter", ["inputAngle": .number(Double.pi / 2)])
    #expect(turned.extent == square.bounds.rect)
    let out = try FilterRenderer().renderPicture(turned, in: square.bounds)
    // A quarter turn counter-clockwise: the right edge becomes the top one.
    for (x, y) in [(0, 0), (5, 3), (23, 23), (10, 17)] {
      let want = square.picture[x: 23 - y, y: x]
      let got = out[x: x, y: y]
      #expect(abs(Int(got.red) - Int(want.red)) <= 1 && abs(Int(got.green) - Int(want.green)) <= 1)
    }
    // A small turn is enlarged so that no corner shows.
    let tilted = try square.render("CIStraightenFilter", ["inputAngle": .number(0.2)])
    for y in 0..<24 { for x in 0..<24 { #expect(tilted[x: x, y: y].alpha == 255) } }
  }

  /// A picture with a coloured 5×5 marker centred on each of `points`, grey elsewhere.
  static func markers(at points: [(Int, Int)], size: Int = 64) -> (Image, [BGRA]) {
    let colours = [
      BGRA(blue: 0, green: 0, red: 255, alpha: 255), BGRA(blue: 0, green: 255, red: 0, alpha: 255),
      BGRA(blue: 255, green: 0, red: 0, alpha: 255),
      BGRA(blue: 0, green: 255, red: 255, alpha: 255),
    ]
    var image = Image(width: size, height: size)
    for y in 0..<size {
      for x in 0..<size {
        image.setPixel(x: x, y: y, BGRA(blue: 90, green: 90, red: 90, alpha: 255))
      }
    }
    for (index, point) in points.enumerated() {
      for dy in -2...2 {
        for dx in -2...2 { image.setPixel(x: point.0 + dx, y: point.1 + dy, colours[index]) }
      }
    }
    return (image, colours)
  }

  @Test func perspectiveCorrectionMapsTheFourCornersToTheRectangle() throws {
    // A trapezoid: its corners' markers end up in the corners of the corrected rectangle.
    let quad = [(16, 10), (48, 12), (56, 50), (8, 46)]
    let (picture, colours) = Self.markers(at: quad)
    let corrected = try SpatialFilterHarness(picture: picture).output(
      "CIPerspectiveCorrection",
      [
        "inputTopLeft": .vector([16.5, 10.5]), "inputTopRight": .vector([48.5, 12.5]),
        "inputBottomRight": .vector([56.5, 50.5]), "inputBottomLeft": .vector([8.5, 46.5]),
      ])
    let extent = corrected.extent
    #expect(extent.minX == 8.5 && extent.minY == 10.5)
    #expect(abs(extent.width - max(hypot(32, 2), hypot(48, 4))) < 1e-9)
    #expect(abs(extent.height - max(hypot(8, 36), hypot(8, 38))) < 1e-9)
    let rect = try #require(PixelRect(covering: extent))
    let out = try FilterRenderer().renderPicture(corrected, in: rect)
    let insideCorners = [
      (1, 1), (rect.width - 2, 1), (rect.width - 2, rect.height - 2), (1, rect.height - 2),
    ]
    for (corner, colour) in zip(insideCorners, colours) {
      let got = out[x: corner.0, y: corner.1]
      #expect(
        abs(Int(got.red) - Int(colour.red)) <= 40 && abs(Int(got.green) - Int(colour.green)) <= 40
          && abs(Int(got.blue) - Int(colour.blue)) <= 40, "corner \(corner): \(got)")
    }
    // And the map itself sends each point exactly to a corner.
    let points = quad.map { Point(x: Double($0.0) + 0.5, y: Double($0.1) + 0.5) }
    let target = PerspectiveFilters.corners(of: extent)
    let map = try #require(Homography(from: points, to: target))
    for (point, corner) in zip(points, target) {
      let mapped = try #require(map.apply(to: point))
      #expect(abs(mapped.x - corner.x) < 1e-6 && abs(mapped.y - corner.y) < 1e-6)
    }
  }

  @Test func correctingARectangleChangesNothing() throws {
    let corrected = try harness.render(
      "CIPerspectiveCorrection",
      [
        "inputTopLeft": .vector([4, 2]), "inputTopRight": .vector([36, 2]),
        "inputBottomRight": .vector([36, 30]), "inputBottomLeft": .vector([4, 30]),
      ], in: PixelRect(x: 4, y: 2, width: 32, height: 28))
    for y in 0..<28 {
      for x in 0..<32 { #expect(corrected[x: x, y: y] == harness.picture[x: x + 4, y: y + 2]) }
    }
  }

  @Test func perspectiveTransformMovesTheCornersToThePoints() throws {
    let (picture, colours) = Self.markers(at: [(2, 2), (61, 2), (61, 61), (2, 61)])
    let points = [(10.0, 6.0), (50.0, 14.0), (58.0, 58.0), (4.0, 40.0)]
    let moved = try SpatialFilterHarness(picture: picture).output(
      "CIPerspectiveTransform",
      [
        "inputTopLeft": .vector([points[0].0, points[0].1]),
        "inputTopRight": .vector([points[1].0, points[1].1]),
        "inputBottomRight": .vector([points[2].0, points[2].1]),
        "inputBottomLeft": .vector([points[3].0, points[3].1]),
      ])
    let extent = moved.extent
    #expect(
      [extent.minX - 4, extent.minY - 6, extent.width - 54, extent.height - 52].allSatisfy {
        abs($0) < 1e-9
      })
    let out = try FilterRenderer().renderPicture(
      moved, in: PixelRect(x: 0, y: 0, width: 64, height: 64))
    // One pixel inside each corner, towards the middle, is the marker's colour.
    for (point, colour) in zip(points, colours) {
      let x = Int(point.0) + (point.0 < 32 ? 1 : -2)
      let y = Int(point.1) + (point.1 < 32 ? 1 : -2)
      let got = out[x: x, y: y]
      #expect(
        abs(Int(got.red) - Int(colour.red)) <= 40 && abs(Int(got.green) - Int(colour.green)) <= 40
          && abs(Int(got.blue) - Int(colour.blue)) <= 40, "near \(point): \(got)")
    }
  }
}
