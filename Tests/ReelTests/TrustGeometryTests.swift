import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import Reel

/// Layers built in Swift with geometry no template could pass (1e308, 2⁶³, NaN) never crash
/// the renderer: each converts through `PixelLimits.integer` and either draws the visible
/// part or throws a `RenderError`. Large layers are drawn only where they are visible.
@Suite("Trust: geometry in the renderer")
struct TrustGeometryTests {
  static let width = 64
  static let height = 48
  static let full = Rect(x: 0, y: 0, width: 64, height: 48)

  /// Renders `layers` over a root of the render size, in RGB, and (when a video layer is
  /// among them) on the Y′CbCr path too; a thrown `RenderError` is an allowed outcome.
  @discardableResult
  static func renderBothPaths(_ layers: [Layer]) -> Image? {
    let size = Size(width: Double(width), height: Double(height))
    let tree = LayerTree(root: .group(frame: full, sublayers: layers), renderSize: size)
    let time = Time(value: 0, timescale: 600)
    let video = RenderCheck.filled(width: width, height: height, color: .black)
    do {
      let renderer = try LayerRenderer(tree: tree)
      let picture = YUVImage(width: width, height: height, matrix: .bt601)
      _ = try renderer.renderYUV(at: time, picture: picture, matrix: .bt601)
      return try LayerRenderer(tree: tree).render(at: time, videoFrames: ["main": video])
    } catch {
      return nil
    }
  }

  static let hugeValues: [Double] = [
    1e308, -1e308, 9.3e18, Double(Int.max), 4e4, .infinity, -.infinity, .nan,
  ]

  @Test(arguments: hugeValues)
  func hugeFramesOfEveryKindDoNotCrash(value: Double) {
    let frames = [
      Rect(x: 0, y: 0, width: value, height: 10), Rect(x: value, y: 0, width: 10, height: 10),
      Rect(x: 0, y: 0, width: value, height: value),
    ]
    let star = RenderCheck.filled(width: 4, height: 4, color: .white)
    for frame in frames {
      var bordered = Layer.color(.red, frame: frame, cornerRadius: value)
      bordered.properties.borderWidth = value
      bordered.properties.borderColor = .white
      var masked = Layer.color(.green, frame: frame)
      masked.properties.masksToBounds = true
      masked.properties.cornerRadius = 3
      masked.sublayers = [.color(.blue, frame: frame)]
      var shadowed = Layer.color(.white, frame: frame)
      shadowed.properties.shadow = Shadow(opacity: 1, offset: Point(x: value, y: 2), radius: value)
      let layers: [Layer] = [
        .video(frame: frame), .image(star, frame: frame),
        .gradient(Gradient(kind: .conic, colors: [.red, .blue]), frame: frame),
        .gradient(Gradient(colors: [.red, .blue]), frame: frame), bordered, masked, shadowed,
        .shape(Path(rect: frame), frame: frame, strokeColor: .white, lineWidth: value),
      ]
      for layer in layers { Self.renderBothPaths([.video(frame: Self.full), layer]) }
    }
  }

  @Test(arguments: hugeValues)
  func hugeGeometryUnderPerspectiveAndRotationDoesNotCrash(value: Double) {
    let star = RenderCheck.filled(width: 4, height: 4, color: .white)
    var layers: [Layer] = []
    for frame in [
      Rect(x: 0, y: 0, width: value, height: 10), Rect(x: value, y: 4, width: 20, height: 20),
    ] {
      for content in [
        Layer.color(.red, frame: frame), .image(star, frame: frame), .video(frame: frame),
        .gradient(Gradient(colors: [.red, .blue]), frame: frame),
      ] {
        var tilted = content
        tilted.properties.rotationY = 0.5
        tilted.properties.transform = .perspective(distance: 100)
        var turned = content
        turned.properties.rotationZ = value
        turned.properties.scaleX = value
        layers += [tilted, turned]
      }
    }
    // One at a time: a layer that throws must not hide the ones after it.
    for layer in layers { Self.renderBothPaths([.video(frame: Self.full), layer]) }
  }

  @Test func anImageOverAVideoWithAHugeFrameTakesTheYUVPathWithoutCrashing() throws {
    // The crash of LayerRenderer+YUV.swift:101: an image layer wider than Int.max, placed
    // by a non-integer transform, over a video layer.
    let star = RenderCheck.filled(width: 4, height: 4, color: .white)
    var image = Layer.image(star, frame: Rect(x: 0.5, y: 0, width: 1e308, height: 10))
    image.properties.opacity = 0.5
    Self.renderBothPaths([.video(frame: Self.full), image])
  }

  @Test func aLayerWiderThanTheCanvasLimitIsDrawnWhereItIsVisible() throws {
    // 32768 × 32768 would be 4 GiB raster and over the 32767-pixel canvas limit: only the
    // visible part is drawn, so the render succeeds with the colour everywhere it covers.
    let layer = Layer.color(.red, frame: Rect(x: -16000, y: 20, width: 32768, height: 32768))
    let image = try #require(Self.renderBothPaths([layer]))
    #expect(image[x: 0, y: 30] == Color.red.premultipliedBGRA)
    #expect(image[x: 63, y: 47] == Color.red.premultipliedBGRA)
    #expect(image[x: 10, y: 19].alpha == 0)
  }

  @Test(arguments: [60.0, -60.0])
  func aLargeLayerWhosePlaneCrossesTheHorizonRendersReduced(degrees: Double) throws {
    // The output's preimage is unbounded (part of it is behind the viewer): the layer is
    // drawn whole at a scale that fits, not refused at 32768 px.
    var layer = Layer.color(.red, frame: Rect(x: -32700, y: -16000, width: 32768, height: 32768))
    layer.properties.rotationY = degrees * .pi / 180
    layer.properties.transform = .perspective(distance: 2000)
    let tree = LayerTree(
      root: .group(frame: Self.full, sublayers: [layer]),
      renderSize: Size(width: Double(Self.width), height: Double(Self.height)))
    let image = try LayerRenderer(tree: tree).render(at: .zero)
    // Whatever shows is the layer's red (edges partly covered), nothing else.
    for y in 0..<Self.height {
      for x in 0..<Self.width {
        let pixel = image[x: x, y: y]
        #expect(pixel.green == 0 && pixel.blue == 0 && pixel.red == pixel.alpha, "\(x),\(y)")
      }
    }
  }

  @Test func aScaledLargeGradientShowsTheColourTheMathsGives() throws {
    // An axial gradient 20000 px wide (red → blue, left to right), moved so that output
    // column x shows gradient column x + 10000: colour at t = (x + 10000.5) / 20000.
    let gradient = Gradient(
      colors: [.red, .blue], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))
    let layer = Layer.gradient(gradient, frame: Rect(x: -10000, y: 0, width: 20000, height: 48))
    let image = try #require(Self.renderBothPaths([layer]))
    for x in [0, 31, 63] {
      let expected = GradientRenderer.color(of: gradient, at: (Double(x) + 10000.5) / 20000)
        .premultipliedBGRA
      #expect(RenderCheck.close(image[x: x, y: 24], expected, 2), "column \(x)")
    }
  }

  @Test func aConicGradientLargerThanTheCanvasLimitRenders() throws {
    // Centred 16384 px right of the output: every visible pixel is about half a turn.
    let gradient = Gradient(
      kind: .conic, colors: [.red, .blue], startPoint: Point(x: 0.5, y: 0.5),
      endPoint: Point(x: 1, y: 0.5))
    let layer = Layer.gradient(
      gradient, frame: Rect(x: -16384 + 64, y: -16384 + 24, width: 32768, height: 32768))
    let image = try #require(Self.renderBothPaths([layer]))
    let expected = GradientRenderer.color(of: gradient, at: 0.5).premultipliedBGRA
    #expect(RenderCheck.close(image[x: 10, y: 24], expected, 3))
  }

  @Test func aHugeStrokedShapeDrawsOnlyItsVisibleInk() throws {
    // A 1e6-pixel-long horizontal line, 8 px wide, through the middle of the output.
    let path = Path(polygon: [Point(x: -500_000, y: 0), Point(x: 500_000, y: 0)])
    let layer = Layer.shape(
      path, frame: Rect(x: 0, y: 24, width: 10, height: 10), fillColor: nil, strokeColor: .white,
      lineWidth: 8)
    let image = try #require(Self.renderBothPaths([layer]))
    #expect(image[x: 32, y: 24] == Color.white.premultipliedBGRA)
    #expect(image[x: 32, y: 10].alpha == 0)
  }

  @Test func theClampingHelperNeverTrapsAndKeepsSmallValues() {
    #expect(PixelLimits.integer(1e308) == PixelLimits.integerBound)
    #expect(PixelLimits.integer(-.infinity) == -PixelLimits.integerBound)
    #expect(PixelLimits.integer(.nan) == 0)
    #expect(PixelLimits.integer(-3.7) == -3)
    #expect(PixelLimits.integer(32767.9) == 32767)
  }

  @Test func visibleAreaIsTheOutputMappedBackRoundedToTheGrid() throws {
    // A translation by (-10000, 0): output [0, 64) × [0, 48) is layer [10000, 10064) ×
    // [0, 48), grown by the margin and rounded out to the 256 grid.
    let transform = Transform3D(Transform2D(translationX: -10000, y: 0))
    let area = try #require(
      LayerRasterizer.visibleArea(
        of: .fill(size: Size(width: 20000, height: 48), color: .red, cornerRadius: 0), scale: 1,
        transform: transform, output: Self.full))
    #expect(area == PixelBox(x0: 9728, y0: 0, x1: 10240, y1: 48))
    // Small drawings are drawn whole.
    #expect(
      LayerRasterizer.visibleArea(
        of: .fill(size: Size(width: 500, height: 48), color: .red, cornerRadius: 0), scale: 1,
        transform: transform, output: Self.full) == nil)
  }
}
