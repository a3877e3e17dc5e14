internal import ReelGraphics
import Synchronization

/// What a ``UIFont`` draws with: Apple's names for it and the installed family, weight and
/// slant Reel uses. The one place Apple's font names are mapped to installed fonts.
struct ResolvedFont: Sendable, Hashable {
  /// The name asked for (or the system font's name).
  var fontName: String
  /// Apple's family name (or the installed family for a font Apple does not ship).
  var familyName: String
  /// The installed family fontconfig draws with.
  var installedFamily: String
  /// CSS weight, 100…900.
  var weight: Int
  /// Whether the face is italic.
  var isItalic: Bool

  /// The family iOS reports for its system font.
  static let systemFamilyName = ".AppleSystemUIFont"

  /// The system font: the installed sans-serif at `weight`.
  static func system(weight: Int, italic: Bool) -> ResolvedFont {
    let style = (weight >= 600 ? "Bold" : "Regular") + (italic ? "Italic" : "")
    return ResolvedFont(
      fontName: ".SFUI-\(style)", familyName: systemFamilyName,
      installedFamily: bestMatch(for: ["sans-serif"], language: nil), weight: weight,
      isItalic: italic)
  }

  /// The font `name` means on Apple: a font registered with `CTFontManager` under that
  /// PostScript or full name, else drawn with the installed font or fontconfig's stand-in
  /// (warning once per name and stand-in); nil — with a warning — when `name` is neither an
  /// installed family nor a font Apple ships.
  static func resolving(name: String) -> ResolvedFont? {
    if let registered = RegisteredFonts.shared.face(named: name) { return registered }
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    let parsed = AppleFontName(trimmed)
    guard let apple = parsed.family else {
      if !trimmed.isEmpty, FontLibrary.shared.isFamilyInstalled(trimmed) {
        return ResolvedFont(
          fontName: name, familyName: trimmed, installedFamily: trimmed, weight: parsed.weight,
          isItalic: parsed.isItalic)
      }
      CompatWarnings.warnOnce(
        key: "UIFont.unknown|\(name)",
        "UIFont(name: \"\(name)\") returns nil: no installed font has that family and it is "
          + "not one of Apple's font names")
      return nil
    }
    let installed: String
    if FontLibrary.shared.isFamilyInstalled(apple.name) {
      installed = apple.name
    } else {
      installed = bestMatch(for: [apple.name, apple.generic], language: apple.language)
      CompatWarnings.warnOnce(
        key: "UIFont.standIn|\(name)|\(installed)",
        "UIFont(name: \"\(name)\"): Apple's \"\(apple.name)\" is not installed; drawing it "
          + "with the installed \"\(installed)\" (weight \(parsed.weight)"
          + (parsed.isItalic ? ", italic)" : ")")
          + " — install the font (or register its file) for Apple's glyphs and metrics")
    }
    return ResolvedFont(
      fontName: name, familyName: apple.name, installedFamily: installed, weight: parsed.weight,
      isItalic: parsed.isItalic)
  }

  /// fontconfig's installed family for `families` (cached: fonts do not change while a
  /// program runs), or the last of them when fontconfig has no fonts at all.
  private static func bestMatch(for families: [String], language: String?) -> String {
    let key = families.joined(separator: ",") + ":" + (language ?? "")
    if let known = matches.withLock({ $0[key] }) { return known }
    let found =
      FontLibrary.shared.bestMatchingFamily(for: families, language: language)
      ?? families.last ?? "sans-serif"
    matches.withLock { $0[key] = found }
    return found
  }

  private static let matches = Mutex<[String: String]>([:])
}

/// An Apple font name taken apart: the family it belongs to (when Apple ships it), and the
/// weight and slant its PostScript style suffix gives (`-Bold` 700, `Italic`/`Oblique`).
struct AppleFontName {
  /// One of Apple's families, with what fontconfig should fall back to.
  struct Family {
    /// Apple's family name.
    var name: String
    /// The generic family of its kind (`sans-serif`, `serif`, `monospace`, `cursive`, `emoji`).
    var generic: String
    /// The language its glyphs are for (a CJK font), or nil.
    var language: String?
  }

  /// Apple's family, or nil when the name is not one of Apple's fonts.
  var family: Family?
  /// CSS weight from the style suffix (400 without one).
  var weight: Int
  /// Whether the style suffix says italic or oblique.
  var isItalic: Bool

  init(_ name: String) {
    // PostScript names are `Base-Style`; Monotype's add `MT`, `PS` or `PSMT` to either part.
    let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
    let base = AppleFontName.strippingVendorSuffix(parts.first ?? name)
    let style = parts.count > 1 ? AppleFontName.strippingVendorSuffix(parts[1]) : ""
    family =
      AppleFontName.families[AppleFontName.compact(name)]
      ?? AppleFontName.families[AppleFontName.compact(base)]
    // Without a style part, a name such as `ArialRoundedMTBold` carries its style itself.
    let styleText = style.isEmpty ? base : style
    weight = AppleFontName.weight(ofStyle: styleText)
    isItalic = ["Italic", "Oblique"].contains {
      styleText.range(of: $0, options: .caseInsensitive) != nil
    }
  }

  /// `name` in lower case without spaces, the key of ``families``.
  static func compact(_ name: String) -> String {
    name.lowercased().filter { !$0.isWhitespace }
  }

  /// `part` without a trailing `PSMT`, `MT` or `PS` (ArialMT, TimesNewRomanPS-BoldMT).
  static func strippingVendorSuffix(_ part: String) -> String {
    for suffix in ["PSMT", "MT", "PS"] where part.hasSuffix(suffix) && part.count > suffix.count {
      return String(part.dropLast(suffix.count))
    }
    return part
  }

  /// The CSS weight a PostScript style names (`Bold`, `DemiBold`, `Light`, … in any case);
  /// 400 for none.
  static func weight(ofStyle style: String) -> Int {
    // Longer words first: `SemiBold` and `UltraLight` contain `Bold` and `Light`.
    let words: [(String, Int)] = [
      ("UltraLight", 200), ("ExtraLight", 200), ("Thin", 100), ("Light", 300),
      ("Medium", 500), ("DemiBold", 600), ("SemiBold", 600), ("ExtraBold", 800),
      ("UltraBold", 800), ("Heavy", 800), ("Black", 900), ("Bold", 700),
    ]
    return words.first { style.range(of: $0.0, options: .caseInsensitive) != nil }?.1 ?? 400
  }

  /// The fonts Apple ships on iOS, by ``compact(_:)`` name.
  static let families: [String: Family] = {
    var table: [String: Family] = [:]
    func add(_ generic: String, _ names: [String], language: String? = nil) {
      for name in names {
        table[compact(name)] = Family(name: name, generic: generic, language: language)
      }
    }
    add(
      "sans-serif",
      [
        "Helvetica", "Helvetica Neue", "Arial", "Arial Rounded MT Bold", "Avenir",
        "Avenir Next", "Avenir Next Condensed", "Verdana", "Trebuchet MS", "Futura",
        "Gill Sans", "Optima", "DIN Alternate", "DIN Condensed", "Kailasa", "Tahoma",
        "Geneva", "Lucida Grande", "San Francisco", "SF Pro", "SF Pro Text", "SF Pro Display",
        "Marion",
      ])
    add(
      "serif",
      [
        "Times New Roman", "Times", "Georgia", "Baskerville", "Bodoni 72", "Charter",
        "Cochin", "Didot", "Hoefler Text", "Palatino", "Rockwell", "Copperplate",
        "American Typewriter", "Academy Engraved LET", "Iowan Old Style", "New York",
      ])
    add("monospace", ["Courier", "Courier New", "Menlo", "SF Mono", "Monaco"])
    add(
      "cursive",
      [
        "Bradley Hand", "Chalkboard SE", "Chalkduster", "Marker Felt", "Noteworthy",
        "Savoye LET", "Snell Roundhand", "Zapfino", "Party LET", "Papyrus",
      ])
    add("emoji", ["Apple Color Emoji"])
    add("sans-serif", ["PingFang SC"], language: "zh-cn")
    add("sans-serif", ["PingFang TC"], language: "zh-tw")
    add("sans-serif", ["PingFang HK"], language: "zh-hk")
    add("sans-serif", ["Hiragino Sans", "Hiragino Maru Gothic ProN"], language: "ja")
    add("serif", ["Hiragino Mincho ProN"], language: "ja")
    add("sans-serif", ["Apple SD Gothic Neo"], language: "ko")
    add("sans-serif", ["Thonburi"], language: "th")
    add("sans-serif", ["Arial Hebrew"], language: "he")
    add("sans-serif", ["Geeza Pro", "Al Nile"], language: "ar")
    return table
  }()
}
