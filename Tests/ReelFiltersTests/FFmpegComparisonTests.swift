import Foundation
import ReelCore
import TestSupport
import Testing

@testable import ReelFilters

/// Reel's filters against the nearest FFmpeg filter on one generated picture: what they agree
/// on and by how much they differ where their maths differs (docs/filters.md, "Against
/// FFmpeg's filters").
@Suite("Against FFmpeg's filters")
struct FFmpegComparisonTests {
  let check = FormulaCheck(width: 64, height: 48)

  /// The mean and largest per-channel difference between two pictures, in 8-bit levels.
  struct Difference: CustomStringConvertible {
    let mean: Double
    let largest: Int
    var description: String { String(format: "mean %.2f, max %d levels", mean, largest) }
  }

  static func difference(_ a: Image, _ b: Image) -> Difference {
    var total = 0
    var largest = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a[x: x, y: y]
        let q = b[x: x, y: y]
        for d in [
          abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
          abs(Int(p.blue) - Int(q.blue)),
        ] {
          total += d
          largest = max(largest, d)
        }
      }
    }
    return Difference(mean: Double(total) / Double(a.width * a.height * 3), largest: largest)
  }

  /// `picture` through FFmpeg's `filters` (raw RGB in and out).
  func ffmpeg(_ filters: String) throws -> Image {
    let picture = check.picture
    let folder = try TestSupport.makeTemporaryDirectory("reel-ffmpeg-compare")
    defer { try? FileManager.default.removeItem(at: folder) }
    var bytes = [UInt8]()
    for y in 0..<picture.height {
      for x in 0..<picture.width {
        let p = picture[x: x, y: y]
        bytes += [p.red, p.green, p.blue]
      }
    }
    let input = folder.appendingPathComponent("in.rgb")
    let output = folder.appendingPathComponent("out.rgb")
    try Data(bytes).write(to: input)
    try TestSupport.ffmpeg([
      "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(picture.width)x\(picture.height)", "-i",
      input.path, "-vf", filters, "-f", "rawvideo", "-pix_fmt", "rgb24", output.path,
    ])
    let out = [UInt8](try Data(contentsOf: output))
    try #require(out.count == picture.width * picture.height * 3)
    var image = Image(width: picture.width, height: picture.height)
    for y in 0..<picture.height {
      for x in 0..<picture.width {
        let i = (y * picture.width + x) * 3
        image.setPixel(
          x: x, y: y, BGRA(blue: out[i + 2], green: out[i + 1], red: out[i], alpha: 255))
      }
    }
    return image
  }

  /// The largest difference between a picture and a formula on the source's encoded values.
  func worst(_ image: Image, _ expected: (Int, Int) -> SIMD3<Double>) -> Int {
    FilterTestSupport.maximumDifference(image) { x, y in
      FormulaCheck.levels(encoded: expected(x, y))
    }
  }

  @Test func colorChannelMixerMixesEncodedValuesAndCIColorMatrixLinearOnes() throws {
    // A permutation commutes with the transfer curve: the two agree.
    let swapped = try ffmpeg("colorchannelmixer=rr=0:rg=1:gr=1:gg=0")
    let reelSwapped = try check.render(
      "CIColorMatrix",
      ["inputRVector": .vector([0, 1, 0, 0]), "inputGVector": .vector([1, 0, 0, 0])])
    let same = Self.difference(swapped, reelSwapped)
    print("colorchannelmixer vs CIColorMatrix, swap R and G: \(same)")
    #expect(same.largest == 0, "\(same)")
    // A mix does not: FFmpeg averages encoded values, Reel linear light.
    let mixed = try ffmpeg("colorchannelmixer=rr=0.5:rg=0.5:gr=0.5:gg=0.5")
    let reelMixed = try check.render(
      "CIColorMatrix",
      ["inputRVector": .vector([0.5, 0.5, 0, 0]), "inputGVector": .vector([0.5, 0.5, 0, 0])])
    let apart = Self.difference(mixed, reelMixed)
    print("colorchannelmixer vs CIColorMatrix, R = G = (R + G)/2: \(apart)")
    let ffmpegEncoded = worst(mixed) { x, y in
      let c = check.encoded(x, y)
      return SIMD3((c.x + c.y) / 2, (c.x + c.y) / 2, c.z)
    }
    #expect(ffmpegEncoded <= 1, "FFmpeg mixes encoded values: \(ffmpegEncoded) levels off")
    #expect(apart.largest >= 20, "linear and encoded means differ visibly: \(apart)")
  }

  /// BT.601 luma of encoded values: what FFmpeg's YUV filters see as Y.
  static func luma601(_ c: SIMD3<Double>) -> Double { 0.299 * c.x + 0.587 * c.y + 0.114 * c.z }

  @Test func eqWorksOnYUVAndCIColorControlsOnEncodedRGB() throws {
    let roundTrip = Self.difference(try ffmpeg("format=yuv444p,eq,format=rgb24"), check.picture)
    print("eq at its defaults through yuv444p (the conversion alone): \(roundTrip)")
    #expect(roundTrip.largest <= 2, "\(roundTrip)")
    let cases: [(String, [String: FilterValue], (SIMD3<Double>) -> SIMD3<Double>)] = [
      // Chroma scaled: the distance from BT.601 luma (CIColorControls: from Rec. 709 luminance).
      (
        "saturation=0.5", ["inputSaturation": .number(0.5)],
        { c in SIMD3(repeating: Self.luma601(c)) + (c - Self.luma601(c)) * 0.5 }
      ),
      // Added to limited-range luma: 0.1 of 255 codes over 219 is 0.116 of full range.
      ("brightness=0.1", ["inputBrightness": .number(0.1)], { c in c + 0.1 * 255 / 219 }),
      // Luma scaled about code 128, chroma kept (CIColorControls: each channel about ½).
      (
        "contrast=1.3", ["inputContrast": .number(1.3)],
        { c in
          let luma = 16 + 219 * Self.luma601(c)
          return c + (((luma - 128) * 1.3 + 128 - 16) / 219 - Self.luma601(c))
        }
      ),
    ]
    for (eq, values, model) in cases {
      let theirs = try ffmpeg("format=yuv444p,eq=\(eq),format=rgb24")
      let ours = try check.render("CIColorControls", values)
      let apart = Self.difference(theirs, ours)
      let modelled = worst(theirs) { x, y in model(check.encoded(x, y)) }
      print("eq=\(eq) vs CIColorControls: \(apart); eq against its YUV model: \(modelled) levels")
      #expect(modelled <= 6, "eq=\(eq) is not the YUV maths docs/filters.md says: \(modelled)")
      #expect(apart.largest >= 5, "eq=\(eq) and CIColorControls differ: \(apart)")
    }
  }

  @Test func hueTurnsChromaAndCIHueAdjustTurnsLinearRGB() throws {
    let theirs = try ffmpeg("format=yuv444p,hue=h=60,format=rgb24")
    let ours = try check.render("CIHueAdjust", ["inputAngle": .number(Double.pi / 3)])
    let apart = Self.difference(theirs, ours)
    // FFmpeg: (U, V) of BT.601 on encoded values turned 60° counter-clockwise.
    let angle = Double.pi / 3
    let modelled = worst(theirs) { x, y in
      let c = check.encoded(x, y)
      let luma = Self.luma601(c)
      let u = (c.z - luma) / 1.772
      let v = (c.x - luma) / 1.402
      let red = luma + 1.402 * (u * sin(angle) + v * cos(angle))
      let blue = luma + 1.772 * (u * cos(angle) - v * sin(angle))
      return SIMD3(red, (luma - 0.299 * red - 0.114 * blue) / 0.587, blue)
    }
    print("hue=h=60 vs CIHueAdjust 60°: \(apart); hue against its YUV model: \(modelled) levels")
    #expect(modelled <= 3, "\(modelled)")
    #expect(apart.largest >= 20, "\(apart)")
  }

  @Test func vignetteIsOneCurveAppliedToEncodedOrLinearValues() throws {
    let theirs = try ffmpeg("vignette=angle=PI/5:dither=0")
    let ours = try check.render(
      "CIVignette", ["inputIntensity": .number(1), "inputRadius": .number(2.5)])
    let apart = Self.difference(theirs, ours)
    // FFmpeg: cos⁴(π/5 · d/dmax) times the encoded values, d from the pixel's corner to the
    // centre; Reel: the same curve (radius 2.5) times linear light, d from the pixel's centre.
    let w = Double(check.picture.width)
    let h = Double(check.picture.height)
    let reach = (w * w + h * h).squareRoot() / 2
    let modelled = worst(theirs) { x, y in
      let d =
        ((Double(x) - w / 2) * (Double(x) - w / 2) + (Double(y) - h / 2) * (Double(y) - h / 2))
        .squareRoot()
      return check.encoded(x, y) * pow(cos(Double.pi / 5 * d / reach), 4)
    }
    print(
      "vignette vs CIVignette (radius 2.5): \(apart); vignette against cos⁴ on encoded: \(modelled) levels"
    )
    #expect(modelled <= 1, "\(modelled)")
    #expect(apart.largest >= 20, "\(apart)")
  }
}
