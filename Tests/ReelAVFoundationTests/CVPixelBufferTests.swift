import AVFoundationCompat
import Foundation
import Reel
import Testing

@testable import ReelAVFoundation

@Suite("CoreVideo pixel buffers")
struct CVPixelBufferTests {
  static func make(_ width: Int, _ height: Int, _ format: OSType, _ attributes: CFDictionary? = nil)
    throws -> CVPixelBuffer
  {
    var buffer: CVPixelBuffer?
    let status = CVPixelBufferCreate(
      kCFAllocatorDefault, width, height, format, attributes, &buffer)
    #expect(status == kCVReturnSuccess)
    return try #require(buffer)
  }

  @Test("A BGRA buffer is a Reel image: 64-byte rows, writes through the base address reach it")
  func bgraSharesTheImage() throws {
    let attributes =
      [
        kCVPixelBufferCGImageCompatibilityKey: kCFBooleanTrue,
        kCVPixelBufferCGBitmapContextCompatibilityKey: kCFBooleanTrue,
      ] as CFDictionary
    let buffer = try Self.make(100, 30, kCVPixelFormatType_32BGRA, attributes)
    #expect(CVPixelBufferGetWidth(buffer) == 100)
    #expect(CVPixelBufferGetHeight(buffer) == 30)
    #expect(CVPixelBufferGetPixelFormatType(buffer) == kCVPixelFormatType_32BGRA)
    #expect(CVPixelBufferGetPlaneCount(buffer) == 0)
    #expect(!CVPixelBufferIsPlanar(buffer))
    let row = CVPixelBufferGetBytesPerRow(buffer)
    #expect(row >= 400 && row % 64 == 0)
    #expect(CVPixelBufferGetDataSize(buffer) == row * 30)
    #expect(CVPixelBufferLockBaseAddress(buffer, []) == kCVReturnSuccess)
    let base = try #require(CVPixelBufferGetBaseAddress(buffer))
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    bytes[7 * row + 4 * 9 + 0] = 10
    bytes[7 * row + 4 * 9 + 1] = 20
    bytes[7 * row + 4 * 9 + 2] = 30
    bytes[7 * row + 4 * 9 + 3] = 255
    #expect(CVPixelBufferUnlockBaseAddress(buffer, []) == kCVReturnSuccess)
    guard case .bgra(let image) = try buffer.videoPicture() else {
      Issue.record("a BGRA buffer should hand over an image")
      return
    }
    #expect(image[x: 9, y: 7] == BGRA(blue: 10, green: 20, red: 30, alpha: 255))
    // The same memory: the base address is the image's own.
    #expect(CVPixelBufferLockBaseAddress(buffer, .readOnly) == kCVReturnSuccess)
    let again = CVPixelBufferGetBaseAddress(buffer)
    image.withUnsafeBytes { #expect(UnsafeRawPointer(again) == $0.baseAddress) }
    #expect(CVPixelBufferUnlockBaseAddress(buffer, .readOnly) == kCVReturnSuccess)
    // Unbalanced unlock is an error.
    #expect(CVPixelBufferUnlockBaseAddress(buffer, []) == kCVReturnError)
  }

  @Test("ARGB buffers hold A, R, G, B bytes and convert to Reel's BGRA")
  func argbOrder() throws {
    let buffer = try Self.make(4, 2, kCVPixelFormatType_32ARGB)
    _ = CVPixelBufferLockBaseAddress(buffer, [])
    let bytes = try #require(CVPixelBufferGetBaseAddress(buffer)).assumingMemoryBound(
      to: UInt8.self)
    let row = CVPixelBufferGetBytesPerRow(buffer)
    for (offset, value) in [255, 200, 100, 50].enumerated() {
      bytes[row + 8 + offset] = UInt8(value)
    }
    _ = CVPixelBufferUnlockBaseAddress(buffer, [])
    guard case .bgra(let image) = try buffer.videoPicture() else {
      Issue.record("ARGB converts to an image")
      return
    }
    #expect(image[x: 2, y: 1] == BGRA(blue: 50, green: 100, red: 200, alpha: 255))
    // And back.
    let back = try CVBuffer.make(layout: .argb, from: .bgra(image)).get()
    _ = CVPixelBufferLockBaseAddress(back, .readOnly)
    let read = try #require(CVPixelBufferGetBaseAddress(back)).assumingMemoryBound(to: UInt8.self)
    let backRow = CVPixelBufferGetBytesPerRow(back)
    #expect((0..<4).map { read[backRow + 8 + $0] } == [255, 200, 100, 50])
    _ = CVPixelBufferUnlockBaseAddress(back, .readOnly)
  }

  @Test("NV12 buffers: two planes, chroma interleaved, full range converted to video range")
  func biPlanar() throws {
    let buffer = try Self.make(6, 4, kCVPixelFormatType_420YpCbCr8BiPlanarFullRange)
    #expect(CVPixelBufferGetPlaneCount(buffer) == 2)
    #expect(CVPixelBufferGetWidthOfPlane(buffer, 0) == 6)
    #expect(CVPixelBufferGetHeightOfPlane(buffer, 0) == 4)
    #expect(CVPixelBufferGetWidthOfPlane(buffer, 1) == 3)
    #expect(CVPixelBufferGetHeightOfPlane(buffer, 1) == 2)
    #expect(CVPixelBufferGetBaseAddressOfPlane(buffer, 2) == nil)
    _ = CVPixelBufferLockBaseAddress(buffer, [])
    let luma = try #require(CVPixelBufferGetBaseAddressOfPlane(buffer, 0)).assumingMemoryBound(
      to: UInt8.self)
    let chroma = try #require(CVPixelBufferGetBaseAddressOfPlane(buffer, 1)).assumingMemoryBound(
      to: UInt8.self)
    let lumaRow = CVPixelBufferGetBytesPerRowOfPlane(buffer, 0)
    let chromaRow = CVPixelBufferGetBytesPerRowOfPlane(buffer, 1)
    luma[lumaRow * 2 + 3] = 255
    luma[0] = 0
    chroma[chromaRow + 2 * 1] = 0  // Cb of block (1, 1)
    chroma[chromaRow + 2 * 1 + 1] = 255  // Cr of block (1, 1)
    _ = CVPixelBufferUnlockBaseAddress(buffer, [])
    guard case .yuv(let yuv) = try buffer.videoPicture() else {
      Issue.record("NV12 converts to a 4:2:0 picture")
      return
    }
    #expect(yuv.luma(x: 3, y: 2) == 235)
    #expect(yuv.luma(x: 0, y: 0) == 16)
    #expect(yuv.luma(x: 1, y: 0) == 16)  // full-range black
    let block = yuv.chroma(x: 2, y: 2)
    #expect(block.cb == 16 && block.cr == 240)
    #expect(yuv.chroma(x: 0, y: 0).cb == 128)
  }

  @Test("Pools make buffers of their attributes; attachments tag the matrix")
  func poolsAndAttachments() throws {
    let attributes: [String: Any] = [
      kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8Planar,
      kCVPixelBufferWidthKey as String: 64,
      kCVPixelBufferHeightKey as String: 48,
    ]
    var pool: CVPixelBufferPool?
    #expect(
      CVPixelBufferPoolCreate(nil, nil, attributes as CFDictionary, &pool) == kCVReturnSuccess)
    var buffer: CVPixelBuffer?
    #expect(
      CVPixelBufferPoolCreatePixelBuffer(nil, try #require(pool), &buffer) == kCVReturnSuccess)
    let made = try #require(buffer)
    #expect(CVPixelBufferGetPixelFormatType(made) == kCVPixelFormatType_420YpCbCr8Planar)
    #expect(CVPixelBufferGetPlaneCount(made) == 3)
    #expect(CVPixelBufferGetWidth(made) == 64)
    CVBufferSetAttachment(
      made, kCVImageBufferYCbCrMatrixKey, kCVImageBufferYCbCrMatrix_ITU_R_709_2, .shouldPropagate)
    var mode = CVAttachmentMode.shouldNotPropagate
    let value = CVBufferGetAttachment(made, kCVImageBufferYCbCrMatrixKey, &mode)?
      .takeUnretainedValue()
    #expect((value as? NSString).map(String.init) == "ITU_R_709_2")
    #expect(mode == .shouldPropagate)
    guard case .yuv(let yuv) = try made.videoPicture() else {
      Issue.record("a planar buffer hands over a 4:2:0 picture")
      return
    }
    #expect(yuv.matrix == .bt709)

    var missing: CVPixelBufferPool?
    #expect(
      CVPixelBufferPoolCreate(nil, nil, [kCVPixelBufferWidthKey: 4] as CFDictionary, &missing)
        == kCVReturnInvalidPixelBufferAttributes)
    var unsupported: CVPixelBuffer?
    #expect(
      CVPixelBufferCreate(nil, 4, 4, kCVPixelFormatType_24RGB, nil, &unsupported)
        == kCVReturnInvalidPixelFormat)
    #expect(unsupported == nil)
  }

  @Test("CGContext over a locked BGRA pixel buffer draws into its memory")
  func contextDrawsIntoBGRABuffer() throws {
    let buffer = try Self.make(40, 20, kCVPixelFormatType_32BGRA)
    _ = CVPixelBufferLockBaseAddress(buffer, [])
    let context = try #require(
      CGContext(
        data: CVPixelBufferGetBaseAddress(buffer), width: 40, height: 20, bitsPerComponent: 8,
        bytesPerRow: CVPixelBufferGetBytesPerRow(buffer), space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
          | CGBitmapInfo.byteOrder32Little.rawValue))
    context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.fill(CGRect(x: 0, y: 0, width: 40, height: 20))
    context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    // y-up: the bottom 10 rows.
    context.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
    let row = CVPixelBufferGetBytesPerRow(buffer)
    let bytes = try #require(CVPixelBufferGetBaseAddress(buffer)).assumingMemoryBound(
      to: UInt8.self)
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { bytes[y * row + 4 * x + $0] } }
    #expect(pixel(30, 2) == [0, 0, 255, 255])
    #expect(pixel(5, 15) == [255, 0, 0, 255])
    #expect(pixel(25, 15) == [0, 0, 255, 255])
    _ = CVPixelBufferUnlockBaseAddress(buffer, [])
  }

  @Test("CGContext over ARGB memory (premultipliedFirst, big-endian) and skipped alpha")
  func contextDrawsIntoARGBMemory() throws {
    let width = 8
    let height = 4
    let row = width * 4
    var memory = [UInt8](repeating: 7, count: row * height)
    try memory.withUnsafeMutableBytes { raw in
      let context = try #require(
        CGContext(
          data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8,
          bytesPerRow: row, space: CGColorSpaceCreateDeviceRGB(),
          bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue))
      context.setFillColor(red: 0, green: 1, blue: 0, alpha: 0.5)
      context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
    }
    // Left half: 50 % green over the opaque (7, 7, 7) start; right half untouched.
    let left = Array(memory[0..<4])
    #expect(left[0] == 255)
    #expect(abs(Int(left[1]) - 4) <= 1)
    #expect(abs(Int(left[2]) - 131) <= 1)
    #expect(abs(Int(left[3]) - 4) <= 1)
    #expect(Array(memory[20..<24]) == [255, 7, 7, 7])

    var rgba = [UInt8](repeating: 0, count: row * height)
    try rgba.withUnsafeMutableBytes { raw in
      let context = try #require(
        CGContext(
          data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8,
          bytesPerRow: row, space: CGColorSpaceCreateDeviceRGB(),
          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
            | CGBitmapInfo.byteOrder32Big.rawValue))
      context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
      context.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
    }
    #expect(rgba[0] == 255 && rgba[1] == 255 && abs(Int(rgba[2]) - 128) <= 1 && rgba[3] == 0)
  }

  /// Apple's "Create" functions write their result into the caller's memory without reading
  /// it, so code that hands over freshly allocated memory (`allocate(capacity: 1)`, as
  /// TimeLapseBuilder-style slideshow code does) works: the old bytes are never released.
  @Test func createFunctionsWriteIntoUninitialisedMemory() throws {
    let attributes: [String: Any] = [
      kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_32BGRA,
      kCVPixelBufferWidthKey as String: 16,
      kCVPixelBufferHeightKey as String: 8,
    ]
    let poolOut = UnsafeMutablePointer<CVPixelBufferPool?>.allocate(capacity: 1)
    let bufferOut = UnsafeMutablePointer<CVPixelBuffer?>.allocate(capacity: 1)
    let sampleOut = UnsafeMutablePointer<CMSampleBuffer?>.allocate(capacity: 1)
    defer {
      for raw in [UnsafeMutableRawPointer(poolOut), .init(bufferOut), .init(sampleOut)] {
        raw.deallocate()
      }
    }
    // What an uninitialised allocation may hold: a pointer-sized pattern that is no object.
    for raw in [UnsafeMutableRawPointer(poolOut), .init(bufferOut), .init(sampleOut)] {
      raw.storeBytes(of: 0xDEAD_BEEF_DEAD_BEE0 as UInt64, as: UInt64.self)
    }
    #expect(
      CVPixelBufferPoolCreate(nil, nil, attributes as CFDictionary, poolOut) == kCVReturnSuccess)
    let pool = try #require(poolOut.move())
    #expect(CVPixelBufferPoolCreatePixelBuffer(nil, pool, bufferOut) == kCVReturnSuccess)
    let buffer = try #require(bufferOut.move())
    #expect(CVPixelBufferGetWidth(buffer) == 16)
    var format: CMFormatDescription?
    #expect(
      CMVideoFormatDescriptionCreateForImageBuffer(
        allocator: nil, imageBuffer: buffer, formatDescriptionOut: &format) == noErr)
    var timing = CMSampleTimingInfo(
      duration: CMTime(value: 1, timescale: 30), presentationTimeStamp: .zero,
      decodeTimeStamp: .invalid)
    #expect(
      CMSampleBufferCreateReadyWithImageBuffer(
        allocator: nil, imageBuffer: buffer, formatDescription: try #require(format),
        sampleTiming: &timing, sampleBufferOut: sampleOut) == noErr)
    let sample = try #require(sampleOut.move())
    #expect(CMSampleBufferGetImageBuffer(sample) === buffer)
  }
}
