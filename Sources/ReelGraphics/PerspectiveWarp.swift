import ReelCore

/// Reel's scanline warp: draws a source image through a projective (or affine) transform by
/// inverse-mapping each destination pixel centre, sampling the source bilinearly and blending
/// the sample onto the destination.
///
/// The source lies in the plane z = 0, so a ``Transform3D`` reduces to the 3×3 homography
/// of rows (m11, m12, m14), (m21, m22, m24), (m41, m42, m44). Its inverse maps a destination
/// point (X, Y, 1) to homogeneous source coordinates (U, V, Q); along a row these change by a
/// constant step per pixel, so the loop only adds three increments and takes one reciprocal
/// per pixel.
///
/// Only the destination pixels whose centres fall inside the footprint are visited. The
/// footprint is the source rectangle grown by half a pixel (where a bilinear sample with
/// transparent surroundings is non-zero), first clipped to the half-space w ≥ ε in front of
/// the eye (so a layer turned past 90° draws only its visible part), then projected: a
/// convex polygon, intersected with each row's centre line to give that row's span.
///
/// Samples follow pixman's conventions (pixel centres at i + ½, texels outside the source
/// transparent), with 8-bit bilinear weights and exactly rounded integer blending.
struct PerspectiveWarp {
  /// Inverse homography columns, pre-scaled so that `(uStep·X + …) / Q` is the sample
  /// position × 256 − 128 (8 fractional bits, already shifted to texel centres).
  private let uCoefficients: SIMD3<Double>
  private let vCoefficients: SIMD3<Double>
  private let qCoefficients: SIMD3<Double>
  /// The inverse homography (destination → source), rows as in the row-vector convention.
  let inverse: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
  /// The footprint in destination pixels, a convex polygon (possibly with huge coordinates
  /// near the eye plane).
  let footprint: [Point]
  let sourceWidth: Int
  let sourceHeight: Int

  /// Smallest w kept in front of the eye, relative to the transform's own scale.
  private static let eyePlaneEpsilon = 1e-6

  /// Prepares the warp, or returns `nil` when nothing can be drawn: an empty source, a
  /// singular or non-finite transform (a layer seen edge-on), or a layer entirely behind the
  /// eye.
  init?(transform m: Transform3D, sourceWidth: Int, sourceHeight: Int) {
    guard sourceWidth > 0, sourceHeight > 0 else { return nil }
    self.sourceWidth = sourceWidth
    self.sourceHeight = sourceHeight
    let (a, b, c) = (m.m11, m.m12, m.m14)
    let (d, e, f) = (m.m21, m.m22, m.m24)
    let (g, h, i) = (m.m41, m.m42, m.m44)
    let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    guard det != 0, det.isFinite else { return nil }
    let row0 = SIMD3(e * i - f * h, c * h - b * i, b * f - c * e) / det
    let row1 = SIMD3(f * g - d * i, a * i - c * g, c * d - a * f) / det
    let row2 = SIMD3(d * h - e * g, b * g - a * h, a * e - b * d) / det
    guard [row0, row1, row2].allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
    else { return nil }
    inverse = (row0, row1, row2)
    // U = X·row0.x + Y·row1.x + row2.x, and so on: gather the coefficients per output.
    let u = SIMD3(row0.x, row1.x, row2.x)
    let v = SIMD3(row0.y, row1.y, row2.y)
    let q = SIMD3(row0.z, row1.z, row2.z)
    uCoefficients = u * 256 - q * 128
    vCoefficients = v * 256 - q * 128
    qCoefficients = q

    // The footprint: the grown source rectangle clipped to w ≥ ε, then projected.
    let scale = max(abs(c) * Double(sourceWidth), abs(f) * Double(sourceHeight), abs(i), 1e-300)
    let epsilon = PerspectiveWarp.eyePlaneEpsilon * scale
    let grown = [
      SIMD2(-0.5, -0.5), SIMD2(Double(sourceWidth) + 0.5, -0.5),
      SIMD2(Double(sourceWidth) + 0.5, Double(sourceHeight) + 0.5),
      SIMD2(-0.5, Double(sourceHeight) + 0.5),
    ]
    func w(_ p: SIMD2<Double>) -> Double { p.x * c + p.y * f + i }
    var clipped: [SIMD2<Double>] = []
    for index in grown.indices {
      let p = grown[index]
      let next = grown[(index + 1) % grown.count]
      let wp = w(p) - epsilon
      let wn = w(next) - epsilon
      if wp >= 0 { clipped.append(p) }
      if (wp >= 0) != (wn >= 0) {
        let t = wp / (wp - wn)
        clipped.append(p + (next - p) * t)
      }
    }
    var polygon: [Point] = []
    for p in clipped {
      let wp = w(p)
      let projected = Point(x: (p.x * a + p.y * d + g) / wp, y: (p.x * b + p.y * e + h) / wp)
      guard projected.x.isFinite, projected.y.isFinite else { return nil }
      polygon.append(projected)
    }
    guard polygon.count >= 3 else { return nil }
    footprint = polygon
  }

  /// The destination pixels whose centres may lie in the footprint.
  var bounds: PixelBox {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for p in footprint {
      minX = min(minX, p.x)
      maxX = max(maxX, p.x)
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    return PixelBox(
      x0: PerspectiveWarp.clampedIndex((minX - 0.5).rounded(.down)),
      y0: PerspectiveWarp.clampedIndex((minY - 0.5).rounded(.down)),
      x1: PerspectiveWarp.clampedIndex((maxX - 0.5).rounded(.up)) + 1,
      y1: PerspectiveWarp.clampedIndex((maxY - 0.5).rounded(.up)) + 1)
  }

  /// The columns of row `y` whose centres lie inside the footprint (one pixel of slack on
  /// each side; the sampler skips pixels outside the source's support), or `nil`.
  func span(row y: Int) -> Range<Int>? {
    let centre = Double(y) + 0.5
    var minX = Double.infinity
    var maxX = -Double.infinity
    var previous = footprint[footprint.count - 1]
    for point in footprint {
      if (previous.y <= centre && centre <= point.y) || (point.y <= centre && centre <= previous.y)
      {
        let dy = point.y - previous.y
        let x =
          dy == 0 ? min(previous.x, point.x) : previous.x + (centre - previous.y) * (point.x - previous.x) / dy
        let x2 = dy == 0 ? max(previous.x, point.x) : x
        minX = min(minX, x)
        maxX = max(maxX, x2)
      }
      previous = point
    }
    guard minX <= maxX else { return nil }
    let start = PerspectiveWarp.clampedIndex((minX - 0.5).rounded(.down))
    let end = PerspectiveWarp.clampedIndex((maxX - 0.5).rounded(.up)) + 1
    return start..<end
  }

  private static func clampedIndex(_ value: Double) -> Int {
    guard !value.isNaN else { return 0 }
    return Int(min(max(value, -1_073_741_824), 1_073_741_824))
  }

  /// Draws the source onto destination rows `rows` (all rows of the clip box by default).
  ///
  /// - Parameters:
  ///   - source: The source's first pixel; rows `sourceStride` pixels apart.
  ///   - destination: The destination's first pixel; rows `destinationStride` pixels apart.
  ///   - region: The resolved clip, already intersected with the destination's bounds.
  ///   - opacity: 0…255.
  ///   - isCopy: Replace instead of OVER.
  ///   - rows: The destination rows to do (for splitting work between threads).
  func draw(
    source: UnsafePointer<UInt32>, sourceStride: Int,
    destination: UnsafeMutablePointer<UInt32>, destinationStride: Int,
    region: ClipRegion, opacity: UInt64, isCopy: Bool, rows: Range<Int>
  ) {
    let box = region.box.intersection(bounds)
    guard !box.isEmpty else { return }
    let firstRow = max(box.y0, rows.lowerBound)
    let endRow = min(box.y1, rows.upperBound)
    guard firstRow < endRow else { return }
    let sampler = BilinearSampler(
      source: source, stride: sourceStride, width: sourceWidth, height: sourceHeight)
    let coverage = region.coverage
    let mode: SpanBlender.Mode =
      isCopy ? .copy : (coverage == nil && opacity == 255 ? .plainOver : .scaledOver)
    // Rows' spans, clipped to the box.
    var spans: [Range<Int>] = []
    spans.reserveCapacity(endRow - firstRow)
    for y in firstRow..<endRow {
      if let span = self.span(row: y) {
        let x0 = max(span.lowerBound, box.x0)
        let x1 = min(span.upperBound, box.x1)
        spans.append(x0 < x1 ? x0..<x1 : 0..<0)
      } else {
        spans.append(0..<0)
      }
    }
    // Walk the destination in vertical strips: a tilted layer's destination row crosses
    // hundreds of source rows, while a narrow strip keeps the source texels (and pages) it
    // touches few enough to stay in cache from one row to the next.
    let stripWidth = PerspectiveWarp.stripWidth
    var stripStart = box.x0
    while stripStart < box.x1 {
      let stripEnd = min(stripStart + stripWidth, box.x1)
      for y in firstRow..<endRow {
        let span = spans[y - firstRow]
        let x0 = max(span.lowerBound, stripStart)
        let x1 = min(span.upperBound, stripEnd)
        guard x0 < x1 else { continue }
        let blender = SpanBlender(
          sampler: sampler, row: destination + y * destinationStride, rowStart: x0,
          coverage: coverage.map { $0.pointer(x: x0, y: y) },
          coverageStride: coverage?.pixelStride ?? 0, opacity: opacity, mode: mode)
        walk(row: y, from: x0, to: x1, blender: blender)
      }
      stripStart = stripEnd
    }
  }

  /// Width in pixels of the destination strips walked top to bottom.
  static let stripWidth = 64

  /// The largest relative error of a linearly interpolated sample position, in texels.
  private static let interpolationTolerance = 1.0 / 16

  /// Blends the pixels of row `y` in `start..<end` whose centres map inside the source's
  /// bilinear support.
  ///
  /// The sample position is computed exactly (one division) at the ends of spans of up to
  /// 32 pixels and interpolated linearly in between. For a position N/Q with N, Q linear in
  /// x, the second derivative is −2K·q′/Q³ with K = N′Q − NQ′ constant along the row, so a
  /// span of length L strays at most L²·|K·q′| / (4·Q³min) from the true position; the span
  /// length is halved until that is within ``interpolationTolerance`` texels.
  private func walk(row y: Int, from start: Int, to end: Int, blender: SpanBlender) {
    let centreY = Double(y) + 0.5
    let u0 = uCoefficients.y * centreY + uCoefficients.z
    let v0 = vCoefficients.y * centreY + vCoefficients.z
    let q0 = qCoefficients.y * centreY + qCoefficients.z
    let stepU = uCoefficients.x
    let stepV = vCoefficients.x
    let stepQ = qCoefficients.x
    @inline(__always) func position(_ x: Int) -> (u: Double, v: Double, q: Double) {
      let centreX = Double(x) + 0.5
      return (u0 + stepU * centreX, v0 + stepV * centreX, q0 + stepQ * centreX)
    }
    let first = position(start)
    let last = position(end - 1)
    let minimumQ = min(first.q, last.q)
    guard minimumQ > 0 else { return }
    // K for u and v in 256ths of a texel; the bound in texels is L²·|K·q′|/(4·Q³)/256.
    let kU = abs(stepU * first.q - first.u * stepQ)
    let kV = abs(stepV * first.q - first.v * stepQ)
    let curvature = max(kU, kV) * abs(stepQ) / (4 * minimumQ * minimumQ * minimumQ * 256)
    var spanShift = 5
    while spanShift > 0
      && Double(1 << (2 * spanShift)) * curvature > PerspectiveWarp.interpolationTolerance
    {
      spanShift -= 1
    }
    let spanLength = 1 << spanShift
    // Positions in 16.16 fixed point of texels (the coefficients give 256ths, shifted to
    // texel centres); clamped a little outside the source so the conversion cannot trap.
    let lowLimit = -2.0 * 65536
    let highU = Double(sourceWidth + 2) * 65536
    let highV = Double(sourceHeight + 2) * 65536
    let biasInt = 4 * 65536
    let bias = Double(biasInt)
    @inline(__always) func fixed(_ p: (u: Double, v: Double, q: Double)) -> (Int, Int) {
      let reciprocal = 256 / p.q
      let u = min(max(p.u * reciprocal, lowLimit), highU)
      let v = min(max(p.v * reciprocal, lowLimit), highV)
      // Truncating a positive value is a floor: shift up first.
      return (Int(u + bias) &- biasInt, Int(v + bias) &- biasInt)
    }
    var x = start
    var (fu, fv) = fixed(first)
    while x < end {
      let count = min(spanLength, end - x)
      let (nextU, nextV) = fixed(position(x + count))
      // Full spans divide by a power of two with a shift (no integer division per span).
      let du = count == spanLength ? (nextU &- fu) >> spanShift : (nextU &- fu) / count
      let dv = count == spanLength ? (nextV &- fv) >> spanShift : (nextV &- fv) / count
      blender.blend(from: x, count: count, u: fu, du: du, v: fv, dv: dv)
      fu = nextU
      fv = nextV
      x += count
    }
  }
}

/// Bilinear sampling of premultiplied BGRA with transparent texels outside the source.
struct BilinearSampler {
  let source: UnsafePointer<UInt32>
  let stride: Int
  let width: Int
  let height: Int

  /// The sample at a position near or outside the source's edge, in 16.16 fixed point
  /// relative to texel centres (position − ½), or `nil` when no texel contributes or the
  /// sample is fully transparent. Taps outside the source are transparent.
  @inline(never)
  func edgeSample(fixedU: Int, fixedV: Int) -> UInt64? {
    let tx = fixedU >> 16
    let ty = fixedV >> 16
    let fx = UInt64(truncatingIfNeeded: (fixedU >> 8) & 255)
    let fy = UInt64(truncatingIfNeeded: (fixedV >> 8) & 255)
    guard tx >= -1, ty >= -1, tx < width, ty < height, tx >= 0 || fx > 0, ty >= 0 || fy > 0
    else { return nil }
    func tap(_ cx: Int, _ cy: Int) -> UInt64 {
      guard cx >= 0, cy >= 0, cx < width, cy < height else { return 0 }
      return BlendKernels.expand(source[cy * stride + cx])
    }
    let sample = BlendKernels.bilinear(
      tap(tx, ty), tap(tx + 1, ty), tap(tx, ty + 1), tap(tx + 1, ty + 1), fx: fx, fy: fy)
    return sample == 0 ? nil : sample
  }
}

/// Samples and blends one run of destination pixels whose source positions step linearly.
struct SpanBlender {
  enum Mode {
    /// OVER at full opacity without per-pixel coverage.
    case plainOver
    /// OVER scaled by opacity and/or clip coverage.
    case scaledOver
    /// Replace (``Compositor/BlendMode/copy``).
    case copy
  }

  let sampler: BilinearSampler
  /// The destination row's first pixel (column 0).
  let row: UnsafeMutablePointer<UInt32>
  /// The column the coverage pointer belongs to.
  let rowStart: Int
  let coverage: UnsafePointer<UInt8>?
  let coverageStride: Int
  let opacity: UInt64
  let mode: Mode

  /// Blends columns `start..<start + count`; the sample position of column `start + i` is
  /// (u + i·du, v + i·dv) in 16.16 fixed point relative to texel centres.
  func blend(from start: Int, count: Int, u: Int, du: Int, v: Int, dv: Int) {
    if mode == .plainOver {
      blendPlainOver(from: start, count: count, u: u, du: du, v: v, dv: dv)
    } else {
      blendGeneral(from: start, count: count, u: u, du: du, v: v, dv: dv)
    }
  }

  /// ``blend(from:count:u:du:v:dv:)`` for OVER at full opacity without coverage: the path
  /// of every plain 3D layer, kept small so its loop state stays in registers.
  private func blendPlainOver(from start: Int, count: Int, u: Int, du: Int, v: Int, dv: Int) {
    let source = sampler.source
    let stride = sampler.stride
    let lastX = UInt(bitPattern: sampler.width &- 1)
    let lastY = UInt(bitPattern: sampler.height &- 1)
    var fu = u
    var fv = v
    var target = row + start
    var remaining = count
    while remaining >= 2 {
      let u1 = fu &+ du
      let v1 = fv &+ dv
      if UInt(bitPattern: fu >> 16) < lastX && UInt(bitPattern: fv >> 16) < lastY
        && UInt(bitPattern: u1 >> 16) < lastX && UInt(bitPattern: v1 >> 16) < lastY
      {
        PixelPairs.blendOver(
          source: source, stride: stride, u0: fu, v0: fv, u1: u1, v1: v1, into: target,
          factors: nil)
      } else {
        if let sample = sampler.edgeSample(fixedU: fu, fixedV: fv) {
          BlendKernels.store(sample, into: target, copyCoverage: 255, isCopy: false)
        }
        if let sample = sampler.edgeSample(fixedU: u1, fixedV: v1) {
          BlendKernels.store(sample, into: target + 1, copyCoverage: 255, isCopy: false)
        }
      }
      fu = u1 &+ du
      fv = v1 &+ dv
      target += 2
      remaining &-= 2
    }
    if remaining == 1 {
      if UInt(bitPattern: fu >> 16) < lastX && UInt(bitPattern: fv >> 16) < lastY {
        let p = source + ((fv >> 16) &* stride &+ (fu >> 16))
        let (w00, w01, w10, w11) = PixelPairs.weights(fu, fv)
        let sample = BlendKernels.bilinearWeighted(
          BlendKernels.expand(p[0]), BlendKernels.expand(p[1]),
          BlendKernels.expand(p[stride]), BlendKernels.expand(p[stride &+ 1]),
          w00: w00, w01: w01, w10: w10, w11: w11)
        BlendKernels.store(sample, into: target, copyCoverage: 255, isCopy: false)
      } else if let sample = sampler.edgeSample(fixedU: fu, fixedV: fv) {
        BlendKernels.store(sample, into: target, copyCoverage: 255, isCopy: false)
      }
    }
  }

  /// ``blend(from:count:u:du:v:dv:)`` with opacity, coverage or copy.
  private func blendGeneral(from start: Int, count: Int, u: Int, du: Int, v: Int, dv: Int) {
    let source = sampler.source
    let stride = sampler.stride
    let lastX = UInt(bitPattern: sampler.width &- 1)
    let lastY = UInt(bitPattern: sampler.height &- 1)
    var fu = u
    var fv = v
    var target = row + start
    var coverageIndex = (start &- rowStart) &* coverageStride
    var remaining = count
    if mode != .copy {
      // Two pixels at a time while both samples are inside the source.
      while remaining >= 2 {
        let u1 = fu &+ du
        let v1 = fv &+ dv
        guard UInt(bitPattern: fu >> 16) < lastX, UInt(bitPattern: fv >> 16) < lastY,
          UInt(bitPattern: u1 >> 16) < lastX, UInt(bitPattern: v1 >> 16) < lastY
        else { break }
        var factor0 = opacity
        var factor1 = opacity
        if let coverage {
          factor0 = BlendKernels.multiplyScalar(opacity, UInt64(coverage[coverageIndex]))
          factor1 = BlendKernels.multiplyScalar(
            opacity, UInt64(coverage[coverageIndex &+ coverageStride]))
        }
        PixelPairs.blendOver(
          source: source, stride: stride, u0: fu, v0: fv, u1: u1, v1: v1, into: target,
          factors: mode == .plainOver ? nil : (factor0, factor1))
        fu = u1 &+ du
        fv = v1 &+ dv
        target += 2
        coverageIndex &+= 2 &* coverageStride
        remaining &-= 2
      }
    }
    for _ in 0..<remaining {
      defer {
        fu &+= du
        fv &+= dv
        target += 1
        coverageIndex &+= coverageStride
      }
      let tx = fu >> 16
      let ty = fv >> 16
      var sample: UInt64
      if UInt(bitPattern: tx) < lastX && UInt(bitPattern: ty) < lastY {
        let p = source + (ty &* stride &+ tx)
        let a = p[0]
        let b = p[1]
        let c = p[stride]
        let d = p[stride &+ 1]
        if a == b && a == c && a == d {
          if a == 0 && mode != .copy { continue }
          sample = BlendKernels.expand(a)
        } else {
          let fx = UInt64(truncatingIfNeeded: (fu >> 8) & 255)
          let fy = UInt64(truncatingIfNeeded: (fv >> 8) & 255)
          sample = BlendKernels.bilinear(
            BlendKernels.expand(a), BlendKernels.expand(b), BlendKernels.expand(c),
            BlendKernels.expand(d), fx: fx, fy: fy)
        }
      } else {
        guard let edge = sampler.edgeSample(fixedU: fu, fixedV: fv) else { continue }
        sample = edge
      }
      switch mode {
      case .plainOver:
        BlendKernels.store(sample, into: target, copyCoverage: 255, isCopy: false)
      case .scaledOver:
        var factor = opacity
        if let coverage {
          factor = BlendKernels.multiplyScalar(opacity, UInt64(coverage[coverageIndex]))
        }
        if factor != 255 { sample = BlendKernels.multiply(sample, by: factor) }
        BlendKernels.store(sample, into: target, copyCoverage: 255, isCopy: false)
      case .copy:
        let clipCoverage = coverage.map { UInt64($0[coverageIndex]) } ?? 255
        if opacity != 255 { sample = BlendKernels.multiply(sample, by: opacity) }
        BlendKernels.store(sample, into: target, copyCoverage: clipCoverage, isCopy: true)
      }
    }
  }
}

/// Bilinear sampling and OVER for two destination pixels at once, with their eight
/// channels in the 16-bit lanes of one SIMD register (native 16-bit multiplies).
enum PixelPairs {
  typealias Lanes = SIMD8<UInt16>

  /// The channels of two packed pixels, widened to 16 bits.
  @inline(__always)
  static func widen(_ first: UInt32, _ second: UInt32) -> Lanes {
    let bytes = unsafeBitCast(UInt64(first) | UInt64(second) << 32, to: SIMD8<UInt8>.self)
    return Lanes(truncatingIfNeeded: bytes)
  }

  /// `first` in the four lanes of pixel 0 and `second` in those of pixel 1.
  @inline(__always)
  static func broadcast(_ first: UInt64, _ second: UInt64) -> Lanes {
    let spread: UInt64 = 0x0001_0001_0001_0001
    return unsafeBitCast(SIMD2<UInt64>(first &* spread, second &* spread), to: Lanes.self)
  }

  /// Two packed pixels from lanes holding 0…255.
  @inline(__always)
  static func narrow(_ lanes: Lanes) -> UInt64 {
    unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: lanes), to: UInt64.self)
  }

  /// `round(x / 255)` per lane for x ≤ 65025.
  @inline(__always)
  static func divide255(_ x: Lanes) -> Lanes {
    let t = x &+ 128
    return (t &+ (t &>> 8)) &>> 8
  }

  /// The bilinear weights (w00, w01, w10, w11) for 8-bit fractions; they sum to 256.
  @inline(__always)
  static func weights(_ u: Int, _ v: Int) -> (UInt64, UInt64, UInt64, UInt64) {
    let fx = UInt64(truncatingIfNeeded: (u >> 8) & 255)
    let fy = UInt64(truncatingIfNeeded: (v >> 8) & 255)
    let w11 = (fx &* fy) >> 8
    return (256 &- fx &- fy &+ w11, fx &- w11, fy &- w11, w11)
  }

  /// Samples positions (u0, v0) and (u1, v1) (16.16 fixed point relative to texel
  /// centres, both with all taps inside the source), scales them by `factors` when given,
  /// and composites them OVER `target[0]` and `target[1]`.
  @inline(__always)
  static func blendOver(
    source: UnsafePointer<UInt32>, stride: Int, u0: Int, v0: Int, u1: Int, v1: Int,
    into target: UnsafeMutablePointer<UInt32>, factors: (UInt64, UInt64)?
  ) {
    let p0 = source + ((v0 >> 16) &* stride &+ (u0 >> 16))
    let p1 = source + ((v1 >> 16) &* stride &+ (u1 >> 16))
    let fx = broadcast(
      UInt64(truncatingIfNeeded: (u0 >> 8) & 255), UInt64(truncatingIfNeeded: (u1 >> 8) & 255))
    let fy = broadcast(
      UInt64(truncatingIfNeeded: (v0 >> 8) & 255), UInt64(truncatingIfNeeded: (v1 >> 8) & 255))
    let w11 = (fx &* fy) &>> 8
    let w01 = fx &- w11
    let w10 = fy &- w11
    let w00 = 256 &- fx &- fy &+ w11
    var sum = widen(p0[0], p1[0]) &* w00
    sum &+= widen(p0[1], p1[1]) &* w01
    sum &+= widen(p0[stride], p1[stride]) &* w10
    sum &+= widen(p0[stride &+ 1], p1[stride &+ 1]) &* w11
    var sample = (sum &+ 128) &>> 8
    if let factors { sample = divide255(sample &* broadcast(factors.0, factors.1)) }
    let packed = narrow(sample)
    let raw = UnsafeMutableRawPointer(target)
    if packed & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
      raw.storeBytes(of: packed, as: UInt64.self)
      return
    }
    if packed == 0 { return }
    let inverse = broadcast(255 &- ((packed >> 24) & 255), 255 &- (packed >> 56))
    let destination = widen(target[0], target[1])
    raw.storeBytes(of: narrow(sample &+ divide255(destination &* inverse)), as: UInt64.self)
  }
}
