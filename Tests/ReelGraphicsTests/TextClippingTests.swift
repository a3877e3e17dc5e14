import Foundation
import ReelCore
import TestSupport
import Testing

@testable import ReelGraphics

@Suite("TextRenderer: clipped to the box, first line taller than the box, font files")
struct TextClippingTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/"

  /// The pixel of a rendered text at layout-box pixel (x, y); clear outside its image.
  func pixel(_ r: RenderedText, _ x: Int, _ y: Int) -> BGRA {
    let ix = x - Int(r.origin.x)
    let iy = y - Int(r.origin.y)
    guard ix >= 0, iy >= 0, ix < r.image.width, iy < r.image.height else {
      return BGRA(blue: 0, green: 0, red: 0, alpha: 0)
    }
    return r.image[x: ix, y: iy]
  }

  /// Inked pixels (alpha > 0) of a rendered text outside [0, width) × [0, height).
  func inkOutside(_ r: RenderedText, width: Int, height: Int) -> Int {
    var count = 0
    for y in 0..<r.image.height {
      for x in 0..<r.image.width where r.image[x: x, y: y].alpha > 0 {
        let bx = x + Int(r.origin.x)
        let by = y + Int(r.origin.y)
        if bx < 0 || by < 0 || bx >= width || by >= height { count += 1 }
      }
    }
    return count
  }

  @Test("A no-wrap line wider than its box draws nothing outside the box")
  func noWrapLineIsClipped() throws {
    let text: StyledText = "Happy Birthday to you"
    let style = TextStyle(fontSize: 32, wraps: false)
    let free = try TextRenderer.render(text, style: style, width: 60, height: 40)
    // Unclipped, the line runs far past the 60 px box (the reproduction: 463 px out to x≈138).
    #expect(inkOutside(free, width: 60, height: 40) > 300)
    let clipped = try TextRenderer.render(
      text, style: style, width: 60, height: 40, clipsToBox: true)
    #expect(inkOutside(clipped, width: 60, height: 40) == 0)
    #expect(clipped.origin.x >= 0 && clipped.origin.y >= 0)
    #expect(Pixels.alphaSum(clipped.image) > 0)
    // The metrics still describe the whole line.
    #expect(clipped.layoutSize == free.layoutSize)
  }

  @Test(
    "Inside the box, clipped text is exactly the unclipped text; outside it there is nothing",
    arguments: ["plain", "outline", "shadow", "box", "right-aligned overhang"])
  func clippedEqualsUnclippedInsideTheBox(_ variant: String) throws {
    var style = TextStyle(fontSize: 40, color: .white, wraps: false)
    switch variant {
    case "outline":
      style.strokeColor = .black
      style.strokeWidth = 8
    case "shadow":
      style.shadow = Shadow(color: .red, opacity: 1, offset: Point(x: 18, y: 6), radius: 2)
    case "box":
      style.background = TextBackground(color: .blue, padding: 10, cornerRadius: 4)
    case "right-aligned overhang":
      style.alignment = .right
    default:
      break
    }
    // "T" at the start overhangs its advance; the line is wider than the box either way.
    let text: StyledText = "Tall Tower"
    let (width, height) = (90, 30)
    let free = try TextRenderer.render(
      text, style: style, width: Double(width), height: Double(height))
    let clipped = try TextRenderer.render(
      text, style: style, width: Double(width), height: Double(height), clipsToBox: true)
    #expect(inkOutside(free, width: width, height: height) > 0)
    if variant == "box" {
      // The box reaches out by its padding (10 px), no further.
      #expect(inkOutside(clipped, width: width, height: height) > 0)
      #expect(inkOutside(clipped.shifted(by: 10), width: width + 20, height: height + 20) == 0)
      #expect(pixel(clipped, 40, -5) == Color.blue.premultipliedBGRA)
    } else {
      #expect(inkOutside(clipped, width: width, height: height) == 0)
    }
    var differing = 0
    for y in 0..<height {
      for x in 0..<width where pixel(clipped, x, y) != pixel(free, x, y) { differing += 1 }
    }
    #expect(differing == 0, "\(variant): \(differing) pixels differ inside the box")
  }

  @Test("A right-aligned line's shadow cast into the box by glyphs left of it is kept")
  func shadowFromOutsideTheBox() throws {
    // Right-aligned and wider than the box: the glyphs start left of x = 0, and a shadow
    // offset 30 px to the right falls inside the box.
    let style = TextStyle(
      fontSize: 40, color: .white, alignment: .right, wraps: false,
      shadow: Shadow(color: .red, opacity: 1, offset: Point(x: 30, y: 0), radius: 0))
    let text: StyledText = "IIIIIIIIIIIIIIIIIIII"
    let free = try TextRenderer.render(text, style: style, width: 100, height: 50)
    #expect(free.inkBounds.minX < -30)
    let clipped = try TextRenderer.render(
      text, style: style, width: 100, height: 50, clipsToBox: true)
    var red = 0
    for y in 0..<50 {
      for x in 0..<100 {
        #expect(pixel(clipped, x, y) == pixel(free, x, y))
        let p = pixel(clipped, x, y)
        if p.red > 200 && p.green < 30 { red += 1 }
      }
    }
    #expect(red > 0)
  }

  @Test("A box of fractional width covers its last pixel in part")
  func fractionalBoxEdge() throws {
    let color = Color.blue
    let style = TextStyle(
      fontSize: 30, wraps: false,
      background: TextBackground(color: color, padding: 0))
    let r = try TextRenderer.render(
      "Wide caption text", style: style, width: 30.5, height: 30, clipsToBox: true)
    #expect(r.origin.x >= 0)
    #expect(Double(r.origin.x) + Double(r.image.width) <= 31)
    let full = pixel(r, 29, 15)
    let half = pixel(r, 30, 15)
    #expect(full == color.premultipliedBGRA)
    #expect(abs(Int(half.alpha) - 128) <= 2, "\(half)")
    #expect(pixel(r, 31, 15).alpha == 0)
  }

  @Test("A first line taller than its box draws its top part and says so")
  func firstLineTallerThanTheBox() throws {
    let style = TextStyle(fontSize: 40)
    for truncation in [TextTruncation.none, .end] {
      var lined = style
      lined.truncation = truncation
      let r = try TextRenderer.render(
        "Hello", style: lined, width: 300, height: 40, clipsToBox: true)
      let expected = TextOverflow(textHeight: 47, boxHeight: 40)
      #expect(r.overflow == expected, "\(truncation)")
      #expect(r.warnings == ["text is 47 px tall in a 40 px frame"], "\(truncation)")
      #expect(Pixels.alphaSum(r.image) > 10_000, "\(truncation): the line is drawn")
      #expect(inkOutside(r, width: 300, height: 40) == 0)
      let measured = try TextRenderer.measure("Hello", style: lined, width: 300, height: 40)
      #expect(measured.overflow == expected)
      #expect(measured.warnings == r.warnings)
    }
    // Lines after the first that do not fit are still dropped, without a warning.
    let two = try TextRenderer.render(
      "One\nTwo", style: TextStyle(fontSize: 30), width: 300, height: 40)
    let one = try TextRenderer.render("One", style: TextStyle(fontSize: 30), width: 300)
    #expect(two.overflow == nil && two.warnings.isEmpty)
    #expect(two.layoutSize == one.layoutSize)
    // Text that fits says nothing.
    let fits = try TextRenderer.measure("Hello", style: style, width: 300, height: 48)
    #expect(fits.overflow == nil && fits.warnings.isEmpty)
  }

  @Test("Overflow messages print whole pixels plainly and fractions to 0.01 px")
  func overflowMessage() {
    #expect(
      TextOverflow(textHeight: 47, boxHeight: 40).description
        == "text is 47 px tall in a 40 px frame")
    #expect(
      TextOverflow(textHeight: 12, boxHeight: 10.5).description
        == "text is 12 px tall in a 10.5 px frame")
    #expect(
      TextOverflow(textHeight: 12, boxHeight: 1.0 / 3).description
        == "text is 12 px tall in a 0.33 px frame")
  }

  @Test(
    "A font file draws in its own weight and style though its family is installed",
    arguments: [
      ("DejaVuSans-Bold.ttf", 700, false), ("DejaVuSans-Oblique.ttf", 400, true),
      ("DejaVuSans-ExtraLight.ttf", 200, false),
    ])
  func fontFileWeightAndStyle(_ file: String, _ weight: Int, _ italic: Bool) throws {
    let path = Self.dejaVu + file
    #expect(FontLibrary.shared.familyName(ofFontFile: path) == "DejaVu Sans")
    let text: StyledText = "Happy Birthday"
    let fromFile = try TextRenderer.render(
      text, style: TextStyle(fontFile: path, fontSize: 48), width: nil)
    let regular = try TextRenderer.render(text, style: TextStyle(fontSize: 48), width: nil)
    let sameFace = try TextRenderer.render(
      text, style: TextStyle(fontSize: 48, weight: weight, italic: italic), width: nil)
    #expect(fromFile.warnings.isEmpty)
    #expect(fromFile.image == sameFace.image)
    #expect(fromFile.image != regular.image)
    // Measurably different ink: bold has more, extra-light less.
    let ratio = Double(Pixels.alphaSum(fromFile.image)) / Double(Pixels.alphaSum(regular.image))
    switch weight {
    case 700: #expect(ratio > 1.2, "\(ratio)")
    case 200: #expect(ratio < 0.7, "\(ratio)")
    default: #expect(abs(ratio - 1) < 0.1, "\(ratio)")
    }
    // A weight or italic in the style does not change the file's face.
    let asked = try TextRenderer.render(
      text, style: TextStyle(fontFile: path, fontSize: 48, weight: 900, italic: !italic),
      width: nil)
    #expect(asked.image == fromFile.image)
  }

  @Test("A condensed font file is drawn condensed")
  func condensedFontFile() throws {
    let path = Self.dejaVu + "DejaVuSansCondensed.ttf"
    let condensed = try TextRenderer.render(
      "Condensed", style: TextStyle(fontFile: path, fontSize: 40), width: nil)
    let regular = try TextRenderer.render("Condensed", style: TextStyle(fontSize: 40), width: nil)
    #expect(condensed.warnings.isEmpty)
    #expect(condensed.layoutSize.width < 0.95 * regular.layoutSize.width)
  }

  @Test("A font file wins over an installed font that has its family name")
  func fontFileWinsOverInstalledFamily() throws {
    // DejaVu Serif's name table renamed to "DejaVu Sans " (same length; fontconfig trims
    // the blank, so to fontconfig it is a face of the installed DejaVu Sans family).
    let directory = try TestSupport.makeTemporaryDirectory("reel-font")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = try FontTestSupport.renamedCopy(
      of: Self.dejaVu + "DejaVuSerif.ttf", from: "DejaVu Serif", to: "DejaVu Sans ",
      in: directory, fileName: "serif-named-sans.ttf")
    #expect(FontLibrary.shared.familyName(ofFontFile: path) == "DejaVu Sans")

    let fromFile = try TextRenderer.render(
      "Serif?", style: TextStyle(fontFile: path, fontSize: 40), width: nil)
    let serif = try TextRenderer.render(
      "Serif?", style: TextStyle(fontFamily: "DejaVu Serif", fontSize: 40), width: nil)
    #expect(fromFile.image == serif.image)
    // Registering the file does not change what the installed family draws.
    let sans = try TextRenderer.render("Serif?", style: TextStyle(fontSize: 40), width: nil)
    #expect(sans.image != serif.image)
  }

  @Test("Font paths that are not regular files are refused without being opened")
  func notRegularFiles() throws {
    let directory = try TestSupport.makeTemporaryDirectory("reel-font")
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("font.ttf").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // A bound socket's name stays in the file system after its process ends.
    let socket = directory.appendingPathComponent("socket.ttf").path
    let bound = try TestSupport.run(
      "python3",
      ["-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", socket])
    #expect(bound.status == 0, "\(bound.stderr)")
    let cases: [(String, String)] = [
      (fifo, "a FIFO"), ("/dev/zero", "a character device"), (directory.path, "a directory"),
      (socket, "a socket"),
    ]
    for (path, kind) in cases {
      // Opening a FIFO blocks until a writer comes: run the check on its own thread and
      // give up after 10 s rather than hang the suite.
      let done = DispatchSemaphore(value: 0)
      let result = Locked<(FontFileProblem?, RenderedText?)>((nil, nil))
      Thread.detachNewThread {
        let problem = FontLibrary.shared.problem(withFontFile: path)
        let rendered = try? TextRenderer.render(
          "x", style: TextStyle(fontFile: path, fontSize: 20), width: nil)
        result.set((problem, rendered))
        done.signal()
      }
      let finished = done.wait(timeout: .now() + 10) == .success
      #expect(finished, "\(path) was opened (the check blocked)")
      guard finished else { continue }
      let (problem, rendered) = result.get()
      #expect(problem == .notRegularFile(path: path, kind: kind))
      #expect(problem?.description == "\(path) is not a regular file (it is \(kind))")
      #expect(
        rendered?.warnings == [
          "\(path) is not a regular file (it is \(kind)); using font family 'DejaVu Sans' instead"
        ])
    }
    #expect(
      FontLibrary.shared.problem(withFontFile: directory.appendingPathComponent("none.ttf").path)
        == .missing(path: directory.appendingPathComponent("none.ttf").path))
    #expect(FontLibrary.shared.problem(withFontFile: Self.dejaVu + "DejaVuSans.ttf") == nil)
  }
}

extension RenderedText {
  /// The same picture placed `distance` pixels further right and down.
  fileprivate func shifted(by distance: Double) -> RenderedText {
    var moved = self
    moved.origin = Point(x: origin.x + distance, y: origin.y + distance)
    return moved
  }
}

/// A value shared with another thread under a lock.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func set(_ newValue: Value) { lock.withLock { value = newValue } }
  func get() -> Value { lock.withLock { value } }
}
