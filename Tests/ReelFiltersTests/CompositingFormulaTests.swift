import Foundation
import ReelCore
import Testing

@testable import ReelFilters

@Suite("Blend modes, masks and transitions")
struct CompositingFormulaTests {
  let check = FormulaCheck()

  /// B(s, b) per channel, written from the W3C Compositing spec and Apple's descriptions.
  static let separable: [(String, @Sendable (Double, Double) -> Double)] = [
    ("CIColorBurnBlendMode", { s, b in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }),
    ("CIColorDodgeBlendMode", { s, b in b <= 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }),
    ("CIHardLightBlendMode", { s, b in s <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }),
    (
      "CISoftLightBlendMode",
      { s, b in
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
      }
    ),
    ("CIDifferenceBlendMode", { s, b in abs(s - b) }),
    ("CIExclusionBlendMode", { s, b in s + b - 2 * s * b }),
    ("CISubtractBlendMode", { s, b in b - s }),
    ("CIDivideBlendMode", { s, b in s > 0 ? b / s : (b > 0 ? 1 : 0) }),
    ("CILinearBurnBlendMode", { s, b in s + b - 1 }),
    ("CILinearDodgeBlendMode", { s, b in s + b }),
    ("CIPinLightBlendMode", { s, b in s <= 0.5 ? min(b, 2 * s) : max(b, 2 * s - 1) }),
  ]

  @Test func everySeparableBlendModeFollowsItsFormulaInLinearLight() throws {
    for (name, blend) in Self.separable {
      // Both opaque: the result is B(s, b) per channel.
      let worst = try check.worstAgainstLinear(name) { x, y in
        let s = check.linear(x, y)
        let b = check.otherLinear(x, y)
        return SIMD3(blend(s.x, b.x), blend(s.y, b.y), blend(s.z, b.z))
      }
      #expect(worst <= 1, "\(name): largest difference \(worst) levels")
    }
  }

  static func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

  static func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> {
    var c = c + (l - lum(c))
    let low = c.min()
    let high = c.max()
    let lc = lum(c)
    if low < 0 { c = SIMD3(repeating: lc) + (c - lc) * lc / (lc - low) }
    if high > 1 { c = SIMD3(repeating: lc) + (c - lc) * (1 - lc) / (high - lc) }
    return c
  }

  static func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
    let low = c.min()
    let high = c.max()
    return high > low ? (c - low) * s / (high - low) : .zero
  }

  @Test func theNonSeparableModesFollowW3C() throws {
    let modes: [(String, (SIMD3<Double>, SIMD3<Double>) -> SIMD3<Double>)] = [
      ("CIHueBlendMode", { s, b in Self.setLum(Self.setSat(s, b.max() - b.min()), Self.lum(b)) }),
      (
        "CISaturationBlendMode",
        { s, b in Self.setLum(Self.setSat(b, s.max() - s.min()), Self.lum(b)) }
      ),
      ("CIColorBlendMode", { s, b in Self.setLum(s, Self.lum(b)) }),
      ("CILuminosityBlendMode", { s, b in Self.setLum(b, Self.lum(s)) }),
    ]
    for (name, blend) in modes {
      let worst = try check.worstAgainstLinear(name) { x, y in
        blend(check.linear(x, y), check.otherLinear(x, y))
      }
      #expect(worst <= 1, "\(name): largest difference \(worst) levels")
    }
  }

  @Test func aTranslucentSourceBlendsByTheW3CCompositingFormula() throws {
    // The source at alpha ½ over an opaque background: ½·B(s, b) + ½·b.
    let faded = FilterImage(picture: check.picture).applying(
      ColorOperation(name: "half", space: .linear) { pixel in
        SIMD4(pixel.x, pixel.y, pixel.z, pixel.w * 0.5)
      })
    let descriptor = try #require(FilterCatalog.filter(coreImageName: "CIDifferenceBlendMode"))
    let output = try #require(
      try descriptor.outputImage([
        "inputImage": .image(faded),
        "inputBackgroundImage": .image(FilterImage(picture: check.other)),
      ]))
    let out = try FilterRenderer().renderPicture(output, in: check.bounds)
    let worst = FilterTestSupport.maximumDifference(out) { x, y in
      let s = check.linear(x, y)
      let b = check.otherLinear(x, y)
      return FormulaCheck.levels(
        linear: (s - b).replacing(with: b - s, where: s .< b) * 0.5 + b * 0.5)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func blendWithMaskMixesByTheMasksGreenAndAlphaMaskByItsAlpha() throws {
    // Mask: the gradient picture itself (its green rises down the picture).
    let mask = FilterImage(picture: check.picture)
    let worst = try check.worstAgainstLinear(
      "CIBlendWithMask",
      [
        "inputImage": .image(FilterImage(picture: check.other)),
        "inputBackgroundImage": .image(FilterImage(picture: check.picture)),
        "inputMaskImage": .image(mask),
      ]
    ) { x, y in
      let m = check.linear(x, y).y
      return check.otherLinear(x, y) * m + check.linear(x, y) * (1 - m)
    }
    #expect(worst <= 1, "CIBlendWithMask: largest difference \(worst) levels")
    // An alpha mask: opaque left half, clear right half (outside its extent).
    let left = FilterImage(picture: check.picture).cropped(
      to: Rect(x: 0, y: 0, width: 24, height: 32))
    let alpha = try check.worstAgainstLinear(
      "CIBlendWithAlphaMask",
      [
        "inputImage": .image(FilterImage(picture: check.other)),
        "inputBackgroundImage": .image(FilterImage(picture: check.picture)),
        "inputMaskImage": .image(left),
      ]
    ) { x, y in x < 24 ? check.otherLinear(x, y) : check.linear(x, y) }
    #expect(alpha <= 1, "CIBlendWithAlphaMask: largest difference \(alpha) levels")
  }

  // MARK: Transitions at t = 0, ½, 1

  let transitions = [
    "CISwipeTransition", "CIBarsSwipeTransition", "CICopyMachineTransition", "CIFlashTransition",
  ]

  /// The transition's extent parameter covering the 48×32 picture, where it has one.
  func extentValues(_ name: String) -> [String: FilterValue] {
    name == "CIBarsSwipeTransition" ? [:] : ["inputExtent": .vector([0, 0, 48, 32])]
  }

  @Test func everyTransitionIsTheImageAtZeroAndTheTargetAtOne() throws {
    for name in transitions {
      var values = extentValues(name)
      values["inputTime"] = .number(0)
      let start = try check.worstAgainstLinear(name, values) { x, y in check.linear(x, y) }
      values["inputTime"] = .number(1)
      let end = try check.worstAgainstLinear(name, values) { x, y in check.otherLinear(x, y) }
      #expect(start <= 1 && end <= 1, "\(name): \(start) levels at 0, \(end) at 1")
    }
  }

  @Test func aSwipeHalfwayFollowsItsEdge() throws {
    // Angle 0: the edge runs left to right; width 16 over 48 pixels: e = −16 + ½·64 = 16.
    let worst = try check.worstAgainstLinear(
      "CISwipeTransition",
      [
        "inputExtent": .vector([0, 0, 48, 32]), "inputTime": .number(0.5),
        "inputWidth": .number(16), "inputOpacity": .number(0.5),
        "inputColor": .color(LinearColor(red: 1, green: 1, blue: 1)),
      ]
    ) { x, y in
      let s = min(max((Double(x) + 0.5 - 16) / 16, 0), 1)
      let mixed = check.otherLinear(x, y) * (1 - s) + check.linear(x, y) * s
      let paint = s > 0 && s < 1 ? 0.5 * (1 - abs(2 * s - 1)) : 0
      return SIMD3(repeating: paint) + mixed * (1 - paint)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func barsHalfwayAlternateByTheirOffset() throws {
    // Angle 0 sweeps left to right; bars 8 pixels tall; odd bars lag 10 pixels.
    // Edge at t = ½: 0 + ½·(48 + 10) = 29 for even bars, 19 for odd ones.
    let worst = try check.worstAgainstLinear(
      "CIBarsSwipeTransition",
      [
        "inputAngle": .number(0), "inputWidth": .number(8), "inputBarOffset": .number(10),
        "inputTime": .number(0.5),
      ]
    ) { x, y in
      let edge = (y / 8) % 2 == 0 ? 29.0 : 19.0
      return Double(x) + 0.5 < edge ? check.otherLinear(x, y) : check.linear(x, y)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func theCopyMachinesLightIsAddedInsideItsBand() throws {
    let worst = try check.worstAgainstLinear(
      "CICopyMachineTransition",
      [
        "inputExtent": .vector([0, 0, 48, 32]), "inputTime": .number(0.5),
        "inputWidth": .number(16), "inputOpacity": .number(0.8),
      ]
    ) { x, y in
      let s = (Double(x) + 0.5 - 16) / 16
      let w = min(max(s, 0), 1)
      var mixed = check.otherLinear(x, y) * (1 - w) + check.linear(x, y) * w
      if s >= 0 && s <= 1 { mixed += SIMD3(0.6, 1, 1) * 0.8 * (1 - abs(2 * s - 1)) }
      return mixed.replacing(with: 1, where: mixed .> 1)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func theFlashFillsThenFades() throws {
    let colour = SIMD3<Double>(1, 0.8, 0.6)
    let half = (48.0 * 48 + 32 * 32).squareRoot() / 2
    func glow(_ x: Int, _ y: Int, flare: Double) -> Double {
      let dx = Double(x) + 0.5 - 24
      let dy = Double(y) + 0.5 - 16
      let rays = pow(0.5 + 0.5 * cos(16 * atan2(dy, dx)), 1.375)
      let d = (dx * dx + dy * dy).squareRoot() / half
      return min(max(flare * 2.58 * (1 + 0.5 * (rays - 0.5)) - (1 - flare) * d, 0), 1)
    }
    let base: [String: FilterValue] = [
      "inputExtent": .vector([0, 0, 48, 32]), "inputCenter": .vector([24, 16]),
    ]
    // t = ½ before the threshold 0.85: the flare is ½/0.85.
    var values = base
    values["inputTime"] = .number(0.5)
    let rising = try check.worstAgainstLinear("CIFlashTransition", values) { x, y in
      let g = glow(x, y, flare: 0.5 / 0.85)
      return colour * g + check.linear(x, y) * (1 - g)
    }
    #expect(rising <= 1, "t = ½: largest difference \(rising) levels")
    // Halfway through the fade: the full flash (the colour) mixed half with the target.
    values["inputTime"] = .number(0.925)
    let fading = try check.worstAgainstLinear("CIFlashTransition", values) { x, y in
      colour * 0.5 + check.otherLinear(x, y) * 0.5
    }
    #expect(fading <= 1, "t = 0.925: largest difference \(fading) levels")
  }
}
