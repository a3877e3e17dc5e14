import Foundation
import ReelCore
import TestSupport
import Testing

@testable import ReelGraphics

@Suite("TextRenderer: layout, styles, fonts, scripts, outline, shadow, background")
struct TextRendererTests {
  /// Ink of the image's own pixels in layout-box coordinates (alpha above `threshold`).
  func ink(_ r: RenderedText, threshold: UInt8 = 0) -> Rect? {
    guard let box = Pixels.inkBox(r.image, threshold: threshold) else { return nil }
    return Rect(
      x: r.origin.x + Double(box.minX), y: r.origin.y + Double(box.minY),
      width: Double(box.maxX - box.minX + 1), height: Double(box.maxY - box.minY + 1))
  }

  func render(
    _ text: StyledText, _ style: TextStyle = TextStyle(), width: Double? = nil,
    height: Double? = nil
  )
    throws -> RenderedText
  {
    try TextRenderer.render(text, style: style, width: width, height: height)
  }

  @Test("Ink lies inside the image and the layout box")
  func inkInside() throws {
    let r = try render("Hello, world", TextStyle(fontSize: 40), width: 400)
    #expect(r.warnings.isEmpty)
    #expect(r.unknownGlyphCount == 0)
    let inked = try #require(ink(r))
    // The image's ink matches pango's ink rectangle (±1 px of antialiasing).
    #expect(inked.minX >= r.inkBounds.minX - 1 && inked.maxX <= r.inkBounds.maxX + 1)
    #expect(inked.minY >= r.inkBounds.minY - 1 && inked.maxY <= r.inkBounds.maxY + 1)
    // And lies in the layout box: x in [0, 400], y in [0, line height].
    #expect(inked.minX >= 0 && inked.maxX <= 400)
    #expect(inked.minY >= 0 && inked.maxY <= r.layoutSize.height + 1)
    // The image has at most the 1-px antialiasing margin around the ink.
    #expect(Double(r.image.width) <= r.inkBounds.width + 4)
    // 40 px DejaVu Sans: line height ≈ 1.16 em.
    #expect(abs(r.layoutSize.height - 40 * 1.164) < 2)
  }

  @Test("Alignment moves the ink left, centre, right within the width")
  func alignment() throws {
    let width = 500.0
    var inks: [TextAlignment: Rect] = [:]
    for alignment in [TextAlignment.left, .center, .right] {
      let r = try render("Align me", TextStyle(fontSize: 30, alignment: alignment), width: width)
      let box: Rect = try #require(ink(r))
      inks[alignment] = box
    }
    let left = try #require(inks[.left])
    let center = try #require(inks[.center])
    let right = try #require(inks[.right])
    #expect(left.minX < 5)
    #expect(right.maxX > width - 5 && right.maxX <= width)
    #expect(abs((center.midX) - width / 2) < 3)
    #expect(abs((right.minX - left.minX) - 2 * (center.minX - left.minX)) < 2)
    // Without wrapping, the block is still aligned within the width.
    let unwrapped = try render(
      "Align me", TextStyle(fontSize: 30, alignment: .right, wraps: false), width: width)
    #expect(abs(try #require(ink(unwrapped)).maxX - right.maxX) < 1.5)
  }

  @Test("Right-to-left text starts at the right for left (natural) alignment")
  func rightToLeft() throws {
    for wraps in [true, false] {
      let r = try render(
        "مرحبا", TextStyle(fontSize: 30, alignment: .left, wraps: wraps), width: 400)
      let inked = try #require(ink(r))
      #expect(inked.maxX > 390 && inked.maxX <= 401, "wraps \(wraps): \(inked)")
    }
  }

  @Test("Justified lines but the last fill the width")
  func justified() throws {
    // The long word cannot join the first line, which is far shorter than the width.
    let text: StyledText = "aa bb ccccccccccccccc dd"
    let style = TextStyle(fontSize: 20, alignment: .justified)
    let r = try render(text, style, width: 200)
    let firstLine = try render("aa", TextStyle(fontSize: 20)).layoutSize.height
    #expect(r.layoutSize.height >= 2 * firstLine - 0.5)
    // The first line's ink reaches the right edge; left-aligned it stops short.
    func firstLineRight(_ r: RenderedText) -> Int {
      var maxX = 0
      for y in 0..<Int(firstLine - r.origin.y) where y < r.image.height {
        for x in 0..<r.image.width where r.image[x: x, y: y].alpha > 0 { maxX = max(maxX, x) }
      }
      return maxX + Int(r.origin.x)
    }
    #expect(firstLineRight(r) >= 196)
    let left = try render(text, TextStyle(fontSize: 20), width: 200)
    #expect(firstLineRight(left) < 120)
  }

  @Test("Lines wrap at the width: no ink beyond it, several lines")
  func wrapping() throws {
    let text: StyledText = "The quick brown fox jumps over the lazy dog again and again"
    let one = try render(text, TextStyle(fontSize: 24), width: nil)
    let wrapped = try render(text, TextStyle(fontSize: 24), width: 160)
    let inked = try #require(ink(wrapped))
    #expect(inked.maxX <= 160)
    // A "j" starting a line has a negative left side bearing: its ink may reach a pixel left
    // of the box, as in every text engine.
    #expect(inked.minX >= -2)
    #expect(wrapped.layoutSize.height > 3 * one.layoutSize.height)
    // A word longer than the width is broken inside.
    let long = try render("Supercalifragilisticexpialidocious", TextStyle(fontSize: 24), width: 100)
    #expect(try #require(ink(long)).maxX <= 100)
    // wraps = false keeps one line.
    let single = try render(text, TextStyle(fontSize: 24, wraps: false), width: 160)
    #expect(single.layoutSize.height == one.layoutSize.height)
  }

  @Test("A bold run is wider than the same run regular")
  func bold() throws {
    let regular = try render(StyledText(runs: [TextRun("Birthday")]), TextStyle(fontSize: 32))
    let bold = try render(
      StyledText(runs: [TextRun("Birthday", bold: true)]), TextStyle(fontSize: 32))
    #expect(bold.layoutSize.width > regular.layoutSize.width * 1.05)
    #expect(Pixels.alphaSum(bold.image) > Pixels.alphaSum(regular.image))
    let heavyStyle = try render("Birthday", TextStyle(fontSize: 32, weight: 700))
    #expect(heavyStyle.layoutSize.width == bold.layoutSize.width)
  }

  @Test("A coloured run's pixels carry the run colour; the rest the base colour")
  func runColour() throws {
    let red = Color(red: 1, green: 0, blue: 0)
    let text = StyledText(runs: [TextRun("IIII", color: red), TextRun("IIII")])
    let r = try render(text, TextStyle(fontSize: 48, color: .white))
    let redPixel = red.premultipliedBGRA
    let whitePixel = Color.white.premultipliedBGRA
    var redXs: [Int] = []
    var whiteXs: [Int] = []
    for y in 0..<r.image.height {
      for x in 0..<r.image.width {
        let p = r.image[x: x, y: y]
        if p == redPixel { redXs.append(x) }
        if p == whitePixel { whiteXs.append(x) }
      }
    }
    #expect(redXs.count > 50 && whiteXs.count > 50)
    #expect((redXs.max() ?? .max) < (whiteXs.min() ?? .min))
    // Underline per run adds ink under the baseline.
    let underlined = try render(
      StyledText(runs: [TextRun("IIII", underline: true)]), TextStyle(fontSize: 48))
    let notUnderlined = try #require(ink(try render("IIII", TextStyle(fontSize: 48))))
    #expect(try #require(ink(underlined)).maxY > notUnderlined.maxY)
  }

  @Test("The outline surrounds the glyphs in its colour and the fill stays on top")
  func outline() throws {
    let plain = try render("OH", TextStyle(fontSize: 64, color: .white))
    let outlined = try render(
      "OH", TextStyle(fontSize: 64, color: .white, strokeColor: .black, strokeWidth: 8))
    let white = Color.white.premultipliedBGRA
    let black = Color.black.premultipliedBGRA
    // Offset from plain image pixels to outlined image pixels (both whole pixels).
    let ox = Int(plain.origin.x - outlined.origin.x)
    let oy = Int(plain.origin.y - outlined.origin.y)
    var covered = 0
    for y in 0..<plain.image.height {
      for x in 0..<plain.image.width where plain.image[x: x, y: y].alpha == 255 {
        #expect(
          outlined.image[x: x + ox, y: y + oy] == white, "fill under the outline at (\(x), \(y))")
        covered += 1
      }
    }
    #expect(covered > 500)
    // Pixels outside the glyph and inside the outline are exactly the outline colour.
    var ring = 0
    for y in 0..<outlined.image.height {
      for x in 0..<outlined.image.width {
        let px = x - ox
        let py = y - oy
        let outside =
          px < 0 || py < 0 || px >= plain.image.width || py >= plain.image.height
          || plain.image[x: px, y: py].alpha == 0
        if outside && outlined.image[x: x, y: y] == black { ring += 1 }
      }
    }
    #expect(ring > 300)
    // The image grows by the outline's outer half (4 px) on each side, ±1.
    #expect(abs(Double(outlined.image.width - plain.image.width) - 8) <= 2)
  }

  @Test(
    "Other scripts and colour emoji find fonts: no unknown glyphs, ink present",
    arguments: ["你好，世界", "مرحبا بالعالم", "Hello 世界 مرحبا", "🎂🎉"])
  func scripts(text: String) throws {
    let r = try render(StyledText(text), TextStyle(fontSize: 32))
    #expect(r.unknownGlyphCount == 0)
    #expect(r.warnings.isEmpty)
    #expect(Pixels.alphaSum(r.image) > 255 * 50)
  }

  @Test("Emoji are drawn in colour")
  func emojiColour() throws {
    let r = try render("🎂", TextStyle(fontSize: 48, color: .white))
    var coloured = 0
    for y in 0..<r.image.height {
      for x in 0..<r.image.width {
        let p = r.image[x: x, y: y]
        if p.alpha == 255
          && (abs(Int(p.red) - Int(p.blue)) > 40 || abs(Int(p.red) - Int(p.green)) > 40)
        {
          coloured += 1
        }
      }
    }
    #expect(coloured > 100)
  }

  @Test("Unknown glyphs are counted and warned about")
  func unknownGlyphs() throws {
    // U+10FFFD is a private-use code point no installed font covers.
    let r = try render("A\u{10FFFD}", TextStyle(fontSize: 20))
    #expect(r.unknownGlyphCount == 1)
    #expect(r.warnings.contains { $0.contains("no glyph") })
  }

  @Test("A missing family falls back with a warning and still renders")
  func missingFamily() throws {
    let r = try render("Fallback", TextStyle(fontFamily: "NoSuchFont Sans", fontSize: 30))
    #expect(r.warnings.count == 1)
    #expect(r.warnings.first?.contains("'NoSuchFont Sans' is not installed") == true)
    #expect(Pixels.alphaSum(r.image) > 255 * 100)
    let listed = try render(
      "Fallback", TextStyle(fontFamily: "NoSuchFont Sans, DejaVu Serif", fontSize: 30))
    #expect(listed.warnings.first?.contains("using 'DejaVu Serif'") == true)
    #expect(FontLibrary.shared.isFamilyInstalled("DejaVu Sans"))
    #expect(!FontLibrary.shared.isFamilyInstalled("NoSuchFont Sans"))
  }

  @Test("A font file is used by path; a missing file falls back with a warning")
  func fontFile() throws {
    let serifPath = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
    #expect(FontLibrary.shared.familyName(ofFontFile: serifPath) == "DejaVu Serif")
    let sans = try render("Serif?", TextStyle(fontSize: 40))
    let fromFile = try render("Serif?", TextStyle(fontFile: serifPath, fontSize: 40))
    let byFamily = try render("Serif?", TextStyle(fontFamily: "DejaVu Serif", fontSize: 40))
    #expect(fromFile.warnings.isEmpty)
    #expect(fromFile.image != sans.image)
    #expect(fromFile.image == byFamily.image)

    let missing = try render("Serif?", TextStyle(fontFile: "/no/such/font.ttf", fontSize: 40))
    #expect(
      missing.warnings == [
        "font file not found: /no/such/font.ttf; using font family 'DejaVu Sans' instead"
      ])
    #expect(missing.image == sans.image)
  }

  @Test("A font file whose family is not installed is registered and drawn")
  func registeredFontFile() throws {
    // A copy of DejaVu Serif renamed "ReelTestFace" in its name table (same length, so
    // offsets hold; FreeType does not check table checksums): a family fontconfig cannot
    // know unless the file is registered.
    let directory = try TestSupport.makeTemporaryDirectory("reel-font")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try FontTestSupport.renamedCopy(
      of: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", from: "DejaVu Serif",
      to: "ReelTestFace", in: directory, fileName: "renamed.ttf")

    #expect(!FontLibrary.shared.isFamilyInstalled("ReelTestFace"))
    #expect(FontLibrary.shared.familyName(ofFontFile: path) == "ReelTestFace")
    let r = try render("Serif?", TextStyle(fontFile: path, fontSize: 40))
    #expect(r.warnings.isEmpty)
    #expect(FontLibrary.shared.isFamilyInstalled("ReelTestFace"))
    let serif = try render("Serif?", TextStyle(fontFamily: "DejaVu Serif", fontSize: 40))
    let sans = try render("Serif?", TextStyle(fontSize: 40))
    #expect(r.image == serif.image)
    #expect(r.image != sans.image)
    // A file that is not a font falls back with a warning.
    let junk = directory.appendingPathComponent("junk.ttf").path
    try Data("not a font".utf8).write(to: URL(fileURLWithPath: junk))
    let fallback = try render("Serif?", TextStyle(fontFile: junk, fontSize: 40))
    #expect(fallback.warnings.first?.contains("is not a font") == true)
    #expect(fallback.image == sans.image)
  }

  @Test("Background box: padding around the text, colour exact, corners rounded")
  func background() throws {
    let color = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
    let style = TextStyle(
      fontSize: 30, background: TextBackground(color: color, padding: 10, cornerRadius: 8))
    let r = try render("Caption", style)
    let plain = try render("Caption", TextStyle(fontSize: 30))
    // Box = logical ∪ ink, outset by 10 px.
    let box = r.logicalBounds.union(r.inkBounds).insetBy(dx: -10, dy: -10)
    #expect(
      abs(r.origin.x - box.minX.rounded(.down)) < 0.5
        && abs(r.origin.y - box.minY.rounded(.down)) < 0.5)
    #expect(r.image[x: 0, y: 0].alpha < 128)  // rounded corner
    #expect(r.image[x: 5, y: r.image.height / 2] == color.premultipliedBGRA)
    #expect(Double(r.image.width) >= plain.layoutSize.width + 20)
  }

  @Test("Shadow: offset copy below the glyphs, in the shadow colour")
  func shadow() throws {
    let shadow = Shadow(color: .red, opacity: 1, offset: Point(x: 6, y: 6), radius: 1)
    let r = try render("I", TextStyle(fontSize: 60, color: .white, shadow: shadow))
    let plain = try render("I", TextStyle(fontSize: 60, color: .white))
    let plainInk = try #require(ink(plain, threshold: 250))
    // Just right of the stem's right edge, at the stem's middle: only the shadow is there.
    let x = Int(plainInk.maxX + 3 - r.origin.x)
    let y = Int(plainInk.midY - r.origin.y)
    let p = r.image[x: x, y: y]
    #expect(p.red > 200 && p.green < 30 && p.alpha > 200, "\(p)")
    // The glyph itself stays white on top.
    let gx = Int(plainInk.midX - r.origin.x)
    #expect(r.image[x: gx, y: y] == Color.white.premultipliedBGRA)
  }

  @Test("Height-limited text: ellipsis or dropped lines")
  func truncation() throws {
    let text: StyledText = "One two three four five six seven eight nine ten eleven twelve"
    let line = try render("One", TextStyle(fontSize: 24)).layoutSize.height
    for truncation in [TextTruncation.end, .none] {
      let r = try render(
        text, TextStyle(fontSize: 24, truncation: truncation), width: 150, height: line * 2.5)
      #expect(abs(r.layoutSize.height - 2 * line) < 1, "\(truncation): \(r.layoutSize.height)")
    }
    let single = try render(
      text, TextStyle(fontSize: 24, wraps: false, truncation: .end), width: 150)
    #expect(single.layoutSize.width <= 150 && abs(single.layoutSize.height - line) < 1)
  }

  @Test("Line spacing scales the distance between lines")
  func lineSpacing() throws {
    let normal = try render("A\nB", TextStyle(fontSize: 24))
    let double = try render("A\nB", TextStyle(fontSize: 24, lineSpacing: 2))
    // Factor 2 doubles the baseline-to-baseline distance: one extra line height.
    let line = normal.layoutSize.height / 2
    #expect(abs(double.layoutSize.height - (normal.layoutSize.height + line)) < 1)
  }

  @Test("Concurrent renders give the same pixels as serial ones")
  func concurrent() async throws {
    let texts = (0..<8).map { "Thread \($0) 你好 🎉" }
    let serial = try texts.map { try render(StyledText($0)).image }
    let parallel = try await withThrowingTaskGroup(of: (Int, Image).self) { group in
      for (i, text) in texts.enumerated() {
        group.addTask {
          (i, try TextRenderer.render(StyledText(text), style: TextStyle(), width: nil).image)
        }
      }
      var images = [Image?](repeating: nil, count: texts.count)
      for try await (i, image) in group { images[i] = image }
      return images
    }
    for i in texts.indices { #expect(parallel[i] == serial[i]) }
  }
}
