import Foundation
import ReelCore
import TestSupport
import Testing

@testable import ReelMedia

/// Video with alpha reads with its alpha: ProRes 4444 (alpha in the picture) and VP9 in WebM
/// (alpha beside the picture, which only libvpx's decoder reads), premultiplied.
@Suite(.serialized) struct VideoReaderAlphaTests {
  /// A 64×32 clip of one colour (200, 40, 120) whose alpha is 4x at column x.
  static func rampClip(_ name: String, codec: [String], in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try TestSupport.ffmpeg(
      [
        "-f", "lavfi", "-i",
        "color=black:s=64x32:r=10:d=0.3,format=rgba,geq=r=200:g=40:b=120:a='4*X'",
      ] + codec + [url.path])
    return url
  }

  /// The first frame reads with the encoded alpha ramp (exactly where the codec is
  /// lossless in alpha), premultiplied: each colour within 2 levels of alpha × the colour
  /// ffmpeg decodes there (straight RGBA, libvpx's decoder for WebM).
  func checkRamp(_ url: URL, pixelFormat: String) throws {
    let asset = try Asset(path: url.path)
    let track = try asset.firstVideoTrack()
    #expect(track.pixelFormat == pixelFormat)
    #expect(!track.isOpaque)
    let reader = try VideoReader(asset: asset)
    let frame = try #require(try reader.nextFrame())
    var arguments = ["-v", "error"]
    if url.pathExtension == "webm" { arguments += ["-c:v", "libvpx-vp9"] }
    arguments += ["-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    let decoded = [UInt8](try TestSupport.run("ffmpeg", arguments).stdout)
    try #require(decoded.count == 64 * 32 * 4)
    var worst = 0.0
    for y in 0..<32 {
      for x in 0..<64 {
        let pixel = frame.image[x: x, y: y]
        let offset = (y * 64 + x) * 4
        let alpha = Double(4 * x)
        worst = max(worst, abs(Double(pixel.alpha) - alpha))
        let got = [pixel.red, pixel.green, pixel.blue]
        for channel in 0..<3 {
          let want = Double(decoded[offset + channel]) * alpha / 255
          worst = max(worst, abs(Double(got[channel]) - want))
        }
      }
    }
    #expect(worst <= 2)
  }

  @Test func proRes4444KeepsItsAlpha() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.rampClip(
      "ramp.mov", codec: ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le"],
      in: folder)
    try checkRamp(clip, pixelFormat: "yuva444p12le")
  }

  @Test func vp9InWebMKeepsTheAlphaBesideThePicture() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.rampClip(
      "ramp.webm", codec: ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-lossless", "1"],
      in: folder)
    try checkRamp(clip, pixelFormat: "yuva420p")
  }

  @Test func pngInQuickTimeKeepsItsAlpha() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.rampClip(
      "ramp-png.mov", codec: ["-c:v", "png", "-pix_fmt", "rgba"], in: folder)
    try checkRamp(clip, pixelFormat: "rgba")
  }

  @Test func quickTimeAnimationKeepsItsAlpha() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try Self.rampClip(
      "ramp-qtrle.mov", codec: ["-c:v", "qtrle", "-pix_fmt", "argb"], in: folder)
    try checkRamp(clip, pixelFormat: "argb")
  }

  /// Writing with alpha: the writer unpremultiplies, and ffmpeg reads the straight alpha back.
  @Test(arguments: [("alpha.mov", VideoCodec.prores4444), ("alpha.webm", VideoCodec.vp9alpha)])
  func theWriterKeepsAlpha(name: String, codec: VideoCodec) throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(name)
    var image = Image(width: 64, height: 32)
    for y in 0..<32 {
      for x in 0..<64 {
        let alpha = 4 * x
        image[x: x, y: y] = BGRA(
          blue: UInt8(120 * alpha / 255), green: UInt8(40 * alpha / 255),
          red: UInt8(200 * alpha / 255), alpha: UInt8(alpha))
      }
    }
    let settings = VideoOutputSettings(
      codec: codec, width: 64, height: 32, frameDuration: Time(value: 1, timescale: 10))
    let writer = try MediaWriter(url: url, video: settings, audio: nil)
    for index in 0..<3 {
      try writer.appendVideo(image, at: Time(value: Int64(index), timescale: 10))
    }
    try writer.finish()
    var arguments = ["-v", "error"]
    if codec == .vp9alpha { arguments += ["-c:v", "libvpx-vp9"] }
    arguments += ["-i", url.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"]
    let output = try TestSupport.run("ffmpeg", arguments)
    try #require(output.status == 0, "\(output.stderr)")
    let bytes = [UInt8](output.stdout)
    try #require(bytes.count == 64 * 32 * 4)
    var worstAlpha = 0
    var worstColour = 0
    for y in 0..<32 {
      for x in 0..<64 {
        let offset = (y * 64 + x) * 4
        worstAlpha = max(worstAlpha, abs(Int(bytes[offset + 3]) - 4 * x))
        // Straight colour is only as exact as the premultiplied 8-bit picture it came from:
        // at alpha a a level of premultiplied colour is 255 / a straight levels.
        if x >= 32 {
          worstColour = max(
            worstColour, abs(Int(bytes[offset]) - 200), abs(Int(bytes[offset + 1]) - 40),
            abs(Int(bytes[offset + 2]) - 120))
        }
      }
    }
    #expect(worstAlpha <= 2)
    #expect(worstColour <= 4)
  }
}
