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
  /// The fontconfig configuration and the pango font map over it; nil when they could not
  /// start (then no text can be drawn and every family counts as missing).
  let fonts: FontConfiguration?
  /// Font files registered so far, by the path they were asked for with.
  private var registeredFiles: [String: RegisteredFontFile] = [:]
  /// Family-name checks already made: requested name → installed?
  private var familyCache: [String: Bool] = [:]

  private init() {
    fonts = FontConfiguration()
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
  /// - Returns: The first family name of the file's first face, or nil when the file cannot
  ///   be used (see ``problem(withFontFile:)``).
  public func familyName(ofFontFile path: String) -> String? {
    withLock { try? Self.queryFace(path).get().family }
  }

  /// Why a font file cannot be used, or nil when it can.
  ///
  /// The file's type is checked before anything opens it: a path that is not a regular file
  /// (a FIFO, a device, a socket, a directory) is refused at once, so a FIFO cannot block
  /// and a device cannot be read without end.
  ///
  /// - Parameter path: A .ttf/.otf/.ttc file.
  /// - Returns: nil when FreeType reads a font face from the file; else what is wrong.
  public func problem(withFontFile path: String) -> FontFileProblem? {
    withLock {
      if case .failure(let problem) = Self.queryFace(path) { return problem }
      return nil
    }
  }

  /// The installed family fontconfig would draw `families` with: its best match for the
  /// families in order of preference (its aliases applied, then its default), optionally for
  /// text in `language`.
  ///
  /// - Parameters:
  ///   - families: Family names, most wanted first (generic names such as `sans-serif` too).
  ///   - language: An RFC 3066 language tag (`zh-cn`, `ja`), or nil for any.
  /// - Returns: The matched font's first family name, or nil when fontconfig has no font.
  public func bestMatchingFamily(for families: [String], language: String? = nil) -> String? {
    withLock { fonts?.matchedFamilies(for: families, language: language).first }
  }

  /// Makes the faces of a font file drawable (as a template's `fontFile` does) and says
  /// what its first face calls itself. Registering a file twice returns the same face.
  ///
  /// - Parameter path: A .ttf/.otf/.ttc file.
  /// - Returns: The family to draw the file with and the first face's own names.
  /// - Throws: ``FontFileProblem`` when the file cannot be used.
  public func registerFontFile(_ path: String) throws(FontFileProblem) -> RegisteredFontFace {
    let result = withLock { registerFontFileLocked(path) }
    let registered = try result.get()
    return RegisteredFontFace(
      drawingFamily: registered.family, familyName: registered.face.family,
      postScriptName: registered.face.postScriptName, fullName: registered.face.fullName,
      weight: registered.weight, italic: registered.italic)
  }

  /// What a font file's first face calls itself, without registering it.
  ///
  /// - Parameter path: A .ttf/.otf/.ttc file.
  /// - Returns: The family (as ``RegisteredFontFace/drawingFamily`` too, unregistered) and
  ///   names of the first face.
  /// - Throws: ``FontFileProblem`` when the file cannot be used.
  public func faceNames(ofFontFile path: String) throws(FontFileProblem) -> RegisteredFontFace {
    let face = try withLock { Self.queryFace(path) }.get()
    return RegisteredFontFace(
      drawingFamily: face.family, familyName: face.family, postScriptName: face.postScriptName,
      fullName: face.fullName, weight: face.weight, italic: face.italic)
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
    fonts?.matchedFamilies(for: [family]) ?? []
  }

  /// What a font file's first face says about itself, checking the path first (see
  /// ``problem(withFontFile:)``); the caller holds the lock.
  static func queryFace(_ path: String) -> Result<FontFace, FontFileProblem> {
    do {
      try LocalFile.checkRegular(path)
    } catch {
      switch error {
      case .notFound: return .failure(.missing(path: path))
      case .directory: return .failure(.notRegularFile(path: path, kind: "a directory"))
      case .notRegular(let kind): return .failure(.notRegularFile(path: path, kind: kind))
      case .unreadable(let reason): return .failure(.unreadable(path: path, reason: reason))
      }
    }
    guard access(path, R_OK) == 0 else {
      return .failure(.unreadable(path: path, reason: String(cString: strerror(errno))))
    }
    guard let face = FontConfiguration.firstFace(ofFile: path) else {
      return .failure(.notAFont(path: path))
    }
    return .success(face)
  }

  /// Makes a font file usable; the caller holds the lock.
  ///
  /// The file's faces are added to the configuration under a family name of their own
  /// (before the family names the file gives), so asking for that name draws with this
  /// file even when a font of the same family is installed.
  ///
  /// - Returns: The face to ask pango for, or a reason the file cannot be used.
  func registerFontFileLocked(_ path: String) -> Result<RegisteredFontFile, FontFileProblem> {
    if let registered = registeredFiles[path] { return .success(registered) }
    let face: FontFace
    switch Self.queryFace(path) {
    case .success(let queried): face = queried
    case .failure(let problem): return .failure(problem)
    }
    guard let fonts else {
      return .failure(.unreadable(path: path, reason: "fontconfig did not start"))
    }
    // fontconfig names a scanned face by the path it was given: use one canonical path for
    // the rule that names the faces and for the scan.
    let canonical = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let family = "Reel Font File \(registeredFiles.count + 1)"
    let rule = """
      <fontconfig><match target="scan">\
      <test name="file" compare="eq"><string>\(Self.xmlEscaped(canonical))</string></test>\
      <edit name="family" mode="prepend" binding="strong"><string>\(family)</string></edit>\
      </match></fontconfig>
      """
    do {
      try fonts.addFile(canonical, rule: rule)
    } catch {
      switch error {
      case .ruleRefused:
        return .failure(.unreadable(path: path, reason: "fontconfig did not accept its path"))
      case .notScanned: return .failure(.notAFont(path: path))
      }
    }
    let registered = RegisteredFontFile(
      family: family, weight: face.weight, italic: face.italic, face: face)
    registeredFiles[path] = registered
    familyCache[face.family.lowercased()] = true
    return .success(registered)
  }

  /// `text` with the five XML special characters escaped.
  static func xmlEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

/// What a font file's first face says about itself.
struct FontFace {
  /// The face's first family name.
  var family: String
  /// The face's PostScript name (`NotoSansCJKsc-Regular`), when the file has one.
  var postScriptName: String?
  /// The face's full name (`Noto Sans CJK SC`), when the file has one.
  var fullName: String?
  /// Its weight on the OpenType scale (100…1000; 400 regular, 700 bold).
  var weight: Int
  /// Whether it is italic or oblique.
  var italic: Bool
}

/// A font file added to the ``FontLibrary``: how to ask pango for exactly this file.
struct RegisteredFontFile {
  /// The family name only this file's faces have.
  var family: String
  /// The first face's weight (OpenType scale); asking for it keeps fontconfig from
  /// synthesising bold.
  var weight: Int
  /// Whether the first face is italic; asking for it keeps fontconfig from slanting it.
  var italic: Bool
  /// What the first face says about itself.
  var face: FontFace
}

/// A font file made drawable by ``FontLibrary/registerFontFile(_:)``: the family to draw it
/// with and the names its first face gives itself.
public struct RegisteredFontFace: Sendable, Hashable {
  /// The family name only this file's faces have (ask for it to draw exactly this file).
  public var drawingFamily: String
  /// The family name the file gives.
  public var familyName: String
  /// The first face's PostScript name, when the file has one.
  public var postScriptName: String?
  /// The first face's full name, when the file has one.
  public var fullName: String?
  /// The first face's weight on the OpenType scale (400 regular, 700 bold).
  public var weight: Int
  /// Whether the first face is italic or oblique.
  public var italic: Bool
}

/// Why a font file cannot be used. The text then falls back to the style's font family
/// (a warning, not an error).
public enum FontFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing is at the path.
  case missing(path: String)
  /// The path names something other than a regular file; `kind` says what (`a FIFO`,
  /// `a directory`, …). It is refused without being opened.
  case notRegularFile(path: String, kind: String)
  /// The file exists but cannot be read (`reason` is the system's message).
  case unreadable(path: String, reason: String)
  /// The file is not a font FreeType can read.
  case notAFont(path: String)

  /// What is wrong, naming the path: `font file not found: /fonts/a.ttf`,
  /// `/dev/zero is not a regular file (it is a character device)`.
  public var description: String {
    switch self {
    case .missing(let path): "font file not found: \(path)"
    case .notRegularFile(let path, let kind): "\(path) is not a regular file (it is \(kind))"
    case .unreadable(let path, let reason): "font file \(path) cannot be read: \(reason)"
    case .notAFont(let path): "\(path) is not a font file that can be read"
    }
  }
}
