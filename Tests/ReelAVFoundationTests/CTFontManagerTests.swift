import AVFoundationCompat
import Foundation
import Testing

@Suite("CGFont from files and CTFontManager registration")
struct CTFontManagerTests {
  private static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  private static let cjkCollection = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

  /// A copy of `path` in a directory of its own (each test registers a file of its own).
  private func copy(_ path: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("CTFontManagerTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
    try FileManager.default.copyItem(atPath: path, toPath: file.path)
    return file
  }

  @Test("CGFont from a file gives the file's own names; a .ttc gives its first face")
  func fontFromFile() throws {
    let provider = try #require(CGDataProvider(filename: Self.dejaVu))
    let font = try #require(CGFont(provider))
    #expect(font.postScriptName as String? == "DejaVuSans")
    #expect(font.fullName as String? == "DejaVu Sans")
    let collection = try #require(
      CGDataProvider(url: URL(fileURLWithPath: Self.cjkCollection) as CFURL))
    let first = try #require(CGFont(collection))
    #expect(first.postScriptName as String? == "NotoSansCJKjp-Regular")
    #expect(first.fullName as String? == "Noto Sans CJK JP")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.dejaVu))
    let fromData = try #require(CGDataProvider(data: bytes as CFData).flatMap { CGFont($0) })
    #expect(fromData.postScriptName as String? == "DejaVuSans")
    #expect(CGDataProvider(filename: "/nonexistent/font.ttf") == nil)
    let notAFont = try #require(CGDataProvider(filename: "/etc/hostname"))
    #expect(CGFont(notAFont) == nil)
  }

  @Test("A font made from a file sets glyphs: CTFontCreateWithGraphicsFont")
  func graphicsFontShapes() throws {
    let provider = try #require(CGDataProvider(filename: Self.cjkCollection))
    let face = try #require(CGFont(provider))
    let font = CTFontCreateWithGraphicsFont(face, 32, nil, nil)
    #expect(CTFontGetSize(font) == 32)
    #expect(CTFontCopyPostScriptName(font) as String == "NotoSansCJKjp-Regular")
    let line = CTLineCreateWithAttributedString(
      NSAttributedString(
        string: "字幕", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
        as CFAttributedString)
    let runs = CTLineGetGlyphRuns(line) as! [CTRun]
    #expect(runs.count == 1)
    let runFont =
      (CTRunGetAttributes(runs[0]) as NSDictionary)[kCTFontAttributeName as String] as! CTFont
    #expect(CTFontCopyPostScriptName(runFont) as String == "NotoSansCJKjp-Regular")
  }

  @Test("Registering a file makes UIFont(name:) and CTFontCreateWithName find its PostScript name")
  func registerForURL() throws {
    // "DejaVuSans" (no space) is neither an installed family nor one of Apple's names.
    #expect(UIFont(name: "DejaVuSans", size: 12) == nil)
    let file = try copy(Self.dejaVu)
    var error: Unmanaged<CFError>?
    #expect(CTFontManagerRegisterFontsForURL(file as CFURL, .process, &error))
    #expect(error == nil)
    let font = try #require(UIFont(name: "DejaVuSans", size: 24))
    #expect(font.fontName == "DejaVuSans")
    #expect(font.familyName == "DejaVu Sans")
    let ctFont = CTFontCreateWithName("DejaVuSans" as CFString, 24, nil)
    #expect(CTFontCopyPostScriptName(ctFont) as String == "DejaVuSans")
    // A second registration fails as on Apple: alreadyRegistered (105).
    #expect(!CTFontManagerRegisterFontsForURL(file as CFURL, .process, &error))
    let second = try #require(error?.takeRetainedValue())
    #expect(second.domain == "com.apple.CoreText.CTFontManagerErrorDomain")
    #expect(second.code == CTFontManagerError.alreadyRegistered.rawValue)
    var missing: Unmanaged<CFError>?
    #expect(
      !CTFontManagerRegisterFontsForURL(
        URL(fileURLWithPath: "/nonexistent/x.ttf") as CFURL, .process, &missing))
    #expect(missing?.takeRetainedValue().code == CTFontManagerError.fileNotFound.rawValue)
  }

  @Test("CTFontManagerRegisterGraphicsFont: seed 004's load-then-name")
  func registerGraphicsFont() throws {
    let file = try copy(Self.cjkCollection)
    let provider = try #require(CGDataProvider(filename: file.path))
    let face = try #require(CGFont(provider))
    var error: Unmanaged<CFError>?
    #expect(CTFontManagerRegisterGraphicsFont(face, &error))
    #expect(error == nil)
    let name = try #require(face.postScriptName)
    let font = try #require(UIFont(name: name as String, size: 40))
    #expect(font.fontName == "NotoSansCJKjp-Regular")
    #expect(
      CGFontCreateWithFontName(font.fontName as CFString)?.postScriptName as String?
        == "NotoSansCJKjp-Regular")
    // A CGFont by name is installed already: registering it fails.
    let installed = try #require(CGFont("DejaVu Sans" as CFString))
    #expect(!CTFontManagerRegisterGraphicsFont(installed, &error))
    _ = error?.takeRetainedValue()
  }
}
