/// A font at a size, as UIKit's `UIFont`.
///
/// Apple's font names (PostScript names such as `Helvetica-Bold` or `ArialRoundedMTBold`, and
/// family names such as `Times New Roman`) resolve to an installed family through fontconfig:
/// the font itself when it is installed, else fontconfig's best stand-in for it (with one
/// warning per name and stand-in). A name that is neither installed nor a font Apple ships
/// gives nil, as on Apple. The system font is the installed sans-serif.
open class UIFont: NSObject, @unchecked Sendable {
  /// The name the program asked for (Apple's PostScript or family name); for system fonts
  /// `.SFUI-` and the weight, as iOS names them.
  public let fontName: String
  /// The size in points (= pixels of the render size).
  public let pointSize: CGFloat
  /// Apple's family name for `fontName` (`Arial Rounded MT Bold`, `.AppleSystemUIFont`), or
  /// the installed family for a font Apple does not ship.
  public let familyName: String
  /// The installed family Reel draws with (a stand-in when `fontName` is not installed).
  let family: String
  /// CSS-style weight, 400 regular, 700 bold.
  let weight: Int
  /// Whether the face is italic.
  let isItalic: Bool

  init(fontName: String, pointSize: CGFloat, family: String, weight: Int, isItalic: Bool) {
    self.fontName = fontName
    self.pointSize = pointSize
    self.familyName = family
    self.family = family
    self.weight = weight
    self.isItalic = isItalic
    super.init()
  }

  init(face: ResolvedFont, pointSize: CGFloat) {
    self.fontName = face.fontName
    self.pointSize = pointSize
    self.familyName = face.familyName
    self.family = face.installedFamily
    self.weight = face.weight
    self.isItalic = face.isItalic
    super.init()
  }

  /// The font Apple calls `fontName` at `fontSize` points, drawn with the installed font or
  /// a stand-in (see the type's summary); nil when the name is neither installed nor one of
  /// Apple's fonts.
  public convenience init?(name fontName: String, size fontSize: CGFloat) {
    guard let face = ResolvedFont.resolving(name: fontName) else { return nil }
    self.init(face: face, pointSize: fontSize)
  }

  /// The system font (the installed sans-serif) at `fontSize` points.
  open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
    systemFont(ofSize: fontSize, weight: .regular)
  }

  /// The system font (the installed sans-serif) at `fontSize` points and `weight`.
  open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
    UIFont(face: .system(weight: weight.cssWeight, italic: false), pointSize: fontSize)
  }

  /// The bold system font at `fontSize` points.
  open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    systemFont(ofSize: fontSize, weight: .bold)
  }

  /// The italic system font at `fontSize` points.
  open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
    UIFont(face: .system(weight: 400, italic: true), pointSize: fontSize)
  }

  /// The same face at `fontSize` points.
  open func withSize(_ fontSize: CGFloat) -> UIFont {
    UIFont(
      face: ResolvedFont(
        fontName: fontName, familyName: familyName, installedFamily: family, weight: weight,
        isItalic: isItalic),
      pointSize: fontSize)
  }

  /// Whether `object` is a font with the same name, size and face.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UIFont else { return false }
    return fontName == other.fontName && pointSize == other.pointSize
      && familyName == other.familyName && family == other.family && weight == other.weight
      && isItalic == other.isItalic
  }

  /// A hash of the name and size.
  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(fontName)
    hasher.combine(pointSize)
    return hasher.finalize()
  }

  /// The name, size and the face Reel draws with.
  open override var description: String {
    "UIFont(\(fontName) \(pointSize) pt, drawn with \(family) weight \(weight)"
      + (isItalic ? " italic)" : ")")
  }
}

extension UIFont {
  /// A font weight, as UIKit's `UIFont.Weight`: Apple's raw values, −1…1 (0 regular).
  public struct Weight: RawRepresentable, Hashable, Sendable {
    /// The weight, −1 (lightest) … 1 (heaviest), 0 regular.
    public let rawValue: CGFloat
    /// The weight `rawValue`.
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// The weight `rawValue`.
    public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

    /// −0.8 (drawn at CSS weight 100).
    public static let ultraLight = Weight(rawValue: -0.8)
    /// −0.6 (CSS 200).
    public static let thin = Weight(rawValue: -0.6)
    /// −0.4 (CSS 300).
    public static let light = Weight(rawValue: -0.4)
    /// 0 (CSS 400).
    public static let regular = Weight(rawValue: 0)
    /// 0.23 (CSS 500).
    public static let medium = Weight(rawValue: 0.23)
    /// 0.3 (CSS 600).
    public static let semibold = Weight(rawValue: 0.3)
    /// 0.4 (CSS 700).
    public static let bold = Weight(rawValue: 0.4)
    /// 0.56 (CSS 800).
    public static let heavy = Weight(rawValue: 0.56)
    /// 0.62 (CSS 900).
    public static let black = Weight(rawValue: 0.62)

    /// The CSS weight (100…900) of the nearest of Apple's named weights.
    var cssWeight: Int {
      let named: [(Weight, Int)] = [
        (.ultraLight, 100), (.thin, 200), (.light, 300), (.regular, 400), (.medium, 500),
        (.semibold, 600), (.bold, 700), (.heavy, 800), (.black, 900),
      ]
      let nearest = named.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }
      return nearest?.1 ?? 400
    }
  }
}
