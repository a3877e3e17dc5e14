import Foundation
import ReelCore
import Testing

@testable import ReelFilters

@Suite("Filter catalog")
struct FilterCatalogTests {
  let picture = FilterTestSupport.gradientPicture()
  var bounds: PixelRect { PixelRect(x: 0, y: 0, width: picture.width, height: picture.height) }

  @Test func namesAreUniqueAndFollowCoreImage() {
    let names = FilterCatalog.all.map(\.coreImageName)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.hasPrefix("CI") })
    #expect(FilterCatalog.filter(coreImageName: "CISepiaTone")?.name == "sepiaTone")
    #expect(FilterCatalog.filter(coreImageName: "CINoSuchFilter") == nil)
  }

  @Test func everyFilterSaysItsMathsAndSummary() {
    for descriptor in FilterCatalog.all {
      #expect(descriptor.maths.count >= 10, "\(descriptor.coreImageName) says no maths")
      #expect(!descriptor.summary.isEmpty, "\(descriptor.coreImageName) has no summary")
    }
  }

  @Test func anUnknownTemplateNameSuggestsTheNearest() {
    #expect(throws: FilterError.unknownFilter(name: "sepiaTon", suggestion: "sepiaTone")) {
      try FilterCatalog.filter(named: "sepiaTon")
    }
  }

  @Test func everyFilterMakesAnImageWithItsDefaults() throws {
    for descriptor in FilterCatalog.all {
      var values: [String: FilterValue] = [:]
      for parameter in descriptor.parameters where parameter.kind == .image {
        values[parameter.key] = .image(FilterImage(picture: picture))
      }
      // A QR code of no message is no image, as in Core Image: give it one.
      if descriptor.parameter(forKey: "inputMessage") != nil {
        values["inputMessage"] = .data(Array("Reel".utf8))
      }
      let output = try descriptor.outputImage(values)
      #expect(output != nil, "\(descriptor.coreImageName) made nothing")
      for parameter in descriptor.parameters {
        #expect(
          parameter.name.first?.isLowercase == true, "\(descriptor.coreImageName).\(parameter.key)")
      }
    }
  }

  @Test func valuesOfTheWrongKindOrKeyAreRefusedNamingThem() {
    let sepia = FilterCatalog.filter(coreImageName: "CISepiaTone")!
    #expect(
      throws: FilterError.wrongKind(
        filter: "CISepiaTone", key: "inputIntensity", expected: "a number")
    ) {
      try sepia.outputImage(["inputIntensity": .vector([1, 2])])
    }
    #expect(throws: FilterError.self) { try sepia.outputImage(["inputIntensty": .number(1)]) }
    #expect(throws: FilterError.self) { try sepia.outputImage(["inputIntensity": .number(.nan)]) }
  }

  @Test func categoriesListTheirFilters() {
    let blurs = FilterCatalog.coreImageNames(inCategories: [.blur])
    #expect(blurs.contains("CIGaussianBlur"))
    #expect(!blurs.contains("CISepiaTone"))
  }

  /// Renders `name` over the gradient picture with `values`.
  func render(_ name: String, _ values: [String: FilterValue] = [:]) throws -> Image {
    let descriptor = try #require(FilterCatalog.filter(coreImageName: name))
    var all = values
    all["inputImage"] = .image(FilterImage(picture: picture))
    let output = try #require(try descriptor.outputImage(all))
    return try FilterRenderer().renderPicture(output, in: bounds)
  }

  /// The picture's channels as encoded 0…1 values.
  func encoded(_ x: Int, _ y: Int) -> SIMD3<Double> {
    let pixel = picture[x: x, y: y]
    return SIMD3(Double(pixel.red), Double(pixel.green), Double(pixel.blue)) / 255
  }

  func linear(_ x: Int, _ y: Int) -> SIMD3<Double> {
    let value = encoded(x, y)
    return SIMD3(
      FilterTestSupport.linear(value.x), FilterTestSupport.linear(value.y),
      FilterTestSupport.linear(value.z))
  }

  func levels(encoded value: SIMD3<Double>) -> (red: Int, green: Int, blue: Int) {
    (
      FilterTestSupport.level(value.x), FilterTestSupport.level(value.y),
      FilterTestSupport.level(value.z)
    )
  }

  func levels(linear value: SIMD3<Double>) -> (red: Int, green: Int, blue: Int) {
    levels(
      encoded: SIMD3(
        FilterTestSupport.encoded(value.x), FilterTestSupport.encoded(value.y),
        FilterTestSupport.encoded(value.z)))
  }

  let luma = SIMD3<Double>(0.2125, 0.7154, 0.0721)

  @Test func colorControlsFollowsItsFormula() throws {
    let out = try render(
      "CIColorControls",
      [
        "inputSaturation": .number(0.5), "inputBrightness": .number(0.1),
        "inputContrast": .number(1.3),
      ])
    let worst = FilterTestSupport.maximumDifference(out) { x, y in
      let c = encoded(x, y)
      let grey = SIMD3(repeating: (c * luma).sum())
      var rgb = grey + (c - grey) * 0.5
      rgb += 0.1
      rgb = (rgb - 0.5) * 1.3 + 0.5
      return levels(encoded: rgb)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func exposureDoublesTheLightPerStop() throws {
    let out = try render("CIExposureAdjust", ["inputEV": .number(1)])
    let worst = FilterTestSupport.maximumDifference(out) { x, y in levels(linear: linear(x, y) * 2)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func gammaRaisesLinearLightToThePower() throws {
    let out = try render("CIGammaAdjust", ["inputPower": .number(0.6)])
    let worst = FilterTestSupport.maximumDifference(out) { x, y in
      let c = linear(x, y)
      return levels(linear: SIMD3(pow(c.x, 0.6), pow(c.y, 0.6), pow(c.z, 0.6)))
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func hueAdjustKeepsGreysAndAFullTurnIsNoTurn() throws {
    let turned = try render("CIHueAdjust", ["inputAngle": .number(2 * .pi)])
    #expect(
      FilterTestSupport.maximumDifference(turned) { x, y in levels(encoded: encoded(x, y)) } <= 1)
    let rotation = HueRotation(angle: 1.2)
    let grey = rotation.apply(SIMD3(repeating: 0.4))
    #expect(largestDifference(grey, SIMD3(repeating: 0.4)) < 1e-3)
    // A third of a turn takes pure red most of the way to green (the hue circle's 120°).
    let red = HueRotation(angle: 2 * .pi / 3).apply(SIMD3(1, 0, 0))
    #expect(red.y > red.x && red.y > red.z, "\(red)")
  }

  @Test func sepiaAppliesTheSepiaMatrixToEncodedValues() throws {
    let out = try render("CISepiaTone", ["inputIntensity": .number(0.7)])
    let worst = FilterTestSupport.maximumDifference(out) { x, y in
      let c = encoded(x, y)
      let sepia = SIMD3(
        (c * SIMD3(0.393, 0.769, 0.189)).sum(), (c * SIMD3(0.349, 0.686, 0.168)).sum(),
        (c * SIMD3(0.272, 0.534, 0.131)).sum())
      return levels(encoded: c + (sepia - c) * 0.7)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func invertAndMonochromeWorkInLinearLight() throws {
    let inverted = try render("CIColorInvert")
    #expect(
      FilterTestSupport.maximumDifference(inverted) { x, y in levels(linear: 1 - linear(x, y)) }
        <= 1)
    let mono = try render(
      "CIColorMonochrome",
      [
        "inputColor": .color(LinearColor(red: 1, green: 0.5, blue: 0.25)),
        "inputIntensity": .number(1),
      ])
    #expect(
      FilterTestSupport.maximumDifference(mono) { x, y in
        levels(linear: SIMD3(1, 0.5, 0.25) * (linear(x, y) * luma).sum())
      } <= 1)
  }

  @Test func colorMatrixMixesChannelsAndAddsItsBias() throws {
    let out = try render(
      "CIColorMatrix",
      [
        "inputRVector": .vector([0, 1, 0, 0]), "inputGVector": .vector([0.5, 0, 0.5, 0]),
        "inputBVector": .vector([0, 0, 0.5, 0]), "inputBiasVector": .vector([0.05, 0, 0.1, 0]),
      ])
    let worst = FilterTestSupport.maximumDifference(out) { x, y in
      let c = linear(x, y)
      return levels(linear: SIMD3(c.y + 0.05, 0.5 * c.x + 0.5 * c.z, 0.5 * c.z + 0.1))
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func posterizeLeavesOnlyTheLevelsAskedFor() throws {
    let out = try render("CIColorPosterize", ["inputLevels": .number(4)])
    let allowed: Set<UInt8> = [0, 85, 170, 255]
    for y in 0..<out.height {
      for x in 0..<out.width {
        let pixel = out[x: x, y: y]
        #expect(
          allowed.contains(pixel.red) && allowed.contains(pixel.green)
            && allowed.contains(pixel.blue))
      }
    }
  }

  @Test func aLinearGradientRunsBetweenItsPointsInLinearLight() throws {
    let descriptor = try #require(FilterCatalog.filter(coreImageName: "CILinearGradient"))
    let gradient = try #require(
      try descriptor.outputImage([
        "inputPoint0": .vector([0, 0]), "inputPoint1": .vector([100, 0]),
        "inputColor0": .color(LinearColor(red: 1, green: 0, blue: 0)),
        "inputColor1": .color(LinearColor(red: 0, green: 0, blue: 1)),
      ]))
    let tile = FilterRenderer().render(gradient, in: PixelRect(x: -10, y: 0, width: 120, height: 1))
    #expect(tile[x: -10, y: 0] == SIMD4(1, 0, 0, 1))
    #expect(tile[x: 109, y: 0] == SIMD4(0, 0, 1, 1))
    let middle = tile[x: 49, y: 0]  // centre 49.5: t = 0.495
    #expect(abs(middle.x - 0.505) < 1e-4 && abs(middle.z - 0.495) < 1e-4)
  }

  @Test func dissolveMixesTheTwoImages() throws {
    let descriptor = try #require(FilterCatalog.filter(coreImageName: "CIDissolveTransition"))
    let mixed = try #require(
      try descriptor.outputImage([
        "inputImage": .image(FilterImage(constant: SIMD4(1, 0, 0, 1))),
        "inputTargetImage": .image(FilterImage(constant: SIMD4(0, 0, 1, 1))),
        "inputTime": .number(0.25),
      ]))
    let pixel = FilterRenderer().render(mixed, in: PixelRect(x: 0, y: 0, width: 1, height: 1))[
      x: 0, y: 0]
    #expect(largestDifference(pixel, SIMD4(0.75, 0, 0.25, 1)) < 1e-6)
  }
}
