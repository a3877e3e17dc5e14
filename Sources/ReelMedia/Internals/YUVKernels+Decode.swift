extension YUVKernels {
  /// The Y′CbCr → RGB coefficients, pre-scaled for the kernel.
  ///
  /// The kernel builds each pixel's chroma as H = 8 × the interpolated sample (integer
  /// weights 3:1 vertically and 1:1 horizontally), so the chroma factors here include the ⅛.
  /// Each channel is `luma·Y + f·H… + offset`, with 0.5 in the offset so truncation rounds.
  struct DecodeCoefficients {
    var luma: Float
    var redFromCr: Float
    var greenFromCb: Float
    var greenFromCr: Float
    var blueFromCb: Float
    var redOffset: Float
    var greenOffset: Float
    var blueOffset: Float

    init(_ matrix: ColorMatrix, fullRange: Bool) {
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
      luma = Float(lumaScale)
      redFromCr = Float(redCr / 8)
      greenFromCb = Float(greenCb / 8)
      greenFromCr = Float(greenCr / 8)
      blueFromCb = Float(blueCb / 8)
      redOffset = Float(base - 128 * redCr)
      greenOffset = Float(base - 128 * (greenCb + greenCr))
      blueOffset = Float(base - 128 * blueCb)
    }
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
    let coefficients = DecodeCoefficients(matrix, fullRange: fullRange)
    let chromaHeight = planes.chromaHeight
    for row in 0..<planes.height {
      let near = row / 2
      // Chroma row k sits between luma rows 2k and 2k + 1: an even row also weighs the chroma
      // row above, an odd row the one below.
      let far = row & 1 == 0 ? max(near - 1, 0) : min(near + 1, chromaHeight - 1)
      decodeRow(
        luma: planes.luma + row * planes.lumaStride,
        nearCb: planes.cb + near * planes.cbStride, farCb: planes.cb + far * planes.cbStride,
        nearCr: planes.cr + near * planes.crStride, farCr: planes.cr + far * planes.crStride,
        output: bgra + row * bytesPerRow, width: planes.width,
        chromaWidth: planes.chromaWidth, coefficients: coefficients)
    }
  }

  /// Loads four chroma samples from each of two rows as 3·near + far.
  @inline(__always)
  static func verticalChroma(
    _ near: UnsafeMutablePointer<UInt8>, _ far: UnsafeMutablePointer<UInt8>, at index: Int
  ) -> SIMD4<Int32> {
    let a = UnsafeRawPointer(near + index).loadUnaligned(as: SIMD4<UInt8>.self)
    let b = UnsafeRawPointer(far + index).loadUnaligned(as: SIMD4<UInt8>.self)
    return SIMD4<Int32>(truncatingIfNeeded: a) &* 3 &+ SIMD4<Int32>(truncatingIfNeeded: b)
  }

  /// Eight pixels' horizontal chroma (×8) from the vertical sums at i…i+3 and i+1…i+4.
  @inline(__always)
  static func horizontalChroma(_ here: SIMD4<Int32>, _ next: SIMD4<Int32>) -> SIMD8<Float> {
    var result = SIMD8<Int32>()
    result.evenHalf = here &* 2
    result.oddHalf = here &+ next
    return SIMD8<Float>(result)
  }

  /// Rounds, clamps and packs three channels into opaque BGRA words.
  @inline(__always)
  static func pack(red: SIMD8<Float>, green: SIMD8<Float>, blue: SIMD8<Float>) -> SIMD8<UInt32> {
    let low = SIMD8<Float>(repeating: 0)
    let high = SIMD8<Float>(repeating: 255)
    let r = SIMD8<UInt32>(
      truncatingIfNeeded: SIMD8<Int32>(
        red.clamped(lowerBound: low, upperBound: high), rounding: .towardZero))
    let g = SIMD8<UInt32>(
      truncatingIfNeeded: SIMD8<Int32>(
        green.clamped(lowerBound: low, upperBound: high), rounding: .towardZero))
    let b = SIMD8<UInt32>(
      truncatingIfNeeded: SIMD8<Int32>(
        blue.clamped(lowerBound: low, upperBound: high), rounding: .towardZero))
    return b | (g &<< 8) | (r &<< 16) | SIMD8<UInt32>(repeating: 0xFF00_0000)
  }

  /// Converts one output row.
  @inline(__always)
  static func decodeRow(
    luma: UnsafeMutablePointer<UInt8>, nearCb: UnsafeMutablePointer<UInt8>,
    farCb: UnsafeMutablePointer<UInt8>, nearCr: UnsafeMutablePointer<UInt8>,
    farCr: UnsafeMutablePointer<UInt8>, output: UnsafeMutablePointer<UInt8>, width: Int,
    chromaWidth: Int, coefficients k: DecodeCoefficients
  ) {
    let outputRaw = UnsafeMutableRawPointer(output)
    var x = 0
    // Eight pixels read chroma i…i+4 (i = x/2): the vector loop stops while i + 4 exists.
    while x + 8 <= width && x / 2 + 5 <= chromaWidth {
      let i = x / 2
      let cbHere = verticalChroma(nearCb, farCb, at: i)
      let cbNext = verticalChroma(nearCb, farCb, at: i + 1)
      let crHere = verticalChroma(nearCr, farCr, at: i)
      let crNext = verticalChroma(nearCr, farCr, at: i + 1)
      let cb = horizontalChroma(cbHere, cbNext)
      let cr = horizontalChroma(crHere, crNext)
      let y =
        SIMD8<Float>(
          SIMD8<Int32>(
            truncatingIfNeeded: UnsafeRawPointer(luma + x).loadUnaligned(as: SIMD8<UInt8>.self)))
        * k.luma
      let red = y + cr * k.redFromCr + k.redOffset
      let green = y + cb * k.greenFromCb + cr * k.greenFromCr + k.greenOffset
      let blue = y + cb * k.blueFromCb + k.blueOffset
      outputRaw.storeBytes(
        of: pack(red: red, green: green, blue: blue), toByteOffset: x * 4,
        as: SIMD8<UInt32>.self)
      x += 8
    }
    while x < width {
      let i = x / 2
      let here = 3 * Int(nearCb[i]) + Int(farCb[i])
      let hereCr = 3 * Int(nearCr[i]) + Int(farCr[i])
      let cb: Int
      let cr: Int
      if x & 1 == 0 {
        cb = 2 * here
        cr = 2 * hereCr
      } else {
        let j = min(i + 1, chromaWidth - 1)
        cb = here + 3 * Int(nearCb[j]) + Int(farCb[j])
        cr = hereCr + 3 * Int(nearCr[j]) + Int(farCr[j])
      }
      let y = Float(luma[x]) * k.luma
      let (fb, fr) = (Float(cb), Float(cr))
      let red = y + fr * k.redFromCr + k.redOffset
      let green = y + fb * k.greenFromCb + fr * k.greenFromCr + k.greenOffset
      let blue = y + fb * k.blueFromCb + k.blueOffset
      let pixel = output + x * 4
      pixel[0] = UInt8(min(max(blue, 0), 255))
      pixel[1] = UInt8(min(max(green, 0), 255))
      pixel[2] = UInt8(min(max(red, 0), 255))
      pixel[3] = 255
      x += 1
    }
  }
}
