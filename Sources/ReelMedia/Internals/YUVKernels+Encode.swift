import CReelKernels

extension YUVKernels {
  /// The BGRA → limited-range Y′CbCr coefficients in 16-bit fixed point.
  ///
  /// Each coefficient is rounded to 1/65536, so the largest error it adds is
  /// 3 · 255 · 0.5/65536 ≈ 0.006 code values on top of the final rounding (0.5).
  static func encodeCoefficients(_ matrix: ColorMatrix) -> reel_encode_coefficients {
    let (kr, kb) = YUVKernels.weights(matrix)
    let kg = 1 - kr - kb
    func fixed(_ value: Double) -> Int32 { Int32((value * 65536).rounded()) }
    let lumaScale = 219.0 / 255
    // Cb = 128 + (224/255)·(B − Y)/(2(1 − Kb)); Cr likewise with R and Kr. The kernel feeds
    // the sum of four pixels, hence ÷4 (a shift of 18 instead of 16).
    let blueScale = 224.0 / 255 / (2 * (1 - kb))
    let redScale = 224.0 / 255 / (2 * (1 - kr))
    return reel_encode_coefficients(
      yr: fixed(lumaScale * kr), yg: fixed(lumaScale * kg), yb: fixed(lumaScale * kb),
      yOffset: fixed(16.5),
      cbr: fixed(-blueScale * kr), cbg: fixed(-blueScale * kg), cbb: fixed(blueScale * (1 - kb)),
      crr: fixed(redScale * (1 - kr)), crg: fixed(-redScale * kg), crb: fixed(-redScale * kb),
      chromaOffset: fixed(128.5) << 2)
  }

  /// Converts premultiplied BGRA pixels into 8-bit limited-range 4:2:0 planes.
  ///
  /// - Parameters:
  ///   - bgra: The first pixel of the source, `planes.width × planes.height` pixels of 4 bytes
  ///     (B, G, R, A in memory).
  ///   - bytesPerRow: Bytes from one source row to the next, ≥ `4 · planes.width`.
  ///   - planes: The destination planes and the picture size.
  ///   - matrix: The RGB → Y′CbCr matrix.
  public static func convert(
    bgra: UnsafePointer<UInt8>, bytesPerRow: Int, into planes: Planes, matrix: ColorMatrix
  ) {
    var coefficients = encodeCoefficients(matrix)
    let height = planes.height
    let width = Int32(planes.width)
    var row = 0
    while row < height {
      // A last odd row pairs with itself: its luma is written twice with the same values.
      let bottom = min(row + 1, height - 1)
      let chromaRow = row / 2
      reel_encode_row_pair(
        bgra + row * bytesPerRow, bgra + bottom * bytesPerRow,
        planes.luma + row * planes.lumaStride, planes.luma + bottom * planes.lumaStride,
        planes.cb + chromaRow * planes.cbStride, planes.cr + chromaRow * planes.crStride,
        width, &coefficients)
      row += 2
    }
  }
}
