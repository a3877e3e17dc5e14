import Foundation
import ReelCore
import Testing

@testable import ReelGraphics

@Suite("ShadowRenderer: blurred alpha, colour and opacity")
struct ShadowRendererTests {
  func square(_ size: Int, inset: Int) -> Image {
    var image = Image(width: size, height: size)
    for y in inset..<(size - inset) {
      for x in inset..<(size - inset) {
        image[x: x, y: y] = BGRA(blue: 0, green: 0, red: 255, alpha: 255)
      }
    }
    return image
  }

  @Test("Box radii approximate the Gaussian's variance")
  func boxes() {
    for sigma in [2.0, 2.5, 4, 10] {
      let radii = ShadowRenderer.boxRadii(sigma: sigma)
      let variance = radii.map { r -> Double in
        let w = Double(2 * r + 1)
        return (w * w - 1) / 12
      }.reduce(0, +)
      #expect(abs(variance.squareRoot() - sigma) < 0.15 * sigma, "σ \(sigma): radii \(radii)")
    }
    #expect(ShadowRenderer.boxRadii(sigma: 0) == [0, 0, 0])
  }

  @Test("Blur preserves the alpha sum and spreads the edge")
  func preservesSum() throws {
    let source = square(20, inset: 5)
    let shadow = try ShadowRenderer.render(alphaOf: source, color: .black, opacity: 1, radius: 4)
    let pad = ShadowRenderer.blurExtent(radius: 4)
    #expect(shadow.origin == Point(x: Double(-pad), y: Double(-pad)))
    #expect(shadow.image.width == 20 + 2 * pad)
    let before = Double(Pixels.alphaSum(source))
    let after = Double(Pixels.alphaSum(shadow.image))
    #expect(abs(after - before) / before < 0.01)
    // The edge is softened: at the square's first column the blur gives roughly half of
    // the (already blurred) centre.
    let edge = shadow.image[x: pad + 5, y: pad + 10].alpha
    #expect(edge > 70 && edge < 190, "edge alpha \(edge)")
    #expect(shadow.image[x: 0, y: 0].alpha == 0 || shadow.image[x: 0, y: 0].alpha < 3)
  }

  @Test("Colour × opacity × alpha, zero radius is a hard copy")
  func colourAndOpacity() throws {
    let source = square(10, inset: 2)
    let color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)
    let shadow = try ShadowRenderer.render(alphaOf: source, color: color, opacity: 0.5, radius: 0)
    #expect(shadow.origin == .zero)
    #expect(shadow.image[x: 5, y: 5] == color.withAlpha(0.4).premultipliedBGRA)
    #expect(shadow.image[x: 0, y: 0].alpha == 0)
    let none = try ShadowRenderer.render(alphaOf: source, shadow: Shadow(color: .black, opacity: 0))
    #expect(Pixels.alphaSum(none.image) == 0)
  }

  @Test("The caller applies the offset: drawing at origin + offset moves the shadow")
  func offset() throws {
    let source = square(10, inset: 0)
    let shadowSpec = Shadow(color: .black, opacity: 1, offset: Point(x: 5, y: 7), radius: 0)
    let shadow = try ShadowRenderer.render(alphaOf: source, shadow: shadowSpec)
    var canvas = try Canvas(width: 30, height: 30)
    canvas.draw(shadow.image, at: shadow.origin + shadowSpec.offset + Point(x: 5, y: 5))
    #expect(
      Pixels.inkBox(canvas.image).map { [$0.minX, $0.minY, $0.maxX, $0.maxY] } == [10, 12, 19, 21])
  }
}
