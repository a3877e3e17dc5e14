import Foundation
import ReelMedia
import TestSupport
import Testing

/// The same pictures make the same file, every time, in one process: nothing the encoder
/// is handed may carry bytes Reel never wrote. Between encodes the C heap is dirtied with
/// noise, so a read of memory nobody wrote sees different bytes each time (in a fresh
/// process it would see the zeroes of fresh pages and hide the fault).
@Suite("Encoding determinism", .serialized)
struct EncodeDeterminismTests {
  static let encodeCount = 20
  static let frameCount = 10
  /// Neither side a multiple of 16 (x264 pads the picture to whole macroblocks), and the
  /// chroma width not one either (x264's SIMD copies run past it).
  static let width = 106
  static let height = 62

  /// A picture with texture (so motion search and mode decisions have work to do), a disc
  /// that moves and chroma that changes per frame.
  static func picture(frame: Int) -> YUVImage {
    var picture = YUVImage(width: width, height: height, matrix: .bt601)
    picture.withUnsafeMutablePlanes { planes in
      let centreX = (40 + frame * 7) % width
      for y in 0..<height {
        for x in 0..<width {
          let dx = x - centreX
          let dy = y - height / 2
          let texture = (x &* 2_654_435_761 ^ y &* 40503 ^ ((x + frame * 3) / 9) &* 97) >> 7
          planes.luma[y * planes.lumaStride + x] =
            dx * dx + dy * dy < 400 ? 235 : UInt8(16 + texture % 200)
        }
      }
      for y in 0..<(height + 1) / 2 {
        for x in 0..<(width + 1) / 2 {
          planes.cb[y * planes.chromaStride + x] = UInt8(64 + (x * 2 + frame) % 128)
          planes.cr[y * planes.chromaStride + x] = UInt8(64 + (y * 3 + frame * 5) % 128)
        }
      }
    }
    return picture
  }

  /// The same picture as opaque BGRA (for the writer's RGB → Y′CbCr path).
  static func image(frame: Int) throws -> Image {
    var image = try Image(checkedWidth: width, height: height)
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { bytes in
      for y in 0..<height {
        for x in 0..<width {
          let offset = y * stride + x * 4
          let value = UInt8(truncatingIfNeeded: (x &* 31 ^ y &* 17) &+ frame * 5)
          bytes[offset] = value
          bytes[offset + 1] = UInt8(truncatingIfNeeded: x + frame)
          bytes[offset + 2] = UInt8(truncatingIfNeeded: y * 2)
          bytes[offset + 3] = 255
        }
      }
    }
    return image
  }

  enum Input: String, CaseIterable, CustomTestStringConvertible {
    case yuv, bgra
    var testDescription: String { rawValue }
  }

  /// Encodes the pictures to `url` with the default (veryfast, CRF 23) or pinned settings.
  static func encode(_ input: Input, pinned: Bool, to url: URL) throws {
    var settings = VideoOutputSettings(
      width: width, height: height, frameDuration: Time(value: 1, timescale: 30))
    if pinned { settings.pinned = PinnedVideoEncoding(threadCount: 1) }
    let writer = try MediaWriter(url: url, video: settings, audio: nil, overwrite: true)
    for frame in 0..<frameCount {
      let time = Time(value: Int64(frame), timescale: 30)
      switch input {
      case .yuv: try writer.appendVideo(picture(frame: frame), at: time)
      case .bgra: try writer.appendVideo(image(frame: frame), at: time)
      }
    }
    try writer.finish()
  }

  @Test(arguments: Input.allCases, [false, true])
  func theSamePicturesMakeTheSameBytesAfterTheHeapIsDirtied(input: Input, pinned: Bool) throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("same.mp4")
    var files: [Data] = []
    for run in 0..<Self.encodeCount {
      HeapNoise.dirty(seed: UInt64(run) &* 7919 &+ 17)
      try Self.encode(input, pinned: pinned, to: url)
      files.append(try Data(contentsOf: url))
    }
    let first = try #require(files.first)
    let identical = files.filter { $0 == first }.count
    #expect(first.count > 1000, "an encoded file of \(first.count) bytes")
    #expect(
      identical == Self.encodeCount,
      "\(identical) of \(Self.encodeCount) encodes identical to the first (\(Set(files).count) distinct files)"
    )
  }
}
