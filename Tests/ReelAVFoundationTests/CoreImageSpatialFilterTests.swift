import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// The blur, stylize and geometry filters seen from Core Image's y-up plane: angles turn
/// counter-clockwise on screen, default points and extents are Apple's.
@Suite("Core Image spatial filters")
struct CoreImageSpatialFilterTests {
  /// Sets pixel (x, y), row 0 on top, to the opaque (red, green, blue).
  static func paint(
    _ buffer: CVPixelBuffer, _ x: Int, _ y: Int, red: UInt8, green: UInt8, blue: UInt8
  )
    throws
  {
    CVPixelBufferLockBaseAddress(buffer, [])
    defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
    let base = try #require(CVPixelBufferGetBaseAddress(buffer)).assumingMemoryBound(to: UInt8.self)
    let pixel = base + y * CVPixelBufferGetBytesPerRow(buffer) + 4 * x
    (pixel[0], pixel[1], pixel[2], pixel[3]) = (blue, green, red, 255)
  }

  @Test func aMotionBlurAtFortyFiveDegreesSmearsTowardsTheTopRight() throws {
    let source = try CoreImageTests.buffer(21, 21, blue: 0, green: 0, red: 0)
    try Self.paint(source, 10, 10, red: 255, green: 255, blue: 255)
    let filter = try #require(CIFilter(name: "CIMotionBlur"))
    filter.setValue(CIImage(cvPixelBuffer: source), forKey: kCIInputImageKey)
    filter.setValue(4, forKey: kCIInputRadiusKey)
    filter.setValue(Double.pi / 4, forKey: kCIInputAngleKey)
    let output = try #require(filter.outputImage)
    #expect(output.extent == CGRect(x: -4, y: -4, width: 29, height: 29))
    let target = try CVPixelBufferTests.make(21, 21, kCVPixelFormatType_32BGRA)
    CIContext().render(output, to: target)
    #expect(try CoreImageTests.pixel(target, 12, 8)[2] > 40, "up and right on screen")
    #expect(try CoreImageTests.pixel(target, 8, 12)[2] > 40, "down and left")
    #expect(try CoreImageTests.pixel(target, 12, 12)[2] == 0)
  }

  @Test func straightenTurnsCounterClockwiseOnScreen() throws {
    // Left half red, right half blue; a quarter turn counter-clockwise puts blue on top.
    let source = try CoreImageTests.buffer(16, 16, blue: 0, green: 0, red: 255)
    for y in 0..<16 {
      for x in 8..<16 { try Self.paint(source, x, y, red: 0, green: 0, blue: 255) }
    }
    let filter = try #require(CIFilter(name: "CIStraightenFilter"))
    filter.setValue(CIImage(cvPixelBuffer: source), forKey: kCIInputImageKey)
    filter.setValue(Double.pi / 2, forKey: kCIInputAngleKey)
    let output = try #require(filter.outputImage)
    #expect(output.extent == CGRect(x: 0, y: 0, width: 16, height: 16))
    let target = try CVPixelBufferTests.make(16, 16, kCVPixelFormatType_32BGRA)
    CIContext().render(output, to: target)
    #expect(try CoreImageTests.pixel(target, 8, 2)[0] == 255, "top rows blue")
    #expect(try CoreImageTests.pixel(target, 8, 13)[2] == 255, "bottom rows red")
  }

  @Test func defaultsAndExtentsAreApples() throws {
    let zoom = try #require(CIFilter(name: "CIZoomBlur"))
    let center = try #require(zoom.value(forKey: kCIInputCenterKey) as? CIVector)
    #expect(center.x == 150 && center.y == 150)
    let correction = try #require(CIFilter(name: "CIPerspectiveCorrection"))
    let topLeft = try #require(correction.value(forKey: "inputTopLeft") as? CIVector)
    #expect(topLeft.x == 118 && topLeft.y == 484)
    let source = CIImage(cvPixelBuffer: try CoreImageTests.buffer(8, 6, blue: 9, green: 9, red: 9))
    let box = source.applyingFilter("CIBoxBlur", parameters: [kCIInputRadiusKey: 3])
    #expect(box.extent == CGRect(x: -3, y: -3, width: 14, height: 12))
    let pixellated = source.applyingFilter("CIPixellate", parameters: [:])
    #expect(pixellated.extent == source.extent)
    let scaled = source.applyingFilter(
      "CILanczosScaleTransform", parameters: [kCIInputScaleKey: 0.5])
    #expect(scaled.extent == CGRect(x: 0, y: 0, width: 4, height: 3))
    #expect(
      CIFilter.filterNames(inCategory: kCICategorySharpen) == [
        "CISharpenLuminance", "CIUnsharpMask",
      ])
  }
}
