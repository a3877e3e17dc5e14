import Foundation
import Testing

@testable import Reel

@Suite("Text layers draw only inside their bounds, as CATextLayer does")
struct TextLayerBoundsTests {
  typealias C = RenderCheck

  /// Pixels with alpha > 0 inside and outside `frame` (whole pixels).
  func ink(_ image: Image, frame: Rect) -> (inside: Int, outside: Int) {
    var inside = 0
    var outside = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image[x: x, y: y].alpha > 0 {
        if frame.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
          inside += 1
        } else {
          outside += 1
        }
      }
    }
    return (inside, outside)
  }

  @Test("A 60 px wide no-wrap text layer draws nothing outside its frame")
  func noWrapLayerIsClipped() throws {
    let frame = Rect(x: 100, y: 100, width: 60, height: 40)
    let layer = Layer.text(
      "Happy Birthday to you", style: TextStyle(fontSize: 32, wraps: false), frame: frame)
    let image = try C.render(C.root([layer]), at: 0)
    let counted = ink(image, frame: frame)
    #expect(counted.outside == 0, "\(counted.outside) ink pixels outside the frame")
    #expect(counted.inside > 300)
  }

  @Test("A text layer scaled 2× by its transform stays inside its scaled frame")
  func scaledLayerIsClipped() throws {
    var layer = Layer.text(
      "Happy Birthday to you", style: TextStyle(fontSize: 32, wraps: false),
      frame: Rect(x: 100, y: 100, width: 60, height: 40))
    layer.properties.scaleX = 2
    layer.properties.scaleY = 2
    let image = try C.render(C.root([layer]), at: 0)
    // Scaled about the centre (130, 120): 120 × 80 from (70, 80).
    let counted = ink(image, frame: Rect(x: 70, y: 80, width: 120, height: 80))
    #expect(counted.outside == 0, "\(counted.outside) ink pixels outside the frame")
    #expect(counted.inside > 1000)
  }

  @Test("A 40 px font in a 40 px frame draws the part of the line that fits, and warns")
  func lineTallerThanTheFrame() throws {
    let frame = Rect(x: 20, y: 20, width: 200, height: 40)
    let layer = Layer.text("Hello", style: TextStyle(fontSize: 40), frame: frame)
    let tree = LayerTree(root: C.root([layer]), renderSize: Size(width: 320, height: 240))
    let renderer = try LayerRenderer(tree: tree)
    let image = try renderer.render(at: .zero)
    let counted = ink(image, frame: frame)
    #expect(counted.inside > 500, "the line is drawn")
    #expect(counted.outside == 0)
    #expect(
      renderer.warnings.contains("text is 47 px tall in a 40 px frame"), "\(renderer.warnings)")

    // Enlarged 2× by its transform (rasterised at twice the size), the message still
    // speaks of the layer's own pixels.
    var scaled = layer
    scaled.properties.scaleX = 2
    scaled.properties.scaleY = 2
    let scaledRenderer = try LayerRenderer(
      tree: LayerTree(root: C.root([scaled]), renderSize: Size(width: 320, height: 240)))
    _ = try scaledRenderer.render(at: .zero)
    #expect(scaledRenderer.warnings == ["text is 47 px tall in a 40 px frame"])
  }

  @Test("A caption box reaches out of its text layer by its padding, no further")
  func captionBoxKeepsItsPadding() throws {
    // As subtitles are laid out: the text at the layer's top, the box around it.
    let frame = Rect(x: 20, y: 50, width: 280, height: 60)
    let style = TextStyle(
      fontSize: 24, alignment: .center, wraps: false,
      background: TextBackground(color: .black, padding: 8, cornerRadius: 0))
    let layer = Layer.text("A caption wider than its own layer frame", style: style, frame: frame)
    let image = try C.render(C.root([layer]), at: 0)
    // Above the layer's top, inside the padding: the box.
    #expect(image[x: 160, y: 46] == Color.black.premultipliedBGRA)
    // Nothing beyond the padding.
    let counted = ink(image, frame: frame.insetBy(dx: -8, dy: -8))
    #expect(counted.outside == 0)
  }
}
