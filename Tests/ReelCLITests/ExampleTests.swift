import Foundation
import TestSupport
import Testing

/// Every example validates, renders (a short range) and shows its effect, checked on the
/// decoded output against values computed from the demo media and the effect's maths.
@Suite("Examples")
struct ExampleTests {
  typealias RGB = (r: Double, g: Double, b: Double)

  /// Renders `example` (in the examples folder) over `range` to a `.fileExtension` file and
  /// returns the output path.
  private func render(
    _ example: String, _ range: [String], tag: String = "", fileExtension: String = "mp4"
  ) throws -> String {
    let folder = try CLITestSupport.examples.get()
    let output = try TestSupport.makeTemporaryDirectory("reel-example")
      .appendingPathComponent("\(example)\(tag).\(fileExtension)").path
    let result = try TestSupport.reel(
      ["render", folder.appendingPathComponent("\(example).json").path, "-o", output, "--quiet"]
        + range)
    guard result.status == 0 else {
      throw CLITestFailure("render \(example) failed: \(result.stderr)")
    }
    return output
  }

  private func frame(_ path: String, _ index: Int) throws -> CLITestSupport.Frame {
    try CLITestSupport.frame(path, index: index, width: 640, height: 360)
  }

  private func mediaFrame(_ clip: String, _ index: Int) throws -> CLITestSupport.Frame {
    let media = try CLITestSupport.examples.get().appendingPathComponent("media")
    return try frame(media.appendingPathComponent(clip).path, index)
  }

  @Test func everyExampleValidates() throws {
    let folder = try CLITestSupport.examples.get()
    let names = try CLITestSupport.exampleNames()
    #expect(names.count >= 11)
    for name in names {
      let path = folder.appendingPathComponent(name).path
      let result = try TestSupport.reel(["validate", path])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(result.stdoutText == "\(path): valid\n")
      #expect(result.stderr.isEmpty, "\(name)")
    }
  }

  @Test(arguments: [
    ("borders-blue-10", 10, (0.0, 0.0, 255.0)), ("borders-red-20", 20, (255, 0, 0)),
    ("borders-green-40", 40, (0, 128, 0)), ("borders-white-80", 80, (255, 255, 255)),
  ])
  func bordersHaveTheirColourAndWidth(example: String, width: Int, colour: (Double, Double, Double))
    throws
  {
    let image = try frame(try render(example, ["--to", "0.03"]), 0)
    let expected: RGB = (colour.0, colour.1, colour.2)
    for (x, y) in [(width / 2 - 2, 178), (318, width / 2 - 2), (640 - width / 2 - 2, 178)] {
      #expect(CLITestSupport.distance(image.mean(x, y, size: 4), expected) < 16, "\(x),\(y)")
    }
    // Just inside the border is the video, not the border colour.
    #expect(CLITestSupport.distance(image.mean(width + 6, 178, size: 4), expected) > 60)
  }

  @Test func overlaysShowTheCornerImageAndTheFullFrameOne() throws {
    let image = try frame(try render("overlays", ["--to", "0.03"]), 0)
    let video = try mediaFrame("clip-a.mp4", 0)
    // The star's gold centre in the top-right corner.
    #expect(CLITestSupport.distance(image.mean(570, 69, size: 4), (255, 210, 63)) < 20)
    // The overlay's white frame line, 13–19 px from the top.
    #expect(CLITestSupport.distance(image.mean(318, 15, size: 3), (255, 255, 255)) < 40)
    // The vignette: 70 % black in the corner, nothing in the middle.
    let corner = video.mean(2, 344, size: 6)
    let darkened: RGB = (corner.r * 0.3, corner.g * 0.3, corner.b * 0.3)
    #expect(CLITestSupport.distance(image.mean(2, 344, size: 6), darkened) < 10)
    #expect(
      CLITestSupport.distance(image.mean(340, 120, size: 6), video.mean(340, 120, size: 6)) < 10)
  }

  /// Near-white ink in the caption area, below the moving shapes.
  private func captionInk(_ image: CLITestSupport.Frame) -> Int {
    image.count(x: 40, y: 280, width: 560, height: 72) { $0.r > 200 && $0.g > 200 && $0.b > 200 }
  }

  @Test func captionsShowAtTheirTimesOnly() throws {
    // 1.2…2.0 s: cue 1 until 1.5 s, a gap, cue 2 from 1.8 s.
    let output = try render("captions", ["--from", "1.2", "--to", "2.0"])
    #expect(captionInk(try frame(output, 3)) > 150)  // 1.3 s
    #expect(captionInk(try frame(output, 14)) < 5)  // 1.667 s
    #expect(captionInk(try frame(output, 21)) > 150)  // 1.9 s
  }

  @Test func wordCaptionsPutThePillBehindTheActiveWordOnly() throws {
    // 0.5 s: "makes" is being spoken (0.46…0.74 s); 2.1 s: the page of "follow the speech,"
    // stays up through the pause (1.86…2.3 s) with no word active, so no pill.
    func pill(_ time: String) throws -> Int {
      let output = try render("word-captions", ["--from", time, "--to", time + "1"], tag: time)
      let image = try CLITestSupport.frame(output, index: 0, width: 1080, height: 1920)
      return image.count(x: 0, y: 1100, width: 1080, height: 460) {
        $0.r > 220 && $0.g > 190 && $0.b < 120
      }
    }
    #expect(try pill("0.5") > 2000)
    #expect(try pill("2.1") == 0)
  }

  @Test func chineseWordCaptionsHighlightTheSpokenToken() throws {
    // 0.5 s: 生日 is active (gold); 1.6 s: the first page is up through the pause, all white.
    let output = try render("chinese-word-captions", ["--from", "0.5", "--to", "1.7"])
    func gold(_ image: CLITestSupport.Frame) -> Int {
      image.count(x: 0, y: 200, width: 640, height: 160) { $0.r > 220 && $0.g > 180 && $0.b < 140 }
    }
    func white(_ image: CLITestSupport.Frame) -> Int {
      image.count(x: 0, y: 200, width: 640, height: 160) { $0.r > 220 && $0.g > 220 && $0.b > 220 }
    }
    #expect(gold(try frame(output, 0)) > 150)
    #expect(gold(try frame(output, 33)) < 5)
    #expect(white(try frame(output, 33)) > 150)
  }

  @Test func chineseSubtitlesShowAtTheirTimesOnly() throws {
    let output = try render("chinese-subtitles", ["--from", "1.2", "--to", "2.0"])
    func ink(_ image: CLITestSupport.Frame) -> Int {
      image.count(x: 20, y: 286, width: 600, height: 60) { $0.r > 180 && $0.g > 150 && $0.b < 140 }
    }
    #expect(ink(try frame(output, 3)) > 150)
    #expect(ink(try frame(output, 14)) < 5)
    #expect(ink(try frame(output, 21)) > 150)
  }

  @Test func crossFadeBlendsBothClipsAtItsMidpoint() throws {
    // Clip A lasts 4 s; the 1 s cross-fade runs 3…4 s; frame 3 of 3.4…3.6 s is 3.5 s.
    let output = try render("crossfade", ["--from", "3.4", "--to", "3.6"])
    let image = try frame(output, 3)
    let a = try mediaFrame("clip-a.mp4", 105)
    let b = try mediaFrame("clip-b.mp4", 15)
    for (x, y) in [(600, 320), (560, 10), (10, 330)] {
      let (pa, pb) = (a.mean(x, y, size: 12), b.mean(x, y, size: 12))
      let blend: RGB = ((pa.r + pb.r) / 2, (pa.g + pb.g) / 2, (pa.b + pb.b) / 2)
      #expect(CLITestSupport.distance(image.mean(x, y, size: 12), blend) < 8, "\(x),\(y)")
      #expect(CLITestSupport.distance(pa, pb) > 30)
    }
    let probe = try TestSupport.ffprobeJSON(["-show_streams", output])
    let kinds = (probe["streams"] as? [[String: Any]])?.map { $0["codec_type"] as? String }
    #expect(kinds == ["video", "audio"])
  }

  /// Twinkle: opacity 1 → 0 over 0.5 s, autoreversing; the second star 0.25 s later.
  @Test func twinkleOpacityFollowsTheAnimation() throws {
    let output = try render("animations", ["--to", "0.55"])
    let video = try mediaFrame("clip-a.mp4", 0)
    let gold: RGB = (255, 210, 63)
    let centres = [(319, 94), (375, 94)]
    // Frames 0, 8 and 15: 0, 0.267 and 0.5 s.
    for index in [0, 8, 15] {
      let t = Double(index) / 30
      let first = 1 - t / 0.5
      let second = t < 0.25 ? 1 : 1 - (t - 0.25) / 0.5
      let image = try frame(output, index)
      for ((x, y), alpha) in zip(centres, [first, second]) {
        let under = video.mean(x, y, size: 3)
        let expected: RGB = (
          alpha * gold.r + (1 - alpha) * under.r, alpha * gold.g + (1 - alpha) * under.g,
          alpha * gold.b + (1 - alpha) * under.b
        )
        #expect(
          CLITestSupport.distance(image.mean(x, y, size: 3), expected) < 14,
          "frame \(index) at \(x),\(y): opacity \(alpha)")
      }
    }
  }

  /// Tilt: 30° about y with m34 = −1/1000 once eased in; flat at 0 s.
  @Test func tiltLeansTheVideoBack() throws {
    let background: RGB = (240, 234, 214)
    func isBackground(_ image: CLITestSupport.Frame, _ x: Int, _ y: Int) -> Bool {
      CLITestSupport.distance(image.mean(x - 1, y - 1, size: 3), background) < 20
    }
    let flat = try frame(try render("tilt", ["--to", "0.03"]), 0)
    #expect(isBackground(flat, 70, 180) && !isBackground(flat, 86, 180))
    #expect(!isBackground(flat, 554, 180) && isBackground(flat, 566, 180))
    #expect(isBackground(flat, 95, 35) && !isBackground(flat, 95, 50))

    // At 1 s and after: a corner (x, y) about the centre (320, 180) lands at
    // (x cos θ, y) / (1 + x sin θ / 1000) — the right side recedes.
    let tilted = try frame(try render("tilt", ["--from", "1", "--to", "1.03"], tag: "-1s"), 0)
    let angle = Double.pi / 6
    func project(_ x: Double, _ y: Double) -> (Double, Double) {
      let w = 1 + x * sin(angle) / 1000
      return (320 + x * cos(angle) / w, 180 + y / w)
    }
    let (left, topLeft) = project(-240, -135)
    let (right, topRight) = project(240, -135)
    let (_, bottomRight) = project(240, 135)
    #expect(isBackground(tilted, Int(left) - 8, 180) && !isBackground(tilted, Int(left) + 8, 180))
    #expect(!isBackground(tilted, Int(right) - 8, 180) && isBackground(tilted, Int(right) + 8, 180))
    #expect(!isBackground(tilted, Int(left) + 12, Int(topLeft) + 8))
    #expect(isBackground(tilted, Int(right) - 12, Int(topRight) - 8))
    #expect(isBackground(tilted, Int(right) - 12, Int(bottomRight) + 8))
    #expect(!isBackground(tilted, Int(right) - 12, Int(bottomRight) - 8))
  }

  @Test func birthdayCardPopsItsTextInAtHalfASecond() throws {
    let output = try render("birthday-card", ["--from", "0.4", "--to", "0.6"])
    func ink(_ image: CLITestSupport.Frame) -> Int {
      image.count(x: 20, y: 298, width: 600, height: 56) { $0.r > 220 && $0.g > 220 && $0.b > 220 }
    }
    let before = try frame(output, 0)  // 0.4 s
    let after = try frame(output, 5)  // 0.567 s
    #expect(ink(before) == 0)
    #expect(ink(after) > 100)
    // The background colour around the inset video, and the star in the corner.
    #expect(CLITestSupport.distance(before.mean(20, 150, size: 8), (0x3D, 0x1A, 0x6E)) < 10)
    #expect(CLITestSupport.distance(before.mean(590, 46, size: 4), (255, 210, 63)) < 25)
  }

  /// The examples whose export is not an `.mp4` of the render size (a transparent video, an
  /// animated image): they have tests of their own below.
  static let outputFormatExamples: Set<String> = ["clip-gif.json", "lower-third-alpha.json"]

  @Test func clipGIFIsAHalfSizeGIFAtFifteenFramesASecond() throws {
    let output = try render("clip-gif", ["--to", "1"], fileExtension: "gif")
    let probe = try TestSupport.ffprobeJSON([
      "-count_frames", "-select_streams", "v:0", "-show_streams", output,
    ])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["codec_name"] as? String == "gif")
    #expect(stream["width"] as? Int == 320 && stream["height"] as? Int == 180)
    #expect(stream["nb_read_frames"] as? String == "15")
  }

  @Test func lowerThirdKeepsItsAlpha() throws {
    let output = try render(
      "lower-third-alpha", ["--from", "1", "--to", "1.1"], fileExtension: "mov")
    let decoded = try TestSupport.run(
      "ffmpeg",
      ["-v", "error", "-i", output, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    let bytes = [UInt8](decoded.stdout)
    try #require(bytes.count == 640 * 360 * 4)
    func alpha(_ x: Int, _ y: Int) -> Int { Int(bytes[(y * 640 + x) * 4 + 3]) }
    // The box at opacity 0.85 (217 of 255) under the text, nothing above it.
    #expect(abs(alpha(360, 330) - 217) <= 2)
    #expect(alpha(320, 100) == 0)
  }

  /// Export draws frames in Y′CbCr where it can and `reel frame` always in RGB: for every
  /// example, the exported frame at 1.5 s matches the still, block by block, within what
  /// x264 at CRF 18 and 4:2:0 chroma leave (a missing, moved or recoloured element moves a
  /// block mean by far more).
  @Test(arguments: try CLITestSupport.exampleNames().filter { !outputFormatExamples.contains($0) })
  func theExportedFrameMatchesReelFramesStill(_ name: String) throws {
    let example = String(name.dropLast(".json".count))
    let folder = try CLITestSupport.examples.get()
    let still = try TestSupport.makeTemporaryDirectory("reel-example")
      .appendingPathComponent("\(example).png").path
    let result = try TestSupport.reel([
      "frame", folder.appendingPathComponent(name).path, "--time", "1.5", "-o", still,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    // The example's `size` (the vertical one is 1080×1920), else the demo clips' 640×360.
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any]
    let size = json?["size"] as? [Int] ?? [640, 360]
    let (width, height) = (size.first ?? 640, size.last ?? 360)
    let video = try CLITestSupport.frame(
      try render(example, ["--from", "1.5", "--to", "1.53", "--preset", "highest"]), index: 0,
      width: width, height: height)
    let picture = try CLITestSupport.frame(still, index: 0, width: width, height: height)
    var worst = 0.0
    var total = 0.0
    var blocks = 0
    for y in stride(from: 0, to: height, by: 8) {
      for x in stride(from: 0, to: width, by: 8) {
        let difference = CLITestSupport.distance(
          video.mean(x, y, size: 8), picture.mean(x, y, size: 8))
        worst = max(worst, difference)
        total += difference
        blocks += 1
      }
    }
    #expect(
      total / Double(blocks) < 3.5, "\(example): mean block difference \(total / Double(blocks))")
    #expect(worst < 24, "\(example): largest block difference \(worst)")
  }

  // MARK: Filters

  /// sRGB-encoded 0…255 → linear 0…1, and back.
  private static func linear(_ level: Double) -> Double {
    let v = level / 255
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
  }

  private static func encoded(_ light: Double) -> Double {
    let v = min(max(light, 0), 1)
    return 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
  }

  @Test func theGradedLookIsMoreSaturatedWithDarkCorners() throws {
    let image = try frame(try render("graded-look", ["--to", "0.03"]), 0)
    let video = try mediaFrame("clip-a.mp4", 0)
    // The circle's pink: colour controls spread the channels further apart.
    let source = video.mean(150, 255, size: 6)
    let graded = image.mean(150, 255, size: 6)
    // (The vignette also darkens it a little, so the spread is measured against the brightest
    // channel.)
    func spread(_ c: RGB) -> Double {
      (max(c.r, c.g, c.b) - min(c.r, c.g, c.b)) / max(c.r, c.g, c.b)
    }
    #expect(spread(graded) > spread(source) + 0.05, "\(graded) vs \(source)")
    // The corner: the vignette (cos⁴ of 0.83 · π/2 ≈ 0.005 of the light) darkens it almost to black.
    let corner = image.mean(6, 350, size: 4)
    let sourceCorner = video.mean(6, 350, size: 4)
    #expect(
      corner.r + corner.g + corner.b < 0.6 * (sourceCorner.r + sourceCorner.g + sourceCorner.b))
  }

  @Test func theBlurredTitleDimsAFlatAreaByItsExposureAndShowsTheTitle() throws {
    let image = try frame(try render("blurred-title", ["--to", "0.03"]), 0)
    let video = try mediaFrame("clip-a.mp4", 0)
    // A flat area (no edge within the blur's reach): −0.7 EV multiplies linear light by 2^−0.7.
    let source = video.mean(600, 330, size: 4)
    let gain = pow(2, -0.7)
    let expected: RGB = (
      Self.encoded(Self.linear(source.r) * gain), Self.encoded(Self.linear(source.g) * gain),
      Self.encoded(Self.linear(source.b) * gain)
    )
    #expect(CLITestSupport.distance(image.mean(600, 330, size: 4), expected) < 12)
    // The white title over it.
    #expect(image.count(x: 100, y: 140, width: 440, height: 80) { $0.r > 230 && $0.g > 230 } > 500)
  }

  @Test func theLutLookFollowsItsCubeMixedAtEightyPercent() throws {
    let image = try frame(try render("lut-look", ["--to", "0.03"]), 0)
    let video = try mediaFrame("clip-a.mp4", 0)
    // teal.cube holds c + (Y − 0.5) · (0.16, 0.03, −0.14) on encoded values (linear in c, so
    // trilinear interpolation of its texels gives it back where nothing is clamped); the step
    // mixes it with the picture at 0.8 in linear light.
    for (x, y) in [(320, 60), (600, 330)] {
      let c = video.mean(x, y, size: 4)
      let rgb = [c.r, c.g, c.b].map { $0 / 255 }
      let luma = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
      let looked = zip(rgb, [0.16, 0.03, -0.14]).map { min(max($0 + (luma - 0.5) * $1, 0), 1) }
      let mixed = zip(rgb, looked).map { original, table in
        Self.encoded(Self.linear(original * 255) * 0.2 + Self.linear(table * 255) * 0.8)
      }
      let expected: RGB = (mixed[0], mixed[1], mixed[2])
      #expect(CLITestSupport.distance(image.mean(x, y, size: 4), expected) < 10, "\(x),\(y)")
    }
  }

  @Test func theBarsSwipeTransitionShowsBarsOfBothClipsAtItsMidpoint() throws {
    // Through barsSwipeTransition (bars 40 px wide, alternate ones 30 px behind): halfway, each
    // place shows one clip or the other, whole, and both clips show.
    let output = try render("filter-transition", ["--from", "3.4", "--to", "3.6"])
    let image = try frame(output, 3)
    let a = try mediaFrame("clip-a.mp4", 105)
    let b = try mediaFrame("clip-b.mp4", 15)
    var (fromA, fromB) = (0, 0)
    for column in 0..<32 {
      let (x, y) = (column * 20 + 3, 178)
      let got = image.mean(x, y, size: 4)
      let (da, db) = (
        CLITestSupport.distance(got, a.mean(x, y, size: 4)),
        CLITestSupport.distance(got, b.mean(x, y, size: 4))
      )
      if da < 10 && da < db { fromA += 1 }
      if db < 10 && db < da { fromB += 1 }
    }
    #expect(
      fromA >= 4 && fromB >= 4, "\(fromA) places from the outgoing clip, \(fromB) from the incoming"
    )
    #expect(fromA + fromB >= 24, "most places show one clip whole")
  }

}
