import Foundation
import ReelCore
import Testing

@testable import ReelFilters

/// What the renderer keeps or computes once instead of per pixel or per band — gain maps kept
/// between renders, colour tables computed as the affine map they are, a large blur's coarse
/// grid made once for all bands — against the per-pixel definitions.
@Suite("Filter work kept between and across renders")
struct FilterKeptWorkTests {
  /// The largest difference in levels between two pictures of the same size.
  static func largestDifference(_ a: Image, _ b: Image) -> Int {
    var worst = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let (p, q) = (a[x: x, y: y], b[x: x, y: y])
        worst = max(
          worst, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
          abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
      }
    }
    return worst
  }

  /// The catalog's vignette of `picture`.
  static func vignette(_ image: FilterImage, intensity: Double) throws -> FilterImage {
    try #require(
      try FilterCatalog.filter(named: "vignette").outputImage([
        "inputImage": .image(image), "inputIntensity": .number(intensity),
        "inputRadius": .number(1.5),
      ]))
  }

  @Test func aVignetteKeptBetweenRendersGivesTheSamePixelsAndFollowsItsNumbers() throws {
    let picture = FilterTestSupport.gradientPicture(width: 640, height: 480)
    let whole = PixelRect(x: 0, y: 0, width: 640, height: 480)
    let renderer = FilterRenderer()
    // The recipe is made again for each render, as a video's frames make it.
    let first = try renderer.renderPicture(
      try Self.vignette(FilterImage(picture: picture), intensity: 0.8), in: whole)
    let again = try renderer.renderPicture(
      try Self.vignette(FilterImage(picture: picture), intensity: 0.8), in: whole)
    let fresh = try FilterRenderer().renderPicture(
      try Self.vignette(FilterImage(picture: picture), intensity: 0.8), in: whole)
    #expect(Self.largestDifference(first, again) == 0)
    #expect(Self.largestDifference(first, fresh) == 0)
    // Another intensity is another map, not the one kept.
    let weaker = try renderer.renderPicture(
      try Self.vignette(FilterImage(picture: picture), intensity: 0.3), in: whole)
    let weakerFresh = try FilterRenderer().renderPicture(
      try Self.vignette(FilterImage(picture: picture), intensity: 0.3), in: whole)
    #expect(Self.largestDifference(weaker, weakerFresh) == 0)
    #expect(Self.largestDifference(weaker, first) > 10)
  }

  @Test func aVignetteOn8BitPixelsIsWithinOneLevelOfItsFormulaInLinearLight() throws {
    let picture = FilterTestSupport.gradientPicture(width: 640, height: 480)
    let whole = PixelRect(x: 0, y: 0, width: 640, height: 480)
    let rendered = try FilterRenderer().renderPicture(
      try Self.vignette(FilterImage(picture: picture), intensity: 1), in: whole)
    // CIVignette: linear c · (1 − i·(1 − cos⁴θ)), θ = ½π·min(ρ, 1), ρ the distance from the
    // centre over radius × half the diagonal.
    let reach = 1.5 * (320.0 * 320 + 240 * 240).squareRoot()
    var worst = 0
    for y in stride(from: 0, to: 480, by: 7) {
      for x in stride(from: 0, to: 640, by: 3) {
        let distance =
          ((Double(x) + 0.5 - 320) * (Double(x) + 0.5 - 320)
          + (Double(y) + 0.5 - 240) * (Double(y) + 0.5 - 240)).squareRoot()
        let c = cos(min(distance / reach, 1) * Double.pi / 2)
        let gain = c * c * c * c
        let source = picture[x: x, y: y]
        let got = rendered[x: x, y: y]
        for (level, out) in [
          (source.red, got.red), (source.green, got.green), (source.blue, got.blue),
        ] {
          let linear = FilterTestSupport.linear(Double(level) / 255) * gain
          let want = FilterTestSupport.level(FilterTestSupport.encoded(linear))
          worst = max(worst, abs(Int(want) - Int(out)))
        }
      }
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func colourControlsTabulateAsAnAffineMapAndAnExposureDoesNot() throws {
    let picture = FilterTestSupport.gradientPicture(width: 640, height: 480)
    let controls = try #require(
      try FilterCatalog.filter(named: "colorControls").outputImage([
        "inputImage": .image(FilterImage(picture: picture)), "inputSaturation": .number(1.3),
        "inputBrightness": .number(0.05), "inputContrast": .number(1.2),
      ]))
    let whole = PixelRect(x: 0, y: 0, width: 640, height: 480)
    let direct = try #require(
      DirectLook(
        controls, over: whole, shared: SharedRenderState(area: whole.area),
        gainMaps: GainMaps()))
    let affine = try #require(direct.table?.affine)
    // Saturation, brightness and contrast on encoded values: black maps to
    // (0 + 0.05 − 0.5)·1.2 + 0.5 in every channel.
    #expect(abs(affine[0] - -0.04) < 1e-4)
    // An exposure multiplies linear light: on encoded values it is a curve, not affine.
    let exposure = try #require(
      try FilterCatalog.filter(named: "exposureAdjust").outputImage([
        "inputImage": .image(FilterImage(picture: picture)), "inputEV": .number(0.5),
      ]))
    let exposureLook = try #require(
      DirectLook(
        exposure, over: whole, shared: SharedRenderState(area: whole.area),
        gainMaps: GainMaps()))
    #expect(exposureLook.table != nil && exposureLook.table?.affine == nil)
    // The affine path against the exact chain, one row at a time.
    let fast = try FilterRenderer().renderPicture(controls, in: whole)
    var worst = 0
    for y in stride(from: 0, to: 480, by: 23) {
      let row = try FilterRenderer().renderPicture(
        controls, in: PixelRect(x: 0, y: y, width: 640, height: 1))
      for x in 0..<640 {
        let (a, b) = (fast[x: x, y: y], row[x: x, y: 0])
        worst = max(
          worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.blue) - Int(b.blue)))
      }
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func aColourTableKeptBetweenRendersFollowsItsNumbers() throws {
    let picture = FilterTestSupport.gradientPicture(width: 640, height: 480)
    let whole = PixelRect(x: 0, y: 0, width: 640, height: 480)
    func controls(_ contrast: Double) throws -> FilterImage {
      try #require(
        try FilterCatalog.filter(named: "colorControls").outputImage([
          "inputImage": .image(FilterImage(picture: picture)), "inputSaturation": .number(1.2),
          "inputContrast": .number(contrast),
        ]))
    }
    let renderer = FilterRenderer()
    let first = try renderer.renderPicture(try controls(1.3), in: whole)
    let again = try renderer.renderPicture(try controls(1.3), in: whole)
    let other = try renderer.renderPicture(try controls(0.7), in: whole)
    let otherFresh = try FilterRenderer().renderPicture(try controls(0.7), in: whole)
    #expect(Self.largestDifference(first, again) == 0)
    #expect(Self.largestDifference(other, otherFresh) == 0)
    #expect(Self.largestDifference(first, other) > 10)
    // An operation without a key is never kept.
    let unnamed = ColorOperation(name: "warm", space: .linear, isSmooth: true) { $0 }
    #expect(KeptColorTables.Key([.color(unnamed)]) == nil)
  }

  @Test func aLargeBlurPreparedForAllBandsEqualsTheBlurOfEachBandAlone() throws {
    let picture = FilterFastPathTests.stripes(width: 320, height: 400)
    let recipe = FilterImage(picture: picture).clampedToExtent().blurred(sigma: 12)
      .cropped(to: Rect(x: 0, y: 0, width: 320, height: 400))
    let whole = PixelRect(x: 0, y: 0, width: 320, height: 400)
    guard case .crop(_, let blur) = recipe.step, case .gaussianBlur(_, let input) = blur.step
    else {
      Issue.record("the recipe is not a cropped blur")
      return
    }
    // The coarse grid made once for the whole picture, as a render in bands makes it.
    let shared = SharedRenderState(area: whole.area)
    GaussianBlur(sigma: 12).prepare(blur, input: input, over: whole, root: recipe, shared: shared)
    #expect(shared.coarseGrid(for: blur) != nil)
    // Each part of 40 rows interpolated from it, against the part's own pyramid.
    for top in [0, 160, 360] {
      let part = PixelRect(x: 0, y: top, width: 320, height: 40)
      let fromGrid = FilterEvaluation(root: recipe, shared: shared).tile(of: recipe, in: part)
      let alone = FilterEvaluation(root: recipe, shared: SharedRenderState(area: 0)).tile(
        of: recipe, in: part)
      #expect(fromGrid.pixels == alone.pixels, "rows \(top) to \(top + 40)")
    }
  }
}
