import Foundation
import Testing

@testable import Reel

/// A content kind defined outside `LayerContent`'s and `Drawing`'s cases (here, in a test)
/// is drawn through its own `DrawingKind` conformance, shares its raster while its drawing
/// stays equal, and fails loudly, naming itself, when it has no conformance.
@Suite("Layer content kinds")
struct LayerContentKindTests {
  /// A checkerboard of `cell`-pixel squares: a kind of content Reel does not know.
  struct Checkerboard: LayerContentKind {
    var cell: Double
    static var kindName: String { "checkerboard" }
    var staysUpright: Bool { false }
    func drawing(with properties: LayerProperties, atSeconds time: Double) -> CheckerDrawing? {
      CheckerDrawing(cell: cell, size: properties.bounds.size)
    }
  }

  struct CheckerDrawing: LayerDrawing, DrawingKind {
    var cell: Double
    var size: Size
    static var kindName: String { "checkerboard" }
    var dumpDescription: String { "cell=\(cell)" }
    var coveredSize: Size? { size }
    var layerSize: Size? { size }
    func scaled(by scale: Double) -> Drawing {
      .kind(AnyLayerDrawing(CheckerDrawing(cell: cell * scale, size: size.scaled(by: scale))))
    }
    func rasterExtent(scale: Double) -> Rect? { nil }
    func draw(scale: Double, area: PixelBox?) throws -> Raster? {
      var image = Image(width: Int(size.width), height: Int(size.height))
      for y in 0..<image.height {
        for x in 0..<image.width
        where (Int(Double(x) / cell) + Int(Double(y) / cell)).isMultiple(of: 2) {
          image[x: x, y: y] = BGRA(blue: 255, green: 255, red: 255, alpha: 255)
        }
      }
      return Raster(image: image, toLayer: .identity)
    }
  }

  /// The same kind with no raster conformance.
  struct Unrasterized: LayerContentKind {
    static var kindName: String { "mystery" }
    var staysUpright: Bool { false }
    func drawing(with properties: LayerProperties, atSeconds time: Double) -> MysteryDrawing? {
      MysteryDrawing()
    }
  }

  struct MysteryDrawing: LayerDrawing {
    static var kindName: String { "mystery" }
    var dumpDescription: String { "" }
    var coveredSize: Size? { nil }
  }

  @Test func aKindOfItsOwnIsDrawnThroughItsConformance() throws {
    var layer = Layer(properties: LayerProperties(frame: Rect(x: 0, y: 0, width: 40, height: 40)))
    layer.content = .kind(Checkerboard(cell: 10))
    let image = try RenderCheck.render(RenderCheck.root([layer]), at: 0)
    #expect(image[x: 5, y: 5] == BGRA(blue: 255, green: 255, red: 255, alpha: 255))
    #expect(image[x: 15, y: 5] == BGRA(blue: 0, green: 0, red: 0, alpha: 0))
    #expect(image[x: 15, y: 15] == BGRA(blue: 255, green: 255, red: 255, alpha: 255))
    #expect(layer.content.kindName == "checkerboard")
  }

  @Test func equalDrawingsOfAKindAreEqualAndHashAlike() {
    let a = Drawing.kind(AnyLayerDrawing(CheckerDrawing(cell: 10, size: Size(width: 4, height: 4))))
    let b = Drawing.kind(AnyLayerDrawing(CheckerDrawing(cell: 10, size: Size(width: 4, height: 4))))
    let c = Drawing.kind(AnyLayerDrawing(CheckerDrawing(cell: 12, size: Size(width: 4, height: 4))))
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a != c)
    #expect(a != Drawing.kind(AnyLayerDrawing(MysteryDrawing())))
  }

  @Test func aKindWithoutARasterConformanceFailsNamingIt() {
    var layer = Layer(
      name: "odd", properties: LayerProperties(frame: Rect(x: 0, y: 0, width: 40, height: 40)))
    layer.content = .kind(Unrasterized())
    #expect(!Drawing.isRasterized(MysteryDrawing.self))
    #expect(Drawing.isRasterized(CheckerDrawing.self))
    do {
      _ = try RenderCheck.render(RenderCheck.root([layer]), at: 0)
      Issue.record("rendering a kind without a raster conformance succeeded")
    } catch {
      #expect("\(error)".contains("\"mystery\""), "\(error)")
      #expect("\(error)".contains("DrawingKind"), "\(error)")
    }
  }

  @Test func captionsAreAnOpenKindDrawnByTheirOwnConformance() {
    let word = CaptionWord("hi", start: 0, end: 1)
    let layer = Layer.captions(
      CaptionsContent(pages: [CaptionPage(words: [word], start: 0, end: 1)], style: CaptionStyle()),
      frame: Rect(x: 0, y: 0, width: 200, height: 100))
    guard case .kind(let content) = layer.content else {
      Issue.record("captions are not carried by LayerContent.kind")
      return
    }
    #expect(content is CaptionsContent)
    #expect(layer.content.kindName == "captions")
    #expect(Drawing.isRasterized(CaptionsDrawing.self))
    // The render list's dump line, as on the enum route.
    let tree = LayerTree(root: RenderCheck.root([layer]), renderSize: Size(width: 320, height: 240))
    let lines = tree.renderList(atSeconds: 0.5).dump()
    #expect(
      lines.contains { $0.contains(#"captions "hi" active=0 scale=1 200×100"#) },
      "\(lines)")
  }
}
