internal import ReelCore
internal import ReelGraphics

/// A font at a size, as CoreText's `CTFont`: a face Reel's text renderer draws (found as
/// `UIFont(name:size:)` finds it, so Apple's names get the same installed stand-ins, and
/// fonts registered with `CTFontManager` are found by PostScript name), with the glyph ids
/// and outlines of that face.
public final class CTFont: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// The family, weight, slant and size asked for.
  let request: GlyphFontRequest
  /// The name the program gave (or the face's PostScript name for a fallback font).
  let name: String
  /// The face glyph ids index into, when fontconfig has one: the first choice for
  /// `request`, or the face a run fell back to.
  let shaped: ShapedFont?
  /// The font matrix applied to glyph outlines.
  let matrix: CGAffineTransform

  init(request: GlyphFontRequest, name: String, shaped: ShapedFont?, matrix: CGAffineTransform) {
    self.request = request
    self.name = name
    self.shaped = shaped ?? GlyphShaper.font(for: request)
    self.matrix = matrix
  }

  /// The font `face` (a `UIFont`) at its own size.
  convenience init(face: UIFont, matrix: CGAffineTransform = .identity) {
    self.init(
      request: GlyphFontRequest(
        family: face.family, weight: face.weight, italic: face.isItalic,
        size: Double(face.pointSize)),
      name: face.fontName, shaped: nil, matrix: matrix)
  }

  /// The same face at another size.
  func withSize(_ size: Double) -> CTFont {
    var sized = request
    sized.size = size
    let face = shaped.map { $0.resized(to: size) }
    return CTFont(request: sized, name: name, shaped: face, matrix: matrix)
  }

  /// Whether both are the same face at the same size.
  public static func == (lhs: CTFont, rhs: CTFont) -> Bool {
    lhs.request == rhs.request && lhs.shaped == rhs.shaped && lhs.matrix == rhs.matrix
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(request)
    hasher.combine(shaped)
  }

  /// The PostScript name and size, as CoreText describes a font.
  public var description: String {
    "<CTFont \(shaped?.postScriptName ?? name) \(request.size) pt>"
  }
}

/// The font attribute's key, as CoreText's `kCTFontAttributeName` ("NSFont", the same key
/// as `NSAttributedString.Key.font`): its value is a `CTFont` (or a `UIFont`).
public var kCTFontAttributeName: CFString { "NSFont" as CFString }

/// The glyph colour attribute's key, as CoreText's `kCTForegroundColorAttributeName`: its
/// value is a `CGColor`.
public var kCTForegroundColorAttributeName: CFString { "CTForegroundColor" as CFString }

/// The font named `name` (a PostScript, full or family name; a font registered with
/// `CTFontManager` by its PostScript or full name) at `size` points, as
/// `CTFontCreateWithName`. A name that is neither installed, registered nor one of Apple's
/// gives the system font (Apple gives a fallback font too, never nil). Size 0 means 12.
///
/// - Parameters:
///   - name: The font's name.
///   - size: The em size in points.
///   - matrix: A transform applied to the font's glyph outlines, or nil for identity.
public func CTFontCreateWithName(
  _ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
  let points = size > 0 ? size : 12
  let face = UIFont(name: name as String, size: points) ?? UIFont.systemFont(ofSize: points)
  return CTFont(face: face, matrix: ctMatrix(matrix))
}

/// The font of `graphicsFont` at `size` points, as `CTFontCreateWithGraphicsFont`. Size 0
/// means 12.
///
/// - Parameters:
///   - graphicsFont: A face by name or from a font file.
///   - size: The em size in points.
///   - matrix: A transform applied to the font's glyph outlines, or nil for identity.
///   - attributes: Further attributes; only a descriptor's size is used (warning for the
///     rest).
public func CTFontCreateWithGraphicsFont(
  _ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
  _ attributes: CTFontDescriptor?
) -> CTFont {
  let points = size > 0 ? size : attributes.map { $0.size > 0 ? $0.size : 12 } ?? 12
  return CTFont(face: graphicsFont.face.withSize(points), matrix: ctMatrix(matrix))
}

/// The font's em size in points, as `CTFontGetSize`.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { CGFloat(font.request.size) }

/// The face's full name (`DejaVu Sans Bold`), as `CTFontCopyFullName`.
public func CTFontCopyFullName(_ font: CTFont) -> CFString {
  (font.shaped?.fullName ?? font.name) as CFString
}

/// The face's PostScript name (`DejaVuSans-Bold`), as `CTFontCopyPostScriptName`: the
/// installed face's own name (a stand-in's for one of Apple's fonts that is not installed).
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString {
  let name = font.shaped?.postScriptName ?? ""
  return (name.isEmpty ? font.name : name) as CFString
}

/// The face's family name, as `CTFontCopyFamilyName`.
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString {
  (font.shaped?.family ?? font.request.family) as CFString
}

/// The outline of `glyph` in `font`, as `CTFontCreatePathForGlyph`: in CoreText's y-up
/// glyph space, in points, the glyph's origin at (0, 0) on the baseline, mapped by the
/// font's matrix and then by `matrix`. An empty path for a glyph without contours (a
/// space); nil for a bitmap glyph (colour emoji) or an id the font does not have, as on
/// Apple.
public func CTFontCreatePathForGlyph(
  _ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CGPath? {
  guard let face = font.shaped, let outline = GlyphShaper.outline(of: glyph, in: face) else {
    return nil
  }
  var transform = font.matrix
  if let matrix { transform = transform.concatenating(matrix.pointee) }
  return withUnsafePointer(to: transform) { CGPath(outline).copy(using: $0) }
}

/// A font's name and size, as CoreText's `CTFontDescriptor` (the subset
/// `CTFontDescriptorCreateWithNameAndSize` makes).
public final class CTFontDescriptor: @unchecked Sendable {
  let name: String
  let size: CGFloat

  init(name: String, size: CGFloat) {
    self.name = name
    self.size = size
  }
}

/// A descriptor for the font named `name` at `size` points, as
/// `CTFontDescriptorCreateWithNameAndSize`.
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat)
  -> CTFontDescriptor
{
  CTFontDescriptor(name: name as String, size: size)
}

/// The font `descriptor` describes at `size` points (the descriptor's size when 0), as
/// `CTFontCreateWithFontDescriptor`.
public func CTFontCreateWithFontDescriptor(
  _ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
  CTFontCreateWithName(descriptor.name as CFString, size > 0 ? size : descriptor.size, matrix)
}

/// The font matrix a CoreText call was given (identity for nil).
private func ctMatrix(_ matrix: UnsafePointer<CGAffineTransform>?) -> CGAffineTransform {
  matrix?.pointee ?? .identity
}
