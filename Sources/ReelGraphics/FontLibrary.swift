import CGraphics
import Foundation
import ReelCore

/// The fonts Reel draws text with: one fontconfig configuration (the system's fonts plus
/// font files registered by path) and one pango font map over it, shared by the process.
///
/// **Thread rule.** Neither fontconfig nor a pango font map is safe to use from several
/// threads at once, so every use of them — matching, registering files, laying out and
/// drawing text — happens inside ``withLock(_:)``, which serialises callers on one lock.
/// ``TextRenderer`` holds it for a whole render; text is rasterised once per layer and
/// cached, so the contention is negligible. That lock is what makes the `@unchecked
/// Sendable` sound: the C objects are only touched while it is held.
public final class FontLibrary: @unchecked Sendable {
  /// The process-wide library.
  public static let shared = FontLibrary()

  private let lock = NSLock()
  /// fontconfig configuration (`FcConfig *`), owned.
  let config: OpaquePointer?
  /// A pango font map for cairo with FreeType fonts, using `config`; owned.
  let fontMap: UnsafeMutablePointer<PangoFontMap>?
  /// Font files registered so far: path → family name.
  private var registeredFiles: [String: String] = [:]
  /// Family-name checks already made: requested name → installed?
  private var familyCache: [String: Bool] = [:]

  private init() {
    config = FcInitLoadConfigAndFonts()
    let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)
    fontMap = map
    if let map, let config {
      pango_fc_font_map_set_config(Self.fcFontMap(map), config)
    }
  }

  deinit {
    if let fontMap { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
    if let config { FcConfigDestroy(config) }
  }

  static func fcFontMap(_ map: UnsafeMutablePointer<PangoFontMap>) -> OpaquePointer {
    OpaquePointer(map)
  }

  /// Runs `body` while holding the library's lock (see the thread rule above).
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  // MARK: Public queries

  /// Whether fontconfig has a font whose family is `family` (case-insensitive), without
  /// substituting another. Generic names (`sans-serif`, `serif`, `monospace`, `emoji`, …)
  /// count as installed.
  public func isFamilyInstalled(_ family: String) -> Bool {
    withLock { familyInstalledLocked(family) }
  }

  /// The family name stored in a font file, read with FreeType through fontconfig.
  ///
  /// - Parameter path: A .ttf/.otf/.ttc file.
  /// - Returns: The first family name of the file's first face, or nil when the file is
  ///   missing or not a font.
  public func familyName(ofFontFile path: String) -> String? {
    withLock { Self.queryFamily(path) }
  }

  // MARK: Locked helpers

  static let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "emoji",
    "system-ui", "math",
  ]

  /// Whether `family` is installed; the caller holds the lock.
  func familyInstalledLocked(_ family: String) -> Bool {
    let key = family.trimmingCharacters(in: .whitespaces).lowercased()
    if key.isEmpty || Self.genericFamilies.contains(key) { return true }
    if let known = familyCache[key] { return known }
    let found = matchedFamiliesLocked(family).contains { $0.lowercased() == key }
    familyCache[key] = found
    return found
  }

  /// The family names of the font fontconfig picks for `family`; the caller holds the lock.
  func matchedFamiliesLocked(_ family: String) -> [String] {
    guard let config, let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString { name in
      FcPatternAddString(
        pattern, FC_FAMILY, UnsafeRawPointer(name).assumingMemoryBound(to: FcChar8.self))
    }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, pattern, &result) else { return [] }
    defer { FcPatternDestroy(match) }
    return Self.families(of: match)
  }

  static func families(of pattern: OpaquePointer) -> [String] {
    var names: [String] = []
    var index: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, FC_FAMILY, index, &value) == FcResultMatch, let value {
      names.append(String(cString: value))
      index += 1
    }
    return names
  }

  static func queryFamily(_ path: String) -> String? {
    guard FileManager.default.isReadableFile(atPath: path) else { return nil }
    var count: Int32 = 0
    let pattern = path.withCString { file in
      FcFreeTypeQuery(UnsafeRawPointer(file).assumingMemoryBound(to: FcChar8.self), 0, nil, &count)
    }
    guard let pattern else { return nil }
    defer { FcPatternDestroy(pattern) }
    return families(of: pattern).first
  }

  /// Makes a font file usable by family name; the caller holds the lock.
  ///
  /// - Returns: The file's family name, or a reason it cannot be used.
  func registerFontFileLocked(_ path: String) -> Result<String, FontFileProblem> {
    if let family = registeredFiles[path] { return .success(family) }
    guard FileManager.default.fileExists(atPath: path) else { return .failure(.missing) }
    guard let family = Self.queryFamily(path), let config, let fontMap else {
      return .failure(.unreadable)
    }
    let added = path.withCString { file in
      FcConfigAppFontAddFile(config, UnsafeRawPointer(file).assumingMemoryBound(to: FcChar8.self))
    }
    guard added != 0 else { return .failure(.unreadable) }
    pango_fc_font_map_config_changed(Self.fcFontMap(fontMap))
    registeredFiles[path] = family
    familyCache[family.lowercased()] = true
    return .success(family)
  }

  /// Why a font file could not be used.
  enum FontFileProblem: Error {
    case missing
    case unreadable
  }
}
