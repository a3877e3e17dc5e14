import CFFmpeg
import CYUV
import Foundation
import ReelCore
@_spi(Benchmarks) import ReelMedia

/// BGRA ↔ yuv420p at 1080p: Reel's kernels against swscale (with the flags Reel used before)
/// and libyuv, called directly as peers, alternating in this process.
extension Benchmarks {
  /// Three owned 4:2:0 planes.
  final class PlaneBuffers {
    let width: Int
    let height: Int
    let luma: UnsafeMutablePointer<UInt8>
    let cb: UnsafeMutablePointer<UInt8>
    let cr: UnsafeMutablePointer<UInt8>
    var chromaWidth: Int { (width + 1) / 2 }
    var chromaHeight: Int { (height + 1) / 2 }

    init(width: Int, height: Int) {
      self.width = width
      self.height = height
      luma = .allocate(capacity: width * height + 64)
      cb = .allocate(capacity: (width + 1) / 2 * ((height + 1) / 2) + 64)
      cr = .allocate(capacity: (width + 1) / 2 * ((height + 1) / 2) + 64)
      luma.initialize(repeating: 0, count: width * height + 64)
      cb.initialize(repeating: 0, count: (width + 1) / 2 * ((height + 1) / 2) + 64)
      cr.initialize(repeating: 0, count: (width + 1) / 2 * ((height + 1) / 2) + 64)
    }

    deinit {
      luma.deallocate()
      cb.deallocate()
      cr.deallocate()
    }

    var planes: YUVKernels.Planes {
      YUVKernels.Planes(
        width: width, height: height, luma: luma, lumaStride: width, cb: cb,
        cbStride: chromaWidth, cr: cr, crStride: chromaWidth)
    }
  }

  /// Median thread-CPU milliseconds of each engine, run round-robin `runs` times.
  static func alternate(runs: Int, _ engines: [() -> Void]) -> [Double] {
    var times = Array(repeating: [Double](), count: engines.count)
    for run in 0...runs {
      for (index, engine) in engines.enumerated() {
        let start = threadTime()
        engine()
        let time = threadTime() - start
        if run > 0 { times[index].append(time) }
      }
    }
    return times.map { $0.sorted()[$0.count / 2] }
  }

  /// A 1080p frame with gradients plus pseudo-random noise, so every code value appears.
  static func makeNoisyFrame(width: Int, height: Int) -> Image {
    var image = makeVideoLikeFrame(width: width, height: height)
    var state: UInt32 = 0x1234_5678
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { raw in
      for y in 0..<height {
        for x in 0..<width where (x / 64 + y / 64) % 2 == 1 {
          for channel in 0..<3 {
            state = state &* 1_664_525 &+ 1_013_904_223
            raw[y * stride + x * 4 + channel] = UInt8(truncatingIfNeeded: state >> 24)
          }
        }
      }
    }
    return image
  }

  static func pixels() throws {
    let image = makeNoisyFrame(width: width, height: height)
    let output = PlaneBuffers(width: width, height: height)
    let source = image.withUnsafeBytes { $0.baseAddress!.assumingMemoryBound(to: UInt8.self) }
    let sourceStride = image.bytesPerRow

    // MARK: BGRA → yuv420p
    func makeContext(
      _ from: AVPixelFormat, _ to: AVPixelFormat, flags: Int32, matrix: Int32,
      rgbIsSource: Bool
    ) -> OpaquePointer? {
      let context = sws_getContext(
        Int32(width), Int32(height), from, Int32(width), Int32(height), to, flags, nil, nil, nil)
      let table = sws_getCoefficients(matrix)
      _ = sws_setColorspaceDetails(
        context, table, rgbIsSource ? 1 : 0, table, rgbIsSource ? 0 : 1, 0, 1 << 16, 1 << 16)
      return context
    }
    let encodeScaler = makeContext(
      AV_PIX_FMT_BGRA, AV_PIX_FMT_YUV420P,
      flags: SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, matrix: SWS_CS_ITU709,
      rgbIsSource: true)
    defer { sws_freeContext(encodeScaler) }
    func swscaleEncode() {
      var sourcePlanes: [UnsafePointer<UInt8>?] = [UnsafePointer(source), nil, nil, nil]
      var sourceStrides: [Int32] = [Int32(sourceStride), 0, 0, 0]
      var planes: [UnsafeMutablePointer<UInt8>?] = [output.luma, output.cb, output.cr, nil]
      var strides: [Int32] = [
        Int32(output.width), Int32(output.chromaWidth), Int32(output.chromaWidth), 0,
      ]
      _ = sws_scale(
        encodeScaler, &sourcePlanes, &sourceStrides, 0, Int32(height), &planes, &strides)
    }
    func libyuvEncode() {
      _ = ARGBToI420(
        source, Int32(sourceStride), output.luma, Int32(output.width), output.cb,
        Int32(output.chromaWidth), output.cr, Int32(output.chromaWidth), Int32(width),
        Int32(height))
    }
    func reelEncode(_ matrix: ColorMatrix) {
      YUVKernels.convert(
        bgra: source, bytesPerRow: sourceStride, into: output.planes, matrix: matrix)
    }
    let encodeRuns = 15
    let encodeTimes = alternate(
      runs: encodeRuns,
      [swscaleEncode, libyuvEncode, { reelEncode(.bt709) }, { reelEncode(.bt601) }])
    print("BGRA → yuv420p 1080p, single thread, median of \(encodeRuns) alternating runs")
    print(
      String(
        format: "  swscale (bicubic, accurate_rnd, full_chr_h_inp, BT.709) %7.2f ms/frame",
        encodeTimes[0]))
    print(
      String(
        format: "  libyuv ARGBToI420 (BT.601 only)                         %7.2f ms/frame",
        encodeTimes[1]))
    print(
      String(
        format: "  Reel YUVKernels BT.709                                  %7.2f ms/frame",
        encodeTimes[2]))
    print(
      String(
        format: "  Reel YUVKernels BT.601                                  %7.2f ms/frame",
        encodeTimes[3]))
    print(
      String(
        format: "  speed-up Reel vs swscale %.1f×, Reel vs libyuv %.2f×",
        encodeTimes[0] / encodeTimes[2], encodeTimes[1] / encodeTimes[3]))
    for (name, matrix, engine) in [
      ("swscale BT.709", ColorMatrix.bt709, swscaleEncode),
      ("libyuv BT.601", .bt601, libyuvEncode),
      ("Reel BT.709", .bt709, { reelEncode(.bt709) }),
      ("Reel BT.601", .bt601, { reelEncode(.bt601) }),
    ] {
      engine()
      let error = encodeError(image, output, matrix: matrix)
      print(
        String(
          format: "  %-15@ vs exact maths: Y max %.2f mean %.3f, CbCr max %.2f mean %.3f",
          name as NSString, error.lumaMax, error.lumaMean, error.chromaMax, error.chromaMean))
    }

    // MARK: yuv420p → BGRA
    reelEncode(.bt709)
    let planes = output.planes
    var decoded = Image(width: width, height: height)
    let destination = decoded.withUnsafeMutableBytes {
      $0.baseAddress!.assumingMemoryBound(to: UInt8.self)
    }
    let destinationStride = decoded.bytesPerRow
    let decodeScaler = makeContext(
      AV_PIX_FMT_YUV420P, AV_PIX_FMT_BGRA,
      flags: SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, matrix: SWS_CS_ITU709,
      rgbIsSource: false)
    let fastScaler = makeContext(
      AV_PIX_FMT_YUV420P, AV_PIX_FMT_BGRA, flags: SWS_BILINEAR, matrix: SWS_CS_ITU709,
      rgbIsSource: false)
    defer {
      sws_freeContext(decodeScaler)
      sws_freeContext(fastScaler)
    }
    func swscaleDecode(_ context: OpaquePointer?) -> () -> Void {
      {
        var sourcePlanes: [UnsafePointer<UInt8>?] = [
          UnsafePointer(output.luma), UnsafePointer(output.cb), UnsafePointer(output.cr), nil,
        ]
        var sourceStrides: [Int32] = [
          Int32(output.width), Int32(output.chromaWidth), Int32(output.chromaWidth), 0,
        ]
        var destinationPlanes: [UnsafeMutablePointer<UInt8>?] = [destination, nil, nil, nil]
        var destinationStrides: [Int32] = [Int32(destinationStride), 0, 0, 0]
        _ = sws_scale(
          context, &sourcePlanes, &sourceStrides, 0, Int32(height), &destinationPlanes,
          &destinationStrides)
      }
    }
    func libyuvDecode() {
      _ = H420ToARGB(
        output.luma, Int32(output.width), output.cb, Int32(output.chromaWidth), output.cr,
        Int32(output.chromaWidth), destination, Int32(destinationStride), Int32(width),
        Int32(height))
    }
    func reelDecode() {
      YUVKernels.convert(
        planes, into: destination, bytesPerRow: destinationStride, matrix: .bt709,
        fullRange: false)
    }
    let decodeRuns = 15
    let decodeTimes = alternate(
      runs: decodeRuns,
      [swscaleDecode(decodeScaler), swscaleDecode(fastScaler), libyuvDecode, reelDecode])
    print("yuv420p → BGRA 1080p BT.709 limited, single thread, median of \(decodeRuns) runs")
    print(
      String(
        format: "  swscale (bicubic, accurate_rnd, full_chr_h_int) %7.2f ms/frame", decodeTimes[0]))
    print(
      String(
        format: "  swscale (bilinear, default flags)               %7.2f ms/frame", decodeTimes[1]))
    print(
      String(
        format: "  libyuv H420ToARGB                               %7.2f ms/frame", decodeTimes[2]))
    print(
      String(
        format: "  Reel YUVKernels                                 %7.2f ms/frame", decodeTimes[3]))
    print(
      String(
        format: "  speed-up Reel vs swscale (Reel's previous path) %.1f×, vs libyuv %.2f×",
        decodeTimes[0] / decodeTimes[3], decodeTimes[2] / decodeTimes[3]))
    swscaleDecode(decodeScaler)()
    // `decoded` is written through a raw pointer: copy its bytes, not the (shared) value.
    var reference = Image(width: width, height: height)
    reference.withUnsafeMutableBytes { target in
      decoded.withUnsafeBytes { target.copyMemory(from: $0) }
    }
    var copies: [(String, Image)] = []
    for (name, engine) in [
      ("swscale bilinear", swscaleDecode(fastScaler)), ("libyuv", libyuvDecode),
      ("Reel", reelDecode),
    ] {
      engine()
      var copy = Image(width: width, height: height)
      copy.withUnsafeMutableBytes { target in
        decoded.withUnsafeBytes { target.copyMemory(from: $0) }
      }
      copies.append((name, copy))
    }
    for (name, result) in copies {
      let difference = compare(reference, result)
      let exact = decodeError(output, result)
      print(
        String(
          format:
            "  %-16@ vs swscale accurate: mean |Δ| %.3f max %d; vs exact bilinear maths: max %.2f mean %.3f",
          name as NSString, difference.mean, difference.max, exact.max, exact.mean))
    }
    _ = decoded
  }

  /// Largest and mean |error| of planes against the exact real-valued maths for `image`.
  static func encodeError(_ image: Image, _ planes: PlaneBuffers, matrix: ColorMatrix) -> (
    lumaMax: Double, lumaMean: Double, chromaMax: Double, chromaMean: Double
  ) {
    let (kr, kb) = matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
    let kg = 1 - kr - kb
    var lumaMax = 0.0
    var lumaSum = 0.0
    var chromaMax = 0.0
    var chromaSum = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let p = image[x: x, y: y]
        let expected =
          16 + 219 * (kr * Double(p.red) + kg * Double(p.green) + kb * Double(p.blue)) / 255
        let error = abs(Double(planes.luma[y * planes.width + x]) - expected)
        lumaMax = max(lumaMax, error)
        lumaSum += error
      }
    }
    for row in 0..<planes.chromaHeight {
      for column in 0..<planes.chromaWidth {
        var (r, g, b) = (0.0, 0.0, 0.0)
        for dy in 0..<2 {
          for dx in 0..<2 {
            let p = image[
              x: min(column * 2 + dx, image.width - 1), y: min(row * 2 + dy, image.height - 1)]
            r += Double(p.red) / 4
            g += Double(p.green) / 4
            b += Double(p.blue) / 4
          }
        }
        let luma = kr * r + kg * g + kb * b
        let expectedCb = 128 + 224 / 255 * (b - luma) / (2 * (1 - kb))
        let expectedCr = 128 + 224 / 255 * (r - luma) / (2 * (1 - kr))
        let index = row * planes.chromaWidth + column
        let errors = [
          abs(Double(planes.cb[index]) - expectedCb), abs(Double(planes.cr[index]) - expectedCr),
        ]
        chromaMax = max(chromaMax, errors[0], errors[1])
        chromaSum += errors[0] + errors[1]
      }
    }
    let lumaCount = Double(image.width * image.height)
    let chromaCount = Double(2 * planes.chromaWidth * planes.chromaHeight)
    return (lumaMax, lumaSum / lumaCount, chromaMax, chromaSum / chromaCount)
  }

  /// Largest and mean |error| per channel of `image` against the exact BT.709 limited-range
  /// maths with bilinear chroma (left-sited horizontally, centred vertically).
  static func decodeError(_ planes: PlaneBuffers, _ image: Image) -> (max: Double, mean: Double) {
    let (kr, kb) = (0.2126, 0.0722)
    let kg = 1 - kr - kb
    func chroma(_ plane: UnsafeMutablePointer<UInt8>, x: Int, y: Int) -> Double {
      let near = y / 2
      let far = y % 2 == 0 ? max(near - 1, 0) : min(near + 1, planes.chromaHeight - 1)
      func vertical(_ column: Int) -> Double {
        0.75 * Double(plane[near * planes.chromaWidth + column]) + 0.25
          * Double(plane[far * planes.chromaWidth + column])
      }
      let column = x / 2
      if x % 2 == 0 { return vertical(column) }
      return (vertical(column) + vertical(min(column + 1, planes.chromaWidth - 1))) / 2
    }
    var largest = 0.0
    var sum = 0.0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let luma = (Double(planes.luma[y * planes.width + x]) - 16) * 255 / 219
        let cb = (chroma(planes.cb, x: x, y: y) - 128) * 255 / 224
        let cr = (chroma(planes.cr, x: x, y: y) - 128) * 255 / 224
        let red = luma + 2 * (1 - kr) * cr
        let blue = luma + 2 * (1 - kb) * cb
        let green = (luma - kr * red - kb * blue) / kg
        let p = image[x: x, y: y]
        for (value, expected) in [(p.red, red), (p.green, green), (p.blue, blue)] {
          let error = abs(Double(value) - min(max(expected, 0), 255))
          largest = max(largest, error)
          sum += error
        }
      }
    }
    return (largest, sum / Double(3 * image.width * image.height))
  }
}
