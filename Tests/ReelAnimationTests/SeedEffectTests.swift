import Foundation
import ReelAnimation
import Testing

/// The effects of the seed tutorials, built as layer trees and evaluated at two times.
@Suite("Seed effects")
struct SeedEffectTests {
  let size = Size(width: 640, height: 360)
  var full: Rect { Rect(origin: .zero, size: size) }

  @Test("Border: a coloured background shows around an inset video layer")
  func border() {
    let root = Layer.group(
      name: "parent", frame: full,
      sublayers: [
        Layer.color(.orange, name: "background", frame: full),
        Layer.video(name: "video", frame: full.insetBy(dx: 20, dy: 20)),
      ])
    let dump = LayerTree(root: root, renderSize: size).renderList(atSeconds: 3).dump()
    #expect(
      dump == [
        "[0] background background fill 640×360 #FFA500 r=0 opacity=1 T=translate(0, 0)",
        "[1] video content video main 600×320 resize opacity=1 T=translate(20, 20)",
      ])
  }

  @Test("Overlay: an image above the video, fitted")
  func overlay() throws {
    let root = Layer.group(
      frame: full,
      sublayers: [
        Layer.video(name: "video", frame: full),
        Layer.image(
          solidImage(width: 320, height: 320), name: "overlay", frame: full, gravity: .resizeAspect),
      ])
    let items = root.renderList(atSeconds: 0, renderSize: size).items
    #expect(items.map(\.layer.name) == ["video", "overlay"])
    guard case .image(let image) = items[1].drawing else { throw CancellationError() }
    #expect(image.destination == Rect(x: 140, y: 0, width: 360, height: 360))
  }

  @Test("Twinkle: two stars blink forever, the second begun 0.25 s later")
  func twinkle() throws {
    func star(_ name: String, x: Double, begin: Double) -> Layer {
      Layer.shape(
        Path(polygon: [Point(x: 10, y: 0), Point(x: 20, y: 20), Point(x: 0, y: 20)]), name: name,
        frame: Rect(x: x, y: 40, width: 20, height: 20), fillColor: .yellow
      ).adding(
        BasicAnimation(
          .opacity, from: 1, to: 0, beginTime: begin, duration: 0.5, repeatCount: .infinity,
          autoreverses: true))
    }
    let root = Layer.group(
      frame: full, sublayers: [star("star1", x: 100, begin: 0), star("star2", x: 200, begin: 0.25)])
    let early = root.renderList(atSeconds: 0.25, renderSize: size)
    #expect(approx(try #require(early.items(named: "star1").first).opacity, 0.5))
    #expect(approx(try #require(early.items(named: "star2").first).opacity, 1))
    // 10.6 s: star1 is 0.6 s into a 1 s cycle (0.4 s back from the end: opacity 0.2);
    // star2 is 0.35 s into its cycle (opacity 0.3).
    let later = root.renderList(atSeconds: 10.6, renderSize: size)
    #expect(approx(try #require(later.items(named: "star1").first).opacity, 0.2, 1e-9))
    #expect(approx(try #require(later.items(named: "star2").first).opacity, 0.3, 1e-9))
    // At 0.75 s star2 is fully transparent and left out of the list.
    #expect(root.renderList(atSeconds: 0.75, renderSize: size).items(named: "star2").isEmpty)
  }

  @Test("Rotate: one full turn every 2 s, forever")
  func rotate() throws {
    let spinner = Layer.color(
      .red, name: "spinner", frame: Rect(x: 270, y: 130, width: 100, height: 100)
    )
    .adding(BasicAnimation(.rotationZ, from: 0, to: 2 * .pi, duration: 2, repeatCount: .infinity))
    let root = Layer.group(frame: full, sublayers: [spinner])
    for (time, angle) in [(0.5, Double.pi / 2), (3.0, Double.pi)] {
      let item = try #require(root.renderList(atSeconds: time, renderSize: size).items.first)
      #expect(approx(item.transform.m11, cos(angle)) && approx(item.transform.m12, sin(angle)))
      // The centre stays put.
      #expect(approx(item.project(Point(x: 50, y: 50)), Point(x: 320, y: 180)))
    }
  }

  @Test("Fade: in during the first second, out during the last second of 10 s")
  func fade() {
    let overlay = Layer.color(.white, name: "overlay", frame: full)
      .adding(BasicAnimation(.opacity, from: 0, to: 1, duration: 1))
      .adding(BasicAnimation(.opacity, from: 1, to: 0, beginTime: 9, duration: 1))
    let tree = LayerTree(root: Layer.group(frame: full, sublayers: [overlay]), renderSize: size)
    func opacity(_ t: Double) -> Double? {
      tree.renderList(atSeconds: t).items(named: "overlay").first?.opacity
    }
    #expect(opacity(0.5).map { approx($0, 0.5) } == true)
    #expect(opacity(5) == 1)
    #expect(opacity(9.25).map { approx($0, 0.75) } == true)
    #expect(opacity(10) == nil)
  }

  @Test("Caption: outlined text that fades in and out, at the bottom")
  func caption() throws {
    let style = TextStyle(
      fontSize: 36, color: .white, alignment: .center, strokeColor: .black, strokeWidth: 4)
    var caption = Layer.text(
      "Happy birthday!", style: style, name: "caption",
      frame: Rect(x: 0, y: 290, width: 640, height: 50))
    caption.properties.opacity = 0
    caption =
      caption
      .adding(BasicAnimation(.opacity, from: 0, to: 1, beginTime: 1, duration: 0.5))
      .adding(BasicAnimation(.opacity, from: 1, to: 0, beginTime: 3.5, duration: 0.5))
    let root = Layer.group(frame: full, sublayers: [Layer.video(frame: full), caption])
    #expect(root.renderList(atSeconds: 0.5, renderSize: size).items(named: "caption").isEmpty)
    let shown = try #require(
      root.renderList(atSeconds: 1.25, renderSize: size).items(named: "caption").first)
    #expect(approx(shown.opacity, 0.5))
    #expect(shown.project(.zero) == Point(x: 0, y: 290))
    #expect(
      shown.drawing == .text("Happy birthday!", style: style, size: Size(width: 640, height: 50)))
    #expect(root.renderList(atSeconds: 4.5, renderSize: size).items(named: "caption").isEmpty)
  }

  @Test("Tilt: the video layer leans back with perspective")
  func tilt() throws {
    var video = Layer.video(name: "video", frame: full)
    video.properties.transform = .perspective(distance: 1000)
    video.properties.rotationX = .pi / 8
    let item = try #require(
      LayerTree(root: Layer.group(frame: full, sublayers: [video]), renderSize: size)
        .renderList(atSeconds: 0).items.first)
    // Rotation about x: y' = dy cos θ, z' = dy sin θ; w = 1 − z'/1000 (the top comes forward).
    let angle = Double.pi / 8
    for corner in [Point(x: 0, y: 0), Point(x: 640, y: 360)] {
      let dx = corner.x - 320
      let dy = corner.y - 180
      let w = 1 - dy * sin(angle) / 1000
      #expect(
        approx(item.project(corner), Point(x: 320 + dx / w, y: 180 + dy * cos(angle) / w), 1e-9))
    }
  }
}
