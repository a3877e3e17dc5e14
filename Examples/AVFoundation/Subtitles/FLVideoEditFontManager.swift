// The seed calls `[[FLVideoEditFontManager sharedFLVideoEditFontManager] fontWithPath:size:]`
// without showing it; this is the usual implementation on iOS: load the file, register it
// with CoreText, and name it.

import AVFoundationCompat

class FLVideoEditFontManager {
  static let sharedFLVideoEditFontManager = FLVideoEditFontManager()

  private var registeredNames: [String: String] = [:]

  func fontWithPath(_ fontPath: String, size: CGFloat) -> UIFont? {
    if let name = registeredNames[fontPath] {
      return UIFont(name: name, size: size)
    }
    guard let provider = CGDataProvider(filename: fontPath), let cgFont = CGFont(provider) else {
      return nil
    }
    var error: Unmanaged<CFError>?
    if !CTFontManagerRegisterGraphicsFont(cgFont, &error) {
      // Already registered (as on iOS): the name still finds it.
      error?.release()
    }
    guard let name = cgFont.postScriptName as String? else { return nil }
    registeredNames[fontPath] = name
    return UIFont(name: name, size: size)
  }
}
