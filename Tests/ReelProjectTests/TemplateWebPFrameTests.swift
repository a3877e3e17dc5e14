import Foundation
import Reel
import ReelCore
import ReelProject
import TestSupport
import Testing

/// The independent animated-WebP reader: Pillow (Debian's `python3-pil`, over libwebp's
/// demuxer and decoder) through scripts/decode-webp.py. FFmpeg 5.1 cannot decode animated
/// WebP, so ffmpeg is no oracle here.
enum WebPDecoder {
  static let script = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/decode-webp.py")

  /// The first Python that has Pillow with animated WebP: Debian's `/usr/bin/python3`
  /// (where `python3-pil` installs), else the `python3` on PATH; nil when neither has it.
  static let python: String? = ["/usr/bin/python3", "python3"].first { python in
    (try? TestSupport.run(python, [script.path, "check"], timeout: 60))?.status == 0
  }

  /// A decoded animation: each frame as the animation shows it, in 8-bit straight RGBA.
  struct Animation {
    var width: Int
    var height: Int
    var frames: [[UInt8]]
    /// Each frame's duration in milliseconds.
    var durations: [Int]
    /// The ANIM chunk's loop count (0: for ever).
    var loop: Int?
  }

  static func decode(_ url: URL, python: String) throws -> Animation {
    let raw = url.deletingPathExtension().appendingPathExtension("rgba")
    defer { try? FileManager.default.removeItem(at: raw) }
    let output = try TestSupport.run(python, [script.path, url.path, raw.path], timeout: 120)
    try #require(output.status == 0, "decode-webp.py failed: \(output.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
    let width = try #require(summary["width"] as? Int)
    let height = try #require(summary["height"] as? Int)
    let count = try #require(summary["frames"] as? Int)
    let bytes = [UInt8](try Data(contentsOf: raw))
    let frameBytes = width * height * 4
    try #require(bytes.count == count * frameBytes, "\(bytes.count) bytes for \(count) frames")
    return Animation(
      width: width, height: height,
      frames: (0..<count).map { Array(bytes[($0 * frameBytes)..<(($0 + 1) * frameBytes)]) },
      durations: summary["durations"] as? [Int] ?? [], loop: summary["loop"] as? Int)
  }

  /// PSNR in dB over red, green and blue between a decoded RGBA frame and an opaque render.
  static func psnr(_ frame: [UInt8], _ image: Image) -> Double {
    var squared = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let offset = (y * image.width + x) * 4
        let want = image[x: x, y: y]
        for (got, expected) in zip(frame[offset..<(offset + 3)], [want.red, want.green, want.blue])
        {
          let difference = Double(got) - Double(expected)
          squared += difference * difference
        }
      }
    }
    let mean = squared / Double(image.width * image.height * 3)
    return mean == 0 ? 99 : 10 * log10(255 * 255 / mean)
  }

  /// The mean CIE76 colour difference ΔE*ab (Euclidean distance in CIELAB, sRGB with the D65
  /// white) between a decoded RGBA frame and an opaque render: about 1 is the smallest
  /// difference an eye sees side by side, 2–3 is visible only on close inspection.
  static func meanDeltaE(_ frame: [UInt8], _ image: Image) -> Double {
    var total = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let offset = (y * image.width + x) * 4
        let want = image[x: x, y: y]
        let a = lab(frame[offset], frame[offset + 1], frame[offset + 2])
        let b = lab(want.red, want.green, want.blue)
        total += ((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) + (a.b - b.b) * (a.b - b.b))
          .squareRoot()
      }
    }
    return total / Double(image.width * image.height)
  }

  /// sRGB's decoding curve for each 8-bit level: linear light 0…1.
  static let linear: [Double] = (0...255).map { value in
    let c = Double(value) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// CIELAB of an 8-bit sRGB colour (D65).
  static func lab(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> (l: Double, a: Double, b: Double)
  {
    let (r, g, b) = (linear[Int(red)], linear[Int(green)], linear[Int(blue)])
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    func f(_ t: Double) -> Double { t > 216 / 24389 ? cbrt(t) : (24389 / 27 * t + 16) / 116 }
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
  }
}

/// Animated WebP outputs read back by Pillow (issue 30): frame count, durations and loop
/// count as asked, every frame close to the RGB render, transparency where the background is
/// clear. Skipped (never passed) without Pillow's animated WebP; scripts/install-deps.sh
/// installs it and CI runs it.
@Suite(.serialized) struct TemplateWebPFrameTests {
  static let python = WebPDecoder.python

  /// Every frame of a `.webp` at 10 fps, looping 3 times, against the RGB render of the same
  /// time. The documented error is a mean CIE76 ΔE*ab of at most 5 per frame, with PSNR at
  /// least 24 dB beside it (measured: worst frame 3.9 and 25.3 dB). ΔE rather than the GIF's
  /// PSNR ≥ 30 dB: WebP's loss is libwebp's quality-75 block coding with 4:2:0 chroma, which
  /// blurs testsrc2's one-pixel colour edges and text — large squared errors on few pixels,
  /// which PSNR weighs most — while the colour of every area stays where the eye sees it.
  @Test(.enabled(if: python != nil, "needs Pillow with animated WebP (Debian's python3-pil)"))
  func webpFramesMatchTheRenderWithTheirTiming() async throws {
    let python = try #require(Self.python)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = try TemplateAnimatedImageTests.sourceClip(in: folder)
    let (webp, loaded) = try await TemplateAnimatedImageTests.export(
      TemplateAnimatedImageTests.template(clip: clip, export: #"{"frameRate": 10, "loop": 3}"#),
      to: "out.webp", in: folder)
    let animation = try WebPDecoder.decode(webp, python: python)
    #expect(animation.width == 320 && animation.height == 180)
    #expect(animation.frames.count == 20)
    #expect(animation.durations == Array(repeating: 100, count: 20))
    #expect(animation.loop == 3)
    let renderer = try MovieRenderer(movie: loaded.movie)
    var worstPSNR = 99.0
    var worstDeltaE = 0.0
    for (index, frame) in animation.frames.enumerated() {
      let image = try renderer.frame(at: Time(value: Int64(index), timescale: 10))
      worstPSNR = min(worstPSNR, WebPDecoder.psnr(frame, image))
      worstDeltaE = max(worstDeltaE, WebPDecoder.meanDeltaE(frame, image))
    }
    #expect(worstDeltaE <= 5, "worst frame's mean ΔE*ab \(worstDeltaE)")
    #expect(worstPSNR >= 24, "worst frame \(worstPSNR) dB")
  }

  /// A clear-background `.webp` with alpha: Pillow reads the left half opaque red and the
  /// right half clear in every frame (libwebp merges the four identical frames into one of
  /// 400 ms, and leaves the canvas outside it transparent: the file must say it has alpha).
  @Test(.enabled(if: python != nil, "needs Pillow with animated WebP (Debian's python3-pil)"))
  func clearBackgroundWebPIsTransparentWhereNothingIs() async throws {
    let python = try #require(Self.python)
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = """
      {"version": 1, "size": [64, 32], "duration": 0.4, "frameRate": 10, "background": "clear",
       "layers": [{"type": "color", "color": "#ff0000", "frame": [0, 0, 32, 32]}],
       "export": {"alpha": true, "loop": 1}}
      """
    let (webp, _) = try await TemplateAnimatedImageTests.export(text, to: "clear.webp", in: folder)
    let animation = try WebPDecoder.decode(webp, python: python)
    #expect(animation.durations.reduce(0, +) == 400)
    #expect(animation.loop == 1)
    for frame in animation.frames {
      let inside = (16 * 64 + 8) * 4
      let outside = (16 * 64 + 50) * 4
      #expect(frame[inside + 3] == 255 && frame[inside] >= 240 && frame[inside + 1] <= 15)
      #expect(frame[outside + 3] == 0)
    }
  }
}
