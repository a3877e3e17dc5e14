import AVFoundationCompat
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ReelAVFoundation

/// Core Image's names over Reel's filter engine: images, filters, contexts, and video
/// compositions that filter each frame.
@Suite("Core Image")
struct CoreImageTests {
  /// A BGRA buffer of `width` × `height` filled with one opaque colour (bytes B, G, R).
  static func buffer(_ width: Int, _ height: Int, blue: UInt8, green: UInt8, red: UInt8) throws
    -> CVPixelBuffer
  {
    let buffer = try CVPixelBufferTests.make(width, height, kCVPixelFormatType_32BGRA)
    CVPixelBufferLockBaseAddress(buffer, [])
    defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
    let base = try #require(CVPixelBufferGetBaseAddress(buffer)).assumingMemoryBound(to: UInt8.self)
    let row = CVPixelBufferGetBytesPerRow(buffer)
    for y in 0..<height {
      for x in 0..<width {
        let pixel = base + y * row + 4 * x
        (pixel[0], pixel[1], pixel[2], pixel[3]) = (blue, green, red, 255)
      }
    }
    return buffer
  }

  /// The BGRA bytes of pixel (x, y), row 0 on top.
  static func pixel(_ buffer: CVPixelBuffer, _ x: Int, _ y: Int) throws -> [Int] {
    CVPixelBufferLockBaseAddress(buffer, .readOnly)
    defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
    let base = try #require(CVPixelBufferGetBaseAddress(buffer)).assumingMemoryBound(to: UInt8.self)
    let pixel = base + y * CVPixelBufferGetBytesPerRow(buffer) + 4 * x
    return (0..<4).map { Int(pixel[$0]) }
  }

  /// The sepia matrix on encoded values, mixed by `intensity`: what CISepiaTone makes of an
  /// opaque (r, g, b), as 8-bit levels.
  static func sepia(_ r: Double, _ g: Double, _ b: Double, intensity: Double) -> [Int] {
    let c = [r, g, b].map { $0 / 255 }
    let rows = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]
    return rows.enumerated().map { index, row in
      let toned = zip(row, c).map(*).reduce(0, +)
      let mixed = c[index] + (toned - c[index]) * intensity
      return Int((min(max(mixed, 0), 1) * 255).rounded())
    }
  }

  @Test func anUnknownFilterNameIsNilAndKnownOnesAreListedByCategory() {
    #expect(CIFilter(name: "CINoSuchFilter") == nil)
    #expect(CIFilter(name: "CISepiaTone")?.name == "CISepiaTone")
    #expect(CIFilter.filterNames(inCategory: kCICategoryBlur).contains("CIGaussianBlur"))
    #expect(!CIFilter.filterNames(inCategory: kCICategoryBlur).contains("CISepiaTone"))
    #expect(CIFilter.filterNames(inCategory: "CICategoryNoSuch").isEmpty)
  }

  @Test func parametersHaveApplesKeysAndDefaults() throws {
    let filter = try #require(CIFilter(name: "CISepiaTone"))
    #expect(filter.inputKeys == [kCIInputImageKey, kCIInputIntensityKey])
    #expect((filter.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue == 1)
    filter.setValue(0.25, forKey: kCIInputIntensityKey)
    #expect(filter.value(forKey: kCIInputIntensityKey) as? Double == 0.25)
    filter.setDefaults()
    #expect((filter.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue == 1)
    let attributes = try #require(filter.attributes[kCIInputIntensityKey] as? [String: Any])
    #expect((attributes[kCIAttributeSliderMax] as? NSNumber)?.doubleValue == 1)
    #expect(filter.outputImage == nil, "no input image: no output")
  }

  @Test func aSepiaToneRenderedIntoAPixelBufferFollowsItsFormula() throws {
    let source = try Self.buffer(8, 6, blue: 192, green: 128, red: 64)
    let filter = try #require(CIFilter(name: "CISepiaTone"))
    filter.setValue(CIImage(cvPixelBuffer: source), forKey: kCIInputImageKey)
    filter.setValue(0.8, forKey: kCIInputIntensityKey)
    let output = try #require(filter.outputImage)
    #expect(output.extent == CGRect(x: 0, y: 0, width: 8, height: 6))
    let target = try CVPixelBufferTests.make(8, 6, kCVPixelFormatType_32BGRA)
    CIContext().render(output, to: target)
    let want = Self.sepia(64, 128, 192, intensity: 0.8)
    let got = try Self.pixel(target, 3, 2)
    #expect(abs(got[2] - want[0]) <= 1 && abs(got[1] - want[1]) <= 1 && abs(got[0] - want[2]) <= 1)
    #expect(got[3] == 255)
  }

  @Test func coordinatesHaveTheirOriginAtTheBottomLeft() throws {
    let source = CIImage(cvPixelBuffer: try Self.buffer(10, 10, blue: 0, green: 0, red: 255))
    // The lower half in Core Image's plane is the bottom rows of the buffer.
    let lower = source.cropped(to: CGRect(x: 0, y: 0, width: 10, height: 5))
    let target = try CVPixelBufferTests.make(10, 10, kCVPixelFormatType_32BGRA)
    CIContext().render(lower, to: target)
    #expect(try Self.pixel(target, 4, 2)[3] == 0, "top rows clear")
    #expect(try Self.pixel(target, 4, 7)[2] == 255, "bottom rows red")
    // Moving up by 3 (positive y) moves the picture towards row 0.
    let moved = lower.transformed(by: CGAffineTransform(translationX: 0, y: 3))
    #expect(moved.extent == CGRect(x: 0, y: 3, width: 10, height: 5))
    CIContext().render(moved, to: target)
    #expect(try Self.pixel(target, 4, 2)[2] == 255)
    #expect(try Self.pixel(target, 4, 8)[3] == 0)
  }

  @Test func aCGImageComesOutOfTheContextWithTheRectangleAskedFor() throws {
    let source = CIImage(cvPixelBuffer: try Self.buffer(12, 8, blue: 10, green: 200, red: 30))
    let image = try #require(
      CIContext().createCGImage(
        source.applyingFilter("CIColorInvert"), from: CGRect(x: 2, y: 2, width: 6, height: 4)))
    #expect(image.width == 6 && image.height == 4)
    #expect(CIContext().createCGImage(CIImage(color: .red), from: .infinite) == nil)
  }

  @Test func aColorCubeTakesItsTableAsDataOfFloatsInTheColorSpaceGiven() throws {
    // An inverting cube in sRGB: texel (r, g, b) holds (1 − r, 1 − g, 1 − b, 1), exact under
    // trilinear interpolation since it is linear in each axis.
    let side = 8
    var texels: [Float] = []
    for b in 0..<side {
      for g in 0..<side {
        for r in 0..<side {
          texels += [r, g, b].map { 1 - Float($0) / Float(side - 1) } + [1]
        }
      }
    }
    let data = texels.withUnsafeBufferPointer { Data(buffer: $0) }
    let source = try Self.buffer(4, 4, blue: 192, green: 128, red: 64)
    for table in [data as Any, NSData(data: data) as Any] {
      let filter = try #require(CIFilter(name: "CIColorCubeWithColorSpace"))
      filter.setValue(CIImage(cvPixelBuffer: source), forKey: kCIInputImageKey)
      filter.setValue(side, forKey: "inputCubeDimension")
      filter.setValue(table, forKey: "inputCubeData")
      filter.setValue(CGColorSpace(name: CGColorSpace.sRGB), forKey: "inputColorSpace")
      let output = try #require(filter.outputImage)
      let target = try CVPixelBufferTests.make(4, 4, kCVPixelFormatType_32BGRA)
      CIContext().render(output, to: target)
      let got = try Self.pixel(target, 1, 1)
      #expect(abs(got[0] - 63) <= 1 && abs(got[1] - 127) <= 1 && abs(got[2] - 191) <= 1, "\(got)")
    }
    let short = try #require(CIFilter(name: "CIColorCube"))
    short.setValue(CIImage(cvPixelBuffer: source), forKey: kCIInputImageKey)
    short.setValue(side, forKey: "inputCubeDimension")
    short.setValue(data.prefix(64), forKey: "inputCubeData")
    #expect(short.outputImage == nil, "a table of the wrong size gives no output")
  }

  @Test func aValueOfTheWrongKindGivesNoOutput() throws {
    let filter = try #require(CIFilter(name: "CIGaussianBlur"))
    filter.setValue(CIImage(color: .red), forKey: kCIInputImageKey)
    filter.setValue("ten", forKey: kCIInputRadiusKey)
    #expect(filter.outputImage == nil)
    filter.setValue(4, forKey: kCIInputRadiusKey)
    #expect(filter.outputImage != nil)
  }

  @Test("applyingCIFiltersWithHandler: every frame filtered, at its time, and exported")
  func filteringHandlerExport() async throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.flatClip(
      "flat.mp4", in: folder, color: "0x4080C0", seconds: 0.5, rate: 10)
    let asset = AVURLAsset(url: clip)
    let times = Mutex<[Double]>([])
    let composition = AVMutableVideoComposition(asset: asset) { request in
      times.withLock { $0.append(request.compositionTime.seconds) }
      let toned = request.sourceImage.applyingFilter(
        "CISepiaTone", parameters: [kCIInputIntensityKey: 1.0])
      request.finish(with: toned, context: nil)
    }
    #expect(composition.renderSize == CGSize(width: 320, height: 240))
    let session = try #require(
      AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality))
    session.videoComposition = composition
    let output = folder.appendingPathComponent("sepia.mp4")
    try await session.export(to: output, as: .mp4)
    #expect(session.status == .completed)
    #expect(times.withLock { $0 } == [0, 0.1, 0.2, 0.3, 0.4])
    let frames = try AVTestMedia.frames(output)
    #expect(frames.count == 5)
    let want = Self.sepia(0x40, 0x80, 0xC0, intensity: 1)
    for frame in frames {
      let (r, g, b) = frame[160, 120]
      #expect(
        abs(r - want[0]) <= 4 && abs(g - want[1]) <= 4 && abs(b - want[2]) <= 4,
        "\(r) \(g) \(b) for \(want)")
    }
  }

  @Test("a handler that finishes with an error fails the export with it")
  func filteringHandlerError() async throws {
    let folder = try AVTestMedia.folder()
    let clip = try AVTestMedia.flatClip(
      "flat.mp4", in: folder, color: "gray", seconds: 0.3, rate: 10)
    let asset = AVURLAsset(url: clip)
    let composition = AVVideoComposition(asset: asset) { request in
      request.finish(
        with: NSError(
          domain: "LookTest", code: 7, userInfo: [NSLocalizedDescriptionKey: "no look today"]))
    }
    let session = try #require(
      AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality))
    session.videoComposition = composition
    let output = folder.appendingPathComponent("failed.mp4")
    await #expect(throws: (any Error).self) { try await session.export(to: output, as: .mp4) }
    #expect(session.status == .failed)
    #expect("\(session.error.map { "\($0)" } ?? "")".contains("no look today"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }
}
