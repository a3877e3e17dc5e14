/// How a colour space's components are interpreted, with Apple's raw values.
public enum CGColorSpaceModel: Int32, Sendable {
  case unknown = -1
  case monochrome = 0
  case rgb = 1
  case cmyk = 2
  case lab = 3
  case deviceN = 4
  case indexed = 5
  case pattern = 6
  case XYZ = 7
}

/// A colour space, as CoreGraphics' `CGColorSpace`: the ones Reel can draw, which are sRGB
/// (device RGB is sRGB, as on iOS), linear sRGB, and grey with the sRGB tone curve.
///
/// Reel composites in sRGB; a colour made in linear sRGB is converted to sRGB when made.
/// `CGColorSpace(name:)` returns nil, with a warning naming the space, for the spaces Reel
/// cannot draw the Apple way (Display P3, CMYK, Lab, extended range, …).
public final class CGColorSpace: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// What Reel does with the components.
  enum Kind: Hashable {
    /// Red, green, blue in sRGB.
    case sRGB
    /// Red, green, blue in linear-light sRGB.
    case linearSRGB
    /// One grey level on the sRGB tone curve.
    case gray
  }

  let kind: Kind
  /// Apple's name of the space, or nil for the device spaces.
  public let name: String?

  init(kind: Kind, name: String?) {
    self.kind = kind
    self.name = name
  }

  /// The space Apple calls `name` (`CGColorSpace.sRGB`, `.linearSRGB`, `.genericGrayGamma2_2`,
  /// …), or nil — with a warning — for a space Reel cannot draw.
  public convenience init?(name: String) {
    guard let kind = CGColorSpace.supported[name] else {
      CompatWarnings.warnOnce(
        key: "CGColorSpace|\(name)",
        "CGColorSpace(name: \(name)) is not supported: Reel draws in sRGB and knows "
          + "\(CGColorSpace.supported.keys.sorted().joined(separator: ", ")); it returns nil")
      return nil
    }
    self.init(kind: kind, name: name)
  }

  /// The names `init(name:)` accepts and what each is.
  private static let supported: [String: Kind] = [
    sRGB: .sRGB, genericRGB: .sRGB, linearSRGB: .linearSRGB, genericGrayGamma2_2: .gray,
    genericGray: .gray,
  ]

  /// The standard sRGB space.
  public static let sRGB = "kCGColorSpaceSRGB"
  /// Linear-light sRGB.
  public static let linearSRGB = "kCGColorSpaceLinearSRGB"
  /// macOS's generic RGB (drawn as sRGB).
  public static let genericRGB = "kCGColorSpaceGenericRGB"
  /// Grey with a 2.2 gamma (drawn with the sRGB tone curve).
  public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
  /// macOS's generic grey (drawn with the sRGB tone curve).
  public static let genericGray = "kCGColorSpaceGenericGray"
  /// Display P3 (not drawn by Reel: `init(name:)` returns nil).
  public static let displayP3 = "kCGColorSpaceDisplayP3"
  /// Extended-range sRGB (not drawn by Reel: `init(name:)` returns nil).
  public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"

  /// 3 for the RGB spaces, 1 for grey (alpha not counted).
  public var numberOfComponents: Int { kind == .gray ? 1 : 3 }
  /// `.rgb` or `.monochrome`.
  public var model: CGColorSpaceModel { kind == .gray ? .monochrome : .rgb }

  /// Whether the two are the same space.
  public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
    lhs.kind == rhs.kind && lhs.name == rhs.name
  }
  /// Hashes the space.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(name)
  }
  /// The space's name, for debugging.
  public var description: String { "CGColorSpace(\(name ?? "device \(model)"))" }
}

/// The device RGB space (sRGB on Linux, as on iOS).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
  CGColorSpace(kind: .sRGB, name: nil)
}

/// The device grey space (the sRGB tone curve).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
  CGColorSpace(kind: .gray, name: nil)
}
