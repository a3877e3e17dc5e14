import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import Reel

/// `render(at:videoFrames:over:onto:)` writes every pixel of an uninitialised canvas: the
/// backdrop where nothing covers it, and the same pixels as a fill followed by `render`.
@Suite("LayerRenderer: rendering over a backdrop onto an unfilled canvas")
struct LayerRendererBackdropTests {
  typealias C = RenderCheck

  static let width = 64
  static let height = 48
  /// What the canvas holds before rendering: not a colour any test expects.
  static let garbage = BGRA(blue: 7, green: 77, red: 177, alpha: 17)
  static let backdrop = BGRA(blue: 0, green: 0, red: 0, alpha: 255)

  /// Renders `layers` both ways: over the backdrop onto a canvas full of garbage, and the
  /// reference way (fill with the backdrop, then `render(at:videoFrames:onto:)`).
  static func renderBothWays(_ layers: [Layer], background: Color? = nil) throws -> (
    overBackdrop: Image, reference: Image
  ) {
    let tree = LayerTree(
      root: C.root(layers, width: width, height: height),
      renderSize: Size(width: Double(width), height: Double(height)),
      backgroundColor: background)
    let renderer = try LayerRenderer(tree: tree)
    var canvas = Image(width: width, height: height)
    canvas.fill(with: garbage)
    try renderer.render(at: C.time(0), videoFrames: [:], over: backdrop, onto: &canvas)
    var reference = Image(width: width, height: height)
    reference.fill(with: backdrop)
    try renderer.render(at: C.time(0), videoFrames: [:], onto: &reference)
    return (canvas, reference)
  }

  static func allPixels(of image: Image, equal pixel: BGRA) -> Bool {
    (0..<image.height).allSatisfy { y in
      (0..<image.width).allSatisfy { image[x: $0, y: y] == pixel }
    }
  }

  static func samePixels(_ a: Image, _ b: Image) -> Bool {
    a.width == b.width && a.height == b.height
      && (0..<a.height).allSatisfy { y in
        (0..<a.width).allSatisfy { a[x: $0, y: y] == b[x: $0, y: y] }
      }
  }

  @Test("An opaque full-canvas colour layer replaces the canvas; a 50% layer blends over it")
  func opaqueFirstLayer() throws {
    let bottom = C.rgb(20, 60, 200)
    let top = C.rgb(250, 200, 10)
    let half = Layer.color(top, frame: Rect(x: 8, y: 8, width: 16, height: 16)).with {
      $0.opacity = 0.5
    }
    let full = Layer.color(
      bottom, frame: Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height)))
    let (image, reference) = try Self.renderBothWays([full, half])
    #expect(image[x: 40, y: 30] == bottom.premultipliedBGRA)
    #expect(image[x: 0, y: 0] == bottom.premultipliedBGRA)
    #expect(image[x: Self.width - 1, y: Self.height - 1] == bottom.premultipliedBGRA)
    #expect(C.matches(image[x: 12, y: 12], C.over(top, opacity: 0.5, on: bottom), 1))
    #expect(Self.samePixels(image, reference))
  }

  @Test("A colour layer that leaves part of the canvas uncovered shows the backdrop there")
  func partialFirstLayer() throws {
    let colour = C.rgb(90, 30, 140)
    let layer = Layer.color(colour, frame: Rect(x: 4, y: 0, width: 60, height: 48))
    let (image, reference) = try Self.renderBothWays([layer])
    #expect(image[x: 0, y: 10] == Self.backdrop)
    #expect(image[x: 3, y: 47] == Self.backdrop)
    #expect(image[x: 4, y: 10] == colour.premultipliedBGRA)
    #expect(Self.samePixels(image, reference))
  }

  @Test("A translucent full-canvas colour layer blends over the backdrop")
  func translucentFirstLayer() throws {
    let colour = C.rgb(250, 200, 10)
    let layer = Layer.color(
      colour, frame: Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
    ).with { $0.opacity = 0.5 }
    let (image, reference) = try Self.renderBothWays([layer])
    let expected = C.over(colour, opacity: 0.5, on: C.rgb(0, 0, 0))
    #expect(C.matches(image[x: 0, y: 0], expected, 1))
    #expect(C.matches(image[x: 63, y: 47], expected, 1))
    #expect(Self.samePixels(image, reference))
  }

  @Test("The tree's background colour, or else the backdrop, fills a tree with no layers")
  func emptyTree() throws {
    let background = C.rgb(10, 100, 230)
    let (withBackground, reference) = try Self.renderBothWays([], background: background)
    #expect(Self.allPixels(of: withBackground, equal: background.premultipliedBGRA))
    #expect(Self.samePixels(withBackground, reference))
    let (plain, plainReference) = try Self.renderBothWays([])
    #expect(Self.allPixels(of: plain, equal: Self.backdrop))
    #expect(Self.samePixels(plain, plainReference))
  }
}
