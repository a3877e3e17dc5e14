import Foundation
import Reel

extension DemoMedia {
  /// A 256×256 five-pointed gold star with an orange outline, on transparency.
  static func star() throws -> Image {
    let size = 256.0
    let points = (0..<10).map { index -> Point in
      let angle = Double(index) * .pi / 5
      let radius = index % 2 == 0 ? 120.0 : 50.0
      return Point(x: size / 2 + sin(angle) * radius, y: size / 2 + 8 - cos(angle) * radius)
    }
    let star = Layer.shape(
      Path(polygon: points), name: "star", frame: Rect(x: 0, y: 0, width: size, height: size),
      fillColor: color(0xFFD23F), strokeColor: color(0xF77F00), lineWidth: 8,
      strokeStyle: StrokeStyle(join: .round))
    let tree = LayerTree(root: star, renderSize: Size(width: size, height: size))
    return try LayerRenderer(tree: tree).render(at: .zero)
  }

  /// A full-frame 640×360 overlay on transparency: a dark vignette towards the edges and a
  /// white rounded frame 16 px inside them.
  static func overlay() throws -> Image {
    let vignette = Layer.gradient(
      Gradient(
        kind: .radial, colors: [.clear, .clear, color(0x000000, alpha: 0.7)],
        locations: [0, 0.55, 1], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1.1, y: 1.1)),
      name: "vignette", frame: fullFrame)
    let inset = fullFrame.insetBy(dx: 16, dy: 16)
    let frame = Layer.shape(
      Path(
        roundedRect: Rect(x: 0, y: 0, width: inset.size.width, height: inset.size.height),
        cornerRadius: 18),
      name: "frame", frame: inset, fillColor: nil, strokeColor: color(0xFFFFFF, alpha: 0.9),
      lineWidth: 6)
    let root = Layer.group(name: "overlay", frame: fullFrame, sublayers: [vignette, frame])
    let tree = LayerTree(
      root: root, renderSize: Size(width: Double(width), height: Double(height)))
    return try LayerRenderer(tree: tree).render(at: .zero)
  }
}
