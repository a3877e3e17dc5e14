internal import ReelGraphics

/// A glyph id in a font, as CoreGraphics' `CGGlyph`.
public typealias CGGlyph = UInt16

/// A font face without a size, as CoreGraphics' `CGFont`: what `CATextLayer.font` takes
/// (seed 004 sets `CGFontCreateWithFontName(name)`).
///
/// A face is found by name as `UIFont(name:size:)` finds it — the installed font, a font
/// registered with `CTFontManager`, or a stand-in for one of Apple's names, with a warning —
/// so Reel has one owner of Apple's font names. A face from a font file
/// (`CGFont(provider)`) is the file's first face (of a `.ttc` collection too) and is
/// drawable at once; `CTFontManagerRegisterGraphicsFont` makes its name find it.
public final class CGFont: @unchecked Sendable {
  /// The face, carried at a nominal size (a `CGFont` has none of its own).
  let face: UIFont
  /// The font file, for a face made from one.
  let file: CGDataProvider?
  /// What the file's first face calls itself, for a face made from a file.
  let fileNames: RegisteredFontFace?

  init(face: UIFont) {
    self.face = face
    file = nil
    fileNames = nil
  }

  /// The first face of the font file `provider` gives, as `CGFont(_:)` with a data
  /// provider; nil when the file is not a font FreeType reads.
  public init?(_ provider: CGDataProvider) {
    guard let names = try? FontLibrary.shared.registerFontFile(provider.path) else { return nil }
    let postScript = names.postScriptName ?? names.familyName
    face = UIFont(
      face: ResolvedFont(
        fontName: postScript, familyName: names.familyName, installedFamily: names.drawingFamily,
        weight: names.weight, isItalic: names.italic), pointSize: 12)
    file = provider
    fileNames = names
  }

  /// The face named `name` (a PostScript or family name), or nil when it is neither
  /// installed nor one of Apple's names.
  public convenience init?(_ name: String) {
    guard let face = UIFont(name: name, size: 12) else { return nil }
    self.init(face: face)
  }

  /// The face named `name` (see ``init(_:)-(String)``).
  public convenience init?(_ name: CFString) { self.init(name as String) }

  /// The name the program gave (Apple's PostScript name when it gave one); for a face from
  /// a file, the PostScript name in the file (its family name when it has none).
  public var postScriptName: CFString? { face.fontName as CFString }

  /// For a face from a file, the full name in the file (`Noto Sans CJK SC`); else the family
  /// and style Reel draws with, such as "DejaVu Sans Bold".
  public var fullName: CFString? {
    if let fileNames { return (fileNames.fullName ?? fileNames.familyName) as CFString }
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
