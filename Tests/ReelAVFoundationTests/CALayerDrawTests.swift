import AVFoundationCompat
import Reel
import Testing

@testable import ReelAVFoundation

/// A layer that draws itself, as ported code subclasses `CALayer`: red over the top half of
/// its bounds (y-down, as iOS hands the context), blue elsewhere.
final class HalfRedLayer: CALayer {
  private(set) var draws = 0

  override func draw(in ctx: CGContext) {
    draws += 1
    ctx.setFillColor(UIColor.blue.cgColor)
    ctx.fill(bounds)
    ctx.setFillColor(UIColor.red.cgColor)
    ctx.fill(CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height / 2))
  }
}

@Suite("CALayer draw(in:), display, preferredFrameSize, contents filters")
struct CALayerDrawTests {
  @Test("an overridden draw(in:) is the layer's picture after setNeedsDisplay, at its size")
  func drawnContents() throws {
    let size = CGSize(width: 160, height: 120)
    let layer = HalfRedLayer()
    layer.frame = CGRect(x: 20, y: 20, width: 80, height: 40)
    #expect(layer.preferredFrameSize() == CGSize(width: 80, height: 40))
    // Not asked to display: nothing drawn (as on Apple).
    let blank = try CATestSupport.render(
      CATestSupport.tool(size: size, sublayers: [layer]), size: size, at: 0)
    #expect(blank[x: 60, y: 70].alpha == 0 && layer.draws == 0)

    layer.setNeedsDisplay()
    #expect(layer.needsDisplay())
    let tool = CATestSupport.tool(size: size, sublayers: [layer])
    let picture = try CATestSupport.render(tool, size: size, at: 0)
    #expect(layer.draws == 1 && !layer.needsDisplay())
    let cg = try #require(layer.contents as? CGImage)
    #expect(cg.width == 80 && cg.height == 40)
    // The tool's space is y-up: the layer covers rows 60..<100 from the top of the frame;
    // its top half (as drawn, y-down) is red, the rest blue.
    let red = picture[x: 60, y: 65]
    let blue = picture[x: 60, y: 95]
    #expect(red.red > 250 && red.blue < 5 && red.alpha == 255, "\(red)")
    #expect(blue.blue > 250 && blue.red < 5, "\(blue)")
    #expect(picture[x: 10, y: 65].alpha == 0)

    // A second scale doubles the pixels of the contents, not the size on screen.
    let sharp = HalfRedLayer()
    sharp.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    sharp.contentsScale = 2
    sharp.display()
    #expect((sharp.contents as? CGImage)?.width == 20)
  }

  @Test("minificationFilter .nearest fails naming the layer; .trilinear warns")
  func filters() {
    let size = CGSize(width: 64, height: 48)
    let layer = CALayer()
    layer.name = "pixel art"
    layer.frame = CGRect(x: 0, y: 0, width: 32, height: 24)
    #expect(layer.minificationFilter == .linear && layer.magnificationFilter == .linear)
    layer.magnificationFilter = .nearest
    let failure = CATestSupport.failure(
      CATestSupport.tool(size: size, sublayers: [layer]), size: size)
    #expect(failure?.reason.contains("magnificationFilter") == true)
    #expect(failure?.reason.contains("pixel art") == true)
    layer.magnificationFilter = .trilinear
    #expect(
      CATestSupport.failure(CATestSupport.tool(size: size, sublayers: [layer]), size: size) == nil)
    #expect(CompatWarnings.printed.contains { $0.contains("trilinear") })
    #expect(CALayerContentsFilter.nearest.rawValue == "nearest")
  }

  @Test("paragraph lineHeightMultiple and lineBreakMode: kept, copied, warned about when drawn")
  func paragraphLines() throws {
    #expect(NSLineBreakMode.byTruncatingTail.rawValue == 4)
    let style = NSMutableParagraphStyle()
    #expect(style.lineHeightMultiple == 0 && style.lineBreakMode == .byWordWrapping)
    style.lineHeightMultiple = 1.5
    style.lineBreakMode = .byTruncatingMiddle
    style.alignment = .center
    let copy = try #require(style.copy() as? NSParagraphStyle)
    #expect(copy.lineHeightMultiple == 1.5 && copy.lineBreakMode == .byTruncatingMiddle)
    #expect(copy.isEqual(style))
    let text = CATextLayer()
    text.name = "spaced"
    text.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
    text.string = NSAttributedString(
      string: "two\nlines", attributes: [.paragraphStyle: style, .foregroundColor: UIColor.white])
    let size = CGSize(width: 160, height: 120)
    #expect(
      CATestSupport.failure(CATestSupport.tool(size: size, sublayers: [text]), size: size) == nil)
    #expect(CompatWarnings.printed.contains { $0.contains("lineHeightMultiple 1.5") })
    #expect(CompatWarnings.printed.contains { $0.contains("byTruncatingMiddle") })
  }
}
