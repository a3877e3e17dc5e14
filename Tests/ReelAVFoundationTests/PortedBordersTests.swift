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
}
