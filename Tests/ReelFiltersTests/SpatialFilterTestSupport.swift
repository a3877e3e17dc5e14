import Foundation
import ReelCore
import Testing

@testable import ReelFilters

/// Running catalog filters on small pictures and computing what they should give, in linear
/// light, for the spatial filter tests.
struct SpatialFilterHarness {
  let picture: Image

  var bounds: PixelRect { PixelRect(x: 0, y: 0, width: picture.width, height: picture.height) }

  /// The filter's output image for `values` (the picture as `inputImage`).
  func output(_ name: String, _ values: [String: FilterValue] = [:]) throws -> FilterImage {
    let descriptor = try #require(FilterCatalog.filter(coreImageName: name))
    var all = values
    all["inputImage"] = .image(FilterImage(picture: picture))
    return try #require(try descriptor.outputImage(all))
  }

  /// The filter's output rendered over `rect` (the picture's bounds by default).
  func render(_ name: String, _ values: [String: FilterValue] = [:], in rect: PixelRect? = nil)
    throws -> Image
  {
    try FilterRenderer().renderPicture(output(name, values), in: rect ?? bounds)
  }

  /// The picture's linear RGB at (x, y), its edge pixels repeated outward.
  func linear(_ x: Int, _ y: Int) -> SIMD3<Double> {
    let pixel = picture[x: min(max(x, 0), picture.width - 1), y: min(max(y, 0), picture.height - 1)]
    return SIMD3(
      FilterTestSupport.linear(Double(pixel.red) / 255),
      FilterTestSupport.linear(Double(pixel.green) / 255),
      FilterTestSupport.linear(Double(pixel.blue) / 255))
  }

  /// The picture's linear RGB bilinearly sampled at the plane point (px, py), edges repeated.
  func bilinear(_ px: Double, _ py: Double) -> SIMD3<Double> {
    let fx = px - 0.5
    let fy = py - 0.5
    let left = Int(fx.rounded(.down))
    let top = Int(fy.rounded(.down))
    let wx = fx - Double(left)
    let wy = fy - Double(top)
    let upper = linear(left, top) * (1 - wx) + linear(left + 1, top) * wx
    let lower = linear(left, top + 1) * (1 - wx) + linear(left + 1, top + 1) * wx
    return upper * (1 - wy) + lower * wy
  }

  /// The picture's linear RGB blurred by a Gaussian of `sigma` (taps to ⌈4σ⌉, normalised).
  func gaussian(_ x: Int, _ y: Int, sigma: Double) -> SIMD3<Double> {
    let radius = Int((4 * sigma).rounded(.up))
    let raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = raw.reduce(0, +)
    var sum = SIMD3<Double>.zero
    for dy in -radius...radius {
      for dx in -radius...radius {
        sum += linear(x + dx, y + dy) * (raw[dx + radius] * raw[dy + radius] / total / total)
      }
    }
    return sum
  }

  /// The largest channel difference, in 8-bit levels, between `image` and the expected linear
  /// colours over the pixels at least `margin` from every edge of the picture.
  static func worstDifference(
    _ image: Image, margin: Int, expected: (Int, Int) -> SIMD3<Double>
  ) -> Int {
    var worst = 0
    for y in margin..<(image.height - margin) {
      for x in margin..<(image.width - margin) {
        let want = expected(x, y)
        let pixel = image[x: x, y: y]
        let levels = [want.x, want.y, want.z].map {
          FilterTestSupport.level(FilterTestSupport.encoded($0))
        }
        worst = max(
          worst, abs(Int(pixel.red) - levels[0]), abs(Int(pixel.green) - levels[1]),
          abs(Int(pixel.blue) - levels[2]))
      }
    }
    return worst
  }
}

extension SIMD3 where Scalar == Double {
  /// Rec. 709 luminance of linear RGB.
  var luminance: Double { 0.2125 * x + 0.7154 * y + 0.0721 * z }
}
