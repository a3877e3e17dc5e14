import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// Pixel buffers of another size than the writer input's are scaled by `AVVideoScalingModeKey`,
/// and a failed writer still reaches `finishWriting`'s handler. Checked with ffmpeg.
@Suite("AVAssetWriter scaling", .serialized)
struct AVAssetWriterScalingTests {
  /// A 160×120 buffer in `format`: the top 30 rows green, below them the left half red and
  /// the right half blue.
  static func bandedBuffer(_ format: OSType = kCVPixelFormatType_32ARGB) throws -> CVPixelBuffer {
    var made: CVPixelBuffer?
    #expect(CVPixelBufferCreate(nil, 160, 120, format, nil, &made) == kCVReturnSuccess)
    let buffer = try #require(made)
    CVPixelBufferLockBaseAddress(buffer, [])
    let info =
      format == kCVPixelFormatType_32BGRA
      ? CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
      : CGImageAlphaInfo.premultipliedFirst.rawValue
    let context = try #require(
      CGContext(
        data: CVPixelBufferGetBaseAddress(buffer), width: 160, height: 120, bitsPerComponent: 8,
        bytesPerRow: CVPixelBufferGetBytesPerRow(buffer), space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: info))
    // y-up: the top 30 rows are y 90…120.
    context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
    context.fill(CGRect(x: 0, y: 90, width: 160, height: 30))
    context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    context.fill(CGRect(x: 0, y: 0, width: 80, height: 90))
    context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
    context.fill(CGRect(x: 80, y: 0, width: 80, height: 90))
    CVPixelBufferUnlockBaseAddress(buffer, [])
    return buffer
  }

  /// The banded picture as limited-range BT.601 NV12 (Y′CbCr of pure green, red, blue).
  static func bandedBiPlanarBuffer() throws -> CVPixelBuffer {
    var made: CVPixelBuffer?
    #expect(
      CVPixelBufferCreate(
        nil, 160, 120, kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange, nil, &made)
        == kCVReturnSuccess)
    let buffer = try #require(made)
    CVBufferSetAttachment(
      buffer, kCVImageBufferYCbCrMatrixKey, kCVImageBufferYCbCrMatrix_ITU_R_601_4,
      .shouldPropagate)
    CVPixelBufferLockBaseAddress(buffer, [])
    let luma = try #require(CVPixelBufferGetBaseAddressOfPlane(buffer, 0))
      .assumingMemoryBound(to: UInt8.self)
    let chroma = try #require(CVPixelBufferGetBaseAddressOfPlane(buffer, 1))
      .assumingMemoryBound(to: UInt8.self)
    let lumaRow = CVPixelBufferGetBytesPerRowOfPlane(buffer, 0)
    let chromaRow = CVPixelBufferGetBytesPerRowOfPlane(buffer, 1)
    // BT.601 limited range: green (145, 54, 34), red (81, 90, 240), blue (41, 240, 110).
    func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
      y < 30 ? (145, 54, 34) : x < 80 ? (81, 90, 240) : (41, 240, 110)
    }
    for y in 0..<120 {
      for x in 0..<160 { luma[y * lumaRow + x] = colour(x, y).0 }
    }
    for y in 0..<60 {
      for x in 0..<80 {
        let (_, cb, cr) = colour(2 * x, 2 * y)
        chroma[y * chromaRow + 2 * x] = cb
        chroma[y * chromaRow + 2 * x + 1] = cr
      }
    }
    CVPixelBufferUnlockBaseAddress(buffer, [])
    return buffer
  }

  /// Writes three copies of `buffer` into a 320×160 H.264 file with `mode` (nil: no key) and
  /// returns its first frame, decoded by ffmpeg.
  static func write(_ buffer: CVPixelBuffer, mode: String?) throws -> MediaOracle.RGBFrame {
    let output = try MediaOracle.folder().appendingPathComponent("scaled.mp4")
    var settings = AVAssetWriterTests.videoSettings(width: 320, height: 160)
    settings[AVVideoScalingModeKey] = mode
    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: settings)
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: input, sourcePixelBufferAttributes: nil)
    writer.add(input)
    #expect(writer.startWriting(), "\(String(describing: writer.error))")
    writer.startSession(atSourceTime: .zero)
    for index in 0..<3 {
      #expect(
        adaptor.append(buffer, withPresentationTime: CMTime(value: Int64(index), timescale: 10)),
        "\(String(describing: writer.error))")
    }
    input.markAsFinished()
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    done.wait()
    #expect(writer.status == .completed, "\(String(describing: writer.error))")
    #expect(try MediaOracle.videoSize(output) == (320, 160))
    return try #require(try MediaOracle.frames(output).first)
  }

  static func isColour(
    _ mean: (r: Double, g: Double, b: Double), _ expected: (Double, Double, Double)
  ) -> Bool {
    abs(mean.r - expected.0) < 24 && abs(mean.g - expected.1) < 24 && abs(mean.b - expected.2) < 24
  }

  static let red = (255.0, 0.0, 0.0)
  static let green = (0.0, 255.0, 0.0)
  static let blue = (0.0, 0.0, 255.0)
  static let black = (0.0, 0.0, 0.0)

  @Test("No key and AVVideoScalingModeResize stretch the whole buffer over the frame")
  func stretch() throws {
    for mode in [nil, AVVideoScalingModeResize] {
      let frame = try Self.write(try Self.bandedBuffer(), mode: mode)
      // Green band: 30 of 120 rows → 40 of 160; red/blue split at x = 160.
      #expect(Self.isColour(frame.mean(x: 8, y: 8, width: 300, height: 24), Self.green))
      #expect(Self.isColour(frame.mean(x: 8, y: 52, width: 140, height: 100), Self.red))
      #expect(Self.isColour(frame.mean(x: 172, y: 52, width: 140, height: 100), Self.blue))
    }
  }

  @Test("AVVideoScalingModeResizeAspect keeps the aspect with black bars left and right")
  func aspectFit() throws {
    let frame = try Self.write(try Self.bandedBuffer(), mode: AVVideoScalingModeResizeAspect)
    // ×4/3: 213×160 at x = 53…266.
    #expect(Self.isColour(frame.mean(x: 0, y: 0, width: 48, height: 160), Self.black))
    #expect(Self.isColour(frame.mean(x: 272, y: 0, width: 48, height: 160), Self.black))
    #expect(Self.isColour(frame.mean(x: 60, y: 4, width: 200, height: 32), Self.green))
    #expect(Self.isColour(frame.mean(x: 60, y: 50, width: 90, height: 100), Self.red))
    #expect(Self.isColour(frame.mean(x: 166, y: 50, width: 90, height: 100), Self.blue))
  }

  @Test("AVVideoScalingModeResizeAspectFill fills the frame and crops top and bottom")
  func aspectFill() throws {
    let frame = try Self.write(try Self.bandedBuffer(), mode: AVVideoScalingModeResizeAspectFill)
    // ×2: the middle 80 rows (20…100) are shown; the green band's last 10 rows → rows 0…20.
    #expect(Self.isColour(frame.mean(x: 8, y: 2, width: 300, height: 14), Self.green))
    #expect(Self.isColour(frame.mean(x: 8, y: 28, width: 140, height: 124), Self.red))
    #expect(Self.isColour(frame.mean(x: 172, y: 28, width: 140, height: 124), Self.blue))
  }

  @Test("AVVideoScalingModeFit does not enlarge: the buffer is centred on black")
  func fitWithoutEnlarging() throws {
    let frame = try Self.write(try Self.bandedBuffer(), mode: AVVideoScalingModeFit)
    // 160×120 at (80, 20).
    #expect(Self.isColour(frame.mean(x: 0, y: 0, width: 72, height: 160), Self.black))
    #expect(Self.isColour(frame.mean(x: 84, y: 0, width: 152, height: 16), Self.black))
    #expect(Self.isColour(frame.mean(x: 84, y: 24, width: 152, height: 22), Self.green))
    #expect(Self.isColour(frame.mean(x: 84, y: 56, width: 72, height: 80), Self.red))
    #expect(Self.isColour(frame.mean(x: 164, y: 56, width: 72, height: 80), Self.blue))
  }

  @Test("4:2:0 buffers are scaled too (NV12 stretched)")
  func biPlanarIsScaled() throws {
    let nv12 = try Self.bandedBiPlanarBuffer()
    let frame = try Self.write(nv12, mode: nil)
    #expect(Self.isColour(frame.mean(x: 8, y: 8, width: 300, height: 24), Self.green))
    #expect(Self.isColour(frame.mean(x: 8, y: 52, width: 140, height: 100), Self.red))
    #expect(Self.isColour(frame.mean(x: 172, y: 52, width: 140, height: 100), Self.blue))
  }

  @Test("An unknown AVVideoScalingModeKey value fails startWriting naming it")
  func unknownModeFails() throws {
    let output = try MediaOracle.folder().appendingPathComponent("refused.mp4")
    var settings = AVAssetWriterTests.videoSettings(width: 64, height: 64)
    settings[AVVideoScalingModeKey] = "Squash"
    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    #expect(!writer.canApply(outputSettings: settings, forMediaType: .video))
    writer.add(AVAssetWriterInput(mediaType: .video, outputSettings: settings))
    #expect(!writer.startWriting())
    let reason = (writer.error as NSError?)?.localizedFailureReason ?? ""
    #expect(reason.contains("Squash"), "\(reason)")
  }

  @Test(
    "AVCombine's pattern: small ARGB buffers into a large writer through requestMediaDataWhenReady")
  func requestLoopWithSmallBuffers() throws {
    let output = try MediaOracle.folder().appendingPathComponent("combine.mp4")
    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    let input = AVAssetWriterInput(
      mediaType: .video,
      outputSettings: [
        AVVideoCodecKey: AVVideoCodecType.h264, AVVideoWidthKey: 234, AVVideoHeightKey: 506,
      ])
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: input,
      sourcePixelBufferAttributes: [
        kCVPixelBufferPixelFormatTypeKey as String: NSNumber(value: kCVPixelFormatType_32ARGB)
      ])
    writer.add(input)
    #expect(writer.startWriting())
    writer.startSession(atSourceTime: .zero)
    let buffer = try Self.bandedBuffer()
    let done = DispatchSemaphore(value: 0)
    let frames = FrameCounter()
    input.requestMediaDataWhenReady(on: DispatchQueue(label: "combine")) {
      while frames.next < 5 {
        guard input.isReadyForMoreMediaData else { return }
        if adaptor.append(
          buffer, withPresentationTime: CMTime(value: Int64(frames.next), timescale: 5))
        {
          frames.next += 1
        }
      }
      input.markAsFinished()
      writer.finishWriting { done.signal() }
    }
    #expect(done.wait(timeout: .now() + 60) == .success)
    #expect(writer.status == .completed, "\(String(describing: writer.error))")
    #expect(try MediaOracle.videoSize(output) == (234, 506))
    #expect(try AVAssetWriterTests.frameTimes(output).count == 5)
  }

  @Test("After a failed append the request loop stops and finishWriting still calls back, failed")
  func failedWriterReachesCompletion() throws {
    let output = try MediaOracle.folder().appendingPathComponent("failed.mp4")
    let writer = try AVAssetWriter(outputURL: output, fileType: .mp4)
    let input = AVAssetWriterInput(
      mediaType: .video, outputSettings: AVAssetWriterTests.videoSettings(width: 64, height: 48))
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(
      assetWriterInput: input, sourcePixelBufferAttributes: nil)
    writer.add(input)
    #expect(writer.startWriting())
    writer.startSession(atSourceTime: .zero)
    let buffer = try CVPixelBufferTests.make(64, 48, kCVPixelFormatType_32BGRA)
    let calls = FrameCounter()
    let returned = DispatchSemaphore(value: 0)
    input.requestMediaDataWhenReady(on: DispatchQueue(label: "failing")) {
      calls.next += 1
      // The second frame repeats the first one's time: the writer fails on it.
      _ = adaptor.append(buffer, withPresentationTime: .zero)
      _ = adaptor.append(buffer, withPresentationTime: .zero)
      returned.signal()
    }
    #expect(returned.wait(timeout: .now() + 30) == .success)
    Thread.sleep(forTimeInterval: 0.2)
    #expect(calls.next == 1)
    #expect(writer.status == .failed)
    #expect(!input.isReadyForMoreMediaData)
    let done = DispatchSemaphore(value: 0)
    writer.finishWriting { done.signal() }
    #expect(done.wait(timeout: .now() + 30) == .success)
    #expect(writer.status == .failed)
    #expect(writer.error != nil)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }
}

/// A counter shared with a request block (read and written on one queue at a time).
final class FrameCounter: @unchecked Sendable {
  var next = 0
}
