/// Where a colour operation's arithmetic happens.
public enum ColorSpaceOfOperation: Sendable {
  /// Linear light (Core Image's working space): exposure, colour matrices, blends.
  case linear
  /// sRGB-encoded values (perceptual): operations whose maths is defined on what the eye
  /// sees, such as contrast about mid-grey.
  case encoded
}

/// A per-pixel change of colour: the step of every colour filter.
///
/// The function sees one pixel's colour *not* premultiplied, (red, green, blue, alpha), in
/// ``space``, and returns the new one; the renderer unpremultiplies before and premultiplies
/// after, so a transparent pixel stays transparent unless ``coversPlane`` says the operation
/// makes colour out of nothing.
public struct ColorOperation: Sendable {
  /// The filter's name, for messages and dumps.
  public let name: String
  /// Where the arithmetic happens.
  public let space: ColorSpaceOfOperation
  /// Whether transparent pixels can come out coloured (the extent becomes infinite).
  public let coversPlane: Bool
  /// Whether the function is smooth over the colour cube (continuous, with a continuous slope,
  /// and gentle): then the renderer may tabulate a chain of such operations on a 33³ grid
  /// and interpolate it, which it checks against the exact chain before using it. Steps,
  /// clamps and thresholds (posterize, colour clamps, max/min component) are not smooth.
  public let isSmooth: Bool
  /// Every number ``function`` depends on, or nil: with one on every operation of a chain,
  /// the renderer keeps the chain's colour table between renders (a video's frames).
  public let key: [Double]?
  let function: @Sendable (SIMD4<Float>) -> SIMD4<Float>

  /// Makes an operation.
  ///
  /// - Parameters:
  ///   - name: The filter's name.
  ///   - space: Where `function`'s arithmetic happens.
  ///   - coversPlane: Whether a transparent pixel can come out coloured.
  ///   - isSmooth: Whether `function` is smooth over the colour cube (see ``isSmooth``).
  ///   - key: Every number `function` depends on (its parameters), or nil. Two operations
  ///     with the same name, space and key must be the same function: the renderer reuses
  ///     the colour table it made for one for the other.
  ///   - function: Unpremultiplied (r, g, b, a) in `space` → the new (r, g, b, a).
  public init(
    name: String, space: ColorSpaceOfOperation, coversPlane: Bool = false, isSmooth: Bool = false,
    key: [Double]? = nil, function: @escaping @Sendable (SIMD4<Float>) -> SIMD4<Float>
  ) {
    self.name = name
    self.space = space
    self.coversPlane = coversPlane
    self.isSmooth = isSmooth
    self.key = key
    self.function = function
  }

  /// Applies the operation to one premultiplied linear pixel.
  @inline(__always)
  func apply(toPremultiplied pixel: SIMD4<Float>) -> SIMD4<Float> {
    let alpha = pixel.w
    if alpha <= 0 && !coversPlane { return .zero }
    var colour = alpha > 0 ? pixel / SIMD4(alpha, alpha, alpha, 1) : SIMD4(0, 0, 0, 0)
    colour.w = max(alpha, 0)
    if space == .encoded {
      colour = SIMD4(
        TransferFunction.encodedFloat(colour.x), TransferFunction.encodedFloat(colour.y),
        TransferFunction.encodedFloat(colour.z), colour.w)
    }
    var result = function(colour)
    if space == .encoded {
      result = SIMD4(
        TransferFunction.linearFloat(result.x), TransferFunction.linearFloat(result.y),
        TransferFunction.linearFloat(result.z), result.w)
    }
    let outAlpha = min(max(result.w, 0), 1)
    return SIMD4(result.x * outAlpha, result.y * outAlpha, result.z * outAlpha, outAlpha)
  }
}

/// A per-pixel operation that also depends on where the pixel is (vignettes, gradients).
public struct PositionalOperation: Sendable {
  /// The filter's name, for messages and dumps.
  public let name: String
  let function: @Sendable (SIMD4<Float>, Double, Double) -> SIMD4<Float>
  /// For an operation made with ``init(name:gain:)``: the factor at a position, which the
  /// renderer may apply in its fused 8-bit path.
  let gain: (@Sendable (Double, Double) -> Float)?
  /// For a gain: every number it depends on besides the position, so that the renderer may
  /// keep its factors between renders (nil: it computes them every time).
  let gainKey: [Double]?

  /// Makes an operation.
  ///
  /// - Parameters:
  ///   - name: The filter's name.
  ///   - function: (premultiplied linear pixel, x, y of the pixel's centre in the plane) →
  ///     the new premultiplied linear pixel.
  public init(
    name: String, function: @escaping @Sendable (SIMD4<Float>, Double, Double) -> SIMD4<Float>
  ) {
    self.name = name
    self.function = function
    self.gain = nil
    self.gainKey = nil
  }

  /// Makes an operation that multiplies the colour (linear light, alpha kept) by a factor that
  /// depends only on the position: a vignette, a spotlight. Prefer it to
  /// ``init(name:function:)`` for such operations: the renderer applies gains straight to
  /// 8-bit pixels.
  ///
  /// - Parameters:
  ///   - name: The filter's name.
  ///   - key: Every number `gain` depends on besides the position (its parameters, the
  ///     centre and size it measures from), or nil. With a key, the renderer keeps the
  ///     factors it computed over a rectangle and reuses them for a later render of an
  ///     operation of the same name and key over the same rectangle (the frames of a video):
  ///     two gains with the same name and key must be the same function.
  ///   - gain: (x, y of the pixel's centre in the plane) → the factor for its colour.
  public init(
    name: String, key: [Double]? = nil, gain: @escaping @Sendable (Double, Double) -> Float
  ) {
    self.name = name
    self.gain = gain
    self.gainKey = key
    self.function = { pixel, x, y in
      let factor = gain(x, y)
      return SIMD4(pixel.x * factor, pixel.y * factor, pixel.z * factor, pixel.w)
    }
  }
}
