import ReelCore

/// How one image is laid over another (Porter–Duff and the W3C separable blend modes), on
/// premultiplied linear pixels.
public enum BlendMode: String, Sendable, CaseIterable {
  /// The source over the background.
  case sourceOver
  /// The source where the background is, over it; the background's extent.
  case sourceAtop
  /// The source where the background is (its alpha times the background's).
  case sourceIn
  /// The source where the background is not.
  case sourceOut
  /// Source × background colour, then over.
  case multiply
  /// 1 − (1 − s)(1 − b), then over.
  case screen
  /// Multiply or screen by the background's level.
  case overlay
  /// The darker of the two.
  case darken
  /// The lighter of the two.
  case lighten
  /// The sum of the two (premultiplied), clamped to 1.
  case addition
  /// The background darkened to reflect the source: 1 − min(1, (1 − b)/s).
  case colorBurn
  /// The background brightened to reflect the source: min(1, b/(1 − s)).
  case colorDodge
  /// Multiply or screen by the source's level (overlay with the two swapped).
  case hardLight
  /// Darkens or lightens by the source's level, softly (W3C soft light).
  case softLight
  /// |s − b|.
  case difference
  /// s + b − 2sb.
  case exclusion
  /// b − s.
  case subtract
  /// b / s.
  case divide
  /// s + b − 1.
  case linearBurn
  /// s + b.
  case linearDodge
  /// min(b, 2s) below a source of ½, max(b, 2s − 1) above.
  case pinLight
  /// The source's hue with the background's saturation and luminosity (W3C, non-separable).
  case hue
  /// The source's saturation with the background's hue and luminosity.
  case saturation
  /// The source's hue and saturation with the background's luminosity.
  case color
  /// The source's luminosity with the background's hue and saturation.
  case luminosity

  /// The formula, for the docs: Porter–Duff on premultiplied linear pixels, or the W3C
  /// separable blend formula.
  var maths: String {
    switch self {
    case .sourceOver: "Porter–Duff source over: s + b(1 − αs), premultiplied linear"
    case .sourceAtop: "Porter–Duff source atop: s·αb + b(1 − αs), premultiplied linear"
    case .sourceIn: "Porter–Duff source in: s·αb, premultiplied linear"
    case .sourceOut: "Porter–Duff source out: s(1 − αb), premultiplied linear"
    case .addition: "s + b, premultiplied linear, clamped to 1"
    case .hue, .saturation, .color, .luminosity:
      "W3C non-separable blend co = cs(1 − αb) + cb(1 − αs) + αs·αb·B(Cs, Cb), B = \(rawValue) (SetLum/SetSat with Lum = 0.3R + 0.59G + 0.11B), linear"
    default:
      "W3C blend co = cs(1 − αb) + cb(1 − αs) + αs·αb·B(Cs, Cb), B(s, b) = \(separableFormula) per channel, linear"
    }
  }

  /// The extent of `source` blended over `background`.
  func extent(_ source: Rect, _ background: Rect) -> Rect {
    switch self {
    case .sourceAtop: background
    case .sourceIn:
      source.isInfinite
        ? background : (background.isInfinite ? source : source.intersection(background) ?? .zero)
    case .sourceOut: source
    default: source.isInfinite || background.isInfinite ? .infinite : source.union(background)
    }
  }

  /// One premultiplied source pixel over one premultiplied background pixel.
  @inline(__always)
  func blend(_ source: SIMD4<Float>, over background: SIMD4<Float>) -> SIMD4<Float> {
    let sa = source.w
    let ba = background.w
    switch self {
    case .sourceOver: return source + background * (1 - sa)
    case .sourceAtop:
      let colour = source * ba + background * (1 - sa)
      return SIMD4(colour.x, colour.y, colour.z, ba)
    case .sourceIn: return source * ba
    case .sourceOut: return source * (1 - ba)
    case .addition: return pointwiseMin(source + background, SIMD4(repeating: 1))
    case .multiply, .screen, .overlay, .darken, .lighten, .colorBurn, .colorDodge, .hardLight,
      .softLight, .difference, .exclusion, .subtract, .divide, .linearBurn, .linearDodge, .pinLight,
      .hue, .saturation, .color, .luminosity:
      // W3C: co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cs, Cb) with Cs, Cb unpremultiplied.
      let cs = sa > 0 ? source / sa : .zero
      let cb = ba > 0 ? background / ba : .zero
      var mixed = SIMD4<Float>.zero
      switch self {
      case .hue, .saturation, .color, .luminosity:
        let rgb = nonSeparable(SIMD3(cs.x, cs.y, cs.z), SIMD3(cb.x, cb.y, cb.z))
        mixed = SIMD4(rgb.x, rgb.y, rgb.z, 0)
      default:
        for channel in 0..<3 { mixed[channel] = separable(cs[channel], cb[channel]) }
      }
      var result = source * (1 - ba) + background * (1 - sa) + mixed * (sa * ba)
      result.w = sa + ba - sa * ba
      return result
    }
  }

  /// B(s, b) of a separable mode in words, for ``maths``.
  private var separableFormula: String {
    switch self {
    case .multiply: "s·b"
    case .screen: "s + b − s·b"
    case .overlay: "2sb if b ≤ ½, else 1 − 2(1 − s)(1 − b)"
    case .darken: "min(s, b)"
    case .lighten: "max(s, b)"
    case .colorBurn: "1 if b ≥ 1, 0 if s ≤ 0, else 1 − min(1, (1 − b)/s)"
    case .colorDodge: "0 if b ≤ 0, 1 if s ≥ 1, else min(1, b/(1 − s))"
    case .hardLight: "2sb if s ≤ ½, else 1 − 2(1 − s)(1 − b)"
    case .softLight:
      "b − (1 − 2s)·b(1 − b) if s ≤ ½, else b + (2s − 1)(D(b) − b), D(b) = ((16b − 12)b + 4)b if b ≤ ¼ else √b"
    case .difference: "|s − b|"
    case .exclusion: "s + b − 2sb"
    case .subtract: "b − s"
    case .divide: "b / s (1 where s is 0 and b is not, 0 where both are)"
    case .linearBurn: "s + b − 1"
    case .linearDodge: "s + b"
    case .pinLight: "min(b, 2s) if s ≤ ½, else max(b, 2s − 1)"
    default: rawValue
    }
  }

  /// The W3C non-separable modes on unpremultiplied colours.
  private func nonSeparable(_ s: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
    switch self {
    case .hue:
      BlendMode.setLuminosity(
        BlendMode.setSaturation(s, BlendMode.saturationOf(b)), BlendMode.luminosityOf(b))
    case .saturation:
      BlendMode.setLuminosity(
        BlendMode.setSaturation(b, BlendMode.saturationOf(s)), BlendMode.luminosityOf(b))
    case .color: BlendMode.setLuminosity(s, BlendMode.luminosityOf(b))
    default: BlendMode.setLuminosity(b, BlendMode.luminosityOf(s))
    }
  }

  static func luminosityOf(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

  static func saturationOf(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

  static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
    let l = luminosityOf(c)
    let low = c.min()
    let high = c.max()
    var result = c
    if low < 0 { result = SIMD3(repeating: l) + (result - l) * l / (l - low) }
    if high > 1 { result = SIMD3(repeating: l) + (result - l) * (1 - l) / (high - l) }
    return result
  }

  static func setLuminosity(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
    clipColor(c + (l - luminosityOf(c)))
  }

  /// The colour with saturation `s`, keeping the order of its channels.
  static func setSaturation(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let high = c.max()
    let low = c.min()
    guard high > low else { return .zero }
    return (c - low) * s / (high - low)
  }

  private func separable(_ s: Float, _ b: Float) -> Float {
    switch self {
    case .multiply: s * b
    case .screen: s + b - s * b
    case .overlay: b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b)
    case .darken: min(s, b)
    case .lighten: max(s, b)
    case .colorBurn: b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s))
    case .colorDodge: b <= 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s)))
    case .hardLight: s <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b)
    case .softLight:
      s <= 0.5
        ? b - (1 - 2 * s) * b * (1 - b)
        : b + (2 * s - 1) * ((b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()) - b)
    case .difference: abs(s - b)
    case .exclusion: s + b - 2 * s * b
    case .subtract: b - s
    case .divide: s > 0 ? b / s : (b > 0 ? 1 : 0)
    case .linearBurn: s + b - 1
    case .linearDodge: s + b
    case .pinLight: s <= 0.5 ? min(b, 2 * s) : max(b, 2 * s - 1)
    case .sourceOver, .sourceAtop, .sourceIn, .sourceOut, .addition, .hue, .saturation, .color,
      .luminosity:
      s
    }
  }
}
