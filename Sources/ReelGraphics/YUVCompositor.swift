import CReelKernels
import ReelCore

/// Compositing straight into an 8-bit 4:2:0 limited-range ``YUVImage``, so that frames whose
/// drawing allows it never pass through BGRA.
///
/// Blending follows one rule, which makes it exact rather than an approximation: the result
/// equals compositing in RGB with each chroma sample repeated over its 2×2 block, then
/// converting back with each block's chroma averaged. With the overlay's premultiplied
/// colour c′ (scaled by the opacity) and coverage a (0…1):
///
/// - each luma sample becomes `Y·(1 − a) + 16·a + (219/255)·(Kr·R′ + Kg·G′ + Kb·B′)`;
/// - each chroma sample becomes `C·(1 − ā) + 128·ā + chroma(c̄′)`, where ā and c̄′ are the
///   means of a and c′ over the block's pixels that lie inside the picture (pixels the overlay
///   does not cover count as 0), and `chroma(c) = (224/255)·(B − Y)/(2(1 − Kb))` for Cb,
///   `(224/255)·(R − Y)/(2(1 − Kr))` for Cr, with `Y = Kr·R + Kg·G + Kb·B`.
///
/// The arithmetic is integer fixed point (C kernels in `CReelKernels`, vectorized, with an
/// AVX2 build chosen at run time), rounded once to nearest; samples the overlay does not
/// reach, and samples whose overlay pixels all have alpha 0, are left bit for bit as they
/// were. Nothing here allocates except ``scale(_:intoX:y:width:height:of:)`` (two small
/// tables and one row) and ``mix(_:opacity:over:)`` (the result).
public enum YUVCompositor {
  /// Composites a premultiplied BGRA image OVER a picture.
  ///
  /// Only picture pixels under the overlay (and inside `clip`, when given) change; luma and
  /// chroma follow the rule in the type's documentation, chroma blocks that the overlay or the
  /// clip cuts taking the mean over all the block's pixels in the picture.
  ///
  /// - Parameters:
  ///   - overlay: Premultiplied BGRA pixels.
  ///   - opacity: Multiplies the overlay's colour and alpha; clamped to 0…1. At 0 nothing
  ///     changes.
  ///   - x: Picture column of the overlay's left edge, in pixels; may be negative or odd.
  ///   - y: Picture row of the overlay's top edge, in pixels; may be negative or odd.
  ///   - clip: A rectangle in picture pixels outside which nothing changes; nil for none.
  ///   - picture: The picture drawn on.
  public static func blend(
    _ overlay: Image, opacity: Double, atX x: Int, y: Int,
    clip: (x: Int, y: Int, width: Int, height: Int)? = nil, into picture: inout YUVImage
  ) {
    let opacity = clampedUnit(opacity)
    guard opacity > 0 else { return }
    var left = max(0, x)
    var top = max(0, y)
    var right = min(picture.width, saturatingSum(x, overlay.width))
    var bottom = min(picture.height, saturatingSum(y, overlay.height))
    if let clip {
      left = max(left, clip.x)
      top = max(top, clip.y)
      right = min(right, saturatingSum(clip.x, max(clip.width, 0)))
      bottom = min(bottom, saturatingSum(clip.y, max(clip.height, 0)))
    }
    guard left < right, top < bottom else { return }
    var coefficients = blendCoefficients(picture.matrix, opacity: opacity)
    overlay.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      picture.withUnsafeMutablePlanes { planes in
        // The overlay pixel at picture (x, y) is base + (y − originY)·stride + (x − originX)·4;
        // the kernel only forms it for pixels inside [left, right) × [top, bottom).
        reel_yuv_blend_image(
          kernelPlanes(planes), base, overlay.bytesPerRow, Int32(x), Int32(y), Int32(left),
          Int32(top), Int32(right), Int32(bottom), &coefficients)
      }
    }
  }

  /// Composites a rectangle of one colour OVER a picture: the same as blending an image of
  /// that colour with ``blend(_:opacity:atX:y:clip:into:)``, without quantising the colour to
  /// 8 bits first.
  ///
  /// When the effective alpha is 1, samples wholly inside the rectangle are set directly;
  /// chroma blocks half or a quarter covered at odd edges are blended by their coverage.
  ///
  /// - Parameters:
  ///   - x: Left edge in picture pixels; may be negative or odd.
  ///   - y: Top edge in picture pixels; may be negative or odd.
  ///   - width: Width in pixels; nothing happens when ≤ 0.
  ///   - height: Height in pixels; nothing happens when ≤ 0.
  ///   - color: The colour, straight (not premultiplied) alpha.
  ///   - opacity: Multiplies `color.alpha`; clamped to 0…1.
  ///   - picture: The picture drawn on.
  public static func fill(
    x: Int, y: Int, width: Int, height: Int, color: Color, opacity: Double,
    into picture: inout YUVImage
  ) {
    let alpha = color.alpha * clampedUnit(opacity)
    guard alpha > 0, width > 0, height > 0 else { return }
    let left = max(0, x)
    let top = max(0, y)
    let right = min(picture.width, saturatingSum(x, width))
    let bottom = min(picture.height, saturatingSum(y, height))
    guard left < right, top < bottom else { return }
    var terms = fillTerms(color, alpha: alpha, matrix: picture.matrix)
    picture.withUnsafeMutablePlanes { planes in
      reel_yuv_fill(
        kernelPlanes(planes), Int32(left), Int32(top), Int32(right), Int32(bottom), &terms)
    }
  }

  /// Replaces a rectangle of a picture with a bilinearly resampled copy of another picture.
  ///
  /// Each plane is resampled at its own size (luma `width × height`, chroma half of that):
  /// destination sample i takes the source position `(i + ½)·sourceSize/size − ½`, clamped
  /// to the edge samples, with 8-bit fractional weights and a single rounding. A picture of
  /// the rectangle's size is copied unchanged.
  ///
  /// - Parameters:
  ///   - source: The picture to scale; its matrix must be the picture's.
  ///   - x: Left edge in picture pixels, even and ≥ 0.
  ///   - y: Top edge in picture pixels, even and ≥ 0.
  ///   - width: Width in pixels, ≥ 1: even, or reaching the picture's right edge.
  ///   - height: Height in pixels, ≥ 1: even, or reaching the picture's bottom edge.
  ///   - picture: The picture written into.
  /// - Returns: False, changing nothing, when the rectangle does not lie inside the picture
  ///   on whole chroma blocks as described, when the matrices differ, or when scratch memory
  ///   could not be allocated; true otherwise.
  public static func scale(
    _ source: YUVImage, intoX x: Int, y: Int, width: Int, height: Int,
    of picture: inout YUVImage
  ) -> Bool {
    guard x >= 0, y >= 0, x % 2 == 0, y % 2 == 0, width >= 1, height >= 1,
      width <= picture.width - x, height <= picture.height - y,
      width % 2 == 0 || x + width == picture.width,
      height % 2 == 0 || y + height == picture.height,
      source.matrix == picture.matrix
    else { return false }
    return source.withUnsafePlanes { from in
      picture.withUnsafeMutablePlanes { to in
        reel_yuv_scale(
          kernelPlanes(reading: from), kernelPlanes(to), Int32(x), Int32(y), Int32(width),
          Int32(height))
          != 0
      }
    }
  }

  /// Cross-fades two opaque pictures: every sample becomes `round(top·α + bottom·(1 − α))`.
  ///
  /// - Parameters:
  ///   - top: The picture fading in.
  ///   - opacity: α, clamped to 0…1; 0 returns `bottom`, 1 returns `top`.
  ///   - bottom: The picture fading out.
  /// - Returns: A new picture of the same size and matrix.
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the result cannot be allocated.
  /// - Precondition: `top` and `bottom` have the same size and matrix.
  public static func mix(_ top: YUVImage, opacity: Double, over bottom: YUVImage)
    throws(GraphicsError) -> YUVImage
  {
    try mix(top, opacity: opacity, over: bottom, pool: .shared)
  }

  /// Cross-fades two opaque pictures into a picture whose buffer comes from `pool` (see
  /// ``mix(_:opacity:over:)``).
  package static func mix(
    _ top: YUVImage, opacity: Double, over bottom: YUVImage, pool: YUVBufferPool
  ) throws(GraphicsError) -> YUVImage {
    precondition(
      top.width == bottom.width && top.height == bottom.height && top.matrix == bottom.matrix,
      "mixed pictures must have the same size and matrix")
    let weight = Int32((clampedUnit(opacity) * 32768).rounded())
    if weight == 0 { return bottom }
    if weight == 32768 { return top }
    var result: YUVImage
    do {
      result = try YUVImage(
        uninitializedCheckedWidth: top.width, height: top.height, matrix: top.matrix, pool: pool)
    } catch {
      throw GraphicsError.outOfMemory(error)
    }
    top.withUnsafePlanes { t in
      bottom.withUnsafePlanes { b in
        result.withUnsafeMutablePlanes { d in
          let width = Int32(top.width)
          let height = Int32(top.height)
          let chromaWidth = Int32(top.chromaWidth)
          let chromaHeight = Int32(top.chromaHeight)
          reel_yuv_mix_plane(
            t.luma, t.lumaStride, b.luma, b.lumaStride, d.luma, d.lumaStride, width, height,
            weight)
          reel_yuv_mix_plane(
            t.cb, t.chromaStride, b.cb, b.chromaStride, d.cb, d.chromaStride, chromaWidth,
            chromaHeight, weight)
          reel_yuv_mix_plane(
            t.cr, t.chromaStride, b.cr, b.chromaStride, d.cr, d.chromaStride, chromaWidth,
            chromaHeight, weight)
        }
      }
    }
    return result
  }

  // MARK: - Coefficients

  /// The luma weights (Kr, Kb) of a matrix; Kg = 1 − Kr − Kb.
  static func weights(_ matrix: ColorMatrix) -> (red: Double, blue: Double) {
    switch matrix {
    case .bt601: return (0.299, 0.114)
    case .bt709: return (0.2126, 0.0722)
    }
  }

  /// The limited-range conversion of an RGB colour (components 0…1): Y′ without the 16
  /// offset, and Cb, Cr without the 128 offset, in code values.
  static func components(
    red: Double, green: Double, blue: Double, matrix: ColorMatrix
  ) -> (luma: Double, cb: Double, cr: Double) {
    let (kr, kb) = weights(matrix)
    let luma = kr * red + (1 - kr - kb) * green + kb * blue
    return (
      219 * luma, 224 * (blue - luma) / (2 * (1 - kb)), 224 * (red - luma) / (2 * (1 - kr))
    )
  }

  /// Fixed-point weights for ``blend(_:opacity:atX:y:clip:into:)``: coverage per alpha unit in
  /// 2^-20, and the RGB → Y′CbCr coefficients (per 8-bit channel value, opacity included)
  /// in 2^-16.
  static func blendCoefficients(_ matrix: ColorMatrix, opacity: Double)
    -> reel_yuv_blend_coefficients
  {
    func fixed(_ value: Double) -> Int32 { Int32((value * opacity * 65536 / 255).rounded()) }
    let red = components(red: 1, green: 0, blue: 0, matrix: matrix)
    let green = components(red: 0, green: 1, blue: 0, matrix: matrix)
    let blue = components(red: 0, green: 0, blue: 1, matrix: matrix)
    return reel_yuv_blend_coefficients(
      alpha: Int32((opacity * 1_048_576 / 255).rounded()),
      yr: fixed(red.luma), yg: fixed(green.luma), yb: fixed(blue.luma),
      cbr: fixed(red.cb), cbg: fixed(green.cb), cbb: fixed(blue.cb),
      crr: fixed(red.cr), crg: fixed(green.cr), crb: fixed(blue.cr))
  }

  /// Fixed-point terms for ``fill(x:y:width:height:color:opacity:into:)`` at an effective
  /// alpha: luma `(old·inverse + add) >> 20`, chroma `>> 22` for blocks covered wholly, by
  /// half and by a quarter.
  static func fillTerms(_ color: Color, alpha: Double, matrix: ColorMatrix)
    -> reel_yuv_fill_terms
  {
    let c = components(red: color.red, green: color.green, blue: color.blue, matrix: matrix)
    func fixed(_ value: Double, _ bits: Double) -> Int32 { Int32((value * bits).rounded()) }
    let luma = 1_048_576.0
    let chroma = 4_194_304.0
    var chromaInverse: [Int32] = []
    var cbAdd: [Int32] = []
    var crAdd: [Int32] = []
    for coverage in [1.0, 0.5, 0.25] {
      let a = alpha * coverage
      chromaInverse.append(fixed(1 - a, chroma))
      cbAdd.append(fixed(a * (128 + c.cb), chroma) + 2_097_152)
      crAdd.append(fixed(a * (128 + c.cr), chroma) + 2_097_152)
    }
    return reel_yuv_fill_terms(
      lumaInverse: fixed(1 - alpha, luma), lumaAdd: fixed(alpha * (16 + c.luma), luma) + 524_288,
      chromaInverse: (chromaInverse[0], chromaInverse[1], chromaInverse[2]),
      cbAdd: (cbAdd[0], cbAdd[1], cbAdd[2]), crAdd: (crAdd[0], crAdd[1], crAdd[2]))
  }

  // MARK: - Helpers

  static func kernelPlanes(_ planes: MutableYUVPlanes) -> reel_yuv_planes {
    reel_yuv_planes(
      luma: planes.luma, lumaStride: planes.lumaStride, cb: planes.cb, cr: planes.cr,
      chromaStride: planes.chromaStride, width: Int32(planes.width), height: Int32(planes.height))
  }

  /// Read-only planes in the kernels' struct, which is shared by sources and destinations:
  /// the kernels only read the planes given as a source.
  static func kernelPlanes(reading planes: YUVPlanes) -> reel_yuv_planes {
    reel_yuv_planes(
      luma: UnsafeMutablePointer(mutating: planes.luma), lumaStride: planes.lumaStride,
      cb: UnsafeMutablePointer(mutating: planes.cb), cr: UnsafeMutablePointer(mutating: planes.cr),
      chromaStride: planes.chromaStride, width: Int32(planes.width), height: Int32(planes.height))
  }

  /// `value` clamped to 0…1, NaN as 0.
  static func clampedUnit(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, 0), 1)
  }

  /// `a + b`, saturating at the ends of `Int`.
  static func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
  }
}
