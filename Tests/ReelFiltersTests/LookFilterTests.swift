import Foundation
import ReelCore
import Testing

@testable import ReelFilters

@Suite("Look filters: white balance, vibrance, photo effects, vignettes")
struct LookFilterTests {
  let check = FormulaCheck()

  /// The XYZ white of a temperature on the Planckian locus (Krystek 1985), tint 0.
  static func planckianWhite(_ t: Double) -> SIMD3<Double> {
    let u =
      (0.860117757 + 1.54118254e-4 * t + 1.28641212e-7 * t * t)
      / (1 + 8.42420235e-4 * t + 7.08145163e-7 * t * t)
    let v =
      (0.317398726 + 4.22806245e-5 * t + 4.20481691e-8 * t * t)
      / (1 - 2.89741816e-5 * t + 1.61456053e-7 * t * t)
    let x = 3 * u / (2 * u - 8 * v + 4)
    let y = 2 * v / (2 * u - 8 * v + 4)
    return SIMD3(x / y, 1, (1 - x - y) / y)
  }

  static func multiply(_ m: [[Double]], _ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(
      m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z, m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
      m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z)
  }

  /// Bradford von Kries adaptation of one linear sRGB colour, step by step.
  static func adapt(_ rgb: SIMD3<Double>, from source: Double, to target: Double) -> SIMD3<Double> {
    let toXYZ = [
      [0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750],
      [0.0193339, 0.1191920, 0.9503041],
    ]
    let fromXYZ = [
      [3.2404542, -1.5371385, -0.4985314], [-0.9692660, 1.8760108, 0.0415560],
      [0.0556434, -0.2040259, 1.0572252],
    ]
    let cones = [
      [0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296],
    ]
    let conesInverse = [
      [0.9869929, -0.1470543, 0.1599627], [0.4323053, 0.5183603, 0.0492912],
      [-0.0085285, 0.0400428, 0.9684867],
    ]
    let gain = multiply(cones, planckianWhite(target)) / multiply(cones, planckianWhite(source))
    let lms = multiply(cones, multiply(toXYZ, rgb)) * gain
    return multiply(fromXYZ, multiply(conesInverse, lms))
  }

  @Test func temperatureAndTintIsABradfordAdaptationBetweenPlanckianWhites() throws {
    let identity = try check.worstAgainstLinear("CITemperatureAndTint") { x, y in check.linear(x, y)
    }
    #expect(identity <= 1, "defaults change the picture by \(identity) levels")
    let worst = try check.worstAgainstLinear(
      "CITemperatureAndTint",
      ["inputNeutral": .vector([4500, 0]), "inputTargetNeutral": .vector([6500, 0])]
    ) { x, y in Self.adapt(check.linear(x, y), from: 4500, to: 6500) }
    #expect(worst <= 1, "largest difference \(worst) levels")
    // A neutral above the target warms: grey gets redder and less blue.
    let grey = FilterImage(constant: SIMD4(0.2, 0.2, 0.2, 1))
    let warmed = try #require(
      try LookFilters.temperatureAndTint.outputImage([
        "inputImage": .image(grey), "inputNeutral": .vector([9000, 0]),
      ]))
    let pixel = FilterRenderer().render(warmed, in: PixelRect(x: 0, y: 0, width: 1, height: 1))
      .pixels[0]
    #expect(pixel.x > 0.2 && pixel.z < 0.2, "\(pixel)")
    // Tint moves along the locus normal: a positive source tint turns grey greener.
    let tinted = try #require(
      try LookFilters.temperatureAndTint.outputImage([
        "inputImage": .image(grey), "inputNeutral": .vector([6500, 30]),
      ]))
    let green = FilterRenderer().render(tinted, in: PixelRect(x: 0, y: 0, width: 1, height: 1))
      .pixels[0]
    #expect(green.y > green.x && green.y > green.z, "\(green)")
  }

  @Test func vibranceRaisesDullColoursMore() throws {
    let worst = try check.worstAgainstEncoded("CIVibrance", ["inputAmount": .number(0.8)]) {
      x, y in
      let c = check.encoded(x, y)
      let grey = SIMD3(repeating: (c * FormulaCheck.luma).sum())
      return grey + (c - grey) * (1 + 0.8 * (1 - (c.max() - c.min())))
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func whitePointAdjustScalesLinearChannels() throws {
    let worst = try check.worstAgainstLinear(
      "CIWhitePointAdjust", ["inputColor": .color(LinearColor(red: 1, green: 0.8, blue: 0.5))]
    ) { x, y in check.linear(x, y) * SIMD3(1, 0.8, 0.5) }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func everyPhotoEffectFollowsItsRecipe() throws {
    #expect(PhotoLook.all.count == 8)
    for look in PhotoLook.all {
      let s = Double(look.saturation)
      let k = Double(look.contrast)
      let gain = SIMD3<Double>(Double(look.gain.x), Double(look.gain.y), Double(look.gain.z))
      let lift = SIMD3<Double>(Double(look.lift.x), Double(look.lift.y), Double(look.lift.z))
      let worst = try check.worstAgainstEncoded(look.name) { x, y in
        let c = check.encoded(x, y)
        let grey = SIMD3(repeating: (c * FormulaCheck.luma).sum())
        return ((grey + (c - grey) * s - 0.5) * k + 0.5) * gain + lift
      }
      #expect(worst <= 1, "\(look.name): largest difference \(worst) levels")
    }
    // The black-and-white ones are grey.
    for name in ["CIPhotoEffectMono", "CIPhotoEffectNoir", "CIPhotoEffectTonal"] {
      let out = try check.render(name)
      let pixel = out[x: 30, y: 20]
      #expect(pixel.red == pixel.green && pixel.green == pixel.blue, "\(name): \(pixel)")
    }
  }

  @Test func vignetteFollowsTheCosineFourthLaw() throws {
    let half = (48.0 * 48 + 32 * 32).squareRoot() / 2
    for (intensity, radius) in [(1.0, 1.0), (0.7, 2.5), (-0.5, 0.6)] {
      let worst = try check.worstAgainstLinear(
        "CIVignette", ["inputIntensity": .number(intensity), "inputRadius": .number(radius)]
      ) { x, y in
        let d =
          ((Double(x) + 0.5 - 24) * (Double(x) + 0.5 - 24) + (Double(y) + 0.5 - 16)
            * (Double(y) + 0.5 - 16))
          .squareRoot()
        let theta = min(d / (radius * half), 1) * Double.pi / 2
        return check.linear(x, y) * (1 - intensity * (1 - pow(cos(theta), 4)))
      }
      #expect(worst <= 1, "intensity \(intensity) radius \(radius): \(worst) levels")
    }
  }

  @Test func vignetteEffectDarkensOutsideTheCircle() throws {
    let worst = try check.worstAgainstLinear(
      "CIVignetteEffect",
      [
        "inputCenter": .vector([20, 12]), "inputRadius": .number(18),
        "inputIntensity": .number(0.9), "inputFalloff": .number(0.4),
      ]
    ) { x, y in
      let d =
        ((Double(x) + 0.5 - 20) * (Double(x) + 0.5 - 20) + (Double(y) + 0.5 - 12)
          * (Double(y) + 0.5 - 12))
        .squareRoot()
      let t = min(max((d - 18 * 0.6) / (18 * 0.4), 0), 1)
      return check.linear(x, y) * (1 - 0.9 * t * t * (3 - 2 * t))
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }
}
