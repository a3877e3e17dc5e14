import CReelKernels

extension YUVKernels {
  /// The Y′CbCr → RGB coefficients in 16-bit fixed point.
  ///
  /// The kernel builds each pixel's chroma as H = 8 × the interpolated sample (integer
  /// weights 3:1 vertically, 1:1 horizontally), so the chroma factors include the ⅛. Each
  /// channel is `(luma·Y + f·H… + offset) >> 16` with ½ in the offset, so the shift rounds;
  /// coefficient rounding adds at most (255 + 2 · 2040) · 0.5/65536 ≈ 0.03 code values.
  static func decodeCoefficients(_ matrix: ColorMatrix, fullRange: Bool)
    -> reel_decode_coefficients
  {
    let (kr, kb) = YUVKernels.weights(matrix)
    let kg = 1 - kr - kb
    let lumaScale = fullRange ? 1 : 255.0 / 219
    let black = fullRange ? 0 : 16.0
    let chromaScale = fullRange ? 1 : 255.0 / 224
    // R = Y + 2(1 − Kr)·Cr, B = Y + 2(1 − Kb)·Cb, G = (Y − Kr·R − Kb·B)/Kg.
    let redCr = 2 * (1 - kr) * chromaScale
    let blueCb = 2 * (1 - kb) * chromaScale
    let greenCb = -blueCb * kb / kg
    let greenCr = -redCr * kr / kg
    let base = -lumaScale * black + 0.5
    func fixed(_ value: Double) -> Int32 { Int32((value * 65536).rounded()) }
    return reel_decode_coefficients(
      luma: fixed(lumaScale), redFromCr: fixed(redCr / 8), greenFromCb: fixed(greenCb / 8),
      greenFromCr: fixed(greenCr / 8), blueFromCb: fixed(blueCb / 8),
      redOffset: fixed(base - 128 * redCr), greenOffset: fixed(base - 128 * (greenCb + greenCr)),
      blueOffset: fixed(base - 128 * blueCb))
  }

  /// Converts 8-bit 4:2:0 planes into opaque BGRA pixels (alpha 255).
  ///
  /// - Parameters:
  ///   - planes: The source planes and the picture size (only read).
  ///   - bgra: The first destination pixel, room for `planes.width × planes.height` pixels.
  ///   - bytesPerRow: Bytes from one destination row to the next, ≥ `4 · planes.width`.
  ///   - matrix: The Y′CbCr → RGB matrix.
  ///   - fullRange: True for full-range ("JPEG") samples, false for limited range (16–235).
  public static func convert(
    _ planes: Planes, into bgra: UnsafeMutablePointer<UInt8>, bytesPerRow: Int,
    matrix: ColorMatrix, fullRange: Bool
  ) {
    var coefficients = decodeCoefficients(matrix, fullRange: fullRange)
    let chromaHeight = planes.chromaHeight
    let width = Int32(planes.width)
    for row in 0..<planes.height {
      let near = row / 2
      // Chroma row k sits between luma rows 2k and 2k + 1: an even row also weighs the chroma
      // row above, an odd row the one below.
      let far = row & 1 == 0 ? max(near - 1, 0) : min(near + 1, chromaHeight - 1)
      reel_decode_row(
        planes.luma + row * planes.lumaStride, planes.cb + near * planes.cbStride,
        planes.cb + far * planes.cbStride, planes.cr + near * planes.crStride,
        planes.cr + far * planes.crStride, bgra + row * bytesPerRow, width, &coefficients)
    }
  }
}
