import AVFoundationCompat
import Foundation
import Testing

@testable import ReelAVFoundation

@Suite("CGColor and CGColorSpace")
struct CGColorTests {
  @Test("RGB colours have four components, greys two, as on Apple")
  func components() {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
    #expect(red.components == [1, 0, 0, 0.5])
    #expect(red.numberOfComponents == 4)
    #expect(red.alpha == 0.5)
    #expect(red.colorSpace?.model == .rgb)
    let gray = CGColor(gray: 0.25, alpha: 1)
    #expect(gray.components == [0.25, 1])
    #expect(gray.numberOfComponents == 2)
    #expect(gray.colorSpace?.model == .monochrome)
    #expect(CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1).components == [0, 1, 0, 1])
    #expect(CGColorCreateGenericRGB(0, 0, 1, 1).components == [0, 0, 1, 1])
    #expect(CGColorCreateGenericGray(0.5, 1).components == [0.5, 1])
    #expect(CGColor(red: 2, green: -1, blue: 0.5, alpha: 1).components == [1, 0, 0.5, 1])
  }

  @Test("black, white and clear are greys; copy(alpha:) keeps the space")
  func constants() {
    #expect(CGColor.black.components == [0, 1])
    #expect(CGColor.white.components == [1, 1])
    #expect(CGColor.clear.components == [0, 0])
    let faded = CGColor.white.copy(alpha: 0.25)
    #expect(faded?.components == [1, 0.25])
    #expect(CGColor(red: 1, green: 1, blue: 1, alpha: 1) == CGColor.white)
  }

  @Test("colour spaces: device RGB, sRGB and grey by name; unsupported spaces are nil")
  func colorSpaces() throws {
    let device = CGColorSpaceCreateDeviceRGB()
    #expect(device.numberOfComponents == 3 && device.model == .rgb)
    #expect(CGColorSpaceCreateDeviceGray().numberOfComponents == 1)
    let sRGB = try #require(CGColorSpace(name: CGColorSpace.sRGB))
    #expect(sRGB.name == "kCGColorSpaceSRGB")
    #expect(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)?.model == .monochrome)
    #expect(CGColorSpace(name: CGColorSpace.displayP3) == nil)
    #expect(CompatWarnings.printed.contains { $0.contains("kCGColorSpaceDisplayP3") })
    #expect(CGColorSpaceModel.rgb.rawValue == 1 && CGColorSpaceModel.monochrome.rawValue == 0)
    #expect(CGColorSpaceModel.unknown.rawValue == -1 && CGColorSpaceModel.XYZ.rawValue == 7)
  }

  @Test("CGColor(colorSpace:components:) reads the space's components and alpha")
  func fromComponents() throws {
    let rgb = try #require(
      CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: [0.2, 0.4, 0.6, 0.8]))
    #expect(rgb.components == [0.2, 0.4, 0.6, 0.8])
    let gray = try #require(
      CGColor(colorSpace: CGColorSpaceCreateDeviceGray(), components: [0.5, 1]))
    #expect(gray.components == [0.5, 1])
    // Linear light 0.5 is sRGB 0.7354 (the sRGB tone curve); Reel keeps sRGB.
    let linearSpace = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
    let linear = try #require(CGColor(colorSpace: linearSpace, components: [0.5, 0, 1, 1]))
    let red = try #require(linear.components?.first)
    #expect(abs(red - 0.735_356_983) < 1e-6)
    #expect(linear.components?[2] == 1)
  }
}
