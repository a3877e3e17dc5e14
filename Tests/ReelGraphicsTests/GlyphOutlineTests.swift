import Foundation
import ReelCore
import Testing

@testable import ReelGraphics

@Suite("Glyph shaping and outlines")
struct GlyphOutlineTests {
  private let sans = GlyphFontRequest(family: "DejaVu Sans", size: 40)

  @Test("Chinese text falls back to a CJK font: no glyph 0, the run names its font")
  func chineseFallsBack() throws {
    let line = try GlyphShaper.shape([("Hi 你好世界", sans)])
    let cjk = try #require(line.runs.first { $0.font.family.contains("CJK") })
    #expect(cjk.glyphs.count == 4)
    #expect(!cjk.glyphs.contains(0))
    #expect(cjk.font.postScriptName.hasPrefix("Noto"))
    let latin = try #require(line.runs.first)
    #expect(latin.font.family == "DejaVu Sans")
    #expect(latin.font.postScriptName == "DejaVuSans")
    #expect(line.runs.count >= 2)
    // Positions advance left to right from the origin.
    let xs = line.runs.flatMap(\.positions).map(\.x)
    #expect(xs.first == 0)
    #expect(xs == xs.sorted())
    #expect(abs(line.width - line.runs.flatMap(\.advances).reduce(0, +)) < 0.01)
  }

  @Test("Arabic is shaped into its joined forms, right to left")
  func arabicJoins() throws {
    // ب alone and ب in بببب (initial, medial, final forms).
    let isolated = try GlyphShaper.shape([("ب", sans)]).runs.flatMap(\.glyphs)
    let joined = try GlyphShaper.shape([("ببب", sans)]).runs.flatMap(\.glyphs)
    #expect(isolated.count == 1)
    #expect(joined.count == 3)
    #expect(!joined.contains(0))
    // Three different contextual forms, none of them the isolated one.
    #expect(Set(joined).count == 3)
    #expect(!joined.contains(isolated[0]))
  }

  @Test("A glyph's outline is in y-up font space with its origin on the baseline")
  func outlineIsYUp() throws {
    let line = try GlyphShaper.shape([("H", sans)])
    let run = try #require(line.runs.first)
    let path = try #require(GlyphShaper.outline(of: run.glyphs[0], in: run.font))
    let box = try #require(path.tightBounds)
    // DejaVu Sans' H: cap height 0.729 em, sits on the baseline, left bearing ~0.098 em.
    #expect(abs(box.minY) < 0.01)
    #expect(abs(box.maxY - 0.729 * 40) < 0.2)
    #expect(box.minX > 2 && box.minX < 6)
    // A space has no contours: an empty path, not nil.
    let space = try GlyphShaper.shape([(" ", sans)]).runs[0]
    #expect(GlyphShaper.outline(of: space.glyphs[0], in: space.font)?.isEmpty == true)
    // A glyph beyond the font's glyph count has no outline.
    #expect(GlyphShaper.outline(of: 65535, in: run.font) == nil)
  }

  @Test("A colour-emoji glyph is a bitmap: no outline")
  func emojiHasNoOutline() throws {
    let line = try GlyphShaper.shape([("😀", sans)])
    let run = try #require(line.runs.first)
    try #require(run.font.family.contains("Emoji"), "no colour emoji font installed")
    #expect(GlyphShaper.outline(of: run.glyphs[0], in: run.font) == nil)
  }

  @Test("Filled glyph outlines match Reel's text renderer away from edges")
  func outlinesMatchTextRenderer() throws {
    let text = "Reel 字幕 gy"
    let line = try GlyphShaper.shape([(text, sans)])
    var path = Path()
    for run in line.runs {
      for (glyph, position) in zip(run.glyphs, run.positions) {
        guard let outline = GlyphShaper.outline(of: glyph, in: run.font) else { continue }
        // y-up glyph space → the text renderer's y-down layout box (baseline at the ascent).
        path.elements +=
          outline.applying(
            AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: position.x, ty: line.ascent - position.y)
          ).elements
      }
    }
    let shape = try ShapeRenderer.render(path: path, fillColor: .white, strokeColor: nil)
    let rendered = try TextRenderer.render(
      StyledText(text), style: TextStyle(fontFamily: "DejaVu Sans", fontSize: 40, wraps: false),
      width: nil)
    func alpha(_ image: Image, _ origin: Point, _ x: Int, _ y: Int) -> Int {
      let ix = x - Int(origin.x.rounded())
      let iy = y - Int(origin.y.rounded())
      guard ix >= 0, iy >= 0, ix < image.width, iy < image.height else { return 0 }
      return Int(image[x: ix, y: iy].alpha)
    }
    #expect(shape.origin.x == shape.origin.x.rounded())
    #expect(rendered.origin.x == rendered.origin.x.rounded())
    var compared = 0
    var interiorMax = 0
    var inked = 0
    for y in -5..<60 {
      for x in -5..<Int(line.width) + 5 {
        let reference = alpha(rendered.image, rendered.origin, x, y)
        if reference > 0 { inked += 1 }
        // Only pixels more than 1 px from any edge: the reference's 3×3 neighbourhood is
        // uniformly empty or uniformly full.
        var neighbours: [Int] = []
        for dy in -1...1 {
          for dx in -1...1 {
            neighbours.append(alpha(rendered.image, rendered.origin, x + dx, y + dy))
          }
        }
        guard neighbours.allSatisfy({ $0 == 0 }) || neighbours.allSatisfy({ $0 == 255 }) else {
          continue
        }
        compared += 1
        interiorMax = max(interiorMax, abs(alpha(shape.image, shape.origin, x, y) - reference))
      }
    }
    #expect(inked > 500)
    #expect(compared > 2000)
    #expect(interiorMax <= 2)
  }
}
