import Foundation
import ReelMedia
import TestSupport
import Testing

/// Makes small images with the ffmpeg CLI and checks `ImageDecoder` against ffmpeg's raw
/// decode of the same files and against the premultiplication formula.
@Suite struct ImageDecoderTests {
  static func make(_ name: String, _ arguments: [String]) throws -> String {
    let folder = try TestSupport.makeTemporaryDirectory("reel-image")
    let path = folder.appendingPathComponent(name).path
    try TestSupport.ffmpeg(arguments + [path])
    return path
  }

  /// ffmpeg's decode of the first picture of `path` as straight-alpha RGBA bytes.
  static func rawRGBA(_ path: String) throws -> [UInt8] {
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo",
        "-pix_fmt", "rgba", "-",
      ])
    #expect(output.status == 0, "\(output.stderr)")
    return [UInt8](output.stdout)
  }

  /// Premultiplied BGRA expected for straight RGBA bytes: c' = (c·a + 127) / 255.
  static func premultiplied(_ rgba: [UInt8], at index: Int) -> BGRA {
    let a = UInt32(rgba[index * 4 + 3])
    func p(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
    return BGRA(
      blue: p(rgba[index * 4 + 2]), green: p(rgba[index * 4 + 1]), red: p(rgba[index * 4]),
      alpha: UInt8(a))
  }

  static func expectMatches(_ image: Image, rgba: [UInt8], tolerance: Int = 0) {
    #expect(rgba.count == image.width * image.height * 4)
    var worst = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let expected = premultiplied(rgba, at: y * image.width + x)
        let actual = image[x: x, y: y]
        worst = max(
          worst, abs(Int(actual.blue) - Int(expected.blue)),
          abs(Int(actual.green) - Int(expected.green)), abs(Int(actual.red) - Int(expected.red)),
          abs(Int(actual.alpha) - Int(expected.alpha)))
      }
    }
    #expect(worst <= tolerance, "largest channel difference \(worst)")
  }

  static func isClose(_ pixel: BGRA, _ expected: BGRA, within tolerance: Int) -> Bool {
    abs(Int(pixel.blue) - Int(expected.blue)) <= tolerance
      && abs(Int(pixel.green) - Int(expected.green)) <= tolerance
      && abs(Int(pixel.red) - Int(expected.red)) <= tolerance
      && abs(Int(pixel.alpha) - Int(expected.alpha)) <= tolerance
  }

  static func seconds(_ time: Time) -> Double { Double(time.value) / Double(time.timescale) }

  // MARK: - Still images

  @Test func pngWithAlphaIsPremultipliedExactly() throws {
    let path = try Self.make(
      "alpha.png",
      ["-f", "lavfi", "-i", "color=c=0xFF8040@0.5:s=40x30,format=rgba", "-frames:v", "1"])
    let decoded = try ImageDecoder.decode(path: path)
    #expect(!decoded.isAnimated && decoded.frames.count == 1 && decoded.loopCount == nil)
    #expect(decoded.width == 40 && decoded.height == 30)
    #expect(decoded.totalDuration.value == 0)
    let rgba = try Self.rawRGBA(path)
    #expect(rgba[0..<4] == [255, 128, 64, 127])  // ffmpeg rounds @0.5 to 127
    Self.expectMatches(decoded.frames[0].image, rgba: rgba)
    // (255·127 + 127) / 255 = 127, (128·127 + 127) / 255 = 64, (64·127 + 127) / 255 = 32.
    #expect(decoded.frames[0].image[x: 5, y: 5] == BGRA(blue: 32, green: 64, red: 127, alpha: 127))
    #expect(decoded.frame(at: Time(value: 7, timescale: 1)) == decoded.frames[0].image)
  }

  @Test func sixteenBitPNGWithAlphaDecodes() throws {
    let path = try Self.make(
      "deep.png",
      [
        "-f", "lavfi", "-i", "gradients=s=48x32:c0=0x20C0F0@0.2:c1=0xF04010@0.9,format=rgba64be",
        "-frames:v", "1", "-pix_fmt", "rgba64be",
      ])
    let probe = try TestSupport.ffprobeJSON(["-show_streams", path])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["pix_fmt"] as? String == "rgba64be")
    let image = try ImageDecoder.decodeFirstFrame(path: path)
    Self.expectMatches(image, rgba: try Self.rawRGBA(path), tolerance: 1)
  }

  @Test func jpegColourIsWithinThreeLevels() throws {
    let path = try Self.make(
      "flat.jpg", ["-f", "lavfi", "-i", "color=c=0x3366CC:s=64x48", "-frames:v", "1", "-q:v", "2"])
    let image = try ImageDecoder.decodeFirstFrame(path: path)
    #expect(image.width == 64 && image.height == 48)
    for (x, y) in [(0, 0), (31, 23), (63, 47)] {
      let pixel = image[x: x, y: y]
      #expect(
        Self.isClose(pixel, BGRA(blue: 0xCC, green: 0x66, red: 0x33, alpha: 255), within: 3),
        "\(pixel)")
    }
  }

  @Test func stillWebPWithAlphaDecodes() throws {
    let path = try Self.make(
      "still.webp",
      [
        "-f", "lavfi", "-i", "color=c=0x10E080@0.25:s=40x30,format=rgba", "-frames:v", "1",
        "-c:v", "libwebp", "-lossless", "1",
      ])
    let decoded = try ImageDecoder.decode(path: path)
    #expect(!decoded.isAnimated)
    Self.expectMatches(decoded.frames[0].image, rgba: try Self.rawRGBA(path))
    #expect(decoded.frames[0].image[x: 0, y: 0].alpha == 63)  // ffmpeg rounds @0.25 to 63
  }

  // MARK: - Animations

  static func makeGIF(_ name: String, loop: Int) throws -> String {
    try make(
      name,
      [
        "-f", "lavfi", "-i", "color=c=red:s=32x24:d=0.2:r=10", "-f", "lavfi", "-i",
        "color=c=lime:s=32x24:d=0.5:r=10", "-f", "lavfi", "-i", "color=c=blue:s=32x24:d=0.3:r=10",
        "-filter_complex",
        "[0][1][2]concat=n=3,mpdecimate=hi=1:lo=1:frac=1:max=0,split[a][b];[a]palettegen[p];[b][p]paletteuse",
        "-loop", "\(loop)", "-final_delay", "30",
      ])
  }

  @Test func gifFramesHaveTheirColoursTimesAndDurations() throws {
    let path = try Self.makeGIF("three.gif", loop: 0)
    let decoded = try ImageDecoder.decode(path: path)
    #expect(decoded.isAnimated)
    #expect(decoded.frames.count == 3)
    #expect(decoded.loopCount == 0)
    // Oracle: ffprobe's packet times (GIF delays are in 1/100 s).
    let probe = try TestSupport.ffprobeJSON(["-show_packets", path])
    let packets = try #require(probe["packets"] as? [[String: Any]])
    #expect(packets.count == 3)
    for (frame, packet) in zip(decoded.frames, packets) {
      let start = Double(packet["pts_time"] as? String ?? "") ?? -1
      let duration = Double(packet["duration_time"] as? String ?? "") ?? -1
      #expect(abs(Self.seconds(frame.time) - start) < 1e-9)
      #expect(abs(Self.seconds(frame.duration) - duration) < 1e-9)
    }
    #expect(decoded.frames.map { Self.seconds($0.time) } == [0, 0.2, 0.7])
    #expect(decoded.frames.map { Self.seconds($0.duration) } == [0.2, 0.5, 0.3])
    #expect(Self.seconds(decoded.totalDuration) == 1.0)

    // Oracle: ffmpeg's own decode of each frame (the palette quantises 255 to 253/254).
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-i", path, "-fps_mode", "passthrough", "-f",
        "rawvideo", "-pix_fmt", "rgba", "-",
      ])
    let raw = [UInt8](output.stdout)
    let frameBytes = 32 * 24 * 4
    #expect(raw.count == 3 * frameBytes)
    for (index, frame) in decoded.frames.enumerated() where raw.count >= (index + 1) * frameBytes {
      Self.expectMatches(
        frame.image, rgba: Array(raw[(index * frameBytes)..<((index + 1) * frameBytes)]))
    }
    let red = decoded.frames[0].image[x: 0, y: 0]
    let green = decoded.frames[1].image[x: 0, y: 0]
    let blue = decoded.frames[2].image[x: 0, y: 0]
    #expect(Self.isClose(red, BGRA(blue: 0, green: 0, red: 255, alpha: 255), within: 3))
    #expect(Self.isClose(green, BGRA(blue: 0, green: 255, red: 0, alpha: 255), within: 3))
    #expect(Self.isClose(blue, BGRA(blue: 255, green: 0, red: 0, alpha: 255), within: 3))
    // frame(at:) picks the frame showing at the time and loops every second.
    let expectations: [(Time, BGRA)] = [
      (Time(value: 0, timescale: 1), red), (Time(value: 199, timescale: 1000), red),
      (Time(value: 1, timescale: 5), green), (Time(value: 69, timescale: 100), green),
      (Time(value: 7, timescale: 10), blue), (Time(value: 999, timescale: 1000), blue),
      (Time(value: 11, timescale: 10), red), (Time(value: 53, timescale: 10), green),
      (Time(value: -1, timescale: 10), red),
    ]
    for (time, colour) in expectations {
      #expect(decoded.frame(at: time)[x: 3, y: 3] == colour, "at \(Self.seconds(time)) s")
    }
    #expect(try ImageDecoder.decodeFirstFrame(path: path) == decoded.frames[0].image)
  }

  @Test func gifRepeatCountIsPlaysAndTheLastFrameHoldsAfterwards() throws {
    let decoded = try ImageDecoder.decode(path: try Self.makeGIF("twice.gif", loop: 2))
    // "-loop 2" writes NETSCAPE2.0 repeat 2: three plays.
    #expect(decoded.loopCount == 3)
    let red = decoded.frames[0].image
    let blue = decoded.frames[2].image
    #expect(decoded.frame(at: Time(value: 21, timescale: 10)) == red)  // third play
    #expect(decoded.frame(at: Time(value: 31, timescale: 10)) == blue)  // after the last play
    #expect(decoded.frame(at: Time(value: 100, timescale: 1)) == blue)
  }

  @Test func gifTransparencyBecomesZeroAlpha() throws {
    let path = try Self.make(
      "clear.gif",
      [
        "-f", "lavfi", "-i",
        "color=c=red:s=32x24:d=0.1,format=rgba,geq=r='255':g='0':b='0':a='if(lt(X,16),0,255)'",
        "-frames:v", "1", "-filter_complex",
        "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128",
      ])
    let image = try ImageDecoder.decodeFirstFrame(path: path)
    #expect(image[x: 2, y: 2] == BGRA(blue: 0, green: 0, red: 0, alpha: 0))
    #expect(image[x: 30, y: 2] == BGRA(blue: 0, green: 0, red: 255, alpha: 255))
  }

  @Test func apngFramesAndLoopCount() throws {
    let path = try Self.make(
      "anim.png",
      [
        "-f", "lavfi", "-i", "color=c=red@0.5:s=32x24:d=0.2:r=10,format=rgba", "-f", "lavfi", "-i",
        "color=c=lime:s=32x24:d=0.2:r=10,format=rgba", "-filter_complex", "[0][1]concat=n=2",
        "-plays", "3", "-f", "apng",
      ])
    let decoded = try ImageDecoder.decode(path: path)
    #expect(decoded.isAnimated)
    #expect(decoded.frames.count == 4)
    #expect(decoded.loopCount == 3)
    #expect(decoded.frames.map { Self.seconds($0.time) } == [0, 0.1, 0.2, 0.3])
    #expect(decoded.frames.allSatisfy { Self.seconds($0.duration) == 0.1 })
    #expect(Self.seconds(decoded.totalDuration) == 0.4)
    #expect(decoded.frames[0].image[x: 1, y: 1] == BGRA(blue: 0, green: 0, red: 127, alpha: 127))
    #expect(decoded.frames[3].image[x: 1, y: 1] == BGRA(blue: 0, green: 255, red: 0, alpha: 255))
    #expect(decoded.frame(at: Time(value: 45, timescale: 100))[x: 0, y: 0].alpha == 127)
  }

  @Test func apngPlayingForeverHasLoopCountZero() throws {
    let path = try Self.make(
      "forever.png",
      ["-f", "lavfi", "-i", "color=c=white:s=16x16:d=0.2:r=10", "-plays", "0", "-f", "apng"])
    #expect(try ImageDecoder.decode(path: path).loopCount == 0)
  }

  // MARK: - Refusals

  @Test func animatedWebPIsRefusedClearly() throws {
    let path = try Self.make(
      "anim.webp",
      [
        "-f", "lavfi", "-i", "color=c=red:s=32x24:d=0.2:r=10", "-f", "lavfi", "-i",
        "color=c=blue:s=32x24:d=0.2:r=10", "-filter_complex", "[0][1]concat=n=2", "-c:v",
        "libwebp_anim", "-loop", "0",
      ])
    #expect(throws: MediaError.unsupportedCodec(path: path, codec: "animated webp")) {
      try ImageDecoder.decode(path: path)
    }
    #expect(throws: MediaError.unsupportedCodec(path: path, codec: "animated webp")) {
      try ImageDecoder.decodeFirstFrame(path: path)
    }
  }

  @Test func textFileNamedPNGIsNotMedia() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-image")
    let path = folder.appendingPathComponent("fake.png").path
    try Data("this is plain text, not a picture\n".utf8).write(to: URL(fileURLWithPath: path))
    do {
      _ = try ImageDecoder.decode(path: path)
      Issue.record("a text file decoded as an image")
    } catch {
      #expect(error == .notMedia(path: path))
      #expect(
        error.description
          == "\(path): not a media file FFmpeg recognises (no known container format)")
    }
  }

  @Test func imagesAboveTheSizeLimitAreRefused() throws {
    let path = try Self.make(
      "wide.png", ["-f", "lavfi", "-i", "color=c=black:s=16400x2", "-frames:v", "1"])
    do {
      _ = try ImageDecoder.decode(path: path)
      Issue.record("a 16400-pixel-wide image was accepted")
    } catch {
      guard case .invalidArgument(let errorPath, let reason) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(errorPath == path)
      #expect(reason.contains("16400×2") && reason.contains("16384"))
    }
  }

  @Test func missingFileIsReported() {
    #expect(throws: MediaError.fileNotFound(path: "/nonexistent/reel.png")) {
      try ImageDecoder.decode(path: "/nonexistent/reel.png")
    }
  }
}
