internal import ReelCore

// 10-bit Y′CbCr buffers ('x420', 'xf20', 'x422', 'xf22') and the byte orders of the 8-bit RGB
// ones: the conversions between them and Reel's pictures.

/// A 10-bit sample as the buffers store it: 16 bits, little-endian, the value in the top 10
/// (P010 / P210, as Apple's and FFmpeg's `p010le`).
enum TenBitSamples {
  /// The stored form of `value` (clamped to 0…1023).
  static func stored(_ value: Int) -> UInt16 {
    UInt16(UInt16(clamping: min(max(value, 0), 1023)) << 6).littleEndian
  }

  /// The value 0…1023 of a stored sample.
  static func value(_ stored: UInt16) -> Int { Int(UInt16(littleEndian: stored) >> 6) }
}

/// The luma weights of a Y′CbCr matrix (Kr, Kb), and the maths between R′G′B′ and Y′CbCr on
/// 0…1 encoded values with Cb, Cr in −½…½.
struct LumaWeights {
  let red: Float
  let blue: Float

  init(_ matrix: ColorMatrix) {
    switch matrix {
    case .bt601: (red, blue) = (0.299, 0.114)
    case .bt709: (red, blue) = (0.2126, 0.0722)
    }
  }

  /// (Y′, Cb, Cr) of an encoded colour.
  func yCbCr(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    let luma = red * rgb.x + (1 - red - blue) * rgb.y + blue * rgb.z
    return SIMD3(luma, (rgb.z - luma) / (2 * (1 - blue)), (rgb.x - luma) / (2 * (1 - red)))
  }

  /// The encoded colour of (Y′, Cb, Cr).
  func rgb(_ ycc: SIMD3<Float>) -> SIMD3<Float> {
    let r = ycc.x + 2 * (1 - red) * ycc.z
    let b = ycc.x + 2 * (1 - blue) * ycc.y
    let g = (ycc.x - red * r - blue * b) / (1 - red - blue)
    return SIMD3(r, g, b)
  }
}

/// The code values of one range at one bit depth: luma 0…1 and chroma −½…½ to levels.
struct SampleRange {
  let lumaBlack: Float
  let lumaSpan: Float
  let chromaMiddle: Float
  let chromaSpan: Float
  let maximum: Float

  /// Limited (video) or full range at `bits` per sample.
  init(fullRange: Bool, bits: Int) {
    let scale = Float(1 << (bits - 8))
    maximum = Float((1 << bits) - 1)
    chromaMiddle = 128 * scale
    if fullRange {
      (lumaBlack, lumaSpan, chromaSpan) = (0, maximum, maximum)
    } else {
      (lumaBlack, lumaSpan, chromaSpan) = (16 * scale, 219 * scale, 224 * scale)
    }
  }

  func lumaLevel(_ luma: Float) -> Int { level(lumaBlack + luma * lumaSpan) }
  func chromaLevel(_ chroma: Float) -> Int { level(chromaMiddle + chroma * chromaSpan) }
  func luma(_ level: Int) -> Float { (Float(level) - lumaBlack) / lumaSpan }
  func chroma(_ level: Int) -> Float { (Float(level) - chromaMiddle) / chromaSpan }

  private func level(_ value: Float) -> Int {
    Int(min(max(value.isNaN ? 0 : value, 0), maximum).rounded())
  }
}

extension PixelLayout {
  /// For the 4-byte RGB layouts: which byte of a BGRA pixel each of its bytes is (and the
  /// other way: the orders are their own inverses).
  var byteOrderFromBGRA: (Int, Int, Int, Int) {
    switch self {
    case .argb: (3, 2, 1, 0)
    case .rgba: (2, 1, 0, 3)
    default: (0, 1, 2, 3)
    }
  }
}

extension Image {
  /// The encoded colour of pixel (x, y) over black, 0…1 (its premultiplied bytes).
  func encodedColor(x: Int, y: Int) -> SIMD3<Float> {
    let pixel = self[x: x, y: y]
    return SIMD3(Float(pixel.red), Float(pixel.green), Float(pixel.blue)) / 255
  }
}

extension CVBuffer {
  /// The two planes of a 10-bit buffer as 16-bit samples, with their rows in samples.
  private func tenBitPlanes<Result>(
    _ body: (
      _ luma: UnsafeMutablePointer<UInt16>, _ lumaRow: Int, _ chroma: UnsafeMutablePointer<UInt16>,
      _ chromaRow: Int, _ range: SampleRange, _ chromaEveryRow: Bool
    ) -> Result
  ) -> Result? {
    guard case .memory(let memory) = content, case .biPlanar10(let full, let every) = layout
    else { return nil }
    let planes = self.planes
    return body(
      memory.bytes.assumingMemoryBound(to: UInt16.self), planes[0].bytesPerRow / 2,
      (memory.bytes + planes[1].offset).assumingMemoryBound(to: UInt16.self),
      planes[1].bytesPerRow / 2, SampleRange(fullRange: full, bits: 10), every)
  }

  /// Fills a 10-bit buffer from an 8-bit limited-range 4:2:0 picture (a reader's frame):
  /// each sample moved to the 10-bit scale of the buffer's range (4:2:2 repeats chroma rows).
  func fillTenBit(from yuv: YUVImage) {
    let eight = SampleRange(fullRange: false, bits: 8)
    let (width, height) = (self.width, self.height)
    _ = tenBitPlanes { luma, lumaRow, chroma, chromaRow, range, every in
      yuv.withUnsafePlanes { source in
        for y in 0..<height {
          let s = source.luma + y * source.lumaStride
          for x in 0..<width {
            luma[y * lumaRow + x] = TenBitSamples.stored(range.lumaLevel(eight.luma(Int(s[x]))))
          }
        }
        let chromaRows = every ? height : (height + 1) / 2
        for y in 0..<chromaRows {
          let sourceRow = every ? y / 2 : y
          let cb = source.cb + sourceRow * source.chromaStride
          let cr = source.cr + sourceRow * source.chromaStride
          for x in 0..<((width + 1) / 2) {
            chroma[y * chromaRow + 2 * x] = TenBitSamples.stored(
              range.chromaLevel(eight.chroma(Int(cb[x]))))
            chroma[y * chromaRow + 2 * x + 1] = TenBitSamples.stored(
              range.chromaLevel(eight.chroma(Int(cr[x]))))
          }
        }
      }
    }
  }

  /// Fills a 10-bit buffer from encoded colours: luma per pixel, chroma from the mean of
  /// each 2×2 (4:2:0) or 2×1 (4:2:2) block's Cb and Cr.
  ///
  /// - Parameter color: (x, y) → the encoded R′G′B′ (0…1) of that pixel.
  func fillTenBit(matrix: ColorMatrix, color: (Int, Int) -> SIMD3<Float>) {
    let weights = LumaWeights(matrix)
    let (width, height) = (self.width, self.height)
    _ = tenBitPlanes { luma, lumaRow, chroma, chromaRow, range, every in
      let blockHeight = every ? 1 : 2
      for blockY in 0..<((height + blockHeight - 1) / blockHeight) {
        for blockX in 0..<((width + 1) / 2) {
          var sum = SIMD2<Float>.zero
          var count: Float = 0
          for y in (blockY * blockHeight)..<min(blockY * blockHeight + blockHeight, height) {
            for x in (blockX * 2)..<min(blockX * 2 + 2, width) {
              let ycc = weights.yCbCr(color(x, y))
              luma[y * lumaRow + x] = TenBitSamples.stored(range.lumaLevel(ycc.x))
              sum += SIMD2(ycc.y, ycc.z)
              count += 1
            }
          }
          let mean = sum / max(count, 1)
          chroma[blockY * chromaRow + 2 * blockX] = TenBitSamples.stored(range.chromaLevel(mean.x))
          chroma[blockY * chromaRow + 2 * blockX + 1] = TenBitSamples.stored(
            range.chromaLevel(mean.y))
        }
      }
    }
  }

  /// The encoded colours of a 10-bit buffer, row by row (chroma shared by its block, each
  /// channel clamped to 0…1), or nil for another layout.
  func tenBitColors() -> [SIMD3<Float>]? {
    let weights = LumaWeights(colorMatrix)
    let (width, height) = (self.width, self.height)
    return tenBitPlanes { luma, lumaRow, chroma, chromaRow, range, every in
      var colors: [SIMD3<Float>] = []
      colors.reserveCapacity(width * height)
      for y in 0..<height {
        let chromaY = every ? y : y / 2
        for x in 0..<width {
          let ycc = SIMD3(
            range.luma(TenBitSamples.value(luma[y * lumaRow + x])),
            range.chroma(TenBitSamples.value(chroma[chromaY * chromaRow + 2 * (x / 2)])),
            range.chroma(TenBitSamples.value(chroma[chromaY * chromaRow + 2 * (x / 2) + 1])))
          // Clamped to 0…1 as the 8-bit path's conversion is: Reel's video is SDR, and a
          // saturated colour's samples decode a little beyond the range.
          colors.append(pointwiseMin(pointwiseMax(weights.rgb(ycc), .zero), .one))
        }
      }
      return colors
    }
  }

  /// A 10-bit buffer as an 8-bit limited-range 4:2:0 picture (for the writer, which encodes
  /// 8-bit): samples rounded to the 8-bit scale; 4:2:2 chroma rows averaged in pairs.
  ///
  /// - Throws: ``CVFailure`` when memory for the picture cannot be allocated.
  func eightBitPicture() throws(CVFailure) -> YUVImage {
    guard
      var picture = try? YUVImage(
        uninitializedCheckedWidth: width, height: height, matrix: colorMatrix, pool: .shared)
    else { throw CVFailure(kCVReturnAllocationFailed, "no memory for \(width)×\(height)") }
    let eight = SampleRange(fullRange: false, bits: 8)
    let (width, height) = (self.width, self.height)
    _ = tenBitPlanes { luma, lumaRow, chroma, chromaRow, range, every in
      picture.withUnsafeMutablePlanes { target in
        for y in 0..<height {
          for x in 0..<width {
            target.luma[y * target.lumaStride + x] = UInt8(
              eight.lumaLevel(range.luma(TenBitSamples.value(luma[y * lumaRow + x]))))
          }
        }
        for y in 0..<((height + 1) / 2) {
          let rows = every ? [2 * y, min(2 * y + 1, height - 1)] : [y]
          for x in 0..<((width + 1) / 2) {
            var cb: Float = 0
            var cr: Float = 0
            for row in rows {
              cb += range.chroma(TenBitSamples.value(chroma[row * chromaRow + 2 * x]))
              cr += range.chroma(TenBitSamples.value(chroma[row * chromaRow + 2 * x + 1]))
            }
            let count = Float(rows.count)
            target.cb[y * target.chromaStride + x] = UInt8(eight.chromaLevel(cb / count))
            target.cr[y * target.chromaStride + x] = UInt8(eight.chromaLevel(cr / count))
          }
        }
      }
    }
    return picture
  }
}
