import Foundation
import ReelMedia
import TestSupport
import Testing

/// `VideoReader.picture(at:)`: 4:2:0 frames come back as the decoder made them (checked
/// sample for sample against ffmpeg's own yuv420p decode), everything else as BGRA equal to
/// `frame(at:)`'s.
@Suite("Video reader pictures")
struct VideoReaderPictureTests {
  /// Frame `index` of a file decoded by ffmpeg as yuv420p planes (no conversion for yuv420p
  /// sources).
  static func ffmpegPlanes(_ url: URL, index: Int, width: Int, height: Int) throws -> [UInt8] {
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-v", "error", "-i", url.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
        "-f", "rawvideo", "-pix_fmt", "yuv420p", "-",
      ])
    return [UInt8](output.stdout)
  }

  /// The picture's samples in ffmpeg's raw yuv420p layout.
  static func packed(_ picture: YUVImage) -> [UInt8] {
    var bytes: [UInt8] = []
    for y in 0..<picture.height {
      for x in 0..<picture.width { bytes.append(picture.luma(x: x, y: y)) }
    }
    for plane in 0..<2 {
      for y in stride(from: 0, to: picture.height, by: 2) {
        for x in stride(from: 0, to: picture.width, by: 2) {
          let chroma = picture.chroma(x: x, y: y)
          bytes.append(plane == 0 ? chroma.cb : chroma.cr)
        }
      }
    }
    return bytes
  }

  @Test func a420FrameComesBackAsTheDecoderMadeIt() throws {
    let url = try MediaFixtures.url(for: .basic)
    let reader = try VideoReader(asset: Asset(url: url))
    // Frame 7 at 30 fps is shown over [7/30, 8/30).
    let picture = try #require(try reader.picture(at: Time(value: 15, timescale: 60)))
    guard case .yuv(let yuv) = picture else {
      Issue.record("expected a Y′CbCr picture, got BGRA")
      return
    }
    #expect(yuv.matrix == .bt601)
    let expected = try Self.ffmpegPlanes(url, index: 7, width: yuv.width, height: yuv.height)
    let actual = Self.packed(yuv)
    #expect(actual.count == expected.count)
    #expect(actual == expected)
    // Asked again, the same picture; converting it gives frame(at:)'s pixels exactly.
    guard
      case .yuv(let again) = try #require(try reader.picture(at: Time(value: 15, timescale: 60)))
    else {
      Issue.record("expected the same Y′CbCr picture")
      return
    }
    #expect(again == yuv)
    let converted = try PictureConverter().image(from: yuv)
    let other = try VideoReader(asset: Asset(url: url))
    let reference = try #require(try other.frame(at: Time(value: 15, timescale: 60))).image
    #expect(converted == reference)
  }

  @Test(arguments: [MediaFixtures.Fixture.portraitRotated, .yuv444, .hevc10Bit])
  func otherFramesComeBackAsTheReadersBGRA(_ fixture: MediaFixtures.Fixture) throws {
    let url = try MediaFixtures.url(for: fixture)
    let reader = try VideoReader(asset: Asset(url: url))
    let picture = try #require(try reader.picture(at: Time(value: 1, timescale: 2)))
    guard case .bgra(let image) = picture else {
      Issue.record("expected BGRA for \(fixture)")
      return
    }
    let other = try VideoReader(asset: Asset(url: url))
    let reference = try #require(try other.frame(at: Time(value: 1, timescale: 2))).image
    #expect(image == reference)
  }

  @Test func writingAWrappedPictureCopiesItFirst() throws {
    let url = try MediaFixtures.url(for: .basic)
    let reader = try VideoReader(asset: Asset(url: url))
    guard case .yuv(let original) = try #require(try reader.picture(at: .zero)) else {
      Issue.record("expected a Y′CbCr picture")
      return
    }
    let before = original.luma(x: 3, y: 3)
    var edited = original
    edited.withUnsafeMutablePlanes { planes in planes.luma[3 * planes.lumaStride + 3] = before &+ 50
    }
    #expect(original.luma(x: 3, y: 3) == before)
    #expect(edited.luma(x: 3, y: 3) == before &+ 50)
    #expect(edited.externalOwner == nil && original.externalOwner != nil)
  }
}
