import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// A filter of an app's own, in the shape of Apple's WWDC20 HDR samples: its own input
/// properties (without `@objc`, which Linux Swift lacks), a colour kernel from source, and its
/// own `outputImage`.
final class ThresholdFilter: CIFilter, @unchecked Sendable {
  var inputImage: CIImage?
  var inputThreshold: Float = 0.5

  static let kernel = CIColorKernel(
    source: """
      kernel vec4 threshold(__sample s, float threshold) {
        vec3 c = unpremultiply(s).rgb;
        float luma = dot(c, vec3(0.2126, 0.7152, 0.0722));
        return premultiply(vec4(vec3(step(threshold, luma)), s.a));
      }
      """)

  override var outputImage: CIImage? {
    guard let inputImage, let kernel = Self.kernel else { return nil }
    return kernel.apply(extent: inputImage.extent, arguments: [inputImage, inputThreshold])
  }
}

/// A subclass that adds an initializer, as real code does (and so needs `init?(coder:)`).
final class NamedFilter: CIFilter, @unchecked Sendable {
  let label: String

  init(label: String) {
    self.label = label
    super.init()
  }

  required init?(coder: NSCoder) { nil }
}

@Suite("Core Image kernels, filter subclasses and render destinations")
struct CoreImageKernelTests {
  /// A BGRA buffer whose pixel (x, y) is (blue, green, red) = (40, 8·y, 16·x), opaque.
  static func gradient(_ width: Int = 16, _ height: Int = 8) throws -> CVPixelBuffer {
    let buffer = try CVPixelBufferTests.make(width, height, kCVPixelFormatType_32BGRA)
    CVPixelBufferLockBaseAddress(buffer, [])
    defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
    let base = try #require(CVPixelBufferGetBaseAddress(buffer)).assumingMemoryBound(to: UInt8.self)
    let row = CVPixelBufferGetBytesPerRow(buffer)
    for y in 0..<height {
      for x in 0..<width {
        let p = base + y * row + 4 * x
        (p[0], p[1], p[2], p[3]) = (40, UInt8(8 * y), UInt8(16 * x), 255)
      }
    }
    return buffer
  }

  static func render(_ image: CIImage, width: Int = 16, height: Int = 8) throws -> CVPixelBuffer {
    let target = try CVPixelBufferTests.make(width, height, kCVPixelFormatType_32BGRA)
    CIContext().render(image, to: target)
    return target
  }

  @Test func aFilterSubclassWithItsOwnOutputImageRunsItsColorKernel() throws {
    let filter = ThresholdFilter()
    filter.inputImage = CIImage(cvPixelBuffer: try Self.gradient())
    filter.inputThreshold = 0.25
    #expect(filter.name == "ThresholdFilter")
    #expect(Set(filter.inputKeys) == ["inputImage", "inputThreshold"])
    #expect(filter.value(forKey: "inputThreshold") as? Float == 0.25)
    let output = try #require(filter.outputImage)
    #expect(output.extent == CGRect(x: 0, y: 0, width: 16, height: 8))
    let result = try Self.render(output)
    for (x, y) in [(0, 0), (5, 3), (15, 7), (9, 1), (12, 6)] {
      // The kernel's maths on linear light: luma of the linear colour against 0.25.
      let linear = [16 * x, 8 * y, 40].map { Self.linear(Double($0) / 255) }
      let luma = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
      let level = luma >= 0.25 ? 255 : 0
      #expect(try CoreImageTests.pixel(result, x, y) == [level, level, level, 255], "(\(x), \(y))")
    }
    // A subclass of its own with an added initializer and the required decoder.
    #expect(NamedFilter(label: "x").outputImage == nil)
    #expect(NamedFilter(label: "x").label == "x")
  }

  static func linear(_ encoded: Double) -> Double {
    encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
  }

  @Test func generalAndWarpKernelsReadThroughTheirRegionOfInterest() throws {
    let image = CIImage(cvPixelBuffer: try Self.gradient())
    let kernels = try #require(
      CIKernel.makeKernels(
        source: """
          kernel vec4 below(sampler image) {
            return sample(image, samplerCoord(image) + vec2(0.0, -1.0));
          }
          kernel vec2 mirror(float width) {
            return vec2(width - destCoord().x, destCoord().y);
          }
          kernel vec4 invert(__sample s) { return vec4(s.a - s.rgb, s.a); }
          """))
    #expect(kernels.map(\.name) == ["below", "mirror", "invert"])
    #expect(
      !(kernels[0] is CIColorKernel) && kernels[1] is CIWarpKernel && kernels[2] is CIColorKernel)
    // y up: the pixel below in Core Image's plane is the next row down in the buffer.
    let shifted = try #require(
      kernels[0].apply(
        extent: image.extent, roiCallback: { _, rect in rect.insetBy(dx: 0, dy: -1) },
        arguments: [image]))
    let down = try Self.render(shifted)
    #expect(try CoreImageTests.pixel(down, 3, 2) == [40, 24, 48, 255])
    let warp = try #require(kernels[1] as? CIWarpKernel)
    let mirrored = try #require(
      warp.apply(
        extent: image.extent, roiCallback: { _, _ in image.extent }, image: image,
        arguments: [16]))
    #expect(try CoreImageTests.pixel(try Self.render(mirrored), 2, 5) == [40, 40, 208, 255])
    // A warp kernel without its image, and arguments that do not fit, give nil.
    #expect(warp.apply(extent: image.extent, roiCallback: { _, r in r }, arguments: [16]) == nil)
    #expect((kernels[2] as? CIColorKernel)?.apply(extent: image.extent, arguments: [1.0]) == nil)
  }

  @Test func badSourceAndMetalKernelsFailNamingWhy() {
    #expect(CIColorKernel(source: "kernel vec4 k(__sample s) { return s.rgbz; }") == nil)
    #expect(CIKernel.makeKernels(source: "kernel vec4 k(") == nil)
    // A general kernel is not a colour kernel; a vec4 kernel is not a warp kernel.
    #expect(
      CIColorKernel(source: "kernel vec4 k(sampler s) { return sample(s, destCoord()); }") == nil)
    #expect(CIWarpKernel(source: "kernel vec4 k(__sample s) { return s; }") == nil)
    #expect(CIBlendKernel(source: "kernel vec4 k(__sample s) { return s; }") == nil)
    do {
      _ = try CIColorKernel(functionName: "myKernel", fromMetalLibraryData: Data())
      Issue.record("a Metal kernel cannot be made")
    } catch {
      #expect("\(error)".contains("myKernel") && "\(error)".contains("Metal"))
    }
  }

  @Test func aBlendKernelBlendsForegroundOverBackground() throws {
    let kernel = try #require(
      CIBlendKernel(
        source: "kernel vec4 multiply(__sample s, __sample d) { return vec4(s.rgb * d.rgb, 1.0); }")
    )
    let image = CIImage(cvPixelBuffer: try Self.gradient())
    let grey = CIImage(color: CIColor(red: 0.5, green: 0.5, blue: 0.5)).cropped(to: image.extent)
    let blended = try #require(kernel.apply(foreground: image, background: grey))
    let pixel = try CoreImageTests.pixel(try Self.render(blended), 10, 4)
    // Linear light: each channel times linear 0.5-encoded grey (0.214), back to encoded.
    let grey8 = Self.linear(0.5)
    let expected = [40, 32, 160].map {
      Int((Self.encoded(Self.linear(Double($0) / 255) * grey8) * 255).rounded())
    }
    #expect(
      zip(pixel.prefix(3), expected).allSatisfy { abs($0 - $1) <= 1 }, "\(pixel) vs \(expected)")
  }

  static func encoded(_ linear: Double) -> Double {
    linear <= 0.0031308 ? linear * 12.92 : 1.055 * pow(linear, 1 / 2.4) - 0.055
  }

  @Test func renderDestinationsFillPixelBuffersAndBitmaps() throws {
    let image = CIImage(cvPixelBuffer: try Self.gradient())
    let context = CIContext()
    let target = try CVPixelBufferTests.make(16, 8, kCVPixelFormatType_32BGRA)
    let destination = CIRenderDestination(pixelBuffer: target)
    let info = try context.startTask(toRender: image, to: destination).waitUntilCompleted()
    #expect(info.pixelsProcessed == 128)
    #expect(try CoreImageTests.pixel(target, 7, 3) == [40, 24, 112, 255])
    // Flipped: row 0 of the destination is the image's bottom row.
    destination.isFlipped = true
    try context.startTask(toRender: image, to: destination).waitUntilCompleted()
    #expect(try CoreImageTests.pixel(target, 7, 3) == [40, 32, 112, 255])
    // An RGBA8 bitmap in memory, 80 bytes a row.
    var bytes = [UInt8](repeating: 0, count: 80 * 8)
    try bytes.withUnsafeMutableBytes { memory in
      let bitmap = CIRenderDestination(
        bitmapData: memory.baseAddress!, width: 16, height: 8, bytesPerRow: 80, format: .RGBA8)
      try context.startTask(toRender: image, to: bitmap).waitUntilCompleted()
    }
    #expect(Array(bytes[(3 * 80 + 28)..<(3 * 80 + 32)]) == [112, 24, 40, 255])
    // A format Reel does not write is refused by name.
    #expect(throws: CIRenderError.self) {
      try bytes.withUnsafeMutableBytes { memory in
        let bitmap = CIRenderDestination(
          bitmapData: memory.baseAddress!, width: 16, height: 8, bytesPerRow: 80, format: .RGBAf)
        try context.startTask(toRender: image, to: bitmap)
      }
    }
  }

  // MARK: Pixel formats against FFmpeg

  /// The raw bytes of each plane of `buffer`, rows without padding.
  static func planes(_ buffer: CVPixelBuffer, bytesPerSample: Int) -> [[UInt8]] {
    CVPixelBufferLockBaseAddress(buffer, .readOnly)
    defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
    if !CVPixelBufferIsPlanar(buffer) {
      let base = CVPixelBufferGetBaseAddress(buffer)!.assumingMemoryBound(to: UInt8.self)
      let row = CVPixelBufferGetBytesPerRow(buffer)
      return [
        (0..<CVPixelBufferGetHeight(buffer)).flatMap { y in
          Array(
            UnsafeBufferPointer(
              start: base + y * row, count: CVPixelBufferGetWidth(buffer) * bytesPerSample))
        }
      ]
    }
    return (0..<CVPixelBufferGetPlaneCount(buffer)).map { plane in
      let base = CVPixelBufferGetBaseAddressOfPlane(buffer, plane)!.assumingMemoryBound(
        to: UInt8.self)
      let row = CVPixelBufferGetBytesPerRowOfPlane(buffer, plane)
      let width =
        CVPixelBufferGetWidthOfPlane(buffer, plane) * bytesPerSample * (plane == 0 ? 1 : 2)
      return (0..<CVPixelBufferGetHeightOfPlane(buffer, plane)).flatMap { y in
        Array(UnsafeBufferPointer(start: base + y * row, count: width))
      }
    }
  }

  /// 16-bit little-endian samples, each shifted down to its 10-bit value.
  static func tenBit(_ bytes: [UInt8]) -> [Int] {
    stride(from: 0, to: bytes.count, by: 2).map { (Int(bytes[$0]) | Int(bytes[$0 + 1]) << 8) >> 6 }
  }

  @Test(arguments: [
    (kCVPixelFormatType_420YpCbCr10BiPlanarVideoRange, "p010le", "tv"),
    (kCVPixelFormatType_420YpCbCr10BiPlanarFullRange, "p010le", "pc"),
    (kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange, "p210le", "tv"),
  ])
  func tenBitBuffersMatchFFmpeg(format: OSType, ffmpegFormat: String, range: String) throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-10bit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try Self.gradient()
    // FFmpeg converts the same RGB (BT.601, the matrix of this size) to the 10-bit format.
    let rgb = Self.planes(source, bytesPerSample: 4)[0]
    try Data(rgb).write(to: folder.appendingPathComponent("in.bgra"))
    try TestSupport.ffmpeg([
      "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "16x8", "-i",
      folder.appendingPathComponent("in.bgra").path, "-vf",
      "scale=out_color_matrix=bt601:out_range=\(range):flags=accurate_rnd+full_chroma_int",
      "-pix_fmt", ffmpegFormat, "-f", "rawvideo", folder.appendingPathComponent("out.yuv").path,
    ])
    let oracle = Self.tenBit(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.yuv"))))
    // Reel: Core Image renders the RGB into the 10-bit buffer.
    let target = try CVPixelBufferTests.make(16, 8, format)
    CIContext().render(CIImage(cvPixelBuffer: source), to: target)
    let made = Self.planes(target, bytesPerSample: 2)
    let luma = Self.tenBit(made[0])
    let chroma = Self.tenBit(made[1])
    #expect(luma.count + chroma.count == oracle.count)
    let lumaError = zip(luma, oracle).map { abs($0 - $1) }.max() ?? 0
    let chromaError = zip(chroma, oracle.dropFirst(luma.count)).map { abs($0 - $1) }.max() ?? 0
    // Luma within 2 of 1023 (FFmpeg's fixed-point coefficients); chroma within 6 (its
    // subsampling filter against Reel's block mean, on a gradient).
    #expect(lumaError <= 2, "luma differs by \(lumaError)")
    #expect(chromaError <= 6, "chroma differs by \(chromaError)")
    // And back: FFmpeg's 10-bit picture read by Core Image gives the RGB within 2 levels.
    let read = try CVPixelBufferTests.make(16, 8, format)
    CVPixelBufferLockBaseAddress(read, [])
    let oracleBytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.yuv")))
    var offset = 0
    for plane in 0..<2 {
      let base = CVPixelBufferGetBaseAddressOfPlane(read, plane)!.assumingMemoryBound(
        to: UInt8.self)
      let row = CVPixelBufferGetBytesPerRowOfPlane(read, plane)
      let width = CVPixelBufferGetWidthOfPlane(read, plane) * (plane == 0 ? 2 : 4)
      for y in 0..<CVPixelBufferGetHeightOfPlane(read, plane) {
        for x in 0..<width { base[y * row + x] = oracleBytes[offset + x] }
        offset += width
      }
    }
    CVPixelBufferUnlockBaseAddress(read, [])
    let back = try Self.render(CIImage(cvPixelBuffer: read))
    // Chroma is shared by each 2×2 (4:2:0) or 2×1 (4:2:2) block, so single pixels of a steep
    // gradient differ by up to half a block's change; each block's mean colour must come back.
    let blockHeight = format == kCVPixelFormatType_422YpCbCr10BiPlanarVideoRange ? 1 : 2
    var worst = 0
    for blockY in stride(from: 0, to: 8, by: blockHeight) {
      for blockX in stride(from: 0, to: 16, by: 2) {
        var made = [0, 0, 0]
        var wanted = [0, 0, 0]
        for y in blockY..<(blockY + blockHeight) {
          for x in blockX..<(blockX + 2) {
            let pixel = try CoreImageTests.pixel(back, x, y)
            for channel in 0..<3 { made[channel] += pixel[channel] }
            wanted[0] += 40
            wanted[1] += 8 * y
            wanted[2] += 16 * x
          }
        }
        let count = 2 * blockHeight
        for channel in 0..<3 {
          worst = max(worst, abs(made[channel] - wanted[channel]) / count)
        }
      }
    }
    #expect(worst <= 2, "RGB read back differs by \(worst) levels (block means)")
  }

  @Test func rgbaBuffersHoldRedGreenBlueAlphaAsFFmpegsRGBA() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-rgba")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try Self.gradient()
    try Data(Self.planes(source, bytesPerSample: 4)[0]).write(
      to: folder.appendingPathComponent("in.bgra"))
    try TestSupport.ffmpeg([
      "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "16x8", "-i",
      folder.appendingPathComponent("in.bgra").path, "-pix_fmt", "rgba", "-f", "rawvideo",
      folder.appendingPathComponent("out.rgba").path,
    ])
    let oracle = [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.rgba")))
    let target = try CVPixelBufferTests.make(16, 8, kCVPixelFormatType_32RGBA)
    CIContext().render(CIImage(cvPixelBuffer: source), to: target)
    #expect(CVPixelBufferGetPixelFormatType(target) == kCVPixelFormatType_32RGBA)
    #expect(Self.planes(target, bytesPerSample: 4)[0] == oracle)
    // And an RGBA buffer reads back as the same picture.
    let again = try Self.render(CIImage(cvPixelBuffer: target))
    #expect(Self.planes(again, bytesPerSample: 4)[0] == Self.planes(source, bytesPerSample: 4)[0])
  }
}
