import Foundation
import TestSupport
import Testing

@testable import Reel

// Expected pixels in these tests come from the maths of each effect (blend equations,
// projections, timing curves), never from an earlier output of the renderer.

/// Helpers shared by the renderer and seed-effect tests.
enum RenderCheck {
  /// An opaque colour from 8-bit components.
  static func rgb(_ red: Int, _ green: Int, _ blue: Int, alpha: Double = 1) -> Color {
    Color(
      red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
  }

  /// A time in seconds, exact for multiples of 1/600 s.
  static func time(_ seconds: Double) -> Time {
    Time(seconds: seconds, preferredTimescale: 600)
  }

  /// Renders `root` as the root of a tree of `width × height` at `seconds`.
  static func render(
    _ root: Layer, width: Int = 320, height: Int = 240, background: Color? = nil,
    at seconds: Double, video: Image? = nil
  ) throws -> Image {
    let tree = LayerTree(
      root: root, renderSize: Size(width: Double(width), height: Double(height)),
      backgroundColor: background)
    let renderer = try LayerRenderer(tree: tree)
    return try renderer.render(at: time(seconds), videoFrames: video.map { ["main": $0] } ?? [:])
  }

  /// A root group covering the render area.
  static func root(_ sublayers: [Layer], width: Int = 320, height: Int = 240) -> Layer {
    .group(
      frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), sublayers: sublayers)
  }

  /// Whether two pixels differ by at most `tolerance` in every channel.
  static func close(_ a: BGRA, _ b: BGRA, _ tolerance: Int) -> Bool {
    abs(Int(a.blue) - Int(b.blue)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
      && abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.alpha) - Int(b.alpha)) <= tolerance
  }

  /// The premultiplied pixel of `color` drawn with `opacity` over the opaque `background`
  /// (the OVER equation, unrounded).
  static func over(_ color: Color, opacity: Double = 1, on background: Color) -> (
    red: Double, green: Double, blue: Double
  ) {
    let a = color.alpha * opacity
    return (
      red: 255 * (color.red * a + background.red * (1 - a)),
      green: 255 * (color.green * a + background.green * (1 - a)),
      blue: 255 * (color.blue * a + background.blue * (1 - a))
    )
  }

  /// Whether `pixel` is within `tolerance` of the unrounded opaque colour `expected`.
  static func matches(
    _ pixel: BGRA, _ expected: (red: Double, green: Double, blue: Double), _ tolerance: Double
  ) -> Bool {
    abs(Double(pixel.red) - expected.red) <= tolerance
      && abs(Double(pixel.green) - expected.green) <= tolerance
      && abs(Double(pixel.blue) - expected.blue) <= tolerance && pixel.alpha == 255
  }

  /// The bounding box (inclusive pixel indices) of the pixels for which `test` holds.
  static func box(of image: Image, where test: (BGRA) -> Bool) -> (
    minX: Int, minY: Int, maxX: Int, maxY: Int
  )? {
    var result: (minX: Int, minY: Int, maxX: Int, maxY: Int)? = nil
    for y in 0..<image.height {
      for x in 0..<image.width where test(image[x: x, y: y]) {
        if let box = result {
          result = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
        } else {
          result = (x, y, x, y)
        }
      }
    }
    return result
  }

  /// A `width × height` picture of one colour (``Image/filled(width:height:color:)``'s
  /// pixels), for the small constant sizes of the tests.
  static func filled(width: Int, height: Int, color: Color) -> Image {
    var image = Image(width: width, height: height)
    image.fill(with: color.premultipliedBGRA)
    return image
  }

  /// A `width × height` picture split into a left half of `left` and a right half of `right`.
  static func halves(width: Int, height: Int, left: Color, right: Color) -> Image {
    var image = filled(width: width, height: height, color: left)
    image.fill(
      Rect(x: Double(width / 2), y: 0, width: Double(width - width / 2), height: Double(height)),
      with: right)
    return image
  }

  /// A "star" overlay picture: an opaque square of `color` in the middle half of a
  /// transparent `side × side` image.
  static func star(side: Int, color: Color) -> Image {
    var image = Image(width: side, height: side)
    let quarter = Double(side) / 4
    image.fill(Rect(x: quarter, y: quarter, width: quarter * 2, height: quarter * 2), with: color)
    return image
  }
}

@Suite("LayerRenderer: pixels from the maths")
struct LayerRendererTests {
  typealias C = RenderCheck

  @Test("Border pixels carry the border colour exactly; the video inside is untouched")
  func borderPixels() throws {
    let videoColor = C.rgb(30, 160, 90)
    let borderColor = C.rgb(200, 40, 220)
    let video = RenderCheck.filled(width: 64, height: 48, color: videoColor)
    let layer = Layer.video(frame: Rect(x: 20, y: 30, width: 200, height: 150)).with {
      $0.borderWidth = 12
      $0.borderColor = borderColor
    }
    let image = try C.render(C.root([layer]), background: .black, at: 0, video: video)
    for y in 30..<180 {
      for x in 20..<220 {
        let inBorder = x < 32 || x >= 208 || y < 42 || y >= 168
        let expected = inBorder ? borderColor.premultipliedBGRA : videoColor.premultipliedBGRA
        guard image[x: x, y: y] == expected else {
          Issue.record("pixel (\(x), \(y)) is \(image[x: x, y: y]), expected \(expected)")
          return
        }
      }
    }
    #expect(image[x: 19, y: 100] == Color.black.premultipliedBGRA)
    #expect(image[x: 220, y: 100] == Color.black.premultipliedBGRA)
  }

  @Test("A 50% layer over a known colour gives the blend equation's value (±1)")
  func halfOpacityBlend() throws {
    let background = C.rgb(20, 60, 200)
    let top = C.rgb(250, 200, 10)
    let layer = Layer.color(top, frame: Rect(x: 40, y: 40, width: 100, height: 80)).with {
      $0.opacity = 0.5
    }
    let image = try C.render(C.root([layer]), background: background, at: 0)
    let expected = C.over(top, opacity: 0.5, on: background)
    for (x, y) in [(40, 40), (90, 80), (139, 119)] {
      #expect(C.matches(image[x: x, y: y], expected, 1), "at (\(x), \(y)): \(image[x: x, y: y])")
    }
    #expect(image[x: 140, y: 80] == background.premultipliedBGRA)
  }

  @Test("A semi-transparent colour inside a 50% parent multiplies both alphas")
  func nestedOpacity() throws {
    let background = C.rgb(0, 0, 0)
    let fill = C.rgb(255, 255, 255, alpha: 0.5)
    let child = Layer.color(fill, frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let parent = Layer.group(frame: Rect(x: 10, y: 10, width: 50, height: 50), sublayers: [child])
      .with { $0.opacity = 0.5 }
    let image = try C.render(C.root([parent]), background: background, at: 0)
    #expect(C.matches(image[x: 30, y: 30], C.over(fill, opacity: 0.5, on: background), 1))
  }

  @Test("A 90° rotation maps known pixels to known places")
  func quarterTurn() throws {
    let red = C.rgb(255, 0, 0)
    let blue = C.rgb(0, 0, 255)
    let green = C.rgb(0, 255, 0)
    var picture = C.halves(width: 40, height: 20, left: red, right: blue)
    picture.fill(Rect(x: 30, y: 2, width: 2, height: 2), with: green)
    // Anchor at the centre (160, 120); local (x, y) → (u, v) = (x − 20, y − 10) → turned
    // clockwise by 90°: (−v, u) → screen (160 − v, 120 + u).
    let layer = Layer.image(picture, frame: Rect(x: 140, y: 110, width: 40, height: 20)).with {
      $0.rotationZ = .pi / 2
    }
    let image = try C.render(C.root([layer]), background: .black, at: 0)
    func screen(_ x: Double, _ y: Double) -> (Int, Int) {
      let (u, v) = (x - 20, y - 10)
      return (Int((160 - v).rounded(.down)), Int((120 + u).rounded(.down)))
    }
    // Pixel centres of the layer's pixels land on pixel centres on screen: exact colours.
    for (x, y, color) in [
      (5.5, 10.5, red), (35.5, 10.5, blue), (30.5, 2.5, green), (31.5, 3.5, green),
    ] {
      let (sx, sy) = screen(x, y)
      #expect(
        C.close(image[x: sx, y: sy], color.premultipliedBGRA, 1),
        "local (\(x), \(y)) → (\(sx), \(sy)): \(image[x: sx, y: sy])")
    }
    // The turned layer covers x ∈ [150, 170), y ∈ [100, 140).
    let box = try #require(C.box(of: image) { $0.red > 0 || $0.blue > 0 || $0.green > 0 })
    #expect(abs(box.minX - 150) <= 1 && abs(box.maxX - 169) <= 1)
    #expect(abs(box.minY - 100) <= 1 && abs(box.maxY - 139) <= 1)
  }

  /// Where local point (x, y) of a `w × h` layer at `position`, turned by `angle` about
  /// the y axis, then given perspective m34 = −1/`distance`, lands: (u, v, 0, 1) · R_y =
  /// (u cos θ, v, −u sin θ, 1); · P gives w' = 1 + u sin θ / distance.
  static func tilted(
    _ x: Double, _ y: Double, size: Size, position: Point, angle: Double, distance: Double
  ) -> Point {
    let u = x - size.width / 2
    let v = y - size.height / 2
    let w = 1 + u * sin(angle) / distance
    return Point(x: position.x + u * cos(angle) / w, y: position.y + v / w)
  }

  @Test("A tilted layer's corners land where the projection puts them (±1 px)")
  func tiltedCorners() throws {
    let color = C.rgb(40, 220, 120)
    let video = RenderCheck.filled(width: 32, height: 24, color: color)
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 1000
    let frame = Rect(x: 60, y: 40, width: 200, height: 160)
    let angle = Double.pi / 6
    let layer = Layer.video(frame: frame).with {
      $0.transform = perspective
      $0.rotationY = angle
    }
    let image = try C.render(C.root([layer]), background: .black, at: 0, video: video)
    let corners = [(0.0, 0.0), (200.0, 0.0), (200.0, 160.0), (0.0, 160.0)].map {
      Self.tilted(
        $0.0, $0.1, size: frame.size, position: Point(x: 160, y: 120), angle: angle,
        distance: 1000)
    }
    let box = try #require(C.box(of: image) { $0.alpha > 0 && ($0.green > 0 || $0.red > 0) })
    let minX = corners.map(\.x).min() ?? 0
    let maxX = corners.map(\.x).max() ?? 0
    let minY = corners.map(\.y).min() ?? 0
    let maxY = corners.map(\.y).max() ?? 0
    #expect(abs(Double(box.minX) - minX.rounded(.down)) <= 1, "\(box) vs \(corners)")
    #expect(abs(Double(box.maxX) - (maxX - 1).rounded(.up)) <= 1, "\(box) vs \(corners)")
    #expect(abs(Double(box.minY) - minY.rounded(.down)) <= 1, "\(box) vs \(corners)")
    #expect(abs(Double(box.maxY) - (maxY - 1).rounded(.up)) <= 1, "\(box) vs \(corners)")
    // Just inside each corner (2 px towards the centre) the video shows in full.
    let centre = Point(
      x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    for corner in corners {
      let dx = centre.x - corner.x
      let dy = centre.y - corner.y
      let length = (dx * dx + dy * dy).squareRoot()
      let inside = Point(x: corner.x + 3 * dx / length, y: corner.y + 3 * dy / length)
      let pixel = image[x: Int(inside.x), y: Int(inside.y)]
      #expect(C.close(pixel, color.premultipliedBGRA, 2), "inside \(corner): \(pixel)")
      // And just outside, nothing.
      let outside = Point(x: corner.x - 3 * dx / length, y: corner.y - 3 * dy / length)
      #expect(image[x: Int(outside.x), y: Int(outside.y)] == Color.black.premultipliedBGRA)
    }
    // The near (left) edge is taller than the far (right) edge.
    #expect(corners[3].y - corners[0].y > corners[2].y - corners[1].y)
  }

  @Test("Axial gradient values at chosen points")
  func gradientValues() throws {
    let start = C.rgb(255, 0, 0)
    let end = C.rgb(0, 0, 255)
    let gradient = Gradient(
      colors: [start, end], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
    let layer = Layer.gradient(gradient, frame: Rect(x: 32, y: 20, width: 256, height: 40))
    let image = try C.render(C.root([layer]), background: .black, at: 0)
    for x in [0, 64, 128, 200, 255] {
      let t = (Double(x) + 0.5) / 256
      let expected = (red: 255 * (1 - t), green: 0.0, blue: 255 * t)
      let pixel = image[x: 32 + x, y: 40]
      #expect(C.matches(pixel, expected, 1.5), "x \(x): \(pixel) vs \(expected)")
    }
  }

  @Test("Radial gradient: centre colour at the centre, outer colour beyond the ellipse")
  func radialGradientValues() throws {
    let inner = C.rgb(255, 255, 255)
    let outer = C.rgb(0, 0, 0)
    let gradient = Gradient(
      kind: .radial, colors: [inner, outer], startPoint: Point(x: 0.5, y: 0.5),
      endPoint: Point(x: 1, y: 1))
    let layer = Layer.gradient(gradient, frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let image = try C.render(C.root([layer]), background: .red, at: 0)
    // Semi-axes 100 px: at distance d from the centre, the value is 255 · (1 − d/100).
    for (x, d) in [(100, 0.5), (125, 25.5), (150, 50.5), (175, 75.5)] {
      let expected = 255 * (1 - (d * d + 0.25).squareRoot() / 100)
      let pixel = image[x: x, y: 100]
      #expect(abs(Double(pixel.red) - expected) <= 1.5, "x \(x): \(pixel) vs \(expected)")
    }
  }

  @Test("Text ink lies inside the text layer's bounds")
  func textInkInsideBounds() throws {
    let frame = Rect(x: 40, y: 60, width: 220, height: 90)
    let layer = Layer.text(
      "Happy Birthday, Ada! Wrapped text stays in its box.",
      style: TextStyle(fontSize: 24, color: .white), frame: frame)
    let image = try C.render(C.root([layer]), at: 0)
    let box = try #require(C.box(of: image) { $0.alpha > 0 })
    #expect(box.minX >= 40 && box.maxX < 260, "\(box)")
    #expect(box.minY >= 60 && box.maxY < 150, "\(box)")
    // Two or more lines: the ink spans more than one line height.
    #expect(box.maxY - box.minY > 30)
  }

  @Test(
    "CJK, Arabic and emoji render with 0 unknown glyphs and no renderer warning",
    arguments: ["你好，世界", "مرحبا بالعالم", "🎂🎉"])
  func scriptsHaveGlyphs(_ string: String) throws {
    let style = TextStyle(fontSize: 32, color: .white)
    let rendered = try TextRenderer.render(StyledText(string), style: style, width: 300)
    #expect(rendered.unknownGlyphCount == 0)
    let tree = LayerTree(
      root: C.root([
        .text(StyledText(string), style: style, frame: Rect(x: 10, y: 10, width: 300, height: 60))
      ]),
      renderSize: Size(width: 320, height: 240))
    let renderer = try LayerRenderer(tree: tree)
    let image = try renderer.render(at: .zero)
    #expect(renderer.warnings.isEmpty, "\(renderer.warnings)")
    #expect(C.box(of: image) { $0.alpha > 0 } != nil)
  }

  @Test("A character no font has is reported as a renderer warning")
  func unknownGlyphWarning() throws {
    // U+0378 is unassigned: no font has a glyph for it.
    let tree = LayerTree(
      root: C.root([.text("a\u{0378}b", frame: Rect(x: 10, y: 10, width: 300, height: 60))]),
      renderSize: Size(width: 320, height: 240))
    let renderer = try LayerRenderer(tree: tree)
    _ = try renderer.render(at: .zero)
    #expect(renderer.warnings.contains { $0.contains("no glyph") }, "\(renderer.warnings)")
  }

  @Test("An animated GIF layer changes frame at its frame times and loops")
  func animatedGIF() throws {
    let directory = try TestSupport.makeTemporaryDirectory("reel-render-gif")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("three.gif").path
    // Three solid frames: red for 0.2 s, lime for 0.3 s, blue for 0.5 s; loops forever.
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=red:s=16x16:r=10:d=0.2",
      "-f", "lavfi", "-i", "color=c=lime:s=16x16:r=10:d=0.3",
      "-f", "lavfi", "-i", "color=c=blue:s=16x16:r=10:d=0.5",
      "-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1[v]", "-map", "[v]",
      "-loop", "0", path,
    ])
    let layer = try Layer.image(contentsOf: path, frame: Rect(x: 0, y: 0, width: 32, height: 32))
    let tree = LayerTree(root: C.root([layer]), renderSize: Size(width: 320, height: 240))
    let renderer = try LayerRenderer(tree: tree)
    func dominant(at seconds: Double) throws -> String {
      let pixel = try renderer.render(at: C.time(seconds))[x: 16, y: 16]
      if pixel.red > 200 && pixel.green < 60 && pixel.blue < 60 { return "red" }
      if pixel.green > 200 && pixel.red < 60 && pixel.blue < 60 { return "lime" }
      if pixel.blue > 200 && pixel.red < 60 && pixel.green < 60 { return "blue" }
      return "\(pixel)"
    }
    let expected: [(Double, String)] = [
      (0, "red"), (0.15, "red"), (0.25, "lime"), (0.45, "lime"), (0.55, "blue"), (0.95, "blue"),
      (1.05, "red"), (1.25, "lime"), (1.6, "blue"), (10.1, "red"),
    ]
    for (seconds, color) in expected {
      #expect(try dominant(at: seconds) == color, "at \(seconds) s")
    }
  }

  @Test("An opacity fade (0→1 over 1 s, ease in-out) matches the timing function within 1/255")
  func opacityFadeFollowsTiming() throws {
    let layer = Layer.color(.white, frame: Rect(x: 0, y: 0, width: 20, height: 20))
      .adding(BasicAnimation(.opacity, from: 0, to: 1, duration: 1, timingFunction: .easeInEaseOut))
    let tree = LayerTree(
      root: C.root([layer]), renderSize: Size(width: 320, height: 240), backgroundColor: .black)
    let renderer = try LayerRenderer(tree: tree)
    for seconds in [0.0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1.0, 1.5] {
      // Ease in-out is the cubic Bézier (0.42, 0, 0.58, 1): solve x(s) = t, take y(s).
      let opacity = Self.bezierEase(seconds)
      let pixel = try renderer.render(at: C.time(seconds))[x: 10, y: 10]
      #expect(
        abs(Double(pixel.red) - 255 * opacity) <= 1, "at \(seconds) s: \(pixel) vs \(255 * opacity)"
      )
    }
  }

  /// cubic-bezier(0.42, 0, 0.58, 1) at `x`, by bisection on the curve's x.
  static func bezierEase(_ x: Double) -> Double {
    let x = min(max(x, 0), 1)
    func curve(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if curve(middle, 0.42, 0.58) < x { low = middle } else { high = middle }
    }
    return curve((low + high) / 2, 0, 1)
  }

  @Test("masksToBounds with a corner radius clips a child")
  func roundedClip() throws {
    let child = Layer.color(.red, frame: Rect(x: -30, y: -30, width: 160, height: 160))
    let parent = Layer.group(frame: Rect(x: 50, y: 50, width: 100, height: 100), sublayers: [child])
      .with {
        $0.masksToBounds = true
        $0.cornerRadius = 30
      }
    let image = try C.render(C.root([parent]), background: .black, at: 0)
    let red = Color.red.premultipliedBGRA
    let black = Color.black.premultipliedBGRA
    #expect(image[x: 100, y: 100] == red)
    #expect(image[x: 50, y: 100] == red)
    #expect(image[x: 100, y: 149] == red)
    // Outside the bounds the child would draw, but is clipped.
    #expect(image[x: 45, y: 100] == black)
    #expect(image[x: 100, y: 152] == black)
    // In each corner, outside the circle of radius 30 about (80, 80) etc.
    for (x, y) in [(52, 52), (147, 52), (52, 147), (147, 147)] {
      #expect(image[x: x, y: y] == black, "corner (\(x), \(y)): \(image[x: x, y: y])")
    }
    // Inside the circle near the corner: 45° along the diagonal, 5 px in from the arc.
    let inset = 30 - 25 / 2.0.squareRoot()
    #expect(image[x: 50 + Int(inset), y: 50 + Int(inset)] == red)
  }

  @Test("A mask layer's alpha masks the layer")
  func maskLayer() throws {
    let mask = Layer.group(
      frame: Rect(x: 0, y: 0, width: 100, height: 100),
      sublayers: [
        .color(.white, frame: Rect(x: 0, y: 0, width: 50, height: 100)),
        .color(C.rgb(255, 255, 255, alpha: 0.5), frame: Rect(x: 50, y: 0, width: 25, height: 100)),
      ])
    var layer = Layer.color(.red, frame: Rect(x: 100, y: 50, width: 100, height: 100))
    layer.mask = mask
    let background = C.rgb(0, 0, 255)
    let image = try C.render(C.root([layer]), background: background, at: 0)
    #expect(image[x: 120, y: 100] == Color.red.premultipliedBGRA)
    #expect(C.matches(image[x: 160, y: 100], C.over(.red, opacity: 0.5, on: background), 1))
    #expect(image[x: 190, y: 100] == background.premultipliedBGRA)
  }

  @Test("A shadow appears offset by its offset")
  func shadowOffset() throws {
    let background = C.rgb(128, 128, 128)
    let layer = Layer.color(.white, frame: Rect(x: 100, y: 100, width: 40, height: 40)).with {
      $0.shadow = Shadow(color: .black, opacity: 1, offset: Point(x: 10, y: 12), radius: 0)
    }
    let image = try C.render(C.root([layer]), background: background, at: 0)
    let black = Color.black.premultipliedBGRA
    #expect(image[x: 120, y: 120] == Color.white.premultipliedBGRA)
    // The shadow occupies [110, 150) × [112, 152), below the layer.
    #expect(image[x: 145, y: 145] == black)
    #expect(image[x: 115, y: 150] == black)
    #expect(image[x: 149, y: 151] == black)
    #expect(image[x: 150, y: 130] == background.premultipliedBGRA)
    #expect(image[x: 145, y: 105] == background.premultipliedBGRA)
    #expect(image[x: 105, y: 145] == background.premultipliedBGRA)
  }

  @Test("A layer that only moves and fades is rasterised once over many frames")
  func cachingMovingFadingLayer() throws {
    let text = Layer.text(
      "Moving caption", style: TextStyle(fontSize: 20, strokeColor: .black, strokeWidth: 2),
      frame: Rect(x: 10, y: 10, width: 200, height: 40)
    )
    .adding(BasicAnimation(.positionX, from: 110, to: 200, duration: 1))
    .adding(BasicAnimation(.opacity, from: 0.2, to: 1, duration: 1))
    .adding(BasicAnimation(.rotationZ, from: 0, to: 0.3, duration: 1))
    let tree = LayerTree(root: C.root([text]), renderSize: Size(width: 320, height: 240))
    let renderer = try LayerRenderer(tree: tree)
    var first: Image? = nil
    for frame in 0..<30 {
      let image = try renderer.render(at: Time(value: Int64(frame), timescale: 30))
      if frame == 0 { first = image }
    }
    #expect(renderer.drawingsRasterised == 1)
    // And the frames did differ (the layer moved).
    let last = try renderer.render(at: Time(value: 29, timescale: 30))
    #expect(first != last)
  }

  @Test("Changing text re-rasterises; the old raster is dropped")
  func cacheInvalidatesOnContentChange() throws {
    let frame = Rect(x: 10, y: 10, width: 200, height: 40)
    let a = LayerTree(
      root: C.root([.text("one", frame: frame)]), renderSize: Size(width: 320, height: 240))
    let renderer = try LayerRenderer(tree: a)
    _ = try renderer.render(at: .zero)
    _ = try renderer.render(at: C.time(0.5))
    #expect(renderer.drawingsRasterised == 1)
    let widening = Layer.color(.red, frame: frame).adding(
      BasicAnimation(.width, from: 200, to: 300, duration: 1))
    let b = try LayerRenderer(
      tree: LayerTree(root: C.root([widening]), renderSize: Size(width: 320, height: 240)))
    for frame in 0..<5 { _ = try b.render(at: Time(value: Int64(frame), timescale: 10)) }
    #expect(b.drawingsRasterised == 5)
  }
}

@Suite("LayerRenderer: raster resolution of enlarged layers")
struct LayerRendererScaleTests {
  typealias C = RenderCheck

  /// Pixels with partial alpha among all inked pixels: a blurred edge has many.
  static func softness(_ image: Image) -> Double {
    var partial = 0
    var ink = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let alpha = image[x: x, y: y].alpha
        if alpha > 0 { ink += 1 }
        if alpha > 0 && alpha < 255 { partial += 1 }
      }
    }
    return ink == 0 ? 1 : Double(partial) / Double(ink)
  }

  @Test("Text scaled up 4× by its transform is as sharp as text set 4× larger")
  func scaledTextIsSharp() throws {
    // 10-px text in a 60×16 box scaled 4× about its centre (160, 120) covers the same
    // 240×64 box as 40-px text laid out there directly.
    let small = Layer.text(
      "Hi 4x", style: TextStyle(fontSize: 10), frame: Rect(x: 130, y: 112, width: 60, height: 16)
    )
    .with { $0.scale = 4 }
    let large = Layer.text(
      "Hi 4x", style: TextStyle(fontSize: 40), frame: Rect(x: 40, y: 88, width: 240, height: 64))
    let scaled = try C.render(C.root([small]), at: 0)
    let direct = try C.render(C.root([large]), at: 0)
    let softScaled = Self.softness(scaled)
    let softDirect = Self.softness(direct)
    #expect(softScaled <= softDirect * 1.2 + 0.02, "scaled \(softScaled) vs direct \(softDirect)")
    var difference = 0
    var count = 0
    for y in 80..<160 {
      for x in 30..<290 {
        difference += abs(Int(scaled[x: x, y: y].alpha) - Int(direct[x: x, y: y].alpha))
        count += 1
      }
    }
    #expect(
      Double(difference) / Double(count) < 3,
      "mean alpha difference \(Double(difference) / Double(count))")
  }

  @Test("An enlarged shape's edge is a one-pixel ramp, not a magnified blur")
  func scaledShapeEdge() throws {
    // A 10×10 square scaled 8× about its centre: the square [120, 200) × [80, 160).
    let square = Layer.color(
      .white, frame: Rect(x: 155, y: 115, width: 10, height: 10), cornerRadius: 0.5
    )
    .with { $0.scale = 8 }
    let image = try C.render(C.root([square]), background: .black, at: 0)
    #expect(image[x: 160, y: 120] == Color.white.premultipliedBGRA)
    #expect(image[x: 121, y: 120] == Color.white.premultipliedBGRA)
    #expect(image[x: 198, y: 120] == Color.white.premultipliedBGRA)
    #expect(image[x: 119, y: 120] == Color.black.premultipliedBGRA)
    #expect(image[x: 200, y: 120] == Color.black.premultipliedBGRA)
  }

  @Test("A layer zooming 1×→4× is redrawn at a few scale steps, not every frame")
  func zoomRedrawsInSteps() throws {
    let layer = Layer.text(
      "Zoom", style: TextStyle(fontSize: 12), frame: Rect(x: 140, y: 110, width: 40, height: 20)
    )
    .adding(BasicAnimation(.scale, from: 1, to: 4, duration: 1))
    let renderer = try LayerRenderer(
      tree: LayerTree(root: C.root([layer]), renderSize: Size(width: 320, height: 240)))
    for frame in 0...30 { _ = try renderer.render(at: Time(value: Int64(frame), timescale: 30)) }
    // Scales 1, 1.41, 2, 2.83, 4.
    #expect(renderer.drawingsRasterised == 5)
  }

  @Test("An image layer scaled up by its transform keeps crisp edges inside its frame")
  func scaledImageEdges() throws {
    let picture = RenderCheck.filled(width: 8, height: 8, color: .red)
    let layer = Layer.image(picture, frame: Rect(x: 150, y: 110, width: 20, height: 20)).with {
      $0.scale = 3
    }
    let image = try C.render(C.root([layer]), background: .black, at: 0)
    // Covers [130, 190) × [90, 150).
    #expect(image[x: 130, y: 100] == Color.red.premultipliedBGRA)
    #expect(image[x: 189, y: 149] == Color.red.premultipliedBGRA)
    #expect(image[x: 129, y: 100] == Color.black.premultipliedBGRA)
    #expect(image[x: 190, y: 100] == Color.black.premultipliedBGRA)
  }
}

@Suite("LayerRenderer: transforms handed to the compositor")
struct LayerRendererTransformTests {
  @Test("A flattened 2D item transform is affine once z is dropped, and projects the same")
  func planarTransform() throws {
    let child = Layer.color(.red, frame: Rect(x: 10, y: 20, width: 30, height: 40)).with {
      $0.rotationZ = 0.3
    }
    let root = Layer.group(frame: Rect(x: 5, y: 7, width: 200, height: 100), sublayers: [child])
      .with { $0.scale = 1.5 }
    let list = root.renderList(atSeconds: 0, renderSize: Size(width: 320, height: 240))
    let item = try #require(list.items.first)
    // The tree flattens each layer into its parent's plane (m33 = 0): not "affine" as
    // Transform3D counts it, though it is a 2D map.
    let planar = item.transform.planeProjection
    #expect(planar.isAffine)
    for point in [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 12.5, y: 40)] {
      let a = try #require(item.transform.project(point))
      let b = try #require(planar.project(point))
      #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
    }
  }

  @Test("Dropping z keeps a perspective projection unchanged")
  func planarPerspective() throws {
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 1000
    let layer = Layer.color(.red, frame: Rect(x: 60, y: 40, width: 200, height: 160)).with {
      $0.transform = perspective
      $0.rotationY = .pi / 6
    }
    let root = Layer.group(frame: Rect(x: 0, y: 0, width: 320, height: 240), sublayers: [layer])
    let item = try #require(
      root.renderList(atSeconds: 0, renderSize: Size(width: 320, height: 240)).items.first)
    let planar = item.transform.planeProjection
    #expect(!planar.isAffine)
    for point in [
      Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 160), Point(x: 77, y: 33),
    ] {
      let a = try #require(item.transform.project(point))
      let b = try #require(planar.project(point))
      #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
    }
  }
}

@Suite("LayerRenderer: clips, gravity and image files")
struct LayerRendererGeometryTests {
  typealias C = RenderCheck

  @Test("A rotated parent that masks to bounds clips its child along its turned edges")
  func rotatedClip() throws {
    let child = Layer.color(.red, frame: Rect(x: -100, y: -100, width: 300, height: 300))
    // A 100×100 square about (160, 120) turned 45°: inside when |dx| + |dy| ≤ 70.7.
    let parent = Layer.group(
      frame: Rect(x: 110, y: 70, width: 100, height: 100), sublayers: [child]
    )
    .with {
      $0.masksToBounds = true
      $0.rotationZ = .pi / 4
    }
    let image = try C.render(C.root([parent]), background: .black, at: 0)
    for (dx, dy) in [(0, 0), (60, 0), (0, -60), (30, 30), (-30, 30)] {
      #expect(image[x: 160 + dx, y: 120 + dy] == Color.red.premultipliedBGRA, "(\(dx), \(dy))")
    }
    for (dx, dy) in [(45, 45), (-45, -45), (78, 0), (0, 78), (45, -45)] {
      #expect(image[x: 160 + dx, y: 120 + dy] == Color.black.premultipliedBGRA, "(\(dx), \(dy))")
    }
  }

  @Test("Video gravity: stretched by default, letterboxed for fit, cropped for fill")
  func videoGravity() throws {
    let videoColor = C.rgb(10, 200, 30)
    let video = RenderCheck.filled(width: 64, height: 48, color: videoColor)
    let frame = Rect(x: 60, y: 70, width: 200, height: 100)
    let black = Color.black.premultipliedBGRA
    let green = videoColor.premultipliedBGRA
    // Fit: scale min(200/64, 100/48) = 100/48 → 133.3 × 100 centred: x ∈ [93.3, 226.7).
    let fit = try C.render(
      C.root([.video(frame: frame, gravity: .resizeAspect)]), background: .black, at: 0,
      video: video)
    #expect(fit[x: 92, y: 120] == black)
    #expect(fit[x: 95, y: 120] == green)
    #expect(fit[x: 225, y: 120] == green)
    #expect(fit[x: 228, y: 120] == black)
    #expect(fit[x: 160, y: 70] == green && fit[x: 160, y: 169] == green)
    // Fill: scale max(…) = 200/64 → 200 × 150, y ∈ [45, 195), clipped by masksToBounds.
    let fillLayer = Layer.video(frame: frame, gravity: .resizeAspectFill).with {
      $0.masksToBounds = true
    }
    let fill = try C.render(C.root([fillLayer]), background: .black, at: 0, video: video)
    #expect(fill[x: 160, y: 69] == black && fill[x: 160, y: 170] == black)
    #expect(fill[x: 160, y: 70] == green && fill[x: 160, y: 169] == green)
    #expect(fill[x: 60, y: 120] == green && fill[x: 259, y: 120] == green)
    // Without the clip, fill overflows the bounds by 25 px above and below.
    let overflow = try C.render(
      C.root([.video(frame: frame, gravity: .resizeAspectFill)]), background: .black, at: 0,
      video: video)
    #expect(overflow[x: 160, y: 50] == green && overflow[x: 160, y: 42] == black)
  }

  static func makeAnimation(_ name: String, extra: [String]) throws -> (URL, String) {
    let directory = try TestSupport.makeTemporaryDirectory("reel-render-anim")
    let path = directory.appendingPathComponent(name).path
    try TestSupport.ffmpeg(
      [
        "-f", "lavfi", "-i", "color=c=red:s=16x16:r=10:d=0.2",
        "-f", "lavfi", "-i", "color=c=lime:s=16x16:r=10:d=0.3",
        "-f", "lavfi", "-i", "color=c=blue:s=16x16:r=10:d=0.5",
        "-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1[v]", "-map", "[v]",
      ] + extra + [path])
    return (directory, path)
  }

  static func dominant(_ pixel: BGRA) -> String {
    if pixel.red > 200 && pixel.green < 60 && pixel.blue < 60 { return "red" }
    if pixel.green > 200 && pixel.red < 60 && pixel.blue < 60 { return "lime" }
    if pixel.blue > 200 && pixel.red < 60 && pixel.green < 60 { return "blue" }
    return "\(pixel)"
  }

  @Test("An animated PNG layer follows its frame times, starting at the layer's start time")
  func animatedPNG() throws {
    let (directory, path) = try Self.makeAnimation(
      "three.apng", extra: ["-f", "apng", "-plays", "0"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let layer = try Layer.image(
      contentsOf: path, frame: Rect(x: 0, y: 0, width: 32, height: 32), startTime: 2)
    let renderer = try LayerRenderer(
      tree: LayerTree(root: C.root([layer]), renderSize: Size(width: 64, height: 64)))
    for (seconds, color) in [
      (0.0, "red"), (1.9, "red"), (2.1, "red"), (2.3, "lime"), (2.7, "blue"), (3.1, "red"),
    ] {
      #expect(
        Self.dominant(try renderer.render(at: C.time(seconds))[x: 16, y: 16]) == color,
        "at \(seconds) s")
    }
  }

  @Test("A GIF that plays once holds its last frame afterwards")
  func gifPlaysOnce() throws {
    let (directory, path) = try Self.makeAnimation("once.gif", extra: ["-loop", "-1"])
    defer { try? FileManager.default.removeItem(at: directory) }
    let sequence = ImageSequence(try ImageDecoder.decode(path: path))
    #expect(sequence.loopCount == 1)
    #expect(abs(sequence.totalDuration - 1) < 0.011)
    let layer = Layer.imageSequence(sequence, frame: Rect(x: 0, y: 0, width: 32, height: 32))
    let renderer = try LayerRenderer(
      tree: LayerTree(root: C.root([layer]), renderSize: Size(width: 64, height: 64)))
    for (seconds, color) in [
      (0.1, "red"), (0.3, "lime"), (0.9, "blue"), (1.1, "blue"), (5.0, "blue"),
    ] {
      #expect(
        Self.dominant(try renderer.render(at: C.time(seconds))[x: 16, y: 16]) == color,
        "at \(seconds) s")
    }
  }

  @Test("A still image file becomes an image layer of its natural size")
  func stillImageFile() throws {
    let directory = try TestSupport.makeTemporaryDirectory("reel-render-still")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("half.png")
    try C.halves(width: 20, height: 10, left: .red, right: C.rgb(0, 0, 255, alpha: 0.5)).writePNG(
      to: url)
    let layer = try Layer.image(contentsOf: url.path)
    #expect(layer.frame == Rect(x: 0, y: 0, width: 20, height: 10))
    guard case .image = layer.content else {
      Issue.record("expected an image layer, got \(layer.content.kindName)")
      return
    }
    let image = try C.render(
      C.root([layer], width: 32, height: 16), width: 32, height: 16, background: .black, at: 0)
    #expect(image[x: 2, y: 5] == Color.red.premultipliedBGRA)
    #expect(C.matches(image[x: 15, y: 5], C.over(C.rgb(0, 0, 255), opacity: 0.5, on: .black), 1))
    #expect(image[x: 25, y: 5] == Color.black.premultipliedBGRA)
    #expect(throws: MediaError.self) {
      try Layer.image(contentsOf: directory.appendingPathComponent("missing.png").path)
    }
  }
}

@Suite("LayerRenderer: blurred shadows")
struct LayerRendererShadowTests {
  typealias C = RenderCheck

  @Test("A blurred shadow is half strength at its offset edge and full deep inside")
  func blurredShadowEdge() throws {
    let background = C.rgb(200, 200, 200)
    let layer = Layer.color(.white, frame: Rect(x: 100, y: 60, width: 80, height: 120)).with {
      $0.shadow = Shadow(color: .black, opacity: 1, offset: Point(x: 20, y: 0), radius: 4)
    }
    let image = try C.render(C.root([layer]), background: background, at: 0)
    // The shadow's right edge is at x = 180 + 20 = 200; a symmetric blur of a straight edge
    // is 50% there: pixels 199 and 200 average to half the background.
    let edge = (Double(image[x: 199, y: 120].red) + Double(image[x: 200, y: 120].red)) / 2
    #expect(abs(edge - 100) <= 4, "edge \(edge)")
    #expect(C.close(image[x: 190, y: 120], Color.black.premultipliedBGRA, 2))
    #expect(image[x: 215, y: 120] == background.premultipliedBGRA)
    // Monotonic across the edge.
    var previous = -1
    for x in 186...214 {
      let value = Int(image[x: x, y: 120].red)
      #expect(value >= previous, "x \(x)")
      previous = value
    }
  }
}
