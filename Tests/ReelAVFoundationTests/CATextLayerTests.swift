import AVFoundationCompat
import Reel
import TestSupport
import Testing

@testable import ReelAVFoundation

@Suite("CATextLayer: strings and attributed strings as Reel text")
struct CATextLayerTests {
  typealias S = CATestSupport
  let size = CGSize(width: 200, height: 100)

  /// The text content of a text layer's snapshot.
  func text(_ layer: CATextLayer) throws -> (StyledText, TextStyle) {
    layer.name = "text"
    layer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
    let tree = try S.tool(size: size, sublayers: [layer]).snapshotLayerTree(renderSize: size)
    let reel = try #require(S.layer(named: "text", in: tree))
    guard case .text(let text, let style) = reel.content else {
      Issue.record("not text: \(reel.content.kindName)")
      throw CancellationError()
    }
    return (text, style)
  }

  @Test("A plain string takes the layer's font, size, colour, alignment, wrapping and truncation")
  func plain() throws {
    let layer = CATextLayer()
    layer.string = "Hello"
    layer.font = S.font("DejaVu Serif", size: 12, weight: 700)
    layer.fontSize = 48
    layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    layer.alignmentMode = .center
    layer.isWrapped = true
    layer.truncationMode = .end
    let (text, style) = try self.text(layer)
    #expect(text.string == "Hello")
    #expect(style.fontFamily == "DejaVu Serif" && style.weight == 700 && style.fontSize == 48)
    #expect(style.color == .red && style.alignment == .center)
    #expect(style.wraps && style.truncation == .end)
    let named = CATextLayer()
    named.string = "x"
    named.font = "Helvetica" as NSString
    // A name goes through UIFont(name:size:): Helvetica's installed stand-in.
    #expect(try self.text(named).1.fontFamily == Self.helveticaStandIn)
    named.font = "NoSuchFontAnywhere" as NSString
    #expect(try self.text(named).1.fontFamily == Self.helveticaStandIn)
  }

  @Test("An attributed string: font and colour per run; negative strokeWidth fills and strokes")
  func attributed() throws {
    let string = NSMutableAttributedString(
      string: "Happy ",
      attributes: [
        .font: S.font(size: 60), .foregroundColor: UIColor.white, .strokeColor: UIColor.black,
        .strokeWidth: -3,
      ])
    string.append(
      NSAttributedString(
        string: "Birthday",
        attributes: [
          .font: S.font(size: 60, weight: 700),
          .foregroundColor: UIColor(red: 1, green: 1, blue: 0, alpha: 1),
          .strokeColor: UIColor.black, .strokeWidth: -3,
        ]))
    let layer = CATextLayer()
    layer.string = string
    let (text, style) = try self.text(layer)
    #expect(text.string == "Happy Birthday")
    #expect(style.fontSize == 60 && style.color == .white)
    #expect(style.strokeColor == .black && abs(style.strokeWidth - 1.8) < 1e-9)
    #expect(text.runs.count == 2 && text.runs[1].bold == true)
    #expect(text.runs[1].color == Color(red: 1, green: 1, blue: 0))
    #expect(CompatWarnings.printed.contains { $0.contains("negative strokeWidth") })
  }

  @Test("A positive strokeWidth strokes only; no stroke colour means the foreground colour")
  func strokeOnly() throws {
    let layer = CATextLayer()
    layer.string = NSAttributedString(
      string: "Outline",
      attributes: [.font: S.font(size: 50), .foregroundColor: UIColor.white, .strokeWidth: 4])
    let (_, style) = try text(layer)
    #expect(style.color == .clear && style.strokeColor == .white)
    #expect(abs(style.strokeWidth - 2) < 1e-9)
  }

  @Test("Background colour and paragraph alignment of the whole string; defaults are Core Text's")
  func backgroundAndDefaults() throws {
    let layer = CATextLayer()
    layer.string = NSAttributedString(
      string: "Boxed", attributes: [.backgroundColor: UIColor.black])
    let (_, style) = try text(layer)
    #expect(style.background?.color == .black && style.background?.padding == 0)
    #expect(
      style.fontFamily == Self.helveticaStandIn && style.fontSize == 12 && style.color == .black)
  }

  @Test("A nil font passed `as Any` (a font that does not exist) keeps Core Text's default")
  func nilAttribute() throws {
    let missing: UIFont? = nil
    let layer = CATextLayer()
    layer.string = NSAttributedString(
      string: "x", attributes: [.font: missing as Any, .foregroundColor: UIColor.white])
    let (_, style) = try text(layer)
    #expect(
      style.fontFamily == Self.helveticaStandIn && style.fontSize == 12 && style.color == .white)
  }

  @Test("Run attributes Reel cannot draw as Apple does fail, naming them")
  func failures() throws {
    let mixed = NSMutableAttributedString(
      string: "a", attributes: [.strokeWidth: -3, .font: S.font(size: 20)])
    mixed.append(NSAttributedString(string: "b", attributes: [.font: S.font(size: 20)]))
    let layer = CATextLayer()
    layer.name = "mixed"
    layer.string = mixed
    let failure = try #require(S.failure(S.tool(size: size, sublayers: [layer]), size: size))
    #expect(failure.reason.contains("\"mixed\"") && failure.reason.contains("stroke"))

    let kerned = CATextLayer()
    kerned.string = NSAttributedString(
      string: "k", attributes: [NSAttributedString.Key("NSKern"): 2])
    let kernFailure = try #require(S.failure(S.tool(size: size, sublayers: [kerned]), size: size))
    #expect(kernFailure.reason.contains("NSKern"))

    let wrongFont = CATextLayer()
    wrongFont.string = NSAttributedString(string: "f", attributes: [.font: "Helvetica"])
    #expect(
      S.failure(S.tool(size: size, sublayers: [wrongFont]), size: size)?.reason.contains("UIFont")
        == true)
  }

  @Test("A paragraph style's alignment becomes the text's; natural is left")
  func paragraphAlignment() {
    let style = NSMutableParagraphStyle()
    for (alignment, expected) in [
      (NSTextAlignment.center, TextAlignment.center), (.right, .right),
      (.justified, .justified), (.natural, .left), (.left, .left),
    ] {
      style.alignment = alignment
      #expect(AttributedTextSnapshot.alignment(of: style) == expected)
    }
    #expect(AttributedTextSnapshot.alignment(of: NSObject()) == nil)
  }

  /// The installed family Reel draws Helvetica with (Core Text's default face).
  static var helveticaStandIn: String? { UIFont(name: "Helvetica", size: 12)?.family }
}

@Suite("CGFont by name")
struct CGFontTests {
  @Test("CGFont(name) finds the face UIFont finds; CATextLayer draws a CGFont with it")
  func byName() throws {
    let font = try #require(CGFontCreateWithFontName("Helvetica-Bold" as CFString))
    #expect(font.postScriptName as String? == "Helvetica-Bold")
    let face = try #require(UIFont(name: "Helvetica-Bold", size: 12))
    #expect(font.face.family == face.family && font.face.weight == 700)
    #expect(font.fullName.map { $0 as String }?.hasSuffix("Bold") == true)
    #expect(CGFont("NoSuchFontAnywhere") == nil)
    #expect(CGFontCreateWithFontName(nil) == nil)

    let layer = CATextLayer()
    layer.string = "Bold"
    layer.font = font
    layer.fontSize = 30
    layer.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
    let tool = CATestSupport.tool(size: CGSize(width: 200, height: 100), sublayers: [layer])
    let tree = try tool.snapshotLayerTree(renderSize: CGSize(width: 200, height: 100))
    var styles: [TextStyle] = []
    func collect(_ layer: Layer) {
      if case .text(_, let style) = layer.content { styles.append(style) }
      layer.sublayers.forEach(collect)
    }
    collect(tree.root)
    #expect(styles.map(\.fontFamily) == [face.family])
    #expect(styles.map(\.weight) == [700] && styles.map(\.fontSize) == [30])
  }
}

@Suite("Core Text fonts on text layers, CGImage from data providers")
struct CTFontTextLayerTests {
  @Test("a CTFont as CATextLayer.font and as an attributed run's font draws its face and size")
  func ctFont() throws {
    let font = CTFontCreateWithName("Helvetica-Bold" as CFString, 30, nil)
    let face = try #require(UIFont(name: "Helvetica-Bold", size: 30))
    let size = CGSize(width: 200, height: 100)
    let plain = CATextLayer()
    plain.string = "Bold"
    plain.font = font
    plain.fontSize = 24
    let attributed = CATextLayer()
    attributed.string = NSAttributedString(
      string: "Run", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
    let tree = try CATestSupport.tool(size: size, sublayers: [plain, attributed])
      .snapshotLayerTree(renderSize: size)
    var styles: [TextStyle] = []
    func collect(_ layer: Layer) {
      if case .text(_, let style) = layer.content { styles.append(style) }
      layer.sublayers.forEach(collect)
    }
    collect(tree.root)
    #expect(styles.map(\.fontFamily) == [face.family, face.family])
    #expect(styles.map(\.weight) == [700, 700])
    // The plain layer's fontSize applies; the run keeps the CTFont's size.
    #expect(styles.map(\.fontSize) == [24, 30])
  }

  @Test("CGImage(pngDataProviderSource:) and (jpegDataProviderSource:) decode the provider's file")
  func dataProviderImages() throws {
    let folder = try AVTestMedia.folder()
    for name in ["p.png", "j.jpg"] {
      let url = folder.appendingPathComponent(name)
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=c=red:size=48x20", "-frames:v", "1", url.path,
      ])
      let provider = try #require(CGDataProvider(url: url as CFURL))
      let image = try #require(
        name.hasSuffix("png")
          ? CGImage(
            pngDataProviderSource: provider, decode: nil, shouldInterpolate: true,
            intent: .defaultIntent)
          : CGImage(
            jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true,
            intent: .defaultIntent))
      #expect(image.width == 48 && image.height == 20)
      let pixel = image.image[x: 10, y: 10]
      #expect(pixel.red > 240 && pixel.green < 15 && pixel.blue < 15)
    }
    let text = folder.appendingPathComponent("not-a-picture.png")
    try Data("hello".utf8).write(to: text)
    let provider = try #require(CGDataProvider(url: text as CFURL))
    #expect(
      CGImage(
        pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .perceptual)
        == nil)
  }
}
