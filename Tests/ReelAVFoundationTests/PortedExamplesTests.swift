import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

/// The seeds' AVFoundation code in Examples/AVFoundation/, built unchanged but for its import
/// lines, run as the programs they are, and checked against the maths of the effect and
/// against the same movie written as a Reel template.
@Suite("Ported AVFoundation examples", .serialized)
struct PortedExamplesTests {
  /// The colours of the two flat clips the cross-fade joins (not saturated, so that 4:2:0
  /// encoding keeps them within a level or two).
  static let colourA = (r: 200.0, g: 60.0, b: 40.0)
  static let colourB = (r: 40.0, g: 80.0, b: 220.0)

  // MARK: Seed 003: the cross-fade

  @Test("seed 003's crossFade: 5 s at 30 fps, the midpoint 0.5·A + 0.25·B, as on Apple")
  func crossFade() throws {
    let folder = try MediaOracle.folder()
    let (asset0, asset1) = try Self.crossFadeClips(in: folder)
    let output = folder.appendingPathComponent("output.mp4")
    let run = try Self.runCrossFade(asset0.path, asset1.path, output.path)
    // Apple raises on an unset outputFileType; Reel takes the extension and says so.
    #expect(run.stderr.contains("outputFileType"), "\(run.stderr)")
    // So is the encoder (FFmpeg's, not Apple's), once.
    #expect(run.stderr.components(separatedBy: "not Apple's").count == 2, "\(run.stderr)")

    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 150)  // 3 s + 3 s − 1 s of overlap, 30 fps
    let a = try #require(frames.first).mean(x: 0, y: 0, width: 320, height: 240)
    let b = try #require(frames.last).mean(x: 0, y: 0, width: 320, height: 240)
    Self.expectClose(a, Self.colourA, within: 3, "track A before the fade")
    Self.expectClose(b, Self.colourB, within: 3, "track B after the fade")
    // Frame 75 (2.5 s) is the middle of the fade over [2, 3): A at opacity 0.5 over B at 0.5
    // over black.
    let expected = (r: 0.5 * a.r + 0.25 * b.r, g: 0.5 * a.g + 0.25 * b.g, b: 0.5 * a.b + 0.25 * b.b)
    for block in frames[75].blockMeans {
      Self.expectClose(block, expected, within: 3, "a 16×16 block of the midpoint")
    }
  }

  @Test("seed 003's crossFade and the same composition as a Reel template agree within 2/255")
  func crossFadeMatchesTemplate() throws {
    let folder = try MediaOracle.folder()
    let (asset0, asset1) = try Self.crossFadeClips(in: folder)
    let ported = folder.appendingPathComponent("ported.mp4")
    _ = try Self.runCrossFade(asset0.path, asset1.path, ported.path)

    let template = folder.appendingPathComponent("crossfade.json")
    try Data(
      """
      { "version": 1, "size": [320, 240], "frameRate": 30,
        "composition": {
          "tracks": [
            { "id": 1, "kind": "video", "segments": [ { "media": "asset0.mp4", "at": 0 } ] },
            { "id": 2, "kind": "video", "segments": [ { "media": "asset1.mp4", "at": 2 } ] } ],
          "instructions": [
            { "start": 0, "duration": 2, "layers": [ { "track": 1 } ] },
            { "start": 2, "duration": 1, "layers": [
              { "track": 1, "opacity": [ { "from": 1, "to": 0, "start": 2, "duration": 1 } ] },
              { "track": 2, "opacity": [ { "from": 0, "to": 1, "start": 2, "duration": 1 } ] } ] },
            { "start": 3, "duration": 2, "layers": [ { "track": 2 } ] } ] },
        "export": { "preset": "medium" } }
      """.utf8
    ).write(to: template)
    let native = folder.appendingPathComponent("native.mp4")
    let render = try TestSupport.reel(["render", template.path, "-o", native.path])
    #expect(render.status == 0, "\(render.stderr)")

    let portedFrames = try MediaOracle.frames(ported)
    let nativeFrames = try MediaOracle.frames(native)
    #expect(portedFrames.count == nativeFrames.count)
    for index in [0, 60, 67, 75, 82, 90, 149]
    where index < min(portedFrames.count, nativeFrames.count) {
      for (mine, theirs) in zip(
        portedFrames[index].blockMeans, nativeFrames[index].blockMeans)
      {
        Self.expectClose(mine, theirs, within: 2, "frame \(index)")
      }
    }
  }

  // MARK: Seed 000: the birthday card

  @Test(
    "seed 000's birthday card: background around the inset video, text in its frame, a pulsing scale"
  )
  func birthdayCard() throws {
    let folder = try MediaOracle.folder()
    let video = try MediaOracle.makeClip(
      "clip.mp4", in: folder,
      // Tagged BT.709 (untagged HD is BT.709 to Reel, as to Apple, but BT.601 to swscale).
      video:
        "color=c=0x3060A0:size=1280x720:rate=30:duration=1.5,format=rgb24,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
      audio: "sine=frequency=440:sample_rate=48000:duration=1.5",
      extra: ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"])
    // The clip's colour as ffmpeg decodes it.
    let clipColour = try #require(try MediaOracle.frames(video).first).mean(
      x: 600, y: 300, width: 64, height: 64)
    try Self.writeBackground(in: folder)
    let output = folder.appendingPathComponent("card.mov")
    try Self.runBirthdayCard(video: video, output: output, in: folder)

    let streams = try MediaOracle.streams(output)
    #expect(streams.contains { $0["codec_type"] as? String == "audio" })
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 45)  // 1.5 s at the video composition's 30 fps
    let first = try #require(frames.first)
    #expect(first.width == 1280 && first.height == 720)  // highest quality keeps the size

    // The background shows in the 20 px border around the video layer.
    for (x, y) in [(2, 300), (1262, 300), (600, 702), (2, 702)] {
      Self.expectClose(
        first.mean(x: x, y: y, width: 16, height: 16), Self.background, within: 3,
        "background at (\(x), \(y))")
    }
    // The video fills the inset layer (below the text, which is in the top third).
    Self.expectClose(
      first.mean(x: 600, y: 500, width: 64, height: 64), clipColour, within: 3,
      "video inside the inset")

    // The text layer's frame, y-up (0, 0.66·720, 1280, 150), is y-down [94.8, 244.8).
    let textBand = (top: 94, bottom: 245)
    // The ink is looked for from row 87 down: by frame 30 (1 s) the confetti reaches at
    // most −5 + 77.9 × 1 + 13.4 = 86.3 (see `confettiReach`), so it stays out of the box.
    let inkTop = 87
    let inkAtStart = try #require(Self.inkBox(first, video: clipColour, top: inkTop))
    #expect(inkAtStart.minY >= textBand.top && inkAtStart.maxY <= textBand.bottom)
    #expect(inkAtStart.minX > 0 && inkAtStart.maxX < 1280)
    // transform.scale 0.8 → 1.2, 0.5 s, eased, autoreversing, from AVCoreAnimationBeginTimeAtZero.
    let inkAtPeak = try #require(Self.inkBox(frames[15], video: clipColour, top: inkTop))
    let inkBack = try #require(Self.inkBox(frames[30], video: clipColour, top: inkTop))
    let ratio = Double(inkAtPeak.width) / Double(inkAtStart.width)
    #expect(abs(ratio - 1.5) < 0.08, "ink width \(inkAtStart.width) → \(inkAtPeak.width)")
    #expect(abs(inkBack.width - inkAtStart.width) <= 4)

    // The tutorial's confetti: after 1 s, pixels of its colours near the top (it falls from
    // the y-up top edge), none below its reach.
    let confettiFrame = frames[30]
    var above = 0
    var below = 0
    for y in 0..<confettiFrame.height {
      for x in 0..<confettiFrame.width where Self.isConfetti(confettiFrame[x, y]) {
        if y < Self.confettiReach { above += 1 } else { below += 1 }
      }
    }
    #expect(above > 100, "confetti pixels near the top: \(above)")
    #expect(below == 0, "confetti-coloured pixels below its reach: \(below)")
  }

  @Test("seed 000's birthday card and the same card as a Reel template agree within 2/255")
  func birthdayCardMatchesTemplate() throws {
    let folder = try MediaOracle.folder()
    let video = try MediaOracle.makeClip(
      "clip.mp4", in: folder, video: "testsrc2=size=1280x720:rate=30:duration=1.5",
      audio: "sine=frequency=440:sample_rate=48000:duration=1.5")
    // The example's confetti cells are random on each run, so the template has none and the
    // confetti pictures are transparent here: the emitter runs and draws nothing.
    try Self.writeBackground(in: folder, confetti: "white@0.0")
    let ported = folder.appendingPathComponent("ported.mov")
    try Self.runBirthdayCard(video: video, output: ported, in: folder)

    // The installed family Reel stands in for ArialRoundedMTBold (the example warns of it).
    let family = try #require(UIFont(name: "ArialRoundedMTBold", size: 60)).family
    // The text layer's y-up frame (0, 0.66·720, 1280, 150) is y-down (0, 94.8, 1280, 150);
    // strokeWidth −3 is 3 % of 60 pt: a 1.8 px outline under the fill.
    let template = folder.appendingPathComponent("card.json")
    try Data(
      """
      { "version": 1, "size": [1280, 720], "frameRate": 30,
        "clips": [ { "media": "clip.mp4" } ],
        "layers": [
          { "type": "image", "image": "background.png", "frame": [0, 0, 1280, 720], "gravity": "fill" },
          { "type": "video", "frame": [20, 20, 1240, 680] },
          { "type": "text", "frame": [0, 94.8, 1280, 150], "text": "Happy Birthday,\\nAda",
            "font": { "family": "\(family)", "size": 60, "weight": 700 },
            "color": "white", "align": "center", "wrap": false,
            "outline": { "color": "black", "width": 1.8 },
            "animations": [ { "property": "scale", "from": 0.8, "to": 1.2, "duration": 0.5,
              "repeat": "forever", "autoreverse": true, "timing": "easeInEaseOut" } ] } ],
        "export": { "preset": "highest" } }
      """.utf8
    ).write(to: template)
    let native = folder.appendingPathComponent("native.mov")
    let render = try TestSupport.reel(["render", template.path, "-o", native.path])
    #expect(render.status == 0, "\(render.stderr)")

    let portedFrames = try MediaOracle.frames(ported)
    let nativeFrames = try MediaOracle.frames(native)
    #expect(portedFrames.count == nativeFrames.count)
    for index in [0, 7, 15, 22, 30, 44] where index < min(portedFrames.count, nativeFrames.count) {
      for (mine, theirs) in zip(
        portedFrames[index].blockMeans, nativeFrames[index].blockMeans)
      {
        Self.expectClose(mine, theirs, within: 2, "frame \(index)")
      }
    }
  }

  @Test("seed 000's birthday card turns a phone's portrait clip upright")
  func birthdayCardPortrait() throws {
    let folder = try MediaOracle.folder()
    // The coded picture's top half is red, its bottom half blue; tagged to be shown turned
    // 90° clockwise, the red half is on the right.
    let coded = try MediaOracle.makeClip(
      "coded.mp4", in: folder,
      video:
        "color=c=0x2040C0:size=640x360:rate=30:duration=0.5,drawbox=x=0:y=0:w=640:h=180:color=0xC03020:t=fill"
    )
    // A phone writes the display matrix with its translation: (0, 1, −1, 0, 360, 0).
    let rotated = try MediaOracle.rotate90(coded, in: folder, name: "rotated.mp4")
    let portrait = try AVTestMedia.settingTranslation(
      of: rotated, tx: 360, ty: 0, name: "portrait.mp4")
    try Self.writeBackground(in: folder)
    let output = folder.appendingPathComponent("card.mov")
    try Self.runBirthdayCard(video: portrait, output: output, in: folder)

    let frame = try #require(try MediaOracle.frames(output).first)
    #expect(frame.width == 360 && frame.height == 640)
    Self.expectClose(
      frame.mean(x: 250, y: 450, width: 32, height: 32), (r: 192, g: 48, b: 32), within: 4,
      "the coded top half, on the right")
    Self.expectClose(
      frame.mean(x: 60, y: 450, width: 32, height: 32), (r: 32, g: 64, b: 192), within: 4,
      "the coded bottom half, on the left")
  }

  // MARK: Helpers

  /// Runs the CrossFade example on two clips (a hung export is killed after 5 minutes) and
  /// expects it to exit 0.
  static func runCrossFade(
    _ asset0: String, _ asset1: String, _ output: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> TestSupport.ToolOutput {
    let run = try TestSupport.run(
      TestSupport.builtExecutable("CrossFade").path, [asset0, asset1, output], timeout: 300)
    #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
    return run
  }

  /// Runs the BirthdayCard example for "Ada" in `folder` (where background.png is) and
  /// expects it to exit 0.
  static func runBirthdayCard(
    video: URL, output: URL, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let run = try TestSupport.run(
      TestSupport.builtExecutable("BirthdayCard").path, [video.path, "Ada", output.path],
      currentDirectory: folder, timeout: 600)
    #expect(run.status == 0, "\(run.stdout) \(run.stderr)", sourceLocation: sourceLocation)
  }

  /// The background image's colour.
  static let background = (r: 224.0, g: 64.0, b: 128.0)

  /// background.png (the tutorial's background image): flat `background`, 4:3 so that
  /// `resizeAspectFill` crops it,
  /// and the confetti pictures confetti0…5.png: 30×15 rectangles of `confetti` (an ffmpeg
  /// colour; white is tinted by each cell's system colour).
  static func writeBackground(in folder: URL, confetti: String = "white") throws {
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=0xE04080:size=400x300", "-frames:v", "1",
      folder.appendingPathComponent("background.png").path,
    ])
    for index in 0...5 {
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=c=\(confetti):size=30x15,format=rgba", "-frames:v", "1",
        folder.appendingPathComponent("confetti\(index).png").path,
      ])
    }
  }

  /// The lowest row (y-down) confetti can reach by 1.5 s: the emitter line is 5 px above
  /// the top (y-up h + 5), a particle's direction is within ±0.4 rad of +x (emissionRange
  /// 0.8 around longitude 0), its speed at most 200 px/s, so its centre falls at most
  /// 200·sin 0.4 = 77.9 px/s; a 30×15 picture at scale ≤ 0.8 reaches 13.4 px from its centre:
  /// −5 + 77.9 × 1.5 + 13.4 = 125.3. Regions compared with a card without confetti start
  /// below it.
  static let confettiReach = 126

  /// iOS's light-mode system colours the tutorial's confetti uses.
  static let confettiColours: [RGB] = [
    (52, 199, 89), (255, 59, 48), (0, 122, 255), (255, 45, 85), (255, 149, 0),
    (175, 82, 222), (255, 204, 0),
  ]

  /// Whether a pixel is within 24 levels of one of the confetti colours.
  static func isConfetti(_ pixel: (r: Int, g: Int, b: Int)) -> Bool {
    confettiColours.contains {
      max(
        abs(Double(pixel.r) - $0.r), abs(Double(pixel.g) - $0.g), abs(Double(pixel.b) - $0.b))
        <= 24
    }
  }

  static func crossFadeClips(in folder: URL) throws -> (URL, URL) {
    (
      try MediaOracle.makeClip(
        "asset0.mp4", in: folder, video: "color=c=0xC83C28:size=320x240:rate=30:duration=3"),
      try MediaOracle.makeClip(
        "asset1.mp4", in: folder, video: "color=c=0x2850DC:size=320x240:rate=30:duration=3")
    )
  }

  typealias RGB = (r: Double, g: Double, b: Double)

  static func expectClose(
    _ actual: RGB, _ expected: RGB, within tolerance: Double, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let worst = max(
      abs(actual.r - expected.r), abs(actual.g - expected.g), abs(actual.b - expected.b))
    #expect(
      worst <= tolerance, "\(what): \(actual) against \(expected)", sourceLocation: sourceLocation)
  }

  /// The box of pixels that differ from the flat video colour by more than 60 levels in
  /// some channel, inside the inset video from row `top` down (the text's ink over the
  /// video; the confetti falls from the top edge, see ``confettiReach``).
  static func inkBox(_ frame: MediaOracle.RGBFrame, video: RGB, top: Int = 24) -> (
    minX: Int, maxX: Int, minY: Int, maxY: Int, width: Int
  )? {
    var box: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
    for y in top..<(frame.height - 24) {
      for x in 24..<(frame.width - 24) {
        let pixel = frame[x, y]
        let difference = max(
          abs(Double(pixel.r) - video.r), abs(Double(pixel.g) - video.g),
          abs(Double(pixel.b) - video.b))
        guard difference > 60 else { continue }
        if let current = box {
          box = (
            min(current.minX, x), max(current.maxX, x), min(current.minY, y), max(current.maxY, y)
          )
        } else {
          box = (x, x, y, y)
        }
      }
    }
    return box.map { ($0.minX, $0.maxX, $0.minY, $0.maxY, $0.maxX - $0.minX + 1) }
  }
}
