import Foundation
import ReelCore
import Testing

@testable import ReelFilters

@Suite("Colour cubes")
struct ColorCubeFilterTests {
  let picture = FilterTestSupport.gradientPicture()
  var bounds: PixelRect { PixelRect(x: 0, y: 0, width: picture.width, height: picture.height) }

  /// A cube of side `side` whose texels are a fixed scramble of colours (not smooth, so a
  /// wrong interpolation shows), alpha 1.
  static func scrambledTexels(side: Int) -> [Float] {
    var texels: [Float] = []
    var state: UInt32 = 12345
    for _ in 0..<(side * side * side) {
      for _ in 0..<3 {
        state = state &* 1_103_515_245 &+ 12345
        texels.append(Float((state >> 8) & 0xFFFF) / 65535)
      }
      texels.append(1)
    }
    return texels
  }

  /// Trilinear interpolation in Double, written from its definition: the weighted sum of the
  /// eight surrounding texels, each weighted by the product of its closeness on each axis.
  static func trilinear(_ texels: [Float], side: Int, at rgb: SIMD3<Double>) -> SIMD4<Double> {
    let last = Double(side - 1)
    let position =
      rgb.replacing(with: 0, where: rgb .< 0).replacing(
        with: 1, where: rgb .> 1) * last
    let base = SIMD3<Int>(
      min(Int(position.x), side - 2), min(Int(position.y), side - 2),
      min(Int(position.z), side - 2))
    var sum = SIMD4<Double>.zero
    for corner in 0..<8 {
      let offset = SIMD3<Int>(corner & 1, (corner >> 1) & 1, (corner >> 2) & 1)
      var weight = 1.0
      for axis in 0..<3 {
        let t = position[axis] - Double(base[axis])
        weight *= offset[axis] == 1 ? t : 1 - t
      }
      let index = (((base.z + offset.z) * side + base.y + offset.y) * side + base.x + offset.x) * 4
      sum +=
        weight
        * SIMD4(
          Double(texels[index]), Double(texels[index + 1]), Double(texels[index + 2]),
          Double(texels[index + 3]))
    }
    return sum
  }

  func render(_ name: String, _ values: [String: FilterValue]) throws -> Image {
    let descriptor = try #require(FilterCatalog.filter(coreImageName: name))
    var all = values
    all["inputImage"] = .image(FilterImage(picture: picture))
    let output = try #require(try descriptor.outputImage(all))
    return try FilterRenderer().renderPicture(output, in: bounds)
  }

  func encoded(_ x: Int, _ y: Int) -> SIMD3<Double> {
    let pixel = picture[x: x, y: y]
    return SIMD3(Double(pixel.red), Double(pixel.green), Double(pixel.blue)) / 255
  }

  @Test func anIdentityCubeGivesThePictureBack() throws {
    for name in ["CIColorCube", "CIColorCubeWithColorSpace"] {
      let identity = try ColorCube.identity(dimension: 17)
      let out = try render(
        name, ["inputCubeDimension": .number(17), "inputCubeData": .floatData(identity.texels)])
      let worst = FilterTestSupport.maximumDifference(out) { x, y in
        let pixel = picture[x: x, y: y]
        return (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
      }
      #expect(worst <= 1, "\(name): \(worst) levels")
    }
  }

  @Test func anSRGBCubeMatchesTrilinearInterpolationWithinOneLevel() throws {
    let side = 5
    let texels = Self.scrambledTexels(side: side)
    let out = try render(
      "CIColorCubeWithColorSpace",
      [
        "inputCubeDimension": .number(Double(side)), "inputCubeData": .floatData(texels),
        "inputColorSpace": .colorSpace(.sRGB),
      ])
    let worst = FilterTestSupport.maximumDifference(out) { x, y in
      let value = Self.trilinear(texels, side: side, at: encoded(x, y))
      return (
        FilterTestSupport.level(value.x), FilterTestSupport.level(value.y),
        FilterTestSupport.level(value.z)
      )
    }
    #expect(worst <= 1, "\(worst) levels from trilinear interpolation")
  }

  @Test func aCubeWithoutColorSpaceIsIndexedByLinearLight() throws {
    let side = 4
    let texels = Self.scrambledTexels(side: side)
    let out = try render(
      "CIColorCube",
      ["inputCubeDimension": .number(Double(side)), "inputCubeData": .floatData(texels)])
    let worst = FilterTestSupport.maximumDifference(out) { x, y in
      let value = encoded(x, y)
      let linear = SIMD3(
        FilterTestSupport.linear(value.x), FilterTestSupport.linear(value.y),
        FilterTestSupport.linear(value.z))
      let found = Self.trilinear(texels, side: side, at: linear)
      return (
        FilterTestSupport.level(FilterTestSupport.encoded(found.x)),
        FilterTestSupport.level(FilterTestSupport.encoded(found.y)),
        FilterTestSupport.level(FilterTestSupport.encoded(found.z))
      )
    }
    #expect(worst <= 1, "\(worst) levels from trilinear interpolation in linear light")
  }

  @Test func aTexelWithAlphaZeroClearsTheColoursOnIt() throws {
    // Side 2: every texel transparent except white, so pure black pixels vanish.
    var texels = try ColorCube.identity(dimension: 2).texels
    for texel in 0..<8 { texels[texel * 4 + 3] = 0 }
    for channel in 0..<4 { texels[7 * 4 + channel] = 1 }
    var black = Image(width: 2, height: 1)
    black.setPixel(x: 0, y: 0, BGRA(blue: 0, green: 0, red: 0, alpha: 255))
    black.setPixel(x: 1, y: 0, BGRA(blue: 255, green: 255, red: 255, alpha: 255))
    let descriptor = try #require(FilterCatalog.filter(coreImageName: "CIColorCube"))
    let output = try #require(
      try descriptor.outputImage([
        "inputImage": .image(FilterImage(picture: black)), "inputCubeDimension": .number(2),
        "inputCubeData": .floatData(texels),
      ]))
    let out = try FilterRenderer().renderPicture(
      output, in: PixelRect(x: 0, y: 0, width: 2, height: 1))
    #expect(out[x: 0, y: 0].alpha == 0)
    #expect(out[x: 1, y: 0] == BGRA(blue: 255, green: 255, red: 255, alpha: 255))
  }

  @Test func extrapolationContinuesTheEdgeSlopes() throws {
    let identity = try ColorCube.identity(dimension: 3)
    let beyond = SIMD3<Float>(1.5, -0.25, 0.5)
    #expect(largestDifference(identity.sample(beyond, extrapolate: true).rgb, beyond) < 1e-5)
    #expect(
      largestDifference(
        identity.sample(beyond, extrapolate: false).rgb, SIMD3(1, 0, 0.5)) < 1e-5)
    let nan = identity.sample(SIMD3(.nan, .infinity, -.infinity), extrapolate: true)
    #expect(nan.x.isFinite && nan.y.isFinite && nan.z.isFinite)
  }

  @Test func aTableOfTheWrongSizeOrDimensionIsRefusedSayingWhy() throws {
    let cube = try #require(FilterCatalog.filter(coreImageName: "CIColorCube"))
    let image = FilterValue.image(FilterImage(picture: picture))
    #expect(throws: FilterError.self) {
      try cube.outputImage([
        "inputImage": image, "inputCubeDimension": .number(4),
        "inputCubeData": .floatData([0, 0, 0, 1]),
      ])
    }
    do {
      _ = try cube.outputImage([
        "inputImage": image, "inputCubeDimension": .number(4),
        "inputCubeData": .floatData([0, 0, 0, 1]),
      ])
    } catch {
      #expect(error.description.contains("needs 4³ × 4 = 256"))
    }
    #expect(throws: FilterError.self) {
      try cube.outputImage(["inputImage": image, "inputCubeDimension": .number(129)])
    }
    #expect(throws: FilterError.self) {
      try cube.outputImage(["inputImage": image, "inputCubeDimension": .number(2.5)])
    }
    #expect(throws: FilterError.self) {
      try ColorCube(dimension: 2, texels: Array(repeating: .nan, count: 32))
    }
  }
}
