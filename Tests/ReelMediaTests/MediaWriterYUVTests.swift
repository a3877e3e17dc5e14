import Foundation
import ReelMedia
import TestSupport
import Testing

/// `MediaWriter.appendVideo(_: YUVImage, at:)`: pictures in the writer's matrix go to the
/// encoder as they are; others are refused. Checked with ffmpeg's decode.
@Suite("Media writer Y′CbCr input")
struct MediaWriterYUVTests {
  static let thirtyFPS = Time(value: 1, timescale: 30)

  /// A picture whose luma is a diagonal ramp and whose chroma is two ramps, offset per frame.
  static func ramp(width: Int, height: Int, matrix: ColorMatrix, frame: Int) -> YUVImage {
    var picture = YUVImage(width: width, height: height, matrix: matrix)
    picture.withUnsafeMutablePlanes { planes in
      for y in 0..<height {
        for x in 0..<width {
          planes.luma[y * planes.lumaStride + x] = UInt8(32 + (x + y + frame) % 180)
        }
      }
      for y in 0..<(height + 1) / 2 {
        for x in 0..<(width + 1) / 2 {
          planes.cb[y * planes.chromaStride + x] = UInt8(64 + (x * 2) % 128)
          planes.cr[y * planes.chromaStride + x] = UInt8(64 + (y * 3) % 128)
        }
      }
    }
    return picture
  }

  static func decodedPlanes(_ url: URL) throws -> [UInt8] {
    [UInt8](
      try TestSupport.run(
        "ffmpeg",
        [
          "-v", "error", "-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p",
          "-",
        ]
      ).stdout)
  }

  static func packed(_ picture: YUVImage) -> [UInt8] {
    var bytes: [UInt8] = []
    picture.withUnsafePlanes { planes in
      for y in 0..<planes.height {
        bytes += UnsafeBufferPointer(
          start: planes.luma + y * planes.lumaStride, count: planes.width)
      }
      for plane in [planes.cb, planes.cr] {
        for y in 0..<(planes.height + 1) / 2 {
          bytes += UnsafeBufferPointer(
            start: plane + y * planes.chromaStride, count: (planes.width + 1) / 2)
        }
      }
    }
    return bytes
  }

  @Test func picturesInTheWritersMatrixAreEncodedAsTheyAre() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("yuv.mp4")
    let writer = try MediaWriter(
      url: url,
      video: VideoOutputSettings(width: 128, height: 96, frameDuration: Self.thirtyFPS, crf: 1),
      audio: nil)
    #expect(writer.colorMatrix == .bt601)
    let first = Self.ramp(width: 128, height: 96, matrix: .bt601, frame: 0)
    for index in 0..<10 {
      try writer.appendVideo(
        Self.ramp(width: 128, height: 96, matrix: .bt601, frame: index),
        at: Time(value: Int64(index), timescale: 30))
    }
    try writer.finish()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["nb_frames"] as? String == "10")
    #expect(stream["color_space"] as? String == "smpte170m")
    let decoded = try Self.decodedPlanes(url)
    let expected = Self.packed(first)
    #expect(decoded.count == expected.count)
    let error =
      zip(decoded, expected).map { abs(Int($0) - Int($1)) }.reduce(0, +) / max(1, expected.count)
    // CRF 1 without any colour conversion: the samples come back within a level on average.
    #expect(error <= 1, "mean error \(error)")
  }

  @Test func aPictureInAnotherMatrixIsRefused() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("refused.mp4")
    let writer = try MediaWriter(
      url: url,
      video: VideoOutputSettings(width: 64, height: 48, frameDuration: Self.thirtyFPS, crf: 1),
      audio: nil)
    #expect(writer.colorMatrix == .bt601)
    #expect {
      try writer.appendVideo(YUVImage(width: 64, height: 48, matrix: .bt709), at: .zero)
    } throws: { error in
      guard case MediaError.invalidArgument(_, let reason) = error else { return false }
      return reason.contains("bt709") && reason.contains("colorMatrix")
    }
    writer.cancel()
  }

  @Test func aPictureOfAnOddSizeTheWriterRoundsIsRefused() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var settings = VideoOutputSettings(width: 65, height: 49, frameDuration: Self.thirtyFPS)
    settings.roundOddDimensions = true
    let writer = try MediaWriter(
      url: folder.appendingPathComponent("odd.mp4"), video: settings, audio: nil)
    #expect(writer.outputVideoSize?.width == 64)
    #expect(throws: MediaError.self) {
      try writer.appendVideo(YUVImage(width: 65, height: 49, matrix: .bt601), at: .zero)
    }
    writer.cancel()
  }

  @Test func aPictureOfAnotherSizeIsRefused() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("size.mp4")
    let writer = try MediaWriter(
      url: url, video: VideoOutputSettings(width: 64, height: 48, frameDuration: Self.thirtyFPS),
      audio: nil)
    #expect(throws: MediaError.self) {
      try writer.appendVideo(YUVImage(width: 32, height: 24, matrix: .bt601), at: .zero)
    }
    writer.cancel()
  }
}
