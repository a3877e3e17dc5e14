internal import ReelGraphics
import Synchronization

/// How widely a registered font is visible, as CoreText's `CTFontManagerScope`. Only the
/// process exists on Linux: every scope registers for this process (warning for the others).
public enum CTFontManagerScope: UInt32, Sendable {
  /// Not registered.
  case none = 0
  /// This process only.
  case process = 1
  /// Every process of the user, across restarts (Apple).
  case persistent = 2
  /// The user's login session (macOS).
  case session = 3

  /// The user's fonts: the same as `persistent`, as on Apple.
  public static let user = CTFontManagerScope.persistent
}

/// CoreText's font-manager error domain, `kCTFontManagerErrorDomain`.
public var kCTFontManagerErrorDomain: CFString {
  "com.apple.CoreText.CTFontManagerErrorDomain" as CFString
}

/// The font manager's error codes, as CoreText's `CTFontManagerError` (Apple's values).
public enum CTFontManagerError: CFIndex, Sendable {
  /// The file does not exist.
  case fileNotFound = 101
  /// The file cannot be read.
  case insufficientPermissions = 102
  /// The file is not a font.
  case unrecognizedFormat = 103
  /// The font's data is invalid.
  case invalidFontData = 104
  /// The font is registered already.
  case alreadyRegistered = 105
}

/// Registers the fonts of the file at `fontURL` for this process, as
/// `CTFontManagerRegisterFontsForURL`: afterwards `UIFont(name:size:)` and
/// `CTFontCreateWithName` find its first face by PostScript name (and full name), and Reel's
/// text renderer draws it.
///
/// - Returns: Whether the file was registered; on failure `error` (when given) receives a
///   retained `CFError` in `kCTFontManagerErrorDomain` (`alreadyRegistered` for a second
///   registration, as on Apple).
public func CTFontManagerRegisterFontsForURL(
  _ fontURL: CFURL, _ scope: CTFontManagerScope,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
  warnAboutScope(scope)
  guard fontURL.isFileURL, let path = fontURL.path else {
    error?.pointee = fontManagerError(.fileNotFound, "\(fontURL) is not a file URL")
    return false
  }
  return RegisteredFonts.shared.register(path: path, error: error)
}

/// Registers a face made from a font file (`CGFont(provider)`) for this process, as
/// `CTFontManagerRegisterGraphicsFont`, so that its PostScript name finds it.
///
/// - Returns: Whether it was registered; on failure `error` receives a retained `CFError`
///   (`invalidFontData` for a `CGFont` made by name, which is installed already).
public func CTFontManagerRegisterGraphicsFont(
  _ font: CGFont, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
  guard let path = font.file?.path else {
    error?.pointee = fontManagerError(
      .alreadyRegistered,
      "the font \(font.face.fontName) is installed; only a CGFont made "
        + "from a CGDataProvider can be registered")
    return false
  }
  return RegisteredFonts.shared.register(path: path, error: error)
}

private func warnAboutScope(_ scope: CTFontManagerScope) {
  guard scope != .process else { return }
  CompatWarnings.warnOnce(
    key: "CTFontManagerScope.\(scope.rawValue)",
    "CTFontManagerRegisterFontsForURL: scope \(scope) registers the font for this process "
      + "only on Linux")
}

/// A retained `CFError` for an `Unmanaged<CFError>?` out-parameter.
func fontManagerError(_ code: CTFontManagerError, _ reason: String) -> Unmanaged<CFError> {
  Unmanaged.passRetained(
    NSError(
      domain: kCTFontManagerErrorDomain as String, code: code.rawValue,
      userInfo: [
        NSLocalizedDescriptionKey: "The font could not be registered.",
        NSLocalizedFailureReasonErrorKey: reason,
      ]))
}

/// The fonts registered through `CTFontManager`, by PostScript and full name: the one owner
/// of "a registered font's name finds it".
final class RegisteredFonts: Sendable {
  static let shared = RegisteredFonts()

  private struct State {
    var byName: [String: ResolvedFont] = [:]
    var paths: Set<String> = []
  }

  private let state = Mutex(State())

  /// The registered face named `name` (PostScript or full name), or nil.
  func face(named name: String) -> ResolvedFont? {
    state.withLock { $0.byName[name] }
  }

  /// Registers the file at `path`, filling `error` on failure.
  func register(path: String, error out: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let canonical = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    if state.withLock({ $0.paths.contains(canonical) }) {
      out?.pointee = fontManagerError(.alreadyRegistered, "\(path) is registered already")
      return false
    }
    let face: RegisteredFontFace
    do throws(FontFileProblem) {
      face = try FontLibrary.shared.registerFontFile(path)
    } catch {
      let code: CTFontManagerError =
        switch error {
        case .missing: .fileNotFound
        case .notRegularFile, .notAFont: .unrecognizedFormat
        case .unreadable: .insufficientPermissions
        }
      out?.pointee = fontManagerError(code, error.description)
      return false
    }
    let postScript = face.postScriptName ?? face.familyName
    let resolved = ResolvedFont(
      fontName: postScript, familyName: face.familyName, installedFamily: face.drawingFamily,
      weight: face.weight, isItalic: face.italic)
    state.withLock { state in
      state.paths.insert(canonical)
      for name in [face.postScriptName, face.fullName].compactMap({ $0 }) {
        var named = resolved
        named.fontName = name
        state.byName[name] = named
      }
    }
    return true
  }
}
