import Foundation
import ReelCore
import Testing

@testable import ReelFilters

@Suite("Blur and sharpen filters")
struct BlurAndSharpenFilterTests {
  let harness = SpatialFilterHarness(
    picture: FilterTestSupport.gradientPicture(width: 40, height: 32))

  @Test func aBoxBlurIsTheMeanOfTheSquareInLinearLight() throws {
    let radius = 3
    let blurred = try harness.render("CIBoxBlur", ["inputRadius": .number(Double(radius))])
    let worst = SpatialFilterHarness.worstDifference(blurred, margin: radius) { x, y in
      var sum = SIMD3<Double>.zero
      for dy in -radius...radius {
        for dx in -radius...radius { sum += harness.linear(x + dx, y + dy) }
      }
      return sum / Double((2 * radius + 1) * (2 * radius + 1))
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
    #expect(
      try harness.output("CIBoxBlur", ["inputRadius": .number(3)]).extent
        == Rect(x: -3, y: -3, width: 46, height: 38))
  }

  @Test func aDiscBlurIsTheMeanOfTheDiscInLinearLight() throws {
    let radius = 3.5
    let blurred = try harness.render("CIDiscBlur", ["inputRadius": .number(radius)])
    let worst = SpatialFilterHarness.worstDifference(blurred, margin: 4) { x, y in
      var sum = SIMD3<Double>.zero
      var count = 0.0
      for dy in -3...3 {
        for dx in -3...3 where Double(dx * dx + dy * dy) <= radius * radius {
          sum += harness.linear(x + dx, y + dy)
          count += 1
        }
      }
      return sum / count
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
    #expect(
      try harness.output("CIDiscBlur", ["inputRadius": .number(radius)]).extent
        == Rect(x: -3, y: -3, width: 46, height: 38))
  }

  @Test(arguments: [(0.0, (1, 0)), (Double.pi / 2, (0, 1))])
  func aMotionBlurAlongAnAxisIsTheMeanAlongThatAxis(angle: Double, step: (Int, Int)) throws {
    let radius = 3
    let blurred = try harness.render(
      "CIMotionBlur", ["inputRadius": .number(Double(radius)), "inputAngle": .number(angle)])
    let worst = SpatialFilterHarness.worstDifference(blurred, margin: radius + 1) { x, y in
      var sum = SIMD3<Double>.zero
      for k in -radius...radius { sum += harness.linear(x + k * step.0, y + k * step.1) }
      return sum / Double(2 * radius + 1)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func aMotionBlurAtAPositiveAngleSmearsUpAndToTheRightOnScreen() throws {
    // Core Image's angles turn counter-clockwise on screen: at 45° a dot smears towards the
    // top right (−y in the engine's plane) and the bottom left, not the other diagonal.
    var dot = Image(width: 21, height: 21)
    for y in 0..<21 {
      for x in 0..<21 { dot.setPixel(x: x, y: y, BGRA(blue: 0, green: 0, red: 0, alpha: 255)) }
    }
    dot.setPixel(x: 10, y: 10, BGRA(blue: 255, green: 255, red: 255, alpha: 255))
    let smeared = try SpatialFilterHarness(picture: dot).render(
      "CIMotionBlur", ["inputRadius": .number(4), "inputAngle": .number(Double.pi / 4)])
    #expect(smeared[x: 12, y: 8].red > 40)
    #expect(smeared[x: 8, y: 12].red > 40)
    #expect(smeared[x: 12, y: 12].red == 0)
    #expect(smeared[x: 8, y: 8].red == 0)
  }

  @Test func aZoomBlurAveragesAlongTheRayTowardsTheCentre() throws {
    let center = Point(x: 20, y: 16)
    let zoom = 1.3
    let blurred = try harness.render(
      "CIZoomBlur", ["inputCenter": .vector([center.x, center.y]), "inputAmount": .number(30)])
    let worst = SpatialFilterHarness.worstDifference(blurred, margin: 0) { x, y in
      let p = SIMD2(Double(x) + 0.5 - center.x, Double(y) + 0.5 - center.y)
      let length = (p * p).sum().squareRoot() * (1 - 1 / zoom)
      let samples = max(Int(length.rounded(.up)) + 1, 2)
      var sum = SIMD3<Double>.zero
      for index in 0..<samples {
        let scale = 1 + (zoom - 1) * Double(index) / Double(samples - 1)
        sum += harness.bilinear(center.x + p.x / scale, center.y + p.y / scale)
      }
      return sum / Double(samples)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func unsharpMaskAddsBackTheDifferenceFromAGaussian() throws {
    let sigma = 1.5
    let intensity = 0.8
    let sharpened = try harness.render(
      "CIUnsharpMask", ["inputRadius": .number(sigma), "inputIntensity": .number(intensity)])
    let worst = SpatialFilterHarness.worstDifference(sharpened, margin: 5) { x, y in
      let c = harness.linear(x, y)
      return c + intensity * (c - harness.gaussian(x, y, sigma: sigma))
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
    #expect(try harness.output("CIUnsharpMask").extent == harness.bounds.rect)
  }

  @Test func sharpenLuminanceLiftsEachChannelByTheLuminanceDifference() throws {
    let sigma = 1.69
    let sharpness = 1.5
    let sharpened = try harness.render(
      "CISharpenLuminance", ["inputRadius": .number(sigma), "inputSharpness": .number(sharpness)])
    let worst = SpatialFilterHarness.worstDifference(sharpened, margin: 6) { x, y in
      let c = harness.linear(x, y)
      let lift = sharpness * (c.luminance - harness.gaussian(x, y, sigma: sigma).luminance)
      return c + SIMD3(repeating: lift)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
  }

  @Test func noiseReductionSmoothsSmallChangesAndSharpensLargeOnes() throws {
    // Grey with small noise on the left, a hard step to white on the right.
    var noisy = Image(width: 24, height: 16)
    for y in 0..<16 {
      for x in 0..<24 {
        let level = UInt8(x < 16 ? 120 + (x * 5 + y * 3) % 4 : 250)
        noisy.setPixel(x: x, y: y, BGRA(blue: level, green: level, red: level, alpha: 255))
      }
    }
    let noise = SpatialFilterHarness(picture: noisy)
    let level = 0.02
    let sharpness = 0.4
    let reduced = try noise.render(
      "CINoiseReduction", ["inputNoiseLevel": .number(level), "inputSharpness": .number(sharpness)])
    let worst = SpatialFilterHarness.worstDifference(reduced, margin: 1) { x, y in
      let centre = noise.linear(x, y)
      var similar = SIMD3<Double>.zero
      var count = 0.0
      var all = SIMD3<Double>.zero
      for dy in -1...1 {
        for dx in -1...1 {
          let n = noise.linear(x + dx, y + dy)
          all += n
          if abs(n.luminance - centre.luminance) <= level {
            similar += n
            count += 1
          }
        }
      }
      let smoothed = similar / count
      return count == 9 ? smoothed : smoothed + sharpness * (centre - all / 9)
    }
    #expect(worst <= 1, "largest difference \(worst) levels")
    // The flat part is smoother than it was.
    let before = (2..<14).map { Int(noisy[x: $0, y: 8].red) }
    let after = (2..<14).map { Int(reduced[x: $0, y: 8].red) }
    #expect(after.max()! - after.min()! < before.max()! - before.min()!)
  }
}
