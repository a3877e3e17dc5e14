import Foundation
import ReelCore
import TestSupport
import Testing

@testable import ReelFilters

/// Reel's blurs and sharpening against FFmpeg's `gblur`, `boxblur` and `unsharp` on one frame
/// of FFmpeg's `testsrc2` (saturated colour edges, where gamma matters most). docs/filters.md
/// "Against FFmpeg's filters" explains the numbers.
@Suite("Blurs and sharpening against FFmpeg")
struct FFmpegBlurComparisonTests {
  static let width = 96
  static let height = 64

  /// One frame of testsrc2 as RGBA, and the folder holding it as `source.rgba`.
  static func source() throws -> (image: Image, file: URL) {
    let folder = try TestSupport.makeTemporaryDirectory("ffmpeg-blurs")
    let file = folder.appendingPathComponent("source.rgba")
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-hide_banner", "-v", "error", "-f", "lavfi", "-i",
        "testsrc2=size=\(width)x\(height):rate=1", "-frames:v", "1", "-f", "rawvideo",
        "-pix_fmt", "rgba", "-",
      ])
    try #require(output.status == 0, "ffmpeg testsrc2 failed: \(output.stderr)")
    try output.stdout.write(to: file)
    return (try image(output.stdout), file)
  }

  /// The RGBA frame in `file` through FFmpeg's `filter`, as RGBA.
  static func filtered(_ file: URL, _ filter: String) throws -> Image {
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-hide_banner", "-v", "error", "-f", "rawvideo", "-pix_fmt", "rgba", "-s",
        "\(width)x\(height)", "-i", file.path, "-vf", filter, "-f", "rawvideo", "-pix_fmt",
        "rgba", "-",
      ])
    try #require(output.status == 0, "ffmpeg \(filter) failed: \(output.stderr)")
    return try image(output.stdout)
  }

  static func image(_ data: Data) throws -> Image {
    try #require(data.count == width * height * 4, "ffmpeg gave \(data.count) bytes")
    var image = Image(width: width, height: height)
    let bytes = [UInt8](data)
    for y in 0..<height {
      for x in 0..<width {
        let offset = (y * width + x) * 4
        image.setPixel(
          x: x, y: y,
          BGRA(blue: bytes[offset + 2], green: bytes[offset + 1], red: bytes[offset], alpha: 255))
      }
    }
    return image
  }

  /// Reel's filter on the frame, its edge pixels repeated outward (as FFmpeg's filters do at
  /// the frame's edges), over the frame.
  static func reel(_ name: String, _ values: [String: FilterValue], on source: Image) throws
    -> Image
  {
    let descriptor = try #require(FilterCatalog.filter(coreImageName: name))
    let bounds = PixelRect(x: 0, y: 0, width: width, height: height)
    var all = values
    all["inputImage"] = .image(FilterImage(picture: source).clampedToExtent())
    let image = try #require(try descriptor.outputImage(all)).cropped(to: bounds.rect)
    return try FilterRenderer().renderPicture(image, in: bounds)
  }

  /// Mean and largest channel difference in levels, over pixels at least `margin` from the
  /// edges.
  static func difference(_ first: Image, _ second: Image, margin: Int) -> (
    mean: Double, max: Int, signed: Double
  ) {
    var total = 0
    var signed = 0
    var count = 0
    var worst = 0
    for y in margin..<(height - margin) {
      for x in margin..<(width - margin) {
        let a = first[x: x, y: y]
        let b = second[x: x, y: y]
        for s in [Int(a.red) - Int(b.red), Int(a.green) - Int(b.green), Int(a.blue) - Int(b.blue)] {
          let d = abs(s)
          signed += s
          total += d
          count += 1
          worst = max(worst, d)
        }
      }
    }
    return (Double(total) / Double(max(count, 1)), worst, Double(signed) / Double(max(count, 1)))
  }

  /// `source` convolved with the separable `weights` on its 8-bit encoded values (gamma
  /// space, as FFmpeg filters an RGB frame), edges repeated, rounded to levels.
  static func encodedConvolution(_ source: Image, weights: [Double]) -> Image {
    let radius = weights.count / 2
    var out = Image(width: width, height: height)
    func at(_ x: Int, _ y: Int) -> BGRA {
      source[x: min(max(x, 0), width - 1), y: min(max(y, 0), height - 1)]
    }
    for y in 0..<height {
      for x in 0..<width {
        var sum = SIMD3<Double>.zero
        for dy in -radius...radius {
          for dx in -radius...radius {
            let p = at(x + dx, y + dy)
            sum +=
              SIMD3(Double(p.red), Double(p.green), Double(p.blue))
              * (weights[dx + radius] * weights[dy + radius])
          }
        }
        let level = { (v: Double) in UInt8(min(max(v.rounded(), 0), 255)) }
        out.setPixel(
          x: x, y: y, BGRA(blue: level(sum.z), green: level(sum.y), red: level(sum.x), alpha: 255))
      }
    }
    return out
  }

  static func gaussianWeights(sigma: Double) -> [Double] {
    let radius = Int((4 * sigma).rounded(.up))
    let raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = raw.reduce(0, +)
    return raw.map { $0 / total }
  }

  /// Pixels at least this far from the frame's edges are compared (the filters' edge rules
  /// differ: FFmpeg's boxblur mirrors, Reel repeats the edge pixels).
  static let margin = 6

  /// How many channel values of `reel` are below `ffmpeg` by more than `tolerance` levels.
  static func darker(_ reel: Image, than ffmpeg: Image, tolerance: Int) -> Int {
    var count = 0
    for y in margin..<(height - margin) {
      for x in margin..<(width - margin) {
        let a = reel[x: x, y: y]
        let b = ffmpeg[x: x, y: y]
        for (r, f) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)]
        where Int(r) < Int(f) - tolerance {
          count += 1
        }
      }
    }
    return count
  }

  @Test func boxblurIsTheBoxMeanOfEncodedValuesAndReelsLinearOneIsNeverDarker() throws {
    let (source, file) = try Self.source()
    let ffmpeg = try Self.filtered(file, "format=gbrp,boxblur=lr=2:lp=1,format=rgba")
    let gammaBox = Self.encodedConvolution(source, weights: Array(repeating: 0.2, count: 5))
    #expect(Self.difference(ffmpeg, gammaBox, margin: Self.margin).max <= 1)
    let reel = try Self.reel("CIBoxBlur", ["inputRadius": .number(2)], on: source)
    // The sRGB curve is concave: a mean taken in linear light encodes at least as high as
    // the mean of encoded values, so Reel's box blur is lighter wherever colours differ.
    #expect(Self.darker(reel, than: ffmpeg, tolerance: 1) == 0)
    let measured = Self.difference(reel, ffmpeg, margin: Self.margin)
    #expect(measured.signed > 5, "Reel − FFmpeg: \(measured)")
  }

  @Test func gblurApproximatesAGaussianOfEncodedValuesAndReelsLinearOneIsLighter() throws {
    let (source, file) = try Self.source()
    let ffmpeg = try Self.filtered(file, "format=gbrp,gblur=sigma=2:steps=6,format=rgba")
    let gammaGaussian = Self.encodedConvolution(source, weights: Self.gaussianWeights(sigma: 2))
    // gblur is a recursive (IIR) approximation of the Gaussian: close on average, not exact.
    #expect(Self.difference(ffmpeg, gammaGaussian, margin: Self.margin).mean < 1.5)
    let reel = try Self.reel("CIGaussianBlur", ["inputRadius": .number(2)], on: source)
    let measured = Self.difference(reel, ffmpeg, margin: Self.margin)
    #expect(measured.signed > 5, "Reel − FFmpeg: \(measured)")
    #expect(Self.darker(reel, than: ffmpeg, tolerance: 8) == 0)
  }

  @Test func unsharpSharpensEncodedValuesAgainstABinomialBlur() throws {
    // unsharp's 5×5 matrix is two passes of [1 1] sums each way: the binomial 1 4 6 4 1 / 16
    // (σ = 1), applied to encoded values: c + amount·(c − blur).
    let (source, file) = try Self.source()
    let ffmpeg = try Self.filtered(
      file, "format=gbrp,unsharp=lx=5:ly=5:la=1:cx=5:cy=5:ca=1,format=rgba")
    let blurred = Self.encodedConvolution(source, weights: [1, 4, 6, 4, 1].map { $0 / 16 })
    var expected = Image(width: Self.width, height: Self.height)
    for y in 0..<Self.height {
      for x in 0..<Self.width {
        let c = source[x: x, y: y]
        let b = blurred[x: x, y: y]
        func sharpened(_ c: UInt8, _ b: UInt8) -> UInt8 {
          UInt8(min(max(2 * Double(c) - Double(b), 0), 255))
        }
        expected.setPixel(
          x: x, y: y,
          BGRA(
            blue: sharpened(c.blue, b.blue), green: sharpened(c.green, b.green),
            red: sharpened(c.red, b.red), alpha: 255))
      }
    }
    let measured = Self.difference(ffmpeg, expected, margin: Self.margin)
    #expect(measured.mean < 1, "FFmpeg − formula: \(measured)")
    let reel = try Self.reel(
      "CIUnsharpMask", ["inputRadius": .number(1), "inputIntensity": .number(1)], on: source)
    let apart = Self.difference(reel, ffmpeg, margin: Self.margin)
    #expect(apart.mean > 1, "Reel − FFmpeg: \(apart)")
  }
}
