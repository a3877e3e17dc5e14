import Foundation
import ReelCore
import Testing

@testable import ReelFilters

/// The engine's fast paths (fused colour chains, the pyramid blur, bands on several threads,
/// the interpolated transfer tables) against the plain definitions they replace.
@Suite("Filter fast paths")
struct FilterFastPathTests {
  /// Hard edges and fine stripes of saturated colours: the hardest case for a blur computed
  /// on a reduced grid.
  static func stripes(width: Int = 160, height: Int = 96) -> Image {
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        let pixel: BGRA
        if x < width / 2 {
          let period = 3 + (y / 12) % 7
          pixel =
            (x / max(period / 2, 1)) % 2 == 0
            ? BGRA(blue: 0, green: 0, red: 255, alpha: 255)
            : BGRA(blue: 255, green: 255, red: 0, alpha: 255)
        } else {
          let inside =
            x > width * 5 / 8 && x < width * 7 / 8 && y > height / 4 && y < height * 3 / 4
          pixel =
            inside
            ? BGRA(blue: 10, green: 250, red: 30, alpha: 255)
            : BGRA(blue: 90, green: 0, red: 5, alpha: 255)
        }
        image.setPixel(x: x, y: y, pixel)
      }
    }
    return image
  }

  /// The Gaussian blur of the clamped picture by direct separable convolution in linear light
  /// (Double), taps to ⌈4σ⌉: the definition the engine must match.
  static func referenceBlur(_ picture: Image, sigma: Double) -> [[SIMD3<Double>]] {
    let radius = Int((4 * sigma).rounded(.up))
    var weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = weights.reduce(0, +)
    weights = weights.map { $0 / total }
    let width = picture.width
    let height = picture.height
    let linear: [[SIMD3<Double>]] = (0..<height).map { y in
      (0..<width).map { x in
        let pixel = picture[x: x, y: y]
        return SIMD3(
          FilterTestSupport.linear(Double(pixel.red) / 255),
          FilterTestSupport.linear(Double(pixel.green) / 255),
          FilterTestSupport.linear(Double(pixel.blue) / 255))
      }
    }
    let across: [[SIMD3<Double>]] = (0..<height).map { y in
      (0..<width).map { x in
        var sum = SIMD3<Double>.zero
        for tap in -radius...radius {
          sum += linear[y][min(max(x + tap, 0), width - 1)] * weights[tap + radius]
        }
        return sum
      }
    }
    return (0..<height).map { y in
      (0..<width).map { x in
        var sum = SIMD3<Double>.zero
        for tap in -radius...radius {
          sum += across[min(max(y + tap, 0), height - 1)][x] * weights[tap + radius]
        }
        return sum
      }
    }
  }

  @Test(arguments: [4.5, 9.0, 20.0])
  func aLargeBlurMatchesTheFullConvolutionWithinOneLevel(sigma: Double) throws {
    let picture = Self.stripes()
    #expect(GaussianBlur(sigma: sigma).levels > 0, "σ \(sigma) takes the pyramid form")
    let bounds = PixelRect(x: 0, y: 0, width: picture.width, height: picture.height)
    let blurred = try FilterRenderer().renderPicture(
      FilterImage(picture: picture).clampedToExtent().blurred(sigma: sigma).cropped(
        to: bounds.rect),
      in: bounds)
    let reference = Self.referenceBlur(picture, sigma: sigma)
    let worst = FilterTestSupport.maximumDifference(blurred) { x, y in
      let value = reference[y][x]
      return (
        FilterTestSupport.level(FilterTestSupport.encoded(value.x)),
        FilterTestSupport.level(FilterTestSupport.encoded(value.y)),
        FilterTestSupport.level(FilterTestSupport.encoded(value.z))
      )
    }
    #expect(worst <= 1, "σ \(sigma): largest difference \(worst) levels")
  }

  @Test(arguments: [3.0, 6.0])
  func aRenderInBandsIsTheSameAsRowByRow(sigma: Double) throws {
    // 320 × 720 is cut into bands rendered on several threads; each single row is one band.
    let (width, height) = (320, 720)
    let picture = FilterTestSupport.gradientPicture(width: width, height: height)
    let look = try #require(
      try FilterCatalog.filter(named: "colorControls").outputImage([
        "inputImage": .image(FilterImage(picture: picture)), "inputSaturation": .number(1.4),
        "inputContrast": .number(1.2),
      ]))
    let recipe = look.clampedToExtent().blurred(sigma: sigma).cropped(
      to: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    let whole = PixelRect(x: 0, y: 0, width: width, height: height)
    #expect(RenderBands(rect: whole, reach: recipe.rowReach).bands.count > 1)
    let banded = try FilterRenderer().renderPicture(recipe, in: whole)
    for y in [0, 1, 57, 271, 272, 273, 500, height - 1] {
      let row = try FilterRenderer().renderPicture(
        recipe, in: PixelRect(x: 0, y: y, width: width, height: 1))
      for x in 0..<width where row[x: x, y: 0] != banded[x: x, y: y] {
        Issue.record("pixel (\(x), \(y)): \(banded[x: x, y: y]) banded, \(row[x: x, y: 0]) alone")
        return
      }
    }
  }

  @Test func aLargeRenderOfSmoothColourFiltersUsesATableWithinOneLevelOfTheExactChain() throws {
    // 640 × 480 is large enough for a colour table; each single row is rendered exactly.
    let picture = FilterTestSupport.gradientPicture(width: 640, height: 480)
    var look = FilterImage(picture: picture)
    let steps: [(String, [String: FilterValue])] = [
      ("colorControls", ["inputSaturation": .number(1.5), "inputContrast": .number(1.3)]),
      ("exposureAdjust", ["inputEV": .number(0.7)]),
      ("sepiaTone", ["inputIntensity": .number(0.6)]),
      ("hueAdjust", ["inputAngle": .number(1.1)]),
    ]
    for (name, values) in steps {
      look = try #require(
        try FilterCatalog.filter(named: name).outputImage(
          values.merging(["inputImage": .image(look)]) { $1 }))
    }
    // A vignette-like gain after them: the direct 8-bit path applies it in linear light.
    look = look.applying(
      PositionalOperation(name: "falloff") { x, y in
        Float(1 / (1 + ((x - 320) * (x - 320) + (y - 240) * (y - 240)) / 90_000))
      })
    let whole = PixelRect(x: 0, y: 0, width: 640, height: 480)
    #expect(SharedRenderState(area: whole.area).tablesPayOff)
    // Whether or not the table is accepted (a clamp between steps can make it refuse), the
    // render stays within a level of the exact chain.
    #expect(!SharedRenderState(area: 640).tablesPayOff)
    let tabled = try FilterRenderer().renderPicture(look, in: whole)
    var worst = 0
    for y in stride(from: 0, to: 480, by: 37) {
      let row = try FilterRenderer().renderPicture(
        look, in: PixelRect(x: 0, y: y, width: 640, height: 1))
      for x in 0..<640 {
        let (a, b) = (tabled[x: x, y: y], row[x: x, y: 0])
        worst = max(
          worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
      }
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func aColourLookWithAVignetteGoesStraightFrom8BitTo8BitWithinOneLevel() throws {
    let picture = FilterTestSupport.gradientPicture(width: 640, height: 480)
    let controls = try #require(
      try FilterCatalog.filter(named: "colorControls").outputImage([
        "inputImage": .image(FilterImage(picture: picture)), "inputSaturation": .number(1.3),
        "inputBrightness": .number(0.05), "inputContrast": .number(1.2),
      ]))
    let look = controls.applying(
      PositionalOperation(name: "falloff") { x, y in
        Float(1 / (1 + ((x - 320) * (x - 320) + (y - 240) * (y - 240)) / 90_000))
      })
    let whole = PixelRect(x: 0, y: 0, width: 640, height: 480)
    let direct = try #require(
      DirectLook(
        look, over: whole, shared: SharedRenderState(area: whole.area), gainMaps: GainMaps()))
    #expect(direct.table != nil && direct.gains.count == 1)
    let fast = try FilterRenderer().renderPicture(look, in: whole)
    var worst = 0
    for y in stride(from: 0, to: 480, by: 29) {
      let row = try FilterRenderer().renderPicture(
        look, in: PixelRect(x: 0, y: y, width: 640, height: 1))
      for x in 0..<640 {
        let (a, b) = (fast[x: x, y: y], row[x: x, y: 0])
        worst = max(
          worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
      }
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test(arguments: [64, 640])
  func aFilterWhoseMathsGivesNaNRendersBlackInsteadOfCrashing(width: Int) throws {
    let picture = FilterTestSupport.gradientPicture(width: width, height: 480)
    let broken = FilterImage(picture: picture).applying(
      ColorOperation(name: "broken", space: .linear, isSmooth: true) { pixel in
        SIMD4(.nan, pixel.y, -.infinity, pixel.w)
      })
    let rendered = try FilterRenderer().renderPicture(
      broken, in: PixelRect(x: 0, y: 0, width: width, height: 480))
    #expect(rendered[x: 5, y: 5].red == 0)
    #expect(rendered[x: 5, y: 5].blue == 0)
    #expect(rendered[x: 5, y: 5].alpha == 255)
  }

  @Test func aColourTableIsRefusedForAStepFunction() {
    let posterize = ColorOperation(name: "steps", space: .encoded, isSmooth: true) { pixel in
      SIMD4((pixel.x * 4).rounded() / 4, (pixel.y * 4).rounded() / 4, pixel.z, pixel.w)
    }
    #expect(ColorTable(chain: ColorChain(elements: [.color(posterize)])) == nil)
    let smooth = ColorOperation(name: "warm", space: .linear, isSmooth: true) { pixel in
      SIMD4(pixel.x * 1.1, pixel.y, pixel.z * 0.9, pixel.w)
    }
    #expect(ColorTable(chain: ColorChain(elements: [.color(smooth)])) != nil)
  }

  @Test func aFusedChainEqualsItsStepsOneAtATime() throws {
    var picture = FilterTestSupport.gradientPicture(width: 64, height: 16)
    // Translucent and clear pixels too.
    picture.setPixel(x: 0, y: 0, BGRA(blue: 10, green: 60, red: 120, alpha: 128))
    picture.setPixel(x: 1, y: 0, BGRA(blue: 0, green: 0, red: 0, alpha: 0))
    picture.setPixel(x: 2, y: 0, BGRA(blue: 3, green: 2, red: 1, alpha: 4))
    let operations: [ColorOperation] = [
      ColorOperation(name: "brighten", space: .encoded) { $0 * SIMD4(1.3, 1.1, 0.9, 1) },
      ColorOperation(name: "expose", space: .linear) { $0 * SIMD4(2, 2, 2, 1) },
      ColorOperation(name: "fade", space: .linear) { SIMD4($0.x, $0.y, $0.z, $0.w * 0.75) },
      ColorOperation(name: "cool", space: .encoded) { SIMD4($0.x * 0.8, $0.y, $0.z + 0.1, $0.w) },
      ColorOperation(name: "fill", space: .linear, coversPlane: true) {
        SIMD4($0.x, $0.y, $0.z, max($0.w, 0.5))
      },
    ]
    let vignette = PositionalOperation(name: "vignette") { pixel, x, y in
      pixel * Float(1 / (1 + (x * x + y * y) / 4000))
    }
    var recipe = FilterImage(picture: picture)
    for (index, operation) in operations.enumerated() {
      recipe = recipe.applying(operation)
      if index == 2 { recipe = recipe.applying(vignette) }
    }
    let rect = PixelRect(x: -2, y: 0, width: 68, height: 16)
    let fused = FilterRenderer().render(recipe, in: rect)
    // One at a time: each step applied to the tile of the one before.
    var tile = FilterRenderer().render(FilterImage(picture: picture), in: rect)
    for (index, operation) in operations.enumerated() {
      tile.pixels = tile.pixels.map { operation.apply(toPremultiplied: $0) }
      if index == 2 {
        for y in rect.y..<rect.maxY {
          for x in rect.x..<rect.maxX {
            let offset = (y - rect.y) * rect.width + (x - rect.x)
            tile.pixels[offset] = vignette.function(
              tile.pixels[offset], Double(x) + 0.5, Double(y) + 0.5)
          }
        }
      }
    }
    var worst: Float = 0
    for (a, b) in zip(fused.pixels, tile.pixels) { worst = max(worst, largestDifference(a, b)) }
    #expect(worst < 1e-5, "largest difference \(worst)")
  }

  @Test func theInterpolatedTransferTablesFollowTheCurve() {
    var worstEncode = 0.0
    var worstDecode = 0.0
    for step in 0...100_000 {
      let value = Double(step) / 100_000
      worstEncode = max(
        worstEncode,
        abs(
          Double(TransferFunction.encodedFloat(Float(value)))
            - TransferFunction.encoded(fromLinear: value)))
      worstDecode = max(
        worstDecode,
        abs(
          Double(TransferFunction.linearFloat(Float(value)))
            - TransferFunction.linear(fromEncoded: value)))
    }
    // In 8-bit levels: well under a hundredth of a level.
    #expect(worstEncode * 255 < 0.01, "encode off by \(worstEncode * 255) levels")
    #expect(worstDecode * 255 < 0.01, "decode off by \(worstDecode * 255) levels")
    #expect(
      abs(TransferFunction.linearFloat(1.5) - Float(TransferFunction.linear(fromEncoded: 1.5)))
        < 1e-4)
  }
}
