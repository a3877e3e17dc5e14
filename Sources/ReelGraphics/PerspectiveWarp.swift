import CReelKernels
import ReelCore

/// Reel's scanline warp: draws a source image through a projective (or affine) transform by
/// inverse-mapping each destination pixel centre, sampling the source bilinearly and blending
/// the sample onto the destination.
///
/// The source lies in the plane z = 0, so a ``Transform3D`` reduces to the 3×3 homography
/// of rows (m11, m12, m14), (m21, m22, m24), (m41, m42, m44). Its inverse maps a destination
/// point (X, Y, 1) to homogeneous source coordinates (U, V, Q), which change by a constant
/// step per pixel along a row. The sample position U/Q, V/Q is computed exactly (one
/// reciprocal) at the start of spans of up to 64 pixels and stepped in between by
/// second-order forward differences in fixed point, the span length chosen per row so the
/// position stays within 1/64 texel of the exact one (see `walk`).
///
/// Interior pixels at full opacity are sampled and blended four at a time in 16-bit SIMD
/// lanes by a C kernel (`reel_warp_over_interior`, built for SSE2 and AVX2, chosen at run
/// time), which also prefetches what a later row will read; tilted layers are walked in
/// 64-pixel-wide vertical strips so the source texels a row needs stay in cache for the
/// next row.
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
  /// Inverse homography columns, pre-scaled so that `(u·X + …) / Q` is the sample position
  /// × 256 − 128 (in 256ths of a texel, already shifted to texel centres).
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
      x0: PixelLimits.integer((minX - 0.5).rounded(.down)),
      y0: PixelLimits.integer((minY - 0.5).rounded(.down)),
      x1: PixelLimits.integer((maxX - 0.5).rounded(.up)) + 1,
      y1: PixelLimits.integer((maxY - 0.5).rounded(.up)) + 1)
  }

  /// The columns of row `y` whose centres lie inside the footprint, or `nil`. (A centre
  /// exactly on its edge would get zero weight anyway.)
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
          dy == 0
          ? min(previous.x, point.x)
          : previous.x + (centre - previous.y) * (point.x - previous.x) / dy
        let x2 = dy == 0 ? max(previous.x, point.x) : x
        minX = min(minX, x)
        maxX = max(maxX, x2)
      }
      previous = point
    }
    guard minX <= maxX else { return nil }
    let start = PixelLimits.integer((minX - 0.5).rounded(.up))
    let end = PixelLimits.integer((maxX - 0.5).rounded(.down)) + 1
    return start < end ? start..<end : nil
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
    // Walk the destination in vertical strips when its rows cross many source rows (a
    // tilted or rotated layer): a narrow strip keeps the source texels it touches few
    // enough to stay in cache from one row to the next. Rows that stay within a few source
    // rows are walked whole, which keeps both images streaming sequentially.
    let stripWidth =
      max(
        sourceRowsCrossed(width: box.width, row: firstRow),
        sourceRowsCrossed(width: box.width, row: endRow - 1))
        > PerspectiveWarp.rowsCrossedForStrips ? PerspectiveWarp.stripWidth : box.width
    var stripStart = box.x0
    while stripStart < box.x1 {
      let stripEnd = min(stripStart + stripWidth, box.x1)
      for y in firstRow..<endRow {
        let span = spans[y - firstRow]
        let x0 = max(span.lowerBound, stripStart)
        let x1 = min(span.upperBound, stripEnd)
        guard x0 < x1 else { continue }
        var blender = SpanBlender(
          sampler: sampler, row: destination + y * destinationStride, rowStart: x0,
          coverage: coverage.map { $0.pointer(x: x0, y: y) },
          coverageStride: coverage?.pixelStride ?? 0, opacity: opacity, mode: mode)
        if y + PerspectiveWarp.rowsAhead < endRow {
          blender.sourceAhead = sourceOffset(
            x: x0, from: y, to: y + PerspectiveWarp.rowsAhead, stride: sourceStride)
          blender.targetAhead = PerspectiveWarp.rowsAhead * destinationStride
        }
        walk(row: y, from: x0, to: x1, blender: blender)
      }
      stripStart = stripEnd
    }
  }

  /// How many destination rows ahead the kernel prefetches.
  static let rowsAhead = 4

  /// The offset in source pixels from the texel sampled for column `x` of row `y` to the one
  /// sampled for the same column of row `later` (0 if either is not in front of the eye).
  private func sourceOffset(x: Int, from y: Int, to later: Int, stride: Int) -> Int {
    func texel(_ row: Int) -> (Double, Double)? {
      let point = SIMD3(Double(x) + 0.5, Double(row) + 0.5, 1)
      let q = (qCoefficients * point).sum()
      guard q > 0 else { return nil }
      return ((uCoefficients * point).sum() / (q * 256), (vCoefficients * point).sum() / (q * 256))
    }
    guard let first = texel(y), let second = texel(later) else { return 0 }
    let offset =
      (second.1.rounded(.down) - first.1.rounded(.down)) * Double(stride)
      + (second.0.rounded(.down) - first.0.rounded(.down))
    return offset.magnitude < 1e12 ? Int(offset) : 0
  }

  /// Width in pixels of the destination strips walked top to bottom.
  static let stripWidth = 64

  /// How many source rows a full destination row must cross before strips are used.
  static let rowsCrossedForStrips = 16.0

  /// About how many source rows `width` destination pixels of row `y` cross, from the
  /// vertical sample rate dv/dx = K_V/Q² at the footprint's middle column (the top and
  /// bottom rows of a tilted layer cross the most).
  private func sourceRowsCrossed(width: Int, row y: Int) -> Double {
    let bounds = self.bounds
    let x = (Double(bounds.x0) + Double(bounds.x1)) / 2
    let centreY = Double(y) + 0.5
    let q = qCoefficients.x * x + qCoefficients.y * centreY + qCoefficients.z
    let v = vCoefficients.x * x + vCoefficients.y * centreY + vCoefficients.z
    let rate = abs(vCoefficients.x * q - v * qCoefficients.x) / (q * q * 256)
    let crossed = rate * Double(width)
    return crossed.isFinite ? crossed : .infinity
  }

  /// The largest error of an extrapolated sample position, in texels.
  private static let positionTolerance = 1.0 / 64

  /// Blends the pixels of row `y` in `start..<end` (all with centres inside the footprint).
  ///
  /// Along a row a sample coordinate is f(x) = N(x)/Q(x) with N and Q linear, so
  /// K = N′Q − NQ′ is constant and f′ = K/Q², f″ = −2Kq′/Q³, f‴ = 6Kq′²/Q⁴. Each span
  /// starts from the exact position (one reciprocal) and steps by second-order forward
  /// differences (two integer additions per coordinate per pixel); the third-order error
  /// over a span of L pixels is at most L³·|K|·q′²/Q⁴, and L (≤ 64) is halved until that
  /// is within ``positionTolerance`` texels.
  private func walk(row y: Int, from start: Int, to end: Int, blender: SpanBlender) {
    let centreY = Double(y) + 0.5
    let u0 = uCoefficients.y * centreY + uCoefficients.z
    let v0 = vCoefficients.y * centreY + vCoefficients.z
    let q0 = qCoefficients.y * centreY + qCoefficients.z
    let stepU = uCoefficients.x
    let stepV = vCoefficients.x
    let stepQ = qCoefficients.x
    // N′Q − NQ′ evaluated at x = 0 (it is the same everywhere on the row).
    let kU = stepU * q0 - u0 * stepQ
    let kV = stepV * q0 - v0 * stepQ
    let firstQ = q0 + stepQ * (Double(start) + 0.5)
    let lastQ = q0 + stepQ * (Double(end) - 0.5)
    let minimumQ = min(firstQ, lastQ)
    guard minimumQ > 0 else { return }
    // Third-order bound per L³, converted from 256ths to texels.
    let squaredQ = minimumQ * minimumQ
    let thirdOrder = max(abs(kU), abs(kV)) * stepQ * stepQ / (squaredQ * squaredQ * 256)
    var spanShift = 6
    while spanShift > 0
      && Double(1 << (3 * spanShift)) * thirdOrder > PerspectiveWarp.positionTolerance
    {
      spanShift -= 1
    }
    let spanLength = 1 << spanShift
    // Positions are 24-bit fixed point of texels; the coefficients give 256ths, so scale
    // by 2¹⁶. Values are clamped far outside the source only so conversions cannot trap.
    let scale = 65536.0
    let limit = 1.0e13
    let biasInt = 1 << 44
    let bias = Double(biasInt)
    @inline(__always) func stepper(at x: Int) -> PositionStepper {
      let centreX = Double(x) + 0.5
      let q = q0 + stepQ * centreX
      let r = 1 / q
      let u = (u0 + stepU * centreX) * r
      let v = (v0 + stepV * centreX) * r
      let r2 = r * r
      let secondU = -2 * kU * stepQ * r2 * r
      let secondV = -2 * kV * stepQ * r2 * r
      // Fixed point within ±limit; NaN (a degenerate homography) becomes 0, never a trap.
      @inline(__always) func scaled(_ value: Double) -> Double {
        let product = value * scale
        return product.isNaN ? 0 : min(max(product, -limit), limit)
      }
      @inline(__always) func fixed(_ value: Double) -> Int { Int(scaled(value)) }
      // Truncating a positive value is a floor: shift up first.
      return PositionStepper(
        u: Int(scaled(u) + bias) &- biasInt,
        du: fixed(kU * r2 + secondU / 2), ddu: fixed(secondU),
        v: Int(scaled(v) + bias) &- biasInt,
        dv: fixed(kV * r2 + secondV / 2), ddv: fixed(secondV))
    }
    var x = start
    var current = stepper(at: x)
    while x < end {
      let count = min(spanLength, end - x)
      // Work out the following span's start now so its division overlaps this span.
      let following = x + count < end ? stepper(at: x + count) : current
      blender.blend(from: x, count: count, stepper: current)
      current = following
      x += count
    }
  }
}

/// Sample positions along a span: 24-bit fixed-point texel coordinates relative to texel
/// centres, stepped by second-order forward differences.
struct PositionStepper {
  var u: Int
  var du: Int
  var ddu: Int
  var v: Int
  var dv: Int
  var ddv: Int

  /// The current position; then moves to the next pixel.
  @inline(__always)
  mutating func next() -> (u: Int, v: Int) {
    let position = (u, v)
    u &+= du
    du &+= ddu
    v &+= dv
    dv &+= ddv
    return position
  }
}

/// Bilinear sampling of premultiplied BGRA with transparent texels outside the source.
struct BilinearSampler {
  let source: UnsafePointer<UInt32>
  let stride: Int
  let width: Int
  let height: Int

  /// Whether a position (24-bit fixed point, relative to texel centres) has all four taps
  /// inside the source.
  @inline(__always)
  func isInterior(_ u: Int, _ v: Int) -> Bool {
    UInt(bitPattern: u >> 24) < UInt(bitPattern: width &- 1)
      && UInt(bitPattern: v >> 24) < UInt(bitPattern: height &- 1)
  }

  /// The sample at a position near or outside the source's edge (24-bit fixed point
  /// relative to texel centres), or `nil` when no texel contributes or the sample is fully
  /// transparent. Taps outside the source are transparent.
  @inline(never)
  func edgeSample(_ u: Int, _ v: Int) -> UInt64? {
    let tx = u >> 24
    let ty = v >> 24
    let fx = UInt64(truncatingIfNeeded: (u >> 16) & 255)
    let fy = UInt64(truncatingIfNeeded: (v >> 16) & 255)
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

  /// The sample at an interior position (``isInterior(_:_:)``).
  @inline(__always)
  func interiorSample(_ u: Int, _ v: Int) -> UInt64 {
    let p = source + ((v >> 24) &* stride &+ (u >> 24))
    let fx = UInt64(truncatingIfNeeded: (u >> 16) & 255)
    let fy = UInt64(truncatingIfNeeded: (v >> 16) & 255)
    return BlendKernels.bilinear(
      BlendKernels.expand(p[0]), BlendKernels.expand(p[1]), BlendKernels.expand(p[stride]),
      BlendKernels.expand(p[stride &+ 1]), fx: fx, fy: fy)
  }
}

/// Samples and blends one run of destination pixels.
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
  /// From the source texels and destination pixels of this run to those of a later row's
  /// run, in pixels: prefetched while this run is drawn.
  var sourceAhead = 0
  var targetAhead = 0

  /// Blends columns `start..<start + count`, sampling at the stepper's positions.
  func blend(from start: Int, count: Int, stepper: PositionStepper) {
    if mode == .plainOver {
      blendPlainOver(from: start, count: count, stepper: stepper)
    } else {
      blendGeneral(from: start, count: count, stepper: stepper)
    }
  }

  /// OVER at full opacity without coverage: the path of every plain 3D layer. Runs of
  /// interior positions go to the C kernel (`reel_warp_over_interior`, SSE2 or AVX2); the
  /// positions near the source's edge in between are sampled here.
  private func blendPlainOver(from start: Int, count: Int, stepper: PositionStepper) {
    var walker = reel_warp_stepper(
      u: Int64(stepper.u), du: Int64(stepper.du), ddu: Int64(stepper.ddu),
      v: Int64(stepper.v), dv: Int64(stepper.dv), ddv: Int64(stepper.ddv))
    var target = row + start
    var remaining = count
    while remaining > 0 {
      let done = Int(
        reel_warp_over_interior(
          sampler.source, sampler.stride, Int64(sampler.width), Int64(sampler.height), target,
          Int64(remaining), &walker, sourceAhead, targetAhead))
      target += done
      remaining &-= done
      guard remaining > 0 else { break }
      // The kernel stopped at a position with a tap outside the source.
      let u = Int(walker.u)
      let v = Int(walker.v)
      walker.u &+= walker.du
      walker.du &+= walker.ddu
      walker.v &+= walker.dv
      walker.dv &+= walker.ddv
      if let sample = sampler.edgeSample(u, v) {
        BlendKernels.store(sample, into: target, copyCoverage: 255, isCopy: false)
      }
      target += 1
      remaining &-= 1
    }
  }

  /// Blending with opacity, coverage or copy.
  private func blendGeneral(from start: Int, count: Int, stepper: PositionStepper) {
    var walker = stepper
    var target = row + start
    var coverageIndex = (start &- rowStart) &* coverageStride
    for _ in 0..<count {
      defer {
        target += 1
        coverageIndex &+= coverageStride
      }
      let (u, v) = walker.next()
      var clipCoverage: UInt64 = 255
      if let coverage {
        clipCoverage = UInt64(coverage[coverageIndex])
        if clipCoverage == 0 { continue }
      }
      var sample: UInt64
      if sampler.isInterior(u, v) {
        sample = sampler.interiorSample(u, v)
      } else {
        guard let edge = sampler.edgeSample(u, v) else { continue }
        sample = edge
      }
      if mode == .copy {
        if opacity != 255 { sample = BlendKernels.multiply(sample, by: opacity) }
        BlendKernels.store(sample, into: target, copyCoverage: clipCoverage, isCopy: true)
      } else {
        let factor =
          clipCoverage == 255 ? opacity : BlendKernels.multiplyScalar(opacity, clipCoverage)
        if factor != 255 { sample = BlendKernels.multiply(sample, by: factor) }
        BlendKernels.store(sample, into: target, copyCoverage: 255, isCopy: false)
      }
    }
  }
}
