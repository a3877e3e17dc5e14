import Foundation
import Reel
import Testing

// The seed effects (borders, overlays, captions, tilt, twinkle, rotate, fade, outlined CJK
// captions, the birthday card) as layer trees with the parameters of the template
// examples, each rendered at two or more times and checked against pixels computed from
// the effect's maths.

@Suite("Seed effects render to the expected pixels")
struct SeedEffectRenderTests {
  typealias C = RenderCheck

  static let videoColor = C.rgb(30, 120, 200)
  static let video = RenderCheck.filled(width: 64, height: 48, color: videoColor)
  static let full = Rect(x: 0, y: 0, width: 320, height: 240)

  // MARK: Birthday card

  /// Seed 000: background colour, the video inset as a frame, "Happy Birthday, Ada" with an
  /// outline popping in (scale 0.6 → 1 with a spring) at 0.5 s, a star overlay.
  static func birthdayCard(width: Double = 320, height: Double = 240) -> Layer {
    let k = width / 320
    let inset = Rect(x: 20 * k, y: 20 * k, width: 280 * k, height: 150 * k)
    let videoLayer = Layer.video(frame: inset).with {
      $0.borderWidth = 4 * k
      $0.borderColor = .white
    }
    let title = Layer.text(
      "Happy Birthday, Ada",
      style: TextStyle(
        fontSize: 24 * k, weight: 700, color: C.rgb(255, 215, 0), alignment: .center,
        strokeColor: C.rgb(80, 0, 80), strokeWidth: 3 * k),
      frame: Rect(x: 10 * k, y: 180 * k, width: 300 * k, height: 40 * k)
    ).with { $0.opacity = 0 }
      .adding(BasicAnimation(.opacity, from: 1, to: 1, beginTime: 0.5, duration: 0.01))
      .adding(SpringAnimation(.scale, from: 0.6, to: 1, beginTime: 0.5, fillMode: .both))
    let star = Layer.image(
      C.star(side: 32, color: C.rgb(255, 230, 0)),
      frame: Rect(x: 270 * k, y: 8 * k, width: 40 * k, height: 40 * k))
    return .group(
      frame: Rect(x: 0, y: 0, width: width, height: height), sublayers: [videoLayer, title, star])
  }

  static let cardBackground = C.rgb(255, 209, 220)

  @Test("Birthday card: background, framed video, star, and the title popping in at 0.5 s")
  func birthdayCard() throws {
    let tree = LayerTree(
      root: Self.birthdayCard(), renderSize: Size(width: 320, height: 240),
      backgroundColor: Self.cardBackground)
    let renderer = try LayerRenderer(tree: tree)
    let early = try renderer.render(at: C.time(0.25), videoFrames: ["main": Self.video])
    let background = Self.cardBackground.premultipliedBGRA
    #expect(early[x: 5, y: 5] == background)
    #expect(early[x: 10, y: 200] == background)
    #expect(early[x: 21, y: 21] == Color.white.premultipliedBGRA)
    #expect(early[x: 299, y: 169] == Color.white.premultipliedBGRA)
    #expect(early[x: 160, y: 95] == Self.videoColor.premultipliedBGRA)
    #expect(early[x: 24, y: 24] == Self.videoColor.premultipliedBGRA)
    // Star: a 32-px picture stretched to 40 px; its opaque middle is [280, 300) × [18, 38).
    #expect(early[x: 290, y: 28] == C.rgb(255, 230, 0).premultipliedBGRA)
    #expect(early[x: 272, y: 10] == background)
    // Before 0.5 s the title is invisible: the caption area is all background.
    let titleArea = try early.cropped(to: Rect(x: 0, y: 175, width: 320, height: 65))
    #expect(C.box(of: titleArea) { $0 != background } == nil)

    // Just after 0.5 s the spring has the title small, scaled about its centre (160, 200).
    let spring = SpringAnimation(ReelAnimation.AnimatableProperty<Double>.scale, from: 0.6, to: 1)
    let elapsed = 0.04
    let scale = 0.6 + 0.4 * spring.progress(atElapsed: elapsed)
    let popping = try renderer.render(at: C.time(0.5 + elapsed), videoFrames: ["main": Self.video])
    let poppingArea = try popping.cropped(to: Rect(x: 0, y: 175, width: 320, height: 65))
    let box = try #require(C.box(of: poppingArea) { $0 != background })
    #expect(
      Double(box.minX) >= 160 - 150 * scale - 1 && Double(box.maxX) <= 160 + 150 * scale + 1,
      "\(box) at scale \(scale)")
    #expect(
      Double(box.minY + 175) >= 200 - 20 * scale - 1
        && Double(box.maxY + 175) <= 200 + 20 * scale + 1, "\(box) at scale \(scale)")

    // Once settled, the title's ink fills most of its width and stays in its frame.
    let settled = try renderer.render(at: C.time(3), videoFrames: ["main": Self.video])
    let inkBox = try #require(
      C.box(of: settled.cropped(to: Rect(x: 0, y: 175, width: 320, height: 65))) {
        $0 != background
      })
    #expect(inkBox.minX >= 10 && inkBox.maxX < 310)
    #expect(inkBox.minY >= 5 && inkBox.maxY < 45)
    #expect(Double(inkBox.maxX - inkBox.minX) > 300 * scale, "grew from the pop-in size")
    // Fill (gold) and outline (purple) both show.
    var gold = 0
    var purple = 0
    for y in 180..<220 {
      for x in 10..<310 {
        let pixel = settled[x: x, y: y]
        if pixel == C.rgb(255, 215, 0).premultipliedBGRA { gold += 1 }
        if pixel == C.rgb(80, 0, 80).premultipliedBGRA { purple += 1 }
      }
    }
    #expect(gold > 50 && purple > 50, "gold \(gold), purple \(purple)")
  }

  // MARK: Borders

  @Test(
    "Borders of 10, 20, 40 and 80 px in blue, red, green and white",
    arguments: [
      (10, C.rgb(0, 0, 255)), (20, C.rgb(255, 0, 0)), (40, C.rgb(0, 128, 0)),
      (80, C.rgb(255, 255, 255)),
    ])
  func border(width: Int, color: Color) throws {
    let layer = Layer.video(frame: Self.full).with {
      $0.borderWidth = Double(width)
      $0.borderColor = color
    }
    for seconds in [0.0, 1.5] {
      let image = try C.render(C.root([layer]), at: seconds, video: Self.video)
      for (x, y) in [
        (0, 0), (width - 1, 120), (160, width - 1), (319 - width + 1, 200), (100, 239),
      ] {
        #expect(image[x: x, y: y] == color.premultipliedBGRA, "(\(x), \(y)) at \(seconds) s")
      }
      for (x, y) in [(width, 120), (160, width), (319 - width, 239 - width), (160, 120)] {
        #expect(
          image[x: x, y: y] == Self.videoColor.premultipliedBGRA, "(\(x), \(y)) at \(seconds) s")
      }
    }
  }

  // MARK: Overlays

  @Test("Overlays: a corner image and a full-frame image with transparency")
  func overlays() throws {
    let logo = C.rgb(250, 250, 20)
    var veil = Image(width: 320, height: 240)
    // Bottom half: white at 40% alpha; top half transparent.
    veil.fill(Rect(x: 0, y: 120, width: 320, height: 120), with: C.rgb(255, 255, 255, alpha: 0.4))
    let root = C.root([
      .video(frame: Self.full),
      .image(
        RenderCheck.filled(width: 8, height: 8, color: logo),
        frame: Rect(x: 10, y: 10, width: 48, height: 48)),
      .image(veil, frame: Self.full),
    ])
    for seconds in [0.0, 1.0] {
      let image = try C.render(root, at: seconds, video: Self.video)
      #expect(image[x: 30, y: 30] == logo.premultipliedBGRA)
      #expect(image[x: 100, y: 60] == Self.videoColor.premultipliedBGRA)
      let veiled = C.over(C.rgb(255, 255, 255), opacity: 0.4, on: Self.videoColor)
      #expect(
        C.matches(image[x: 160, y: 200], veiled, 1.5), "\(image[x: 160, y: 200]) vs \(veiled)")
    }
  }

  // MARK: Captions

  @Test("Captions: bottom-centred text shown during its cue")
  func bottomCaption() throws {
    let frame = Rect(x: 0, y: 190, width: 320, height: 40)
    let caption = Layer.text(
      "Hello there",
      style: TextStyle(
        fontSize: 22, color: .white, alignment: .center, strokeColor: .black, strokeWidth: 2),
      frame: frame
    ).with { $0.opacity = 0 }
      .adding(
        KeyframeAnimation(
          .opacity, values: [1.0, 1.0], beginTime: 0.5, duration: 1, fillMode: .removed))
    let root = C.root([.video(frame: Self.full), caption])
    let before = try C.render(root, at: 0.2, video: Self.video)
    #expect(C.box(of: before) { $0 != Self.videoColor.premultipliedBGRA } == nil)
    let during = try C.render(root, at: 1.0, video: Self.video)
    let box = try #require(C.box(of: during) { $0 != Self.videoColor.premultipliedBGRA })
    #expect(box.minY >= 190 && box.maxY < 230)
    #expect(abs(Double(box.minX + box.maxX + 1) / 2 - 160) <= 3, "centred: \(box)")
    let after = try C.render(root, at: 1.6, video: Self.video)
    #expect(C.box(of: after) { $0 != Self.videoColor.premultipliedBGRA } == nil)
  }

  // MARK: Tilt

  @Test("Tilt: rotationY eases 0→30° over the first second with m34 = −1/1000")
  func tilt() throws {
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 1000
    let frame = Rect(x: 60, y: 40, width: 200, height: 160)
    let layer = Layer.video(frame: frame).with { $0.transform = perspective }
      .adding(
        BasicAnimation(
          .rotationY, from: 0, to: .pi / 6, duration: 1, timingFunction: .easeInEaseOut))
    let root = C.root([layer])
    // At 0 s: untilted, exactly the frame.
    let flat = try C.render(root, background: .black, at: 0, video: Self.video)
    let flatBox = try #require(C.box(of: flat) { $0 != Color.black.premultipliedBGRA })
    #expect(flatBox == (minX: 60, minY: 40, maxX: 259, maxY: 199))
    for (seconds, angle) in [
      (0.5, Double.pi / 6 * LayerRendererTests.bezierEase(0.5)), (1.5, Double.pi / 6),
    ] {
      let image = try C.render(root, background: .black, at: seconds, video: Self.video)
      let corners = [(0.0, 0.0), (200.0, 0.0), (200.0, 160.0), (0.0, 160.0)].map {
        LayerRendererTests.tilted(
          $0.0, $0.1, size: frame.size, position: Point(x: 160, y: 120), angle: angle,
          distance: 1000)
      }
      let box = try #require(C.box(of: image) { $0 != Color.black.premultipliedBGRA })
      #expect(abs(Double(box.minX) - corners[0].x.rounded(.down)) <= 1, "\(box) \(corners)")
      #expect(abs(Double(box.maxX) - (corners[1].x - 1).rounded(.up)) <= 1, "\(box) \(corners)")
      #expect(abs(Double(box.minY) - corners[0].y.rounded(.down)) <= 1, "\(box) \(corners)")
      #expect(abs(Double(box.maxY) - (corners[3].y - 1).rounded(.up)) <= 1, "\(box) \(corners)")
      #expect(C.close(image[x: 160, y: 120], Self.videoColor.premultipliedBGRA, 1))
    }
  }

  // MARK: Twinkle, rotate, fade

  @Test("Twinkle: two stars, opacity 1→0 over 0.5 s, autoreverse, forever, the second 0.25 s later")
  func twinkle() throws {
    let yellow = C.rgb(255, 220, 0)
    func star(x: Double, begin: Double) -> Layer {
      Layer.image(
        RenderCheck.filled(width: 16, height: 16, color: yellow),
        frame: Rect(x: x, y: 40, width: 40, height: 40)
      )
      .adding(
        BasicAnimation(
          .opacity, from: 1, to: 0, beginTime: begin, duration: 0.5, repeatCount: .infinity,
          autoreverses: true))
    }
    let root = C.root([star(x: 40, begin: 0), star(x: 200, begin: 0.25)])
    // First star: 1 − t/0.5 going down, back up after 0.5 s. Second: model opacity 1 until
    // it begins at 0.25 s, then the same curve 0.25 s later.
    let expected: [(Double, Double, Double)] = [
      (0, 1, 1), (0.25, 0.5, 1), (0.5, 0, 0.5), (0.75, 0.5, 0), (1.0, 1, 0.5), (2.375, 0.25, 0.75),
    ]
    for (seconds, first, second) in expected {
      let image = try C.render(root, background: .black, at: seconds)
      #expect(
        C.matches(image[x: 60, y: 60], C.over(yellow, opacity: first, on: .black), 1),
        "star 1 at \(seconds) s")
      #expect(
        C.matches(image[x: 220, y: 60], C.over(yellow, opacity: second, on: .black), 1),
        "star 2 at \(seconds) s")
    }
  }

  @Test("Rotate: 360° every 2 s, linear, forever — a marker moves round the centre")
  func rotate() throws {
    // A 60×60 image, grey with a red 6×6 marker centred at local (50, 30): 20 px right of
    // the centre. Clockwise turning by θ puts it at (160 + 20 cos θ, 120 + 20 sin θ).
    var picture = RenderCheck.filled(width: 60, height: 60, color: C.rgb(90, 90, 90))
    picture.fill(Rect(x: 47, y: 27, width: 6, height: 6), with: .red)
    let layer = Layer.image(picture, frame: Rect(x: 130, y: 90, width: 60, height: 60))
      .adding(BasicAnimation(.rotationZ, from: 0, to: 2 * .pi, duration: 2, repeatCount: .infinity))
    let root = C.root([layer])
    for seconds in [0.0, 0.5, 1.25, 2.5] {
      let angle = 2 * Double.pi * (seconds.truncatingRemainder(dividingBy: 2) / 2)
      let image = try C.render(root, background: .black, at: seconds)
      let marker = Point(x: 160 + 20 * cos(angle), y: 120 + 20 * sin(angle))
      let pixel = image[x: Int(marker.x.rounded(.down)), y: Int(marker.y.rounded(.down))]
      #expect(
        C.close(pixel, Color.red.premultipliedBGRA, 2), "at \(seconds) s, \(marker): \(pixel)")
      // The marker's red ink is centred there (±1 px).
      let box = try #require(C.box(of: image) { $0.red > 200 && $0.green < 60 })
      #expect(abs(Double(box.minX + box.maxX + 1) / 2 - marker.x) <= 1, "\(box)")
      #expect(abs(Double(box.minY + box.maxY + 1) / 2 - marker.y) <= 1, "\(box)")
    }
  }

  @Test("Fade: an overlay fades in over the first second and out over the last (3 s video)")
  func fadeInOut() throws {
    let overlay = Layer.color(.white, frame: Rect(x: 100, y: 80, width: 120, height: 80))
      .adding(BasicAnimation(.opacity, from: 0, to: 1, duration: 1, fillMode: .both))
      .adding(BasicAnimation(.opacity, from: 1, to: 0, beginTime: 2, duration: 1))
    let root = C.root([.video(frame: Self.full), overlay])
    let expected: [(Double, Double)] = [
      (0, 0), (0.25, 0.25), (0.5, 0.5), (1.5, 1), (2.5, 0.5), (2.9, 0.1), (3, 0),
    ]
    for (seconds, opacity) in expected {
      let image = try C.render(root, at: seconds, video: Self.video)
      let value = C.over(.white, opacity: opacity, on: Self.videoColor)
      #expect(
        C.matches(image[x: 160, y: 120], value, 1),
        "at \(seconds) s: \(image[x: 160, y: 120]) vs \(value)")
      #expect(image[x: 20, y: 20] == Self.videoColor.premultipliedBGRA)
    }
  }

  // MARK: Chinese subtitles

  @Test("Outlined CJK caption from a font file (falling back) with 0.1 s fades")
  func outlinedCJKCaption() throws {
    let style = TextStyle(
      fontFamily: "Noto Sans CJK SC", fontFile: "/nonexistent/fonts/NotoSansSC-Bold.otf",
      fontSize: 30,
      color: .white, alignment: .center, strokeColor: .black, strokeWidth: 3)
    // Cue [0.5, 1.5): opacity 0 → 1 over 0.1 s, 1, → 0 over the last 0.1 s.
    let caption = Layer.text(
      "你好，世界", style: style, frame: Rect(x: 0, y: 180, width: 320, height: 50)
    )
    .with { $0.opacity = 0 }
    .adding(
      KeyframeAnimation(
        .opacity, values: [0.0, 1, 1, 0], keyTimes: [0, 0.1, 0.9, 1], beginTime: 0.5, duration: 1,
        fillMode: .removed))
    let tree = LayerTree(
      root: C.root([caption]), renderSize: Size(width: 320, height: 240),
      backgroundColor: C.rgb(0, 0, 80))
    let renderer = try LayerRenderer(tree: tree)
    let background = C.rgb(0, 0, 80).premultipliedBGRA
    func brightest(_ image: Image) -> Int {
      var best = 0
      for y in 0..<240 { for x in 0..<320 { best = max(best, Int(image[x: x, y: y].red)) } }
      return best
    }
    let before = try renderer.render(at: C.time(0.4))
    #expect(C.box(of: before) { $0 != background } == nil)
    let full = try renderer.render(at: C.time(1.0))
    #expect(brightest(full) == 255)
    let box = try #require(C.box(of: full) { $0 != background })
    #expect(
      box.minY >= 180 && box.maxY < 230 && abs(Double(box.minX + box.maxX + 1) / 2 - 160) <= 4)
    var outline = 0
    for y in box.minY...box.maxY {
      for x in box.minX...box.maxX where full[x: x, y: y] == Color.black.premultipliedBGRA {
        outline += 1
      }
    }
    #expect(outline > 30, "outline pixels: \(outline)")
    // Half-way through the fade in and out: white at opacity 0.5 over the background.
    for seconds in [0.55, 1.45] {
      let image = try renderer.render(at: C.time(seconds))
      #expect(abs(Double(brightest(image)) - 127.5) <= 1, "at \(seconds) s")
    }
    let after = try renderer.render(at: C.time(1.6))
    #expect(C.box(of: after) { $0 != background } == nil)
    // The missing font file is a warning, and every character found a glyph.
    let warnings = renderer.warnings
    #expect(!warnings.isEmpty)
    #expect(!warnings.contains { $0.contains("no glyph") }, "\(warnings)")
  }
}
