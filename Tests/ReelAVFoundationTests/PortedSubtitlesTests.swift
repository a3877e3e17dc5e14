import AVFoundationCompat
import Foundation
import TestSupport
import Testing

/// Seed 004 (Examples/AVFoundation/Subtitles): Chinese glyph outlines in a shape layer,
/// faded in on the text layer and out on its parent, checked against the maths.
///
/// Pending until CAShapeLayer and UIBezierPath are merged: rename to .swift and add the
/// Subtitles target to Package.swift.
@Suite("Ported seed 004: subtitles as glyph paths", .serialized)
struct PortedSubtitlesTests {
  static let cjkFont = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
  static let text = "你好，世界"
  static let video = (r: 32.0, g: 64.0, b: 96.0)
  /// 640×360 at 25 fps; the driver's subtitle: 1.01 s for 2 s, 40 pt, text rectangle
  /// (40, 260, 560, 60) from the top.
  static let size = (width: 640, height: 360)

  /// The text layer's opacity (fade in 0 → 1 over [1.11, 1.21] s) times its parent's
  /// (fade out 1 → 0 over [2.91, 3.01] s), both held before and after (fill mode both).
  static func expectedOpacity(atFrame frame: Int) -> Double {
    let t = Double(frame) / 25
    let fadeIn = min(max((t - 1.11) / 0.1, 0), 1)
    let fadeOut = 1 - min(max((t - 2.91) / 0.1, 0), 1)
    return fadeIn * fadeOut
  }

  /// Where the glyph ink must be in the frame (y down): the seed's y-up placement. The
  /// parent's position is (x + w/2, H − h/2 − y) = (320, 70) y-up, its bounds empty; the
  /// shape layer (bounds rectPath.width × (40 + 10)) is centred on it, y up, so the
  /// outlines' baseline (path y 0) is the layer's bottom edge, 70 − 25 = 45 up from the
  /// frame's bottom: row 315. The ink box of the outlines, from CoreText, is placed there
  /// (1 px for the 1 pt stroke and antialiasing).
  static func expectedInkBox() throws -> (minX: Int, maxX: Int, minY: Int, maxY: Int) {
    let provider = try #require(CGDataProvider(filename: cjkFont))
    let face = try #require(CGFont(provider))
    let font = CTFontCreateWithGraphicsFont(face, 40, nil, nil)
    let line = CTLineCreateWithAttributedString(
      NSAttributedString(
        string: text, attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
        as CFAttributedString)
    let letters = CGMutablePath()
    letters.move(to: .zero)
    for run in CTLineGetGlyphRuns(line) as! [CTRun] {
      let runFont =
        (CTRunGetAttributes(run) as NSDictionary)[kCTFontAttributeName as String] as! CTFont
      var glyphs = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
      var positions = [CGPoint](repeating: .zero, count: glyphs.count)
      CTRunGetGlyphs(run, CFRangeMake(0, 0), &glyphs)
      CTRunGetPositions(run, CFRangeMake(0, 0), &positions)
      #expect(!glyphs.contains(0), "glyph 0 in a CJK run")
      for (glyph, position) in zip(glyphs, positions) {
        if let letter = CTFontCreatePathForGlyph(runFont, glyph, nil) {
          letters.addPath(
            letter, transform: CGAffineTransform(translationX: position.x, y: position.y))
        }
      }
    }
    let width = letters.boundingBox.width
    let ink = letters.boundingBoxOfPath
    let left = 320 - Double(width) / 2
    let baseline = 315.0
    return (
      Int((left + Double(ink.minX)).rounded(.down)) - 1,
      Int((left + Double(ink.maxX)).rounded(.up)) + 1,
      Int((baseline - Double(ink.maxY)).rounded(.down)) - 1,
      Int((baseline - Double(ink.minY)).rounded(.up)) + 1
    )
  }

  @Test(
    "the subtitle shows exactly within its window, fades as the maths says, inside its rectangle")
  func subtitle() throws {
    let folder = try MediaOracle.folder()
    let clip = try MediaOracle.makeClip(
      "clip.mp4", in: folder, video: "color=c=0x204060:size=640x360:rate=25:duration=4")
    let output = folder.appendingPathComponent("subtitled.mp4")
    let run = try TestSupport.run(
      TestSupport.builtExecutable("Subtitles").path,
      [clip.path, Self.cjkFont, output.path, Self.text],
      currentDirectory: folder, timeout: 300)
    #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 100)
    let box = try Self.expectedInkBox()

    /// The largest difference from the video colour, inside and outside `box`.
    func difference(_ frame: MediaOracle.RGBFrame) -> (inside: Double, outside: Double, sum: Double)
    {
      var inside = 0.0
      var outside = 0.0
      var sum = 0.0
      for y in 8..<(frame.height - 8) {
        for x in 8..<(frame.width - 8) {
          let p = frame[x, y]
          let d = max(
            abs(Double(p.r) - Self.video.r), abs(Double(p.g) - Self.video.g),
            abs(Double(p.b) - Self.video.b))
          if x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY {
            inside = max(inside, d)
            sum +=
              Double(p.r) + Double(p.g) + Double(p.b) - Self.video.r - Self.video.g - Self.video.b
          } else {
            outside = max(outside, d)
          }
        }
      }
      return (inside, outside, sum)
    }
    let full = difference(frames[50])
    #expect(full.inside > 150, "white glyphs at full opacity")
    for (index, frame) in frames.enumerated() {
      let measured = difference(frame)
      let opacity = Self.expectedOpacity(atFrame: index)
      // Never any ink outside the text rectangle's glyph box.
      #expect(measured.outside <= 8, "frame \(index): ink outside the glyph box")
      if opacity == 0 {
        #expect(measured.inside <= 8, "frame \(index): subtitle visible outside its window")
      } else {
        #expect(measured.inside > 12, "frame \(index): subtitle missing inside its window")
        // White fill over the video scales with opacity (the black outline darkens a little).
        #expect(
          abs(measured.sum / full.sum - opacity) < 0.05,
          "frame \(index): opacity \(measured.sum / full.sum) against \(opacity)")
      }
    }
    // Frames 28…75 are the window: 28 (1.12 s) at 0.1, 29 at 0.5, 30 at 0.9; 73 at 0.9, 74 at
    // 0.5, 75 (3.00 s) at 0.1; 27 and 76 show nothing.
    #expect((0..<100).filter { Self.expectedOpacity(atFrame: $0) > 0 } == Array(28...75))
  }
}
