import AVFoundationCompat
import Foundation
import TestSupport
import Testing

@testable import ReelAVFoundation

@Suite("UIFont")
struct UIFontTests {
  /// fontconfig's own answer (the `fc-match` tool), the oracle for the stand-ins.
  private func fcMatch(_ pattern: String) throws -> String {
    try TestSupport.run("fc-match", [pattern, "family"]).stdoutText
      .split(separator: ",").first.map {
        String($0).trimmingCharacters(in: .whitespacesAndNewlines)
      }
      ?? ""
  }

  @Test("ArialRoundedMTBold draws with fontconfig's stand-in, bold, with one warning naming both")
  func standIn() throws {
    let font = try #require(UIFont(name: "ArialRoundedMTBold", size: 60))
    #expect(font.fontName == "ArialRoundedMTBold")
    #expect(font.familyName == "Arial Rounded MT Bold")
    #expect(font.pointSize == 60)
    #expect(font.weight == 700 && !font.isItalic)
    let expected = try fcMatch("Arial Rounded MT Bold,sans-serif")
    #expect(font.family == expected)
    _ = UIFont(name: "ArialRoundedMTBold", size: 20)
    let warnings = CompatWarnings.printed.filter {
      $0.contains("\"ArialRoundedMTBold\"") && $0.contains("\"\(expected)\"")
    }
    #expect(warnings.count == 1)
  }

  @Test("PostScript suffixes give the weight and slant; the family keeps its kind")
  func postScriptNames() throws {
    let bold = try #require(UIFont(name: "Helvetica-Bold", size: 12))
    #expect(bold.weight == 700 && !bold.isItalic && bold.familyName == "Helvetica")
    let boldOblique = try #require(UIFont(name: "Helvetica-BoldOblique", size: 12))
    #expect(boldOblique.weight == 700 && boldOblique.isItalic)
    let arial = try #require(UIFont(name: "Arial-BoldMT", size: 12))
    #expect(arial.familyName == "Arial" && arial.weight == 700)
    let arialRegular = try #require(UIFont(name: "ArialMT", size: 12))
    #expect(arialRegular.familyName == "Arial" && arialRegular.weight == 400)
    let neueLight = try #require(UIFont(name: "HelveticaNeue-Light", size: 12))
    #expect(neueLight.familyName == "Helvetica Neue" && neueLight.weight == 300)
    let times = try #require(UIFont(name: "TimesNewRomanPS-ItalicMT", size: 12))
    #expect(times.familyName == "Times New Roman" && times.isItalic && times.weight == 400)
    #expect(times.family == (try fcMatch("Times New Roman,serif")))
    let menlo = try #require(UIFont(name: "Menlo-Regular", size: 12))
    #expect(menlo.family == (try fcMatch("Menlo,monospace")))
    let avenir = try #require(UIFont(name: "AvenirNext-DemiBold", size: 12))
    #expect(avenir.familyName == "Avenir Next" && avenir.weight == 600)
    let courier = try #require(UIFont(name: "Courier", size: 12))
    #expect(courier.family == (try fcMatch("Courier,monospace")))
    let georgia = try #require(UIFont(name: "Georgia", size: 12))
    #expect(georgia.family == (try fcMatch("Georgia,serif")))
    let pingFang = try #require(UIFont(name: "PingFang SC", size: 12))
    #expect(pingFang.family == (try fcMatch("PingFang SC,sans-serif:lang=zh-cn")))
  }

  @Test("a name that is neither installed nor Apple's gives nil, as on Apple")
  func unknownName() {
    #expect(UIFont(name: "NoSuchFontQwertyXYZ", size: 12) == nil)
    #expect(UIFont(name: "", size: 12) == nil)
    #expect(CompatWarnings.printed.contains { $0.contains("NoSuchFontQwertyXYZ") })
  }

  @Test("an installed family is used as itself, without a warning")
  func installedFamily() throws {
    let installed = try TestSupport.run("fc-list", [":", "family"]).stdoutText
      .split(separator: "\n").compactMap { $0.split(separator: ",").first.map(String.init) }
      .sorted().first
    let family = try #require(installed)
    let font = try #require(UIFont(name: family, size: 10))
    #expect(font.family == family && font.familyName == family)
    #expect(!CompatWarnings.printed.contains { $0.contains("UIFont(name: \"\(family)\")") })
  }

  @Test("the system font is the installed sans-serif, at Apple's weights")
  func systemFont() throws {
    let sansSerif = try fcMatch("sans-serif")
    let regular = UIFont.systemFont(ofSize: 17)
    #expect(regular.pointSize == 17 && regular.weight == 400 && regular.family == sansSerif)
    #expect(regular.familyName == ".AppleSystemUIFont")
    #expect(UIFont.boldSystemFont(ofSize: 17).weight == 700)
    #expect(UIFont.italicSystemFont(ofSize: 17).isItalic)
    #expect(UIFont.systemFont(ofSize: 17, weight: .semibold).weight == 600)
    #expect(UIFont.systemFont(ofSize: 17, weight: .ultraLight).weight == 100)
    #expect(UIFont.systemFont(ofSize: 17, weight: UIFont.Weight(0.1)).weight == 400)
    #expect(UIFont.Weight.regular.rawValue == 0 && UIFont.Weight.bold.rawValue == 0.4)
    #expect(UIFont.Weight.medium.rawValue == 0.23 && UIFont.Weight.black.rawValue == 0.62)
  }

  @Test("withSize keeps the face")
  func withSize() throws {
    let font = try #require(UIFont(name: "Helvetica-Bold", size: 12)).withSize(30)
    #expect(font.pointSize == 30 && font.fontName == "Helvetica-Bold" && font.weight == 700)
    #expect(font.familyName == "Helvetica")
  }
}
