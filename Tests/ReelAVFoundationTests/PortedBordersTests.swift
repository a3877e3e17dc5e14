import AVFoundationCompat
import Foundation
import TestSupport
import Testing

/// Seed 001's effects (Examples/AVFoundation/Borders) run on generated media and checked
/// against the maths of each effect.
@Suite("Ported seed 001 (borders, overlays, animations)", .serialized)
struct PortedBordersTests {
  typealias RGB = (r: Double, g: Double, b: Double)

  /// The clip: flat grey 640×360, 1 s.
  static let grey: RGB = (128, 128, 128)

  static func clip(in folder: URL) throws -> URL {
    try AVTestMedia.flatClip("grey.mp4", in: folder, color: "0x808080", size: "640x360", seconds: 1)
  }

  /// Runs the example with `arguments` (the effect and its parameters) on `video`.
  static func run(
    _ arguments: [String], video: URL, output: URL, in folder: URL,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let run = try TestSupport.run(
      TestSupport.builtExecutable("Borders").path, arguments + [video.path, output.path],
      currentDirectory: folder, timeout: 600)
    #expect(run.status == 0, "\(run.stdout) \(run.stderr)", sourceLocation: sourceLocation)
  }

  static func worst(_ a: RGB, _ b: RGB) -> Double {
    max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
  }

  @Test(
    "the border: UIRectFill's colour exactly (±3 after H.264) and its width within 1 px",
    arguments: [
      (0, 10.0, (r: 0.0, g: 0.0, b: 255.0)), (1, 20.0, (r: 255.0, g: 0.0, b: 0.0)),
      (2, 40.0, (r: 0.0, g: 255.0, b: 0.0)), (3, 80.0, (r: 255.0, g: 255.0, b: 255.0)),
    ])
  func border(segment: Int, width: Double, colour: RGB) throws {
    let folder = try MediaOracle.folder()
    let video = try Self.clip(in: folder)
    let output = folder.appendingPathComponent("border-\(segment).mov")
    try Self.run(
      ["border", "\(segment)", "\(width)"], video: video, output: output, in: folder)
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 30)
    let frame = try #require(frames.first)
    #expect(frame.width == 640 && frame.height == 360)
    let w = Int(width)
    // Border colour in each side's middle, video colour inside.
    for (x, y) in [
      (w / 2 - 2, 178), (640 - w / 2 - 2, 178), (318, w / 2 - 2), (318, 360 - w / 2 - 2),
    ] {
      let mean = frame.mean(x: x, y: y, width: 4, height: 4)
      #expect(Self.worst(mean, colour) <= 3, "border at (\(x), \(y)): \(mean)")
    }
    let inside = frame.mean(x: w + 8, y: w + 8, width: 16, height: 16)
    #expect(Self.worst(inside, Self.grey) <= 3, "video inside: \(inside)")
    // Where the border ends along the middle row and column: the first pixel nearer the
    // video's colour than the border's.
    func nearerVideo(_ p: (r: Int, g: Int, b: Int)) -> Bool {
      let rgb = (r: Double(p.r), g: Double(p.g), b: Double(p.b))
      return Self.worst(rgb, Self.grey) < Self.worst(rgb, colour)
    }
    let left = try #require((0..<320).first { nearerVideo(frame[$0, 180]) })
    let right = try #require((320..<640).reversed().first { nearerVideo(frame[$0, 180]) })
    let top = try #require((0..<180).first { nearerVideo(frame[320, $0]) })
    let bottom = try #require((180..<360).reversed().first { nearerVideo(frame[320, $0]) })
    #expect(abs(left - w) <= 1 && abs(639 - right - w) <= 1, "left \(left), right \(right)")
    #expect(abs(top - w) <= 1 && abs(359 - bottom - w) <= 1, "top \(top), bottom \(bottom)")
  }

  /// The 720p clip the animations and the subtitle need (the stars sit at h/2 ± 200).
  static func hdClip(in folder: URL) throws -> URL {
    try AVTestMedia.flatClip(
      "grey720.mp4", in: folder, color: "0x808080", size: "1280x720", seconds: 1)
  }

  /// star.png: flat (255, 208, 0), 128 × 128.
  static let star: RGB = (255, 208, 0)
  static func writeStar(in folder: URL) throws {
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=0xFFD000:size=128x128", "-frames:v", "1",
      folder.appendingPathComponent("star.png").path,
    ])
  }

  /// The box of pixels far (> 60 levels) from the grey video inside `rows`.
  static func inkBox(_ frame: MediaOracle.RGBFrame, rows: Range<Int>) -> (
    minX: Int, maxX: Int, minY: Int, maxY: Int
  )? {
    var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
    for y in rows {
      for x in 0..<frame.width {
        let p = frame[x, y]
        let far = max(abs(p.r - 128), abs(p.g - 128), abs(p.b - 128)) > 60
        guard far else { continue }
        if let b = box {
          box = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
        } else {
          box = (x, x, y, y)
        }
      }
    }
    return box
  }

  @Test("the subtitle's ink lies inside its y-up frame (0, 0, w, 100): the bottom 100 rows")
  func subtitle() throws {
    let folder = try MediaOracle.folder()
    let video = try Self.hdClip(in: folder)
    let output = folder.appendingPathComponent("subtitle.mov")
    try Self.run(["subtitle", "Hello"], video: video, output: output, in: folder)
    let frame = try #require(try MediaOracle.frames(output).first)
    #expect(Self.inkBox(frame, rows: 0..<620) == nil)
    let ink = try #require(Self.inkBox(frame, rows: 620..<720))
    // Centred (alignmentMode .center) and white.
    #expect(abs((ink.minX + ink.maxX) / 2 - 640) <= 4, "ink \(ink)")
    var brightest = 0
    for y in ink.minY...ink.maxY {
      for x in ink.minX...ink.maxX { brightest = max(brightest, frame[x, y].g) }
    }
    #expect(brightest >= 250)
  }

  /// The star layers' y-down centres on a 1280 × 720 frame: (640, 720 − (360 ± 200 + 64)).
  static let upperStar = (x: 640, y: 96)
  static let lowerStar = (x: 640, y: 496)

  @Test("twinkle: transform.scale 0.5 → 1 over 0.5 s, autoreversing, from the first frame")
  func twinkle() throws {
    let folder = try MediaOracle.folder()
    let video = try Self.hdClip(in: folder)
    try Self.writeStar(in: folder)
    let output = folder.appendingPathComponent("twinkle.mov")
    try Self.run(["animation", "2"], video: video, output: output, in: folder)
    let frames = try MediaOracle.frames(output)
    for index in [0, 7, 15, 22, 30 - 1] {
      let t = Double(index) / 30
      let phase = (t / 0.5).truncatingRemainder(dividingBy: 2)
      let scale = 0.5 + 0.5 * (phase <= 1 ? phase : 2 - phase)
      for star in [Self.upperStar, Self.lowerStar] {
        let ink = try #require(Self.inkBox(frames[index], rows: (star.y - 70)..<(star.y + 70)))
        let width = Double(ink.maxX - ink.minX + 1)
        #expect(abs(width - 128 * scale) <= 3, "frame \(index): width \(width), scale \(scale)")
        #expect(abs((ink.minY + ink.maxY) / 2 - star.y) <= 1)
      }
    }
  }

  @Test("rotate: transform.rotation 0 → 2π over 2 s: the square's box is 128·(|cos| + |sin|)")
  func rotate() throws {
    let folder = try MediaOracle.folder()
    let video = try Self.hdClip(in: folder)
    try Self.writeStar(in: folder)
    let output = folder.appendingPathComponent("rotate.mov")
    try Self.run(["animation", "0"], video: video, output: output, in: folder)
    let frames = try MediaOracle.frames(output)
    for index in [0, 4, 7, 15, 20] {
      let angle = 2 * Double.pi * (Double(index) / 30) / 2
      let expected = 128 * (abs(cos(angle)) + abs(sin(angle)))
      let ink = try #require(
        Self.inkBox(frames[index], rows: (Self.upperStar.y - 95)..<(Self.upperStar.y + 95)))
      let width = Double(ink.maxX - ink.minX + 1)
      #expect(abs(width - expected) <= 3, "frame \(index): width \(width), expected \(expected)")
    }
  }

  @Test("fade: opacity 1 → 0 over 3 s: the star's colour is the mix at each time")
  func fade() throws {
    let folder = try MediaOracle.folder()
    let video = try Self.hdClip(in: folder)
    try Self.writeStar(in: folder)
    let output = folder.appendingPathComponent("fade.mov")
    try Self.run(["animation", "1"], video: video, output: output, in: folder)
    let frames = try MediaOracle.frames(output)
    for star in [Self.upperStar, Self.lowerStar] {
      // The star at full opacity as the encoder gives back its saturated yellow.
      let opaque = frames[0].mean(x: star.x - 8, y: star.y - 8, width: 16, height: 16)
      #expect(Self.worst(opaque, Self.star) <= 6)
      for index in [10, 20, 29] {
        let opacity = 1 - (Double(index) / 30) / 3
        let expected: RGB = (
          Self.grey.r + (opaque.r - Self.grey.r) * opacity,
          Self.grey.g + (opaque.g - Self.grey.g) * opacity,
          Self.grey.b + (opaque.b - Self.grey.b) * opacity
        )
        let mean = frames[index].mean(x: star.x - 8, y: star.y - 8, width: 16, height: 16)
        #expect(Self.worst(mean, expected) <= 3, "frame \(index): \(mean) against \(expected)")
      }
    }
  }

  @Test(
    "tilt: the video layer turned 30° about x with m34 ±1/1000 matches Reel's own 3D tilt",
    arguments: [(0, 30.0), (1, -30.0)])
  func tilt(segment: Int, templateAngle: Double) throws {
    let folder = try MediaOracle.folder()
    let video = try MediaOracle.makeClip(
      "pattern.mp4", in: folder, video: "testsrc2=size=640x360:rate=30:duration=0.5")
    let output = folder.appendingPathComponent("tilt-\(segment).mov")
    try Self.run(["tilt", "\(segment)"], video: video, output: output, in: folder)
    // The seed's space is y-up: its +30° about x is −30° in the template's y-down space. The
    // template's perspective d sets m34 = −1/d (d > 0); the seed's m34 = +1/1000 with +30° is
    // the same picture as m34 = −1/1000 with −30° (w = 1 + m34·y·sin θ and y·cos θ are
    // unchanged when both signs flip), so segment 0 is d = 1000 at +30° in y-down terms.
    let template = folder.appendingPathComponent("tilt-\(segment).json")
    try Data(
      """
      { "version": 1, "size": [640, 360], "frameRate": 30,
        "clips": [ { "media": "pattern.mp4" } ],
        "layers": [ { "type": "video", "perspective": 1000, "rotationX": \(templateAngle) } ],
        "export": { "preset": "highest" } }
      """.utf8
    ).write(to: template)
    let native = folder.appendingPathComponent("tilt-native-\(segment).mov")
    let render = try TestSupport.reel(["render", template.path, "-o", native.path])
    #expect(render.status == 0, "\(render.stderr)")
    let mine = try MediaOracle.frames(output)
    let theirs = try MediaOracle.frames(native)
    #expect(mine.count == theirs.count)
    let untilted = try #require(try MediaOracle.frames(video).first)
    let first = try #require(mine.first)
    // The picture changed (the tilt is not a no-op) …
    var changed = 0.0
    for (a, b) in zip(first.blockMeans, untilted.blockMeans) {
      changed = max(changed, Self.worst(a, b))
    }
    #expect(changed > 40)
    // … and as Reel's own maths says.
    for (a, b) in zip(first.blockMeans, try #require(theirs.first).blockMeans) {
      #expect(Self.worst(a, b) <= 2, "tilt \(segment): \(a) against \(b)")
    }
  }

  @Test("overlay: Frame-1.png (opaque red edge 40 px, clear middle) shows over the video")
  func overlay() throws {
    let folder = try MediaOracle.folder()
    let video = try Self.clip(in: folder)
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=red:size=640x360", "-frames:v", "1", "-vf",
      "format=rgba,geq=r=255:g=0:b=0:a='if(between(X,40,599)*between(Y,40,319),0,255)'",
      folder.appendingPathComponent("Frame-1.png").path,
    ])
    let output = folder.appendingPathComponent("overlay.mov")
    try Self.run(["overlay", "0"], video: video, output: output, in: folder)
    let frame = try #require(try MediaOracle.frames(output).first)
    for (x, y) in [(16, 178), (620, 178), (318, 16), (318, 340)] {
      let mean = frame.mean(x: x, y: y, width: 4, height: 4)
      #expect(Self.worst(mean, (255, 0, 0)) <= 3, "frame edge at (\(x), \(y)): \(mean)")
    }
    #expect(Self.worst(frame.mean(x: 300, y: 160, width: 40, height: 40), Self.grey) <= 3)
  }
}
