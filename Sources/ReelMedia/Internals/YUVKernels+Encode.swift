extension YUVKernels {
  /// The BGRA → limited-range Y′CbCr coefficients, pre-scaled for the kernel.
  struct EncodeCoefficients {
    // Y′ = yR·R + yG·G + yB·B + 16.5 (the 0.5 rounds on truncation).
    var yR: Float
    var yG: Float
    var yB: Float
    // Chroma from the sum of four pixels: C = cR·ΣR + cG·ΣG + cB·ΣB + 128.5.
    var cbR: Float
    var cbG: Float
    var cbB: Float
    var crR: Float
    var crG: Float
    var crB: Float

    init(_ matrix: ColorMatrix) {
      let (kr, kb) = YUVKernels.weights(matrix)
      let kg = 1 - kr - kb
      let lumaScale = 219.0 / 255
      yR = Float(lumaScale * kr)
      yG = Float(lumaScale * kg)
      yB = Float(lumaScale * kb)
      // Cb = 128 + (224/255)·(B − Y)/(2(1 − Kb)), Cr likewise with R; /4 for the 2×2 sum.
      let blueScale = 224.0 / 255 / (2 * (1 - kb)) / 4
      let redScale = 224.0 / 255 / (2 * (1 - kr)) / 4
      cbR = Float(-blueScale * kr)
      cbG = Float(-blueScale * kg)
      cbB = Float(blueScale * (1 - kb))
      crR = Float(redScale * (1 - kr))
      crG = Float(-redScale * kg)
      crB = Float(-redScale * kb)
    }
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
    let coefficients = EncodeCoefficients(matrix)
    let height = planes.height
    var row = 0
    while row < height {
      // A last odd row pairs with itself: its luma is written twice with the same values.
      let bottom = min(row + 1, height - 1)
      let chromaRow = row / 2
      encodeRowPair(
        top: bgra + row * bytesPerRow, bottom: bgra + bottom * bytesPerRow,
        topLuma: planes.luma + row * planes.lumaStride,
        bottomLuma: planes.luma + bottom * planes.lumaStride,
        cb: planes.cb + chromaRow * planes.cbStride, cr: planes.cr + chromaRow * planes.crStride,
        width: planes.width, coefficients: coefficients)
      row += 2
    }
  }

  /// Converts two source rows into two luma rows and one row of each chroma plane.
  @inline(__always)
  static func encodeRowPair(
    top: UnsafePointer<UInt8>, bottom: UnsafePointer<UInt8>,
    topLuma: UnsafeMutablePointer<UInt8>, bottomLuma: UnsafeMutablePointer<UInt8>,
    cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, width: Int,
    coefficients k: EncodeCoefficients
  ) {
    let topRaw = UnsafeRawPointer(top)
    let bottomRaw = UnsafeRawPointer(bottom)
    let yR = SIMD8<Float>(repeating: k.yR)
    let yG = SIMD8<Float>(repeating: k.yG)
    let yB = SIMD8<Float>(repeating: k.yB)
    let lumaOffset = SIMD8<Float>(repeating: 16.5)
    let chromaOffset = SIMD4<Float>(repeating: 128.5)
    let byteMask = SIMD8<UInt32>(repeating: 0xFF)
    var x = 0
    while x + 8 <= width {
      let upper = topRaw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
      let lower = bottomRaw.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
      let upperBlue = SIMD8<Int32>(truncatingIfNeeded: upper & byteMask)
      let upperGreen = SIMD8<Int32>(truncatingIfNeeded: (upper &>> 8) & byteMask)
      let upperRed = SIMD8<Int32>(truncatingIfNeeded: (upper &>> 16) & byteMask)
      let lowerBlue = SIMD8<Int32>(truncatingIfNeeded: lower & byteMask)
      let lowerGreen = SIMD8<Int32>(truncatingIfNeeded: (lower &>> 8) & byteMask)
      let lowerRed = SIMD8<Int32>(truncatingIfNeeded: (lower &>> 16) & byteMask)

      let upperLuma =
        SIMD8<Float>(upperRed) * yR + SIMD8<Float>(upperGreen) * yG + SIMD8<Float>(upperBlue) * yB
        + lumaOffset
      let lowerLuma =
        SIMD8<Float>(lowerRed) * yR + SIMD8<Float>(lowerGreen) * yG + SIMD8<Float>(lowerBlue) * yB
        + lumaOffset
      UnsafeMutableRawPointer(topLuma + x).storeBytes(
        of: SIMD8<UInt8>(truncatingIfNeeded: SIMD8<Int32>(upperLuma, rounding: .towardZero)),
        as: SIMD8<UInt8>.self)
      UnsafeMutableRawPointer(bottomLuma + x).storeBytes(
        of: SIMD8<UInt8>(truncatingIfNeeded: SIMD8<Int32>(lowerLuma, rounding: .towardZero)),
        as: SIMD8<UInt8>.self)

      let columnRed = upperRed &+ lowerRed
      let columnGreen = upperGreen &+ lowerGreen
      let columnBlue = upperBlue &+ lowerBlue
      let red = SIMD4<Float>(columnRed.evenHalf &+ columnRed.oddHalf)
      let green = SIMD4<Float>(columnGreen.evenHalf &+ columnGreen.oddHalf)
      let blue = SIMD4<Float>(columnBlue.evenHalf &+ columnBlue.oddHalf)
      let blueDifference = red * k.cbR + green * k.cbG + blue * k.cbB + chromaOffset
      let redDifference = red * k.crR + green * k.crG + blue * k.crB + chromaOffset
      UnsafeMutableRawPointer(cb + x / 2).storeBytes(
        of: SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(blueDifference, rounding: .towardZero)),
        as: SIMD4<UInt8>.self)
      UnsafeMutableRawPointer(cr + x / 2).storeBytes(
        of: SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(redDifference, rounding: .towardZero)),
        as: SIMD4<UInt8>.self)
      x += 8
    }
    // The last columns, two at a time; an odd last column pairs with itself.
    while x < width {
      let next = min(x + 1, width - 1)
      var sums = (red: 0, green: 0, blue: 0)
      for corner in 0..<4 {
        let source = corner < 2 ? top : bottom
        let luma = corner < 2 ? topLuma : bottomLuma
        let column = corner & 1 == 0 ? x : next
        let pixel = source + column * 4
        let (blue, green, red) = (Int(pixel[0]), Int(pixel[1]), Int(pixel[2]))
        let value = Float(red) * k.yR + Float(green) * k.yG + Float(blue) * k.yB + 16.5
        luma[column] = UInt8(truncatingIfNeeded: Int(value))
        sums.red += red
        sums.green += green
        sums.blue += blue
      }
      let (red, green, blue) = (Float(sums.red), Float(sums.green), Float(sums.blue))
      cb[x / 2] = UInt8(
        truncatingIfNeeded: Int(red * k.cbR + green * k.cbG + blue * k.cbB + 128.5))
      cr[x / 2] = UInt8(
        truncatingIfNeeded: Int(red * k.crR + green * k.crG + blue * k.crB + 128.5))
      x += 2
    }
  }
}
