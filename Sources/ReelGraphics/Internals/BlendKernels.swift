/// Integer kernels on premultiplied BGRA pixels, shared by the compositor's own fast paths.
///
/// A pixel (a `UInt32` read from an ``Image`` row, bytes B, G, R, A) is *expanded* into a
/// `UInt64` with one channel per 16-bit lane — lanes B, R, G, A from the low bits up — so that
/// one 64-bit multiply scales all four channels at once without carries between lanes.
/// Every operation rounds exactly: `divide255(x)` is `round(x / 255)` for `x ≤ 65025 + 127`.
enum BlendKernels {
  /// The low byte of each 16-bit lane.
  static let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF
  /// 128 in each 16-bit lane (rounding bias).
  static let laneHalf: UInt64 = 0x0080_0080_0080_0080

  /// Spreads a packed BGRA pixel into four 16-bit lanes (B, R, G, A).
  @inline(__always)
  static func expand(_ pixel: UInt32) -> UInt64 {
    let x = UInt64(pixel)
    return (x & 0x00FF_00FF) | ((x & 0xFF00_FF00) << 24)
  }

  /// Packs four 16-bit lanes holding 0…255 back into a BGRA pixel.
  @inline(__always)
  static func pack(_ lanes: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: (lanes & 0x00FF_00FF) | ((lanes >> 24) & 0xFF00_FF00))
  }

  /// The alpha lane of an expanded pixel.
  @inline(__always)
  static func alpha(_ lanes: UInt64) -> UInt64 { lanes >> 48 }

  /// `round(lane · factor / 255)` in every lane; `factor` is 0…255.
  @inline(__always)
  static func multiply(_ lanes: UInt64, by factor: UInt64) -> UInt64 {
    var t = lanes &* factor &+ laneHalf
    t = (t &+ ((t >> 8) & laneMask)) >> 8
    return t & laneMask
  }

  /// Porter–Duff OVER of expanded premultiplied pixels: `s + d · (255 − sa) / 255`, rounded.
  @inline(__always)
  static func over(_ source: UInt64, _ destination: UInt64) -> UInt64 {
    let inverseAlpha = 255 &- alpha(source)
    return (source &+ multiply(destination, by: inverseAlpha)) & laneMask
  }

  /// `d · (255 − c) / 255 + s · c / 255`: the destination replaced by the source where the
  /// coverage `c` (0…255) is full and kept where it is zero.
  @inline(__always)
  static func interpolate(_ destination: UInt64, _ source: UInt64, coverage: UInt64) -> UInt64 {
    (multiply(destination, by: 255 &- coverage) &+ multiply(source, by: coverage)) & laneMask
  }

  /// Writes `source` (expanded, already scaled by opacity and coverage except as noted) onto
  /// `destination` with the blend mode.
  ///
  /// - Parameters:
  ///   - source: The expanded source pixel, scaled by opacity (and by the coverage for OVER).
  ///   - destination: The pixel to update.
  ///   - copyCoverage: For `.copy`, the clip coverage 0…255 that interpolates between the
  ///     old destination and the source; ignored for OVER.
  ///   - isCopy: `true` for ``Compositor/BlendMode/copy``.
  @inline(__always)
  static func store(
    _ source: UInt64, into destination: UnsafeMutablePointer<UInt32>, copyCoverage: UInt64,
    isCopy: Bool
  ) {
    if isCopy {
      if copyCoverage == 255 {
        destination.pointee = pack(source)
      } else if copyCoverage != 0 {
        destination.pointee = pack(
          interpolate(expand(destination.pointee), source, coverage: copyCoverage))
      }
      return
    }
    let sourceAlpha = alpha(source)
    if sourceAlpha == 255 {
      destination.pointee = pack(source)
    } else if source != 0 {
      destination.pointee = pack(over(source, expand(destination.pointee)))
    }
  }

  /// The bilinear blend of four expanded pixels with 8-bit fractions `fx`, `fy` (0…255):
  /// weights sum to 256 so no lane overflows, and each result channel stays ≤ its alpha.
  @inline(__always)
  static func bilinear(
    _ p00: UInt64, _ p01: UInt64, _ p10: UInt64, _ p11: UInt64, fx: UInt64, fy: UInt64
  ) -> UInt64 {
    let w11 = (fx &* fy) >> 8
    let w01 = fx &- w11
    let w10 = fy &- w11
    let w00 = 256 &- fx &- fy &+ w11
    let sum = p00 &* w00 &+ p01 &* w01 &+ p10 &* w10 &+ p11 &* w11
    return ((sum &+ laneHalf) >> 8) & laneMask
  }
}

extension BlendKernels {
  /// `round(a · b / 255)` for bytes `a`, `b`.
  @inline(__always)
  static func multiplyScalar(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let t = a &* b &+ 128
    return (t &+ (t >> 8)) >> 8
  }
}
