import Foundation
import ReelCore
import Testing

@testable import ReelFilters

/// Renders a filter over generated pictures and compares it with a formula, per pixel.
struct FormulaCheck {
  let picture: Image
  let other: Image
  var bounds: PixelRect { PixelRect(x: 0, y: 0, width: picture.width, height: picture.height) }

  init(width: Int = 48, height: Int = 32) {
    picture = FilterTestSupport.gradientPicture(width: width, height: height)
    // A second opaque picture: blue across, red down, green mixed.
    var second = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        second.setPixel(
          x: x, y: y,
          BGRA(
            blue: UInt8(x * 255 / max(width - 1, 1)), green: UInt8((x * 13 + y * 5) % 256),
            red: UInt8(255 - y * 255 / max(height - 1, 1)), alpha: 255))
      }
    }
    other = second
  }

  /// `name` rendered over the picture (and `other` as every second image key) with `values`.
  func render(_ name: String, _ values: [String: FilterValue] = [:]) throws -> Image {
    let descriptor = try #require(FilterCatalog.filter(coreImageName: name))
    var all = values
    for parameter in descriptor.parameters
    where parameter.kind == .image && all[parameter.key] == nil {
      all[parameter.key] = .image(
        FilterImage(picture: parameter.key == "inputImage" ? picture : other))
    }
    let output = try #require(try descriptor.outputImage(all))
    return try FilterRenderer().renderPicture(output, in: bounds)
  }

  /// Encoded 0…1 channels of a picture's pixel.
  static func encoded(_ image: Image, _ x: Int, _ y: Int) -> SIMD3<Double> {
    let pixel = image[x: x, y: y]
    return SIMD3(Double(pixel.red), Double(pixel.green), Double(pixel.blue)) / 255
  }

  static func linear(_ image: Image, _ x: Int, _ y: Int) -> SIMD3<Double> {
    let value = encoded(image, x, y)
    return SIMD3(
      FilterTestSupport.linear(value.x), FilterTestSupport.linear(value.y),
      FilterTestSupport.linear(value.z))
  }

  static func levels(encoded value: SIMD3<Double>) -> (red: Int, green: Int, blue: Int) {
    (
      FilterTestSupport.level(value.x), FilterTestSupport.level(value.y),
      FilterTestSupport.level(value.z)
    )
  }

  static func levels(linear value: SIMD3<Double>) -> (red: Int, green: Int, blue: Int) {
    levels(
      encoded: SIMD3(
        FilterTestSupport.encoded(value.x), FilterTestSupport.encoded(value.y),
        FilterTestSupport.encoded(value.z)))
  }

  /// The largest difference between `name`'s output and `linear(x, y)`, in levels.
  func worstAgainstLinear(
    _ name: String, _ values: [String: FilterValue] = [:],
    _ expected: (Int, Int) -> SIMD3<Double>
  ) throws -> Int {
    let out = try render(name, values)
    return FilterTestSupport.maximumDifference(out) { x, y in Self.levels(linear: expected(x, y)) }
  }

  /// The same against encoded values.
  func worstAgainstEncoded(
    _ name: String, _ values: [String: FilterValue] = [:],
    _ expected: (Int, Int) -> SIMD3<Double>
  ) throws -> Int {
    let out = try render(name, values)
    return FilterTestSupport.maximumDifference(out) { x, y in Self.levels(encoded: expected(x, y)) }
  }

  func linear(_ x: Int, _ y: Int) -> SIMD3<Double> { Self.linear(picture, x, y) }
  func encoded(_ x: Int, _ y: Int) -> SIMD3<Double> { Self.encoded(picture, x, y) }
  func otherLinear(_ x: Int, _ y: Int) -> SIMD3<Double> { Self.linear(other, x, y) }

  static let luma = SIMD3<Double>(0.2125, 0.7154, 0.0721)
}
