import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// The generators with their defaults, seen from Core Image's y-up plane: the default points
/// are Apple's, and the pictures run the way Apple documents them.
@Suite("Core Image generators")
struct CoreImageGeneratorTests {
  /// `filter`'s output rendered into a 200 × 200 buffer at Core Image's (0, 0, 200, 200).
  static func rendered(_ filter: CIFilter) throws -> CVPixelBuffer {
    let output = try #require(filter.outputImage)
    let target = try CVPixelBufferTests.make(200, 200, kCVPixelFormatType_32BGRA)
    CIContext().render(output, to: target)
    return target
  }

  /// The buffer pixel whose centre is Core Image's (x + ½, y + ½) in a 200-high buffer.
  static func pixel(_ buffer: CVPixelBuffer, coreImageX x: Int, y: Int) throws -> [Int] {
    try CoreImageTests.pixel(buffer, x, 199 - y)
  }

  /// The 8-bit sRGB level of a linear value.
  static func level(_ linear: Double) -> Int {
    let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    return Int((encoded * 255).rounded())
  }

  @Test func aDefaultLinearGradientRunsFromWhiteAtTheOriginToBlackUpAndRight() throws {
    let filter = try #require(CIFilter(name: "CILinearGradient"))
    let point0 = try #require(filter.value(forKey: "inputPoint0") as? CIVector)
    let point1 = try #require(filter.value(forKey: "inputPoint1") as? CIVector)
    #expect(point0.x == 0 && point0.y == 0)
    #expect(point1.x == 200 && point1.y == 200)
    let picture = try Self.rendered(filter)
    // t = ((x, y) · (200, 200)) / 200² at each pixel centre, white → black in linear light.
    for (x, y) in [(0, 0), (199, 199), (0, 199), (199, 0), (120, 40)] {
      let t = (Double(x) + 0.5 + Double(y) + 0.5) / 400
      let expected = Self.level(1 - t)
      let found = try Self.pixel(picture, coreImageX: x, y: y)
      #expect(abs(found[0] - expected) <= 1 && abs(found[2] - expected) <= 1, "(\(x), \(y))")
    }
    #expect(try Self.pixel(picture, coreImageX: 0, y: 0)[0] >= 254, "white at the bottom left")
    #expect(try Self.pixel(picture, coreImageX: 199, y: 199)[0] <= 9, "black at the top right")
  }

  @Test func aDefaultRadialGradientIsCentredAtAppleDefaultCentre() throws {
    let filter = try #require(CIFilter(name: "CIRadialGradient"))
    let center = try #require(filter.value(forKey: kCIInputCenterKey) as? CIVector)
    #expect(center.x == 150 && center.y == 150)
    let picture = try Self.rendered(filter)
    // Radius 5 → 100 from (150, 150): white inside 5, black beyond 100.
    #expect(try Self.pixel(picture, coreImageX: 150, y: 150)[0] == 255)
    #expect(try Self.pixel(picture, coreImageX: 150, y: 30)[0] == 0)
    let distance = (0.5 * 0.5 + 49.5 * 49.5).squareRoot()  // from (150, 150) to (150.5, 100.5)
    let t = (distance - 5) / 95
    let expected = Self.level(1 - t)
    #expect(abs(try Self.pixel(picture, coreImageX: 150, y: 100)[0] - expected) <= 1)
  }

  @Test func aDefaultCheckerboardHasColorZeroUpAndRightOfAppleDefaultCentre() throws {
    let filter = try #require(CIFilter(name: "CICheckerboardGenerator"))
    let center = try #require(filter.value(forKey: kCIInputCenterKey) as? CIVector)
    #expect(center.x == 150 && center.y == 150)
    let picture = try Self.rendered(filter)
    // Squares of 80 with corners at 150 + 80k on both axes.
    #expect(try Self.pixel(picture, coreImageX: 160, y: 160)[0] == 255, "up and right: colour 0")
    #expect(try Self.pixel(picture, coreImageX: 140, y: 140)[0] == 255, "down and left: colour 0")
    #expect(try Self.pixel(picture, coreImageX: 160, y: 140)[0] == 0, "down and right: colour 1")
    #expect(try Self.pixel(picture, coreImageX: 140, y: 160)[0] == 0, "up and left: colour 1")
    #expect(try Self.pixel(picture, coreImageX: 60, y: 60)[0] == 255, "two squares down-left")
  }
}
