import Foundation
import TestSupport
import Testing

@_spi(Benchmarks) @testable import Reel

/// `LayerRenderer.renderYUV` against the RGB path the export falls back to
/// (`render(at:videoFrames:over:onto:)`), on a black video picture: wherever the RGB path
/// draws a pixel, the Y′CbCr path's luma must be that pixel's BT.601 luma (up to rounding).
@Suite("LayerRenderer.renderYUV parity with the RGB path")
struct RenderYUVParityTests {
  static let width = 64
  static let height = 48

  /// Renders `layers` (over a full-frame video layer) both ways; returns the YUV picture and
  /// the RGB image, or nil for the YUV picture when the renderer refused the Y′CbCr path.
  static func renderBothWays(_ layers: [Layer]) throws -> (yuv: YUVImage?, rgb: Image) {
    let size = Size(width: Double(width), height: Double(height))
    return try renderBothWays(root: [Layer.video(frame: Rect(origin: .zero, size: size))] + layers)
  }

  /// Renders the sublayers of a full-size root both ways, with a grey video picture when
  /// `grey` (Y′ 126: RGB 128 exactly, up to 0.2), else black.
  static func renderBothWays(root sublayers: [Layer], grey: Bool = false) throws -> (
    yuv: YUVImage?, rgb: Image
  ) {
    let size = Size(width: Double(width), height: Double(height))
    let tree = LayerTree(
      root: .group(frame: Rect(origin: .zero, size: size), sublayers: sublayers),
      renderSize: size)
    let time = Time(value: 0, timescale: 600)
    // The decoded picture: black (Y′ 16, Cb = Cr = 128), which is RGB (0, 0, 0) exactly.
    var picture = YUVImage(width: width, height: height, matrix: .bt601)
    if grey {
      YUVCompositor.fill(
        x: 0, y: 0, width: width, height: height,
        color: Color(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255),
        opacity: 1, into: &picture)
    }
    let yuv = try LayerRenderer(tree: tree).renderYUV(at: time, picture: picture, matrix: .bt601)
    let source = RenderCheck.filled(
      width: width, height: height,
      color: grey ? Color(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255) : .black)
    var canvas = Image(width: width, height: height)
    try LayerRenderer(tree: tree).render(
      at: time, videoFrames: ["main": source], over: Color.black.premultipliedBGRA, onto: &canvas)
    return (yuv, canvas)
  }

  /// BT.601 limited-range luma of an (opaque, over black) premultiplied pixel.
  static func luma(_ pixel: BGRA) -> Double {
    16 + 219
      * (0.299 * Double(pixel.red) + 0.587 * Double(pixel.green) + 0.114 * Double(pixel.blue))
      / 255
  }

  /// The largest luma difference between the two renderings, and where.
  static func largestLumaError(_ yuv: YUVImage, _ rgb: Image) -> (error: Double, x: Int, y: Int) {
    var worst = (error: 0.0, x: 0, y: 0)
    for y in 0..<height {
      for x in 0..<width {
        let error = abs(Double(yuv.luma(x: x, y: y)) - luma(rgb[x: x, y: y]))
        if error > worst.error { worst = (error, x, y) }
      }
    }
    return worst
  }

  @Test func aColourLayerInOneFractionalClipMatches() throws {
    var outer = Layer.group(frame: Rect(x: 10.3, y: 8, width: 20, height: 20))
    outer.properties.masksToBounds = true
    outer.sublayers = [.color(.white, frame: Rect(x: -0.3, y: 0, width: 30, height: 20))]
    let (yuv, rgb) = try Self.renderBothWays([outer])
    let picture = try #require(yuv)
    let worst = Self.largestLumaError(picture, rgb)
    #expect(worst.error < 2, "luma differs by \(worst.error) at (\(worst.x), \(worst.y))")
  }

  /// Two nested masks-to-bounds layers: the RGB path resolves two clips as an antialiased
  /// coverage mask (a fractional edge pixel partly covered), which whole Y′CbCr pixels
  /// cannot give, so the frame must take the RGB path (and gets its pixels exactly).
  @Test func aColourLayerInTwoNestedFractionalClipsTakesTheRGBPath() throws {
    var outer = Layer.group(frame: Rect(x: 10.3, y: 8, width: 20, height: 20))
    outer.properties.masksToBounds = true
    var inner = Layer.color(.white, frame: Rect(x: -0.3, y: 0, width: 30, height: 20))
    inner.properties.masksToBounds = true
    outer.sublayers = [inner]
    let (yuv, _) = try Self.renderBothWays([outer])
    #expect(yuv == nil, "two fractional clips were drawn in Y′CbCr")
  }

  /// A full-frame video inside two nested masks-to-bounds groups, the outer one's left edge
  /// at x = 0.3: the RGB path draws the first column at 70 % over black, which a copy of the
  /// picture cannot give, so the frame must take the RGB path.
  @Test func aVideoInTwoNestedFractionalClipsTakesTheRGBPath() throws {
    var outer = Layer.group(frame: Rect(x: 0.3, y: 0, width: 63.7, height: 48))
    outer.properties.masksToBounds = true
    var inner = Layer.group(frame: Rect(x: -0.3, y: 0, width: 64, height: 48))
    inner.properties.masksToBounds = true
    inner.sublayers = [.video(frame: Rect(x: 0, y: 0, width: 64, height: 48))]
    outer.sublayers = [inner]
    let (yuv, _) = try Self.renderBothWays(root: [outer], grey: true)
    #expect(yuv == nil, "a video in two fractional clips was drawn in Y′CbCr")
  }

  /// Nested clips with whole-pixel edges stay on the Y′CbCr path, with the RGB path's pixels.
  @Test func nestedWholePixelClipsStayInYUV() throws {
    var outer = Layer.group(frame: Rect(x: 10, y: 8, width: 21, height: 20))
    outer.properties.masksToBounds = true
    var inner = Layer.color(.white, frame: Rect(x: -3, y: 1, width: 30, height: 20))
    inner.properties.masksToBounds = true
    outer.sublayers = [inner]
    let (yuv, rgb) = try Self.renderBothWays([outer])
    let picture = try #require(yuv)
    let worst = Self.largestLumaError(picture, rgb)
    #expect(worst.error < 2, "luma differs by \(worst.error) at (\(worst.x), \(worst.y))")
  }

  /// Items drawn through the scratch path (fractional, scaled, rotated), partly off the
  /// canvas, some at partial opacity, over an inset video on a translucent background.
  @Test func scratchPathItemsMatch() throws {
    var rotated = Layer.color(.white, frame: Rect(x: 40.5, y: 10.25, width: 30, height: 12))
    rotated.properties.rotationZ = 0.3
    var faded = Layer.color(.red, frame: Rect(x: -5.5, y: 30.5, width: 20, height: 30))
    faded.properties.opacity = 0.6
    var scaled = Layer.color(.green, frame: Rect(x: 20, y: 20, width: 10, height: 10))
    scaled.properties.transform = Transform3D(Transform2D(scaleX: 1.35, y: 0.75))
    let (yuv, rgb) = try Self.renderBothWays(
      root: [
        .video(frame: Rect(x: 8, y: 6, width: 48, height: 36)), rotated, faded, scaled,
      ], grey: true)
    let picture = try #require(yuv)
    let worst = Self.largestLumaError(picture, rgb)
    #expect(worst.error < 2, "luma differs by \(worst.error) at (\(worst.x), \(worst.y))")
  }
}
