import Foundation
import ReelCore
import TestSupport
import Testing

@_spi(Benchmarks) @testable import ReelMedia

/// Owned 4:2:0 planes for the kernel tests (stride = width + 3, to catch stride mix-ups).
final class TestPlanes {
  let width: Int
  let height: Int
  var luma: [UInt8]
  var cb: [UInt8]
  var cr: [UInt8]
  var lumaStride: Int { width + 3 }
  var chromaWidth: Int { (width + 1) / 2 }
  var chromaHeight: Int { (height + 1) / 2 }
  var chromaStride: Int { chromaWidth + 5 }

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    luma = Array(repeating: 0, count: (width + 3) * height)
    cb = Array(repeating: 0, count: ((width + 1) / 2 + 5) * ((height + 1) / 2))
    cr = cb
  }

  func withPlanes<R>(_ body: (YUVKernels.Planes) -> R) -> R {
    luma.withUnsafeMutableBufferPointer { y in
      cb.withUnsafeMutableBufferPointer { u in
        cr.withUnsafeMutableBufferPointer { v in
          body(
            YUVKernels.Planes(
              width: width, height: height, luma: y.baseAddress!, lumaStride: lumaStride,
              cb: u.baseAddress!, cbStride: chromaStride, cr: v.baseAddress!,
              crStride: chromaStride))
        }
      }
    }
  }

  func y(_ x: Int, _ y: Int) -> Double { Double(luma[y * lumaStride + x]) }
  func u(_ x: Int, _ y: Int) -> Double { Double(cb[y * chromaStride + x]) }
  func v(_ x: Int, _ y: Int) -> Double { Double(cr[y * chromaStride + x]) }
}

/// The exact real-valued maths the kernels promise, in Double.
enum ExactYUV {
  static func weights(_ matrix: ColorMatrix) -> (Double, Double, Double) {
    matrix == .bt709 ? (0.2126, 0.7152, 0.0722) : (0.299, 0.587, 0.114)
  }

  /// (Y, Cb, Cr) of a colour, limited range, unrounded.
  static func encode(red: Double, green: Double, blue: Double, matrix: ColorMatrix) -> (
    Double, Double, Double
  ) {
    let (kr, kg, kb) = weights(matrix)
    let luma = kr * red + kg * green + kb * blue
    return (
      16 + 219 * luma / 255, 128 + 224 / 255 * (blue - luma) / (2 * (1 - kb)),
      128 + 224 / 255 * (red - luma) / (2 * (1 - kr))
    )
  }

  /// (R, G, B) of samples, clamped to 0…255, unrounded.
  static func decode(
    luma: Double, cb: Double, cr: Double, matrix: ColorMatrix, fullRange: Bool
  ) -> (Double, Double, Double) {
    let (kr, kg, kb) = weights(matrix)
    let y = fullRange ? luma : (luma - 16) * 255 / 219
    let u = (cb - 128) * (fullRange ? 1 : 255 / 224)
    let v = (cr - 128) * (fullRange ? 1 : 255 / 224)
    let red = y + 2 * (1 - kr) * v
    let blue = y + 2 * (1 - kb) * u
    let green = (y - kr * red - kb * blue) / kg
    func clamp(_ value: Double) -> Double { min(max(value, 0), 255) }
    return (clamp(red), clamp(green), clamp(blue))
  }
}

@Suite struct YUVKernelTests {
  static func randomImage(width: Int, height: Int, seed: UInt64) -> Image {
    var generator = SeededGenerator(state: seed)
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image[x: x, y: y] = BGRA(
          blue: .random(in: 0...255, using: &generator),
          green: .random(in: 0...255, using: &generator),
          red: .random(in: 0...255, using: &generator),
          alpha: .random(in: 0...255, using: &generator))
      }
    }
    return image
  }

  /// Converts with the Reel kernel and returns the largest |error| of Y and of Cb/Cr against
  /// the exact maths (chroma from each 2×2 block's mean, edge pixels repeated).
  static func encodeErrors(_ image: Image, matrix: ColorMatrix) -> (luma: Double, chroma: Double) {
    let planes = TestPlanes(width: image.width, height: image.height)
    image.withUnsafeBytes { bytes in
      planes.withPlanes {
        YUVKernels.convert(
          bgra: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
          bytesPerRow: image.bytesPerRow, into: $0, matrix: matrix)
      }
    }
    var lumaError = 0.0
    var chromaError = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x: x, y: y]
        let exact = ExactYUV.encode(
          red: Double(p.red), green: Double(p.green), blue: Double(p.blue), matrix: matrix)
        lumaError = max(lumaError, abs(planes.y(x, y) - exact.0))
      }
    }
    for row in 0..<planes.chromaHeight {
      for column in 0..<planes.chromaWidth {
        var (r, g, b) = (0.0, 0.0, 0.0)
        for dy in 0..<2 {
          for dx in 0..<2 {
            let p = image[
              x: min(2 * column + dx, image.width - 1), y: min(2 * row + dy, image.height - 1)]
            r += Double(p.red) / 4
            g += Double(p.green) / 4
            b += Double(p.blue) / 4
          }
        }
        let exact = ExactYUV.encode(red: r, green: g, blue: b, matrix: matrix)
        chromaError = max(
          chromaError, abs(planes.u(column, row) - exact.1), abs(planes.v(column, row) - exact.2))
      }
    }
    return (lumaError, chromaError)
  }

  @Test(arguments: [(1, 1), (3, 5), (321, 241), (64, 48), (17, 2)], ColorMatrix.allCases)
  func encodeMatchesExactMathsOnRandomImages(size: (Int, Int), matrix: ColorMatrix) {
    let image = Self.randomImage(
      width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1))
    let errors = Self.encodeErrors(image, matrix: matrix)
    // Rounding to nearest allows 0.5; the 16-bit coefficients add at most 0.006.
    #expect(errors.luma <= 0.51, "\(size) \(matrix): Y error \(errors.luma)")
    #expect(errors.chroma <= 0.51, "\(size) \(matrix): Cb/Cr error \(errors.chroma)")
  }

  @Test(arguments: ColorMatrix.allCases)
  func encodeEdgeColours(matrix: ColorMatrix) {
    let colours: [BGRA] = [
      .init(blue: 0, green: 0, red: 0, alpha: 255),
      .init(blue: 255, green: 255, red: 255, alpha: 255),
      .init(blue: 0, green: 0, red: 255, alpha: 255),
      .init(blue: 0, green: 255, red: 0, alpha: 255),
      .init(blue: 255, green: 0, red: 0, alpha: 255),
      .init(blue: 255, green: 255, red: 0, alpha: 255),
      .init(blue: 255, green: 0, red: 255, alpha: 255),
      .init(blue: 0, green: 255, red: 255, alpha: 255),
      .init(blue: 128, green: 128, red: 128, alpha: 255),
      .init(blue: 1, green: 1, red: 1, alpha: 0),
      .init(blue: 254, green: 254, red: 254, alpha: 255),
    ]
    for colour in colours {
      var image = Image(width: 10, height: 4)
      image.fill(with: colour)
      let errors = Self.encodeErrors(image, matrix: matrix)
      #expect(errors.luma <= 0.51 && errors.chroma <= 0.51, "\(colour) \(matrix): \(errors)")
    }
    // Black and white land exactly on the limited-range ends, greys on neutral chroma.
    for (value, expectedLuma) in [(0, 16), (255, 235), (128, 126)] {
      var image = Image(width: 2, height: 2)
      image.fill(with: BGRA(blue: UInt8(value), green: UInt8(value), red: UInt8(value), alpha: 255))
      let planes = TestPlanes(width: 2, height: 2)
      image.withUnsafeBytes { bytes in
        planes.withPlanes {
          YUVKernels.convert(
            bgra: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytesPerRow: 64,
            into: $0, matrix: matrix)
        }
      }
      #expect(planes.luma[0] == UInt8(expectedLuma) && planes.cb[0] == 128 && planes.cr[0] == 128)
    }
  }

  /// Pure red has different luma in BT.601 (0.299) and BT.709 (0.2126): Y = 81.48 and 62.56.
  @Test func matrixSelectionChangesTheResult() {
    var image = Image(width: 2, height: 2)
    image.fill(with: BGRA(blue: 0, green: 0, red: 255, alpha: 255))
    var results: [ColorMatrix: (UInt8, UInt8)] = [:]
    for matrix in ColorMatrix.allCases {
      let planes = TestPlanes(width: 2, height: 2)
      image.withUnsafeBytes { bytes in
        planes.withPlanes {
          YUVKernels.convert(
            bgra: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytesPerRow: 64,
            into: $0, matrix: matrix)
        }
      }
      results[matrix] = (planes.luma[0], planes.cb[0])
    }
    #expect(results[.bt601]?.0 == 81 && results[.bt601]?.1 == 90)
    #expect(results[.bt709]?.0 == 63 && results[.bt709]?.1 == 102)
  }

  /// Decodes random planes and compares with the exact maths and the documented bilinear
  /// chroma (left-sited horizontally, centred vertically, edges repeated).
  @Test(
    arguments: [(1, 1), (3, 5), (321, 241), (64, 48), (2, 7)],
    [(ColorMatrix.bt709, false), (.bt601, false), (.bt709, true), (.bt601, true)])
  func decodeMatchesExactMaths(size: (Int, Int), format: (ColorMatrix, Bool)) {
    let (width, height) = size
    let (matrix, fullRange) = format
    var generator = SeededGenerator(state: UInt64(width * 7919 + height))
    let planes = TestPlanes(width: width, height: height)
    for index in planes.luma.indices {
      planes.luma[index] = .random(in: 0...255, using: &generator)
    }
    for index in planes.cb.indices {
      planes.cb[index] = .random(in: 0...255, using: &generator)
      planes.cr[index] = .random(in: 0...255, using: &generator)
    }
    var image = Image(width: width, height: height)
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { bytes in
      planes.withPlanes {
        YUVKernels.convert(
          $0, into: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytesPerRow: stride,
          matrix: matrix, fullRange: fullRange)
      }
    }
    func chroma(_ sample: (Int, Int) -> Double, x: Int, y: Int) -> Double {
      let near = y / 2
      let far = y % 2 == 0 ? max(near - 1, 0) : min(near + 1, planes.chromaHeight - 1)
      func vertical(_ column: Int) -> Double {
        0.75 * sample(column, near) + 0.25 * sample(column, far)
      }
      let column = x / 2
      return x % 2 == 0
        ? vertical(column)
        : (vertical(column) + vertical(min(column + 1, planes.chromaWidth - 1))) / 2
    }
    var largest = 0.0
    for y in 0..<height {
      for x in 0..<width {
        let exact = ExactYUV.decode(
          luma: planes.y(x, y), cb: chroma(planes.u, x: x, y: y), cr: chroma(planes.v, x: x, y: y),
          matrix: matrix, fullRange: fullRange)
        let p = image[x: x, y: y]
        #expect(p.alpha == 255)
        largest = max(
          largest, abs(Double(p.red) - exact.0), abs(Double(p.green) - exact.1),
          abs(Double(p.blue) - exact.2))
      }
    }
    // Rounding allows 0.5; the 16-bit coefficients add at most 0.03.
    #expect(largest <= 0.54, "\(size) \(matrix) full \(fullRange): error \(largest)")
  }

  /// A smooth picture survives BGRA → yuv420p → BGRA within a few code values (chroma
  /// subsampling of a gradient loses little).
  @Test(arguments: ColorMatrix.allCases)
  func roundTripOfAGradient(matrix: ColorMatrix) {
    let (width, height) = (96, 64)
    var image = Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image[x: x, y: y] = BGRA(
          blue: UInt8(x * 2), green: UInt8(y * 3), red: UInt8(255 - x - y), alpha: 255)
      }
    }
    let planes = TestPlanes(width: width, height: height)
    var result = Image(width: width, height: height)
    image.withUnsafeBytes { source in
      result.withUnsafeMutableBytes { target in
        planes.withPlanes {
          YUVKernels.convert(
            bgra: source.baseAddress!.assumingMemoryBound(to: UInt8.self),
            bytesPerRow: image.bytesPerRow, into: $0, matrix: matrix)
          YUVKernels.convert(
            $0, into: target.baseAddress!.assumingMemoryBound(to: UInt8.self),
            bytesPerRow: image.bytesPerRow, matrix: matrix, fullRange: false)
        }
      }
    }
    var largest = 0
    for y in 1..<(height - 1) {
      for x in 1..<(width - 1) {
        let a = image[x: x, y: y]
        let b = result[x: x, y: y]
        largest = max(
          largest, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
          abs(Int(a.blue) - Int(b.blue)))
      }
    }
    #expect(largest <= 4, "\(matrix): round-trip error \(largest)")
  }

  @Test func pixelConverterDefaultsToReelKernelWithoutScaling() throws {
    let same = try PixelConverter(
      sourceWidth: 64, sourceHeight: 48, width: 64, height: 48, matrix: .bt709)
    #expect(same.kernel == .reel)
    let scaled = try PixelConverter(
      sourceWidth: 64, sourceHeight: 48, width: 32, height: 24, matrix: .bt709)
    #expect(scaled.kernel == .swscale)
    #expect(throws: FFmpegError.self) {
      _ = try PixelConverter(
        sourceWidth: 64, sourceHeight: 48, width: 32, height: 24, matrix: .bt709, kernel: .reel)
    }
  }

  /// PixelConverter's Reel kernel writes the frame's planes at their strides, matching the
  /// exact maths, for both matrices.
  @Test(arguments: ColorMatrix.allCases)
  func pixelConverterReelKernelMatchesExactMaths(matrix: ColorMatrix) throws {
    let image = Self.randomImage(width: 320, height: 240, seed: 42)
    let converter = try PixelConverter(
      sourceWidth: 320, sourceHeight: 240, width: 320, height: 240, matrix: matrix)
    let frame = try #require(FFFrame())
    try converter.convert(image, into: frame)
    let luma = WriterFixture.plane(frame, 0)
    let cb = WriterFixture.plane(frame, 1)
    var largest = 0.0
    for y in stride(from: 0, to: 240, by: 7) {
      for x in stride(from: 0, to: 320, by: 5) {
        let p = image[x: x, y: y]
        let exact = ExactYUV.encode(
          red: Double(p.red), green: Double(p.green), blue: Double(p.blue), matrix: matrix)
        largest = max(largest, abs(Double(luma.data[y * luma.stride + x]) - exact.0))
      }
    }
    var (r, g, b) = (0.0, 0.0, 0.0)
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
      let p = image[x: 10 + dx, y: 20 + dy]
      r += Double(p.red) / 4
      g += Double(p.green) / 4
      b += Double(p.blue) / 4
    }
    let exactChroma = ExactYUV.encode(red: r, green: g, blue: b, matrix: matrix)
    #expect(largest <= 0.51)
    #expect(abs(Double(cb.data[10 * cb.stride + 5]) - exactChroma.1) <= 0.51)
  }
}
