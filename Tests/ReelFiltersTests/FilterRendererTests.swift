import Foundation
import ReelCore
import Synchronization
import Testing

@testable import ReelFilters

@Suite("Filter renderer")
struct FilterRendererTests {
  let picture = FilterTestSupport.gradientPicture()
  var bounds: PixelRect { PixelRect(x: 0, y: 0, width: picture.width, height: picture.height) }

  @Test func aPictureRendersBackToItsOwnPixels() throws {
    let rendered = try FilterRenderer().renderPicture(FilterImage(picture: picture), in: bounds)
    #expect(rendered == picture)
  }

  @Test func translucentPixelsSurviveTheTripThroughLinearLight() throws {
    var image = Image(width: 4, height: 1)
    let pixels: [BGRA] = [
      BGRA(blue: 10, green: 60, red: 120, alpha: 128), BGRA(blue: 1, green: 2, red: 3, alpha: 3),
      BGRA(blue: 200, green: 100, red: 50, alpha: 254), BGRA(blue: 0, green: 0, red: 0, alpha: 0),
    ]
    for (x, pixel) in pixels.enumerated() { image.setPixel(x: x, y: 0, pixel) }
    let rendered = try FilterRenderer().renderPicture(
      FilterImage(picture: image), in: PixelRect(x: 0, y: 0, width: 4, height: 1))
    for x in 0..<4 {
      let (want, got) = (pixels[x], rendered[x: x, y: 0])
      #expect(got.alpha == want.alpha)
      #expect(abs(Int(got.red) - Int(want.red)) <= 1 && abs(Int(got.green) - Int(want.green)) <= 1)
      #expect(abs(Int(got.blue) - Int(want.blue)) <= 1, "pixel \(x): \(got) for \(want)")
    }
  }

  @Test func outsideItsExtentAnImageIsClear() {
    let tile = FilterRenderer().render(
      FilterImage(picture: picture, origin: Point(x: 10, y: 5)),
      in: PixelRect(x: 0, y: 0, width: 20, height: 10))
    #expect(tile[x: 9, y: 7] == .zero)
    #expect(tile[x: 10, y: 4] == .zero)
    #expect(tile[x: 10, y: 5].w == 1)
  }

  @Test func anIntegerTranslationMovesPixelsExactly() throws {
    let moved = FilterImage(picture: picture).transformed(
      by: AffineTransform(translationX: 3, y: -2))
    let rendered = try FilterRenderer().renderPicture(moved, in: bounds)
    #expect(rendered[x: 3, y: 0] == picture[x: 0, y: 2])
    #expect(rendered[x: 20, y: 10] == picture[x: 17, y: 12])
    #expect(rendered[x: 1, y: 5].alpha == 0)
  }

  @Test func aQuarterTurnLandsPixelCentresOnPixelCentres() throws {
    // (x, y) → (−y, x) then moved right by the height: pixel (x, y) goes to (H − 1 − y, x).
    let turned = FilterImage(picture: picture)
      .transformed(
        by: AffineTransform(rotationAngle: .pi / 2).concatenating(
          AffineTransform(translationX: Double(picture.height), y: 0)))
    let rendered = try FilterRenderer().renderPicture(
      turned, in: PixelRect(x: 0, y: 0, width: picture.height, height: picture.width))
    for (x, y) in [(0, 0), (5, 7), (47, 31), (20, 3)] {
      let got = rendered[x: picture.height - 1 - y, y: x]
      let want = picture[x: x, y: y]
      #expect(abs(Int(got.red) - Int(want.red)) <= 1 && abs(Int(got.blue) - Int(want.blue)) <= 1)
    }
  }

  @Test func croppingKeepsOnlyTheRectangle() {
    let cropped = FilterImage(picture: picture).cropped(to: Rect(x: 4, y: 4, width: 10, height: 6))
    #expect(cropped.extent == Rect(x: 4, y: 4, width: 10, height: 6))
    let tile = FilterRenderer().render(cropped, in: bounds)
    #expect(tile[x: 3, y: 5] == .zero)
    #expect(tile[x: 13, y: 9].w == 1)
    #expect(tile[x: 14, y: 9] == .zero)
  }

  @Test func clampingRepeatsTheEdgePixelsOutward() {
    let clamped = FilterImage(picture: picture).clampedToExtent()
    #expect(clamped.hasInfiniteExtent)
    let tile = FilterRenderer().render(clamped, in: PixelRect(x: -5, y: -5, width: 60, height: 45))
    let corner = FilterRenderer().render(FilterImage(picture: picture), in: bounds)
    #expect(tile[x: -5, y: -5] == corner[x: 0, y: 0])
    #expect(tile[x: 54, y: 10] == corner[x: 47, y: 10])
    #expect(tile[x: 10, y: 39] == corner[x: 10, y: 31])
  }

  @Test func sourceOverFollowsThePorterDuffEquation() {
    let top = FilterImage(constant: SIMD4(0.25, 0, 0, 0.5))
    let bottom = FilterImage(constant: SIMD4(0, 0.4, 0.2, 0.8))
    let tile = FilterRenderer().render(
      top.composited(over: bottom), in: PixelRect(x: 0, y: 0, width: 1, height: 1))
    let pixel = tile[x: 0, y: 0]
    let want = SIMD4<Float>(0.25, 0.2, 0.1, 0.9)
    #expect(largestDifference(pixel, want) < 1e-6, "\(pixel)")
  }

  @Test func aStepTwoOthersReadIsEvaluatedOnceAndOnlyOverWhatIsAsked() {
    let calls = Mutex(0)
    let counted = FilterImage(picture: picture).applying(
      PositionalOperation(name: "count") { pixel, _, _ in
        calls.withLock { $0 += 1 }
        return pixel
      })
    let both = counted.blended(over: counted, mode: .multiply)
    let asked = PixelRect(x: 2, y: 3, width: 5, height: 4)
    _ = FilterRenderer().render(both, in: asked)
    #expect(calls.withLock { $0 } == asked.area)
  }

  @Test func aGaussianBlurMatchesTheConvolutionInLinearLight() throws {
    let sigma = 2.0
    let blurred = try FilterRenderer().renderPicture(
      FilterImage(picture: picture).clampedToExtent().blurred(sigma: sigma).cropped(
        to: bounds.rect),
      in: bounds)
    let radius = Int((4 * sigma).rounded(.up))
    var weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = weights.reduce(0, +)
    weights = weights.map { $0 / total }
    func linearChannel(_ x: Int, _ y: Int, _ channel: KeyPath<BGRA, UInt8>) -> Double {
      let px = min(max(x, 0), picture.width - 1)
      let py = min(max(y, 0), picture.height - 1)
      return FilterTestSupport.linear(Double(picture[x: px, y: py][keyPath: channel]) / 255)
    }
    let worst = FilterTestSupport.maximumDifference(blurred) { x, y in
      func blur(_ channel: KeyPath<BGRA, UInt8>) -> Int {
        var sum = 0.0
        for dy in -radius...radius {
          for dx in -radius...radius {
            sum +=
              weights[dx + radius] * weights[dy + radius] * linearChannel(x + dx, y + dy, channel)
          }
        }
        return FilterTestSupport.level(FilterTestSupport.encoded(sum))
      }
      return (blur(\.red), blur(\.green), blur(\.blue))
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }
}

extension FilterRendererTests {
  @Test func aStrongMinificationOfAClampedImageSamplesEachPixelInsteadOfReadingItAll() {
    // Shrunk a million times, the clamped picture maps 4×4 output pixels back onto 4·10⁶
    // source pixels a side: each output pixel samples its own 2×2 neighbourhood.
    let shrunk = FilterImage(picture: picture).clampedToExtent()
      .transformed(by: AffineTransform(scaleX: 1e-6, y: 1e-6))
    let tile = FilterRenderer().render(shrunk, in: PixelRect(x: -2, y: -2, width: 4, height: 4))
    let corner = FilterRenderer().render(FilterImage(picture: picture), in: bounds)
    #expect(
      largestDifference(tile[x: 1, y: 1], corner[x: 47, y: 31]) < 1e-6, "beyond the far corner")
    #expect(
      largestDifference(tile[x: -2, y: -2], corner[x: 0, y: 0]) < 1e-6, "before the near corner")
  }

  @Test func aStrongMinificationOfAPictureReadsOnlyThePicture() throws {
    // 1/100 000 of the picture: everything lands inside the first output pixel.
    let shrunk = FilterImage(picture: picture).transformed(
      by: AffineTransform(scaleX: 1e-5, y: 1e-5))
    let tile = FilterRenderer().render(shrunk, in: PixelRect(x: 0, y: 0, width: 8, height: 8))
    #expect(tile[x: 3, y: 3] == .zero)
  }
}
