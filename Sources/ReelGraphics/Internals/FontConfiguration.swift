import CGraphics
import ReelCore

/// Owns the process's fontconfig configuration (`FcConfig`, the system's fonts plus the
/// font files added to it) and the pango font map drawing from it, and asks fontconfig what
/// ``FontLibrary`` needs: matches, a file's faces, added files.
///
/// Not thread-safe, as fontconfig and pango font maps are not: used only under
/// ``FontLibrary``'s lock.
final class FontConfiguration {
  private let config: OpaquePointer
  /// A pango font map for cairo with FreeType fonts, using ``config``.
  let fontMap: UnsafeMutablePointer<PangoFontMap>

  /// Loads the system's configuration and fonts and makes the font map; nil when either
  /// cannot start.
  init?() {
    guard let config = FcInitLoadConfigAndFonts() else { return nil }
    guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
      FcConfigDestroy(config)
      return nil
    }
    self.config = config
    fontMap = map
    pango_fc_font_map_set_config(OpaquePointer(map), config)
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(fontMap))
    FcConfigDestroy(config)
  }

  /// A pango context on the font map, set up for stable output; nil when out of memory.
  func makeContext() -> PangoContextRef? {
    PangoContextRef(fontMap: fontMap)
  }

  /// The family names of the font fontconfig picks for `families` (in order of
  /// preference, its aliases applied, then its default), optionally for text in
  /// `language`; empty when it has no font.
  func matchedFamilies(for families: [String], language: String? = nil) -> [String] {
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    for family in families {
      _ = family.withCString { name in
        FcPatternAddString(
          pattern, FC_FAMILY, UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self))
      }
    }
    if let language {
      _ = language.withCString { tag in
        FcPatternAddString(
          pattern, FC_LANG, UnsafeRawPointer(tag).assumingMemoryBound(to: FcChar8.self))
      }
    }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, pattern, &result) else { return [] }
    defer { FcPatternDestroy(match) }
    return Self.families(of: match)
  }

  /// What the first face of the font file at `path` says about itself (its family, names,
  /// OpenType weight and slant); nil when FreeType cannot read it as a font.
  static func firstFace(ofFile path: String) -> FontFace? {
    var count: Int32 = 0
    let pattern = path.withCString { file in
      FcFreeTypeQuery(UnsafeRawPointer(file).assumingMemoryBound(to: FcChar8.self), 0, nil, &count)
    }
    guard let pattern else { return nil }
    defer { FcPatternDestroy(pattern) }
    guard let family = families(of: pattern).first else { return nil }
    var weight = Double(FC_WEIGHT_REGULAR)
    _ = FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight)
    var slant = Int32(FC_SLANT_ROMAN)
    _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
    let openTypeWeight = FcWeightToOpenTypeDouble(weight)
    func string(_ object: String) -> String? {
      var value: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else {
        return nil
      }
      return String(cString: value)
    }
    return FontFace(
      family: family, postScriptName: string(FC_POSTSCRIPT_NAME),
      fullName: string(FC_FULLNAME),
      weight: openTypeWeight.isFinite
        ? Int(Swift.min(Swift.max(openTypeWeight.rounded(), 100), 1000)) : 400,
      italic: slant != FC_SLANT_ROMAN)
  }

  /// Why adding a font file failed.
  enum AddFileFailure: Error {
    /// fontconfig refused the rule that names the file's faces.
    case ruleRefused
    /// fontconfig could not scan the file.
    case notScanned
  }

  /// Adds the faces of the font file at `path` (a canonical path) under the family
  /// `family` (before the names the file gives), and tells the font map.
  ///
  /// - Parameter rule: The fontconfig XML rule that names the file's faces.
  /// - Throws: ``AddFileFailure``.
  func addFile(_ path: String, rule: String) throws(AddFileFailure) {
    let parsed = rule.withCString { xml in
      FcConfigParseAndLoadFromMemory(
        config, UnsafeRawPointer(xml).assumingMemoryBound(to: FcChar8.self), FcFalse)
    }
    guard parsed != 0 else { throw .ruleRefused }
    let added = path.withCString { file in
      FcConfigAppFontAddFile(config, UnsafeRawPointer(file).assumingMemoryBound(to: FcChar8.self))
    }
    guard added != 0 else { throw .notScanned }
    pango_fc_font_map_config_changed(OpaquePointer(fontMap))
  }

  /// Every family name of a fontconfig pattern, in order.
  private static func families(of pattern: OpaquePointer) -> [String] {
    var names: [String] = []
    var index: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, FC_FAMILY, index, &value) == FcResultMatch, let value {
      names.append(String(cString: value))
      index += 1
    }
    return names
  }
}
