import Foundation
import ReelMedia
import TestSupport
import Testing

/// Writes premultiplied images as PNG and checks them with ffprobe, ffmpeg's own decode
/// (against the un-premultiplication formula) and `ImageDecoder` (round trip).
@Suite struct PNGWriterTests {
  /// A 37×19 image covering every alpha level with colours ≤ alpha (valid premultiplied).
  static func sampleImage() -> Image {
    var image = Image(width: 37, height: 19)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let alpha = UInt8((x * 7 + y * 13) % 256)
        let a = Int(alpha)
        image[x: x, y: y] = BGRA(
          blue: UInt8(a * x / 36), green: UInt8(a * y / 18), red: UInt8(a * ((x + y) % 5) / 4),
          alpha: alpha)
      }
    }
    return image
  }

  @Test func writtenPNGIsRGBAWithStraightColours() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-png")
    let url = folder.appendingPathComponent("out.png")
    let image = Self.sampleImage()
    try image.writePNG(to: url)

    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] as? String == "png")
    #expect(stream["pix_fmt"] as? String == "rgba")
    #expect(stream["width"] as? Int == 37 && stream["height"] as? Int == 19)

    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba",
        "-",
      ])
    let rgba = [UInt8](output.stdout)
    #expect(rgba.count == 37 * 19 * 4)
    guard rgba.count == 37 * 19 * 4 else { return }
    var mismatches = 0
    for y in 0..<19 {
      for x in 0..<37 {
        let pixel = image[x: x, y: y]
        let a = Int(pixel.alpha)
        func straight(_ c: UInt8) -> UInt8 {
          a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + a / 2) / a))
        }
        let offset = (y * 37 + x) * 4
        let expected = [
          straight(pixel.red), straight(pixel.green), straight(pixel.blue), pixel.alpha,
        ]
        if Array(rgba[offset..<(offset + 4)]) != expected { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func roundTripThroughImageDecoderGivesTheSamePixels() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-png")
    let url = folder.appendingPathComponent("round.png")
    let image = Self.sampleImage()
    try image.writePNG(to: url)
    let decoded = try ImageDecoder.decodeFirstFrame(path: url.path)
    #expect(decoded.width == image.width && decoded.height == image.height)
    var worst = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let a = image[x: x, y: y]
        let b = decoded[x: x, y: y]
        worst = max(
          worst, abs(Int(a.blue) - Int(b.blue)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.red) - Int(b.red)), abs(Int(a.alpha) - Int(b.alpha)))
      }
    }
    // Un-premultiplying with rounding and premultiplying with rounding loses nothing.
    #expect(worst == 0, "largest channel difference \(worst)")
    #expect(try image.pngData() == (try Data(contentsOf: url)))
  }

  @Test func writingReplacesAtomicallyAndLeavesNoTemporaryFiles() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-png")
    let url = folder.appendingPathComponent("replace.png")
    try Data("old contents".utf8).write(to: url)
    var image = Image(width: 8, height: 8)
    image.fill(with: BGRA(blue: 10, green: 20, red: 30, alpha: 255))
    try image.writePNG(to: url)
    #expect(try ImageDecoder.decodeFirstFrame(path: url.path) == image)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(names == ["replace.png"])
  }

  @Test func unwritableFolderIsReported() throws {
    let url = URL(fileURLWithPath: "/nonexistent-reel-folder/out.png")
    #expect {
      try Image(width: 4, height: 4).writePNG(to: url)
    } throws: { error in
      guard case MediaError.unwritable(let path, _) = error else { return false }
      return path == url.path
    }
    #expect(throws: MediaError.self) { try Image(width: 0, height: 0).pngData() }
  }
}
