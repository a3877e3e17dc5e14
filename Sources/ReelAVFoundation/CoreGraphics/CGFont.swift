/// A font face without a size, as CoreGraphics' `CGFont`: what `CATextLayer.font` takes
/// (seed 004 sets `CGFontCreateWithFontName(name)`).
///
/// A face is found by name as `UIFont(name:size:)` finds it — the installed font, or a
/// stand-in for one of Apple's names, with a warning — so Reel has one owner of Apple's font
/// names. Faces from font files come with `CGDataProvider` (part 2 of the port).
public final class CGFont: @unchecked Sendable {
  /// The face, carried at a nominal size (a `CGFont` has none of its own).
  let face: UIFont

  init(face: UIFont) { self.face = face }

  /// The face named `name` (a PostScript or family name), or nil when it is neither
  /// installed nor one of Apple's names.
  public convenience init?(_ name: String) {
    guard let face = UIFont(name: name, size: 12) else { return nil }
    self.init(face: face)
  }

  /// The face named `name` (see ``init(_:)-(String)``).
  public convenience init?(_ name: CFString) { self.init(name as String) }

  /// The name the program gave (Apple's PostScript name when it gave one).
  public var postScriptName: CFString? { face.fontName as CFString }

  /// The family and style Reel draws with, such as "DejaVu Sans Bold".
  public var fullName: CFString? {
    var words = [face.family]
    if face.weight >= 600 { words.append("Bold") }
    if face.isItalic { words.append("Oblique") }
    return words.joined(separator: " ") as CFString
  }
}

/// The face named `name`, as `CGFontCreateWithFontName`; nil for no name or an unknown one.
public func CGFontCreateWithFontName(_ name: CFString?) -> CGFont? {
  name.flatMap { CGFont($0) }
}
