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

  /// The formula, for the docs: Porter–Duff on premultiplied linear pixels, or the W3C
  /// separable blend formula.
  var maths: String {
    switch self {
    case .sourceOver: "Porter–Duff source over: s + b(1 − αs), premultiplied linear"
    case .sourceAtop: "Porter–Duff source atop: s·αb + b(1 − αs), premultiplied linear"
    case .sourceIn: "Porter–Duff source in: s·αb, premultiplied linear"
    case .sourceOut: "Porter–Duff source out: s(1 − αb), premultiplied linear"
    case .addition: "s + b, premultiplied linear, clamped to 1"
    default:
      "W3C separable blend co = cs(1 − αb) + cb(1 − αs) + αs·αb·B(Cs, Cb), B = \(rawValue), linear"
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
    case .multiply, .screen, .overlay, .darken, .lighten:
      // W3C: co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cs, Cb) with Cs, Cb unpremultiplied.
      let cs = sa > 0 ? source / sa : .zero
      let cb = ba > 0 ? background / ba : .zero
      var mixed = SIMD4<Float>.zero
      for channel in 0..<3 { mixed[channel] = separable(cs[channel], cb[channel]) }
      var result = source * (1 - ba) + background * (1 - sa) + mixed * (sa * ba)
      result.w = sa + ba - sa * ba
      return result
    }
  }

  private func separable(_ s: Float, _ b: Float) -> Float {
    switch self {
    case .multiply: s * b
    case .screen: s + b - s * b
    case .overlay: b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b)
    case .darken: min(s, b)
    case .lighten: max(s, b)
    default: s
    }
  }
}
