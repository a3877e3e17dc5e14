/// Reel's own single-threaded conversions between premultiplied BGRA and 8-bit planar
/// Y′CbCr 4:2:0 (`yuv420p`), with exact BT.601 / BT.709 matrices.
///
/// Both directions compute in 16-bit fixed point from the real-valued matrix, so every output
/// is the exact result rounded to nearest plus at most 0.03 (well within ±1 code value). The
/// row loops are C (`CReelKernels`), vectorized by the compiler with an AVX2 variant chosen at
/// run time: Swift's SIMD conversions between integer and float lanes, and narrowing, compile
/// to per-lane calls (a first Swift version ran at 54 ms per 1080p frame). No memory is
/// allocated.
///
/// - BGRA → Y′CbCr (``convert(bgra:bytesPerRow:into:matrix:)``): limited range,
///   Y = 16 + 219·(Kr·R + Kg·G + Kb·B)/255. Cb and Cr come from the exact mean of each 2×2
///   block's R, G, B — the same as the mean of the four pixels' real-valued chroma, because
///   chroma is linear in RGB — rounded once. At an odd width or height the last block averages
///   the pixels that exist (as if the edge were repeated). Alpha is ignored: premultiplied
///   colour is the picture composited over black.
/// - Y′CbCr → BGRA (``convert(_:into:bytesPerRow:matrix:fullRange:)``): chroma is upsampled
///   bilinearly for the MPEG-2 / H.264 default chroma location ("left"): a chroma sample sits
///   on the even luma columns and halfway between the two luma rows it covers. So luma column
///   2i takes chroma column i, column 2i + 1 the mean of i and i + 1; luma row 2k weighs chroma
///   rows k and k − 1 by ¾ and ¼, row 2k + 1 rows k and k + 1 by ¾ and ¼ (edges repeated).
///   Output alpha is 255.
///
/// Internal to Reel: the benchmarks reach it with `@_spi(Benchmarks) import ReelMedia`.
@_spi(Benchmarks) public enum YUVKernels {
  /// Pointers to the three planes of an 8-bit 4:2:0 picture: `width × height` luma samples
  /// and `⌈width/2⌉ × ⌈height/2⌉` samples of each chroma plane.
  ///
  /// The memory belongs to the caller and must stay valid while a conversion uses it.
  public struct Planes {
    /// Picture width in pixels, > 0.
    package var width: Int
    /// Picture height in pixels, > 0.
    package var height: Int
    /// The Y′ plane.
    package var luma: UnsafeMutablePointer<UInt8>
    /// Bytes from one luma row to the next.
    package var lumaStride: Int
    /// The Cb plane.
    package var cb: UnsafeMutablePointer<UInt8>
    /// Bytes from one Cb row to the next.
    package var cbStride: Int
    /// The Cr plane.
    package var cr: UnsafeMutablePointer<UInt8>
    /// Bytes from one Cr row to the next.
    package var crStride: Int

    /// Describes planes in memory the caller owns.
    ///
    /// - Parameters:
    ///   - width: Picture width in pixels, > 0.
    ///   - height: Picture height in pixels, > 0.
    ///   - luma: The Y′ plane, `lumaStride · height` bytes.
    ///   - lumaStride: Bytes per luma row, ≥ `width`.
    ///   - cb: The Cb plane, `cbStride · ⌈height/2⌉` bytes.
    ///   - cbStride: Bytes per Cb row, ≥ `⌈width/2⌉`.
    ///   - cr: The Cr plane, `crStride · ⌈height/2⌉` bytes.
    ///   - crStride: Bytes per Cr row, ≥ `⌈width/2⌉`.
    public init(
      width: Int, height: Int, luma: UnsafeMutablePointer<UInt8>, lumaStride: Int,
      cb: UnsafeMutablePointer<UInt8>, cbStride: Int, cr: UnsafeMutablePointer<UInt8>,
      crStride: Int
    ) {
      self.width = width
      self.height = height
      self.luma = luma
      self.lumaStride = lumaStride
      self.cb = cb
      self.cbStride = cbStride
      self.cr = cr
      self.crStride = crStride
    }

    /// Chroma plane width: `⌈width/2⌉`.
    package var chromaWidth: Int { (width + 1) / 2 }
    /// Chroma plane height: `⌈height/2⌉`.
    package var chromaHeight: Int { (height + 1) / 2 }
  }

  /// The luma weights (Kr, Kb) of a matrix; Kg = 1 − Kr − Kb.
  static func weights(_ matrix: ColorMatrix) -> (red: Double, blue: Double) {
    switch matrix {
    case .bt601: return (0.299, 0.114)
    case .bt709: return (0.2126, 0.0722)
    }
  }
}
