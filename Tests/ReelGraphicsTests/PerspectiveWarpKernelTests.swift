import CReelKernels
import Testing

/// The C kernel behind the perspective warp's interior pixels, checked build by build (SSE2
/// baseline, AVX2 where the CPU has it, one pixel at a time) against the bilinear and OVER
/// equations evaluated here channel by channel.
@Suite("Perspective warp kernel")
struct PerspectiveWarpKernelTests {
  static let width = 40
  static let height = 30
  static let stride = 43

  /// Premultiplied pixels with alpha 0…255 (a quarter of them opaque), rows `stride` apart.
  static let source: [UInt32] = (0..<(stride * height)).map { index in
    let x = index % stride
    let y = index / stride
    let alpha = (x + y) % 4 == 0 ? 255 : (x * 37 + y * 11) % 256
    let blue = (x * 7 + y * 3) % (alpha + 1)
    let green = (x * 13 + y * 29) % (alpha + 1)
    let red = alpha - (x + y) % (alpha + 1)
    return UInt32(blue) | UInt32(green) << 8 | UInt32(red) << 16 | UInt32(alpha) << 24
  }

  /// One row of an opaque background and one of a translucent one.
  static func background(_ count: Int, opaque: Bool) -> [UInt32] {
    (0..<count).map { x in
      let alpha = opaque ? 255 : (x * 53) % 256
      let value = UInt32((x * 91) % (alpha + 1))
      return value | value << 8 | UInt32(alpha / 2) << 16 | UInt32(alpha) << 24
    }
  }

  /// The pixel the equations give: weights w11 = fx·fy/256 (floored), w01 = fx − w11,
  /// w10 = fy − w11, w00 = 256 − fx − fy + w11 on the four taps, the sum rounded to 8 bits,
  /// then s + round(d·(255 − sa)/255) per channel.
  static func expected(u: Int, v: Int, over old: UInt32) -> UInt32 {
    let tx = u >> 24
    let ty = v >> 24
    let fx = (u >> 16) & 255
    let fy = (v >> 16) & 255
    let w11 = fx * fy / 256
    let weights = [256 - fx - fy + w11, fx - w11, fy - w11, w11]
    let taps = [
      source[ty * stride + tx], source[ty * stride + tx + 1], source[(ty + 1) * stride + tx],
      source[(ty + 1) * stride + tx + 1],
    ]
    var sample = [Int](repeating: 0, count: 4)
    for channel in 0..<4 {
      let total = zip(taps, weights).reduce(0) { sum, pair in
        sum + Int((pair.0 >> (8 * UInt32(channel))) & 255) * pair.1
      }
      sample[channel] = (total + 128) / 256
    }
    var result: UInt32 = 0
    for channel in 0..<4 {
      let d = Int((old >> (8 * UInt32(channel))) & 255)
      let value = sample[channel] + Int((Double(d * (255 - sample[3])) / 255).rounded())
      result |= UInt32(value) << (8 * UInt32(channel))
    }
    return result
  }

  /// Runs `variant` over `count` pixels from `stepper` and checks every pixel, the count done
  /// and the position it stopped at.
  static func check(
    variant: reel_warp_variant, stepper start: reel_warp_stepper, count: Int, opaque: Bool
  ) {
    var row = background(count, opaque: opaque)
    let original = row
    var stepper = start
    let done = source.withUnsafeBufferPointer { pixels in
      row.withUnsafeMutableBufferPointer { target in
        reel_warp_over_interior_variant(
          variant, pixels.baseAddress, stride, Int64(width), Int64(height), target.baseAddress,
          Int64(count), &stepper, 3 * stride, 2 * count)
      }
    }
    // Positions are u + n·du + n(n − 1)/2·ddu; the kernel stops at the first one with a
    // tap outside the source.
    func position(_ n: Int) -> (Int, Int) {
      let u = Int(start.u) + n * Int(start.du) + n * (n - 1) / 2 * Int(start.ddu)
      let v = Int(start.v) + n * Int(start.dv) + n * (n - 1) / 2 * Int(start.ddv)
      return (u, v)
    }
    func interior(_ n: Int) -> Bool {
      let (u, v) = position(n)
      return u >= 0 && v >= 0 && u >> 24 < width - 1 && v >> 24 < height - 1
    }
    let expectedDone = (0..<count).first { !interior($0) } ?? count
    #expect(Int(done) == expectedDone, "variant \(variant.rawValue)")
    var wrong = 0
    for n in 0..<count {
      let (u, v) = position(n)
      let want = n < expectedDone ? expected(u: u, v: v, over: original[n]) : original[n]
      if row[n] != want { wrong += 1 }
    }
    #expect(wrong == 0, "variant \(variant.rawValue): \(wrong) of \(count) pixels differ")
    let (endU, endV) = position(expectedDone)
    #expect(Int(stepper.u) == endU && Int(stepper.v) == endV, "variant \(variant.rawValue)")
    #expect(Int(stepper.du) == Int(start.du) + expectedDone * Int(start.ddu))
    #expect(Int(stepper.dv) == Int(start.dv) + expectedDone * Int(start.ddv))
  }

  static let variants = [
    REEL_WARP_VARIANT_BEST, REEL_WARP_VARIANT_BASELINE, REEL_WARP_VARIANT_AVX2,
    REEL_WARP_VARIANT_SINGLE,
  ]

  @Test("every build gives the bilinear-then-OVER equations exactly, opaque or translucent")
  func buildsMatchEquations() {
    let one: Int64 = 1 << 24
    // Inside the source throughout: a diagonal, a curved (ddu ≠ 0) and a reversed walk.
    let steppers = [
      reel_warp_stepper(u: 1 << 20, du: one / 3, ddu: 0, v: 2 * one + 77, dv: one / 7, ddv: 0),
      reel_warp_stepper(
        u: 3 * one, du: one / 2, ddu: 1 << 14, v: 5 * one, dv: 3 * one / 5, ddv: -(1 << 13)),
      reel_warp_stepper(
        u: 38 * one + 12345, du: -one / 2 - 999, ddu: 1 << 10, v: 27 * one, dv: -one / 3,
        ddv: 0),
      // One row of an axis-aligned scale (v constant): shrinking and enlarging.
      reel_warp_stepper(
        u: one / 5, du: one * 5 / 4 + 321, ddu: 0, v: 3 * one + 4567, dv: 0, ddv: 0),
      reel_warp_stepper(
        u: 7 * one + 99, du: one / 3, ddu: 0, v: 28 * one + 255 << 16, dv: 0, ddv: 0),
    ]
    for variant in Self.variants where reel_warp_variant_available(variant) != 0 {
      for stepper in steppers {
        for count in [1, 3, 4, 7, 29] {
          Self.check(variant: variant, stepper: stepper, count: count, opaque: true)
          Self.check(variant: variant, stepper: stepper, count: count, opaque: false)
        }
      }
    }
    #expect(reel_warp_variant_available(REEL_WARP_VARIANT_BASELINE) != 0)
    #expect(reel_warp_variant_available(REEL_WARP_VARIANT_SINGLE) != 0)
  }

  @Test("every build stops at the first position with a tap outside the source")
  func buildsStopAtTheEdge() {
    let one: Int64 = 1 << 24
    let steppers = [
      // Walks off the right edge (column 39 has no right neighbour) after some pixels.
      reel_warp_stepper(u: 30 * one + 5, du: one * 3 / 4, ddu: 0, v: 10 * one, dv: 0, ddv: 0),
      // Walks off the bottom while curving.
      reel_warp_stepper(u: 2 * one, du: one / 4, ddu: 0, v: 26 * one, dv: one / 5, ddv: 1 << 16),
      // Starts outside (negative u): nothing is done.
      reel_warp_stepper(u: -1, du: one, ddu: 0, v: one, dv: 0, ddv: 0),
      // Comes in from the left: also stops at once (the kernel only does interior runs).
      reel_warp_stepper(u: -one / 2, du: one / 2, ddu: 0, v: one, dv: 0, ddv: 0),
    ]
    for variant in Self.variants where reel_warp_variant_available(variant) != 0 {
      for stepper in steppers {
        for count in [5, 16, 40] {
          Self.check(variant: variant, stepper: stepper, count: count, opaque: false)
        }
      }
    }
  }
}
