import Foundation

/// Whole-pixel compositing: each source pixel lands on exactly one destination pixel.
enum BlendRows {
  /// Blends `count` pixels of `source` onto `destination`.
  ///
  /// - Parameters:
  ///   - coverage: Clip coverage of the first pixel, `coverageStride` bytes apart, or `nil`
  ///     for full coverage.
  ///   - opacity: 0…255.
  ///   - isCopy: Replace instead of OVER.
  static func blend(
    source: UnsafePointer<UInt32>, destination: UnsafeMutablePointer<UInt32>, count: Int,
    coverage: UnsafePointer<UInt8>?, coverageStride: Int, opacity: UInt64, isCopy: Bool
  ) {
    if coverage == nil && opacity == 255 {
      if isCopy {
        destination.update(from: source, count: count)
      } else {
        overOpaqueOpacity(source: source, destination: destination, count: count)
      }
      return
    }
    var coverageIndex = 0
    for x in 0..<count {
      var clipCoverage: UInt64 = 255
      if let coverage {
        clipCoverage = UInt64(coverage[coverageIndex])
        coverageIndex &+= coverageStride
        if clipCoverage == 0 { continue }
      }
      var sample = BlendKernels.expand(source[x])
      if isCopy {
        if opacity != 255 { sample = BlendKernels.multiply(sample, by: opacity) }
        BlendKernels.store(sample, into: destination + x, copyCoverage: clipCoverage, isCopy: true)
      } else {
        let factor =
          clipCoverage == 255 ? opacity : BlendKernels.multiplyScalar(opacity, clipCoverage)
        if factor != 255 { sample = BlendKernels.multiply(sample, by: factor) }
        BlendKernels.store(sample, into: destination + x, copyCoverage: 255, isCopy: false)
      }
    }
  }

  /// OVER at full opacity: opaque runs are copied, transparent pixels skipped, the rest
  /// blended with the exact rounded equation.
  @inline(__always)
  static func overOpaqueOpacity(
    source: UnsafePointer<UInt32>, destination: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    var x = 0
    while x < count {
      let pixel = source[x]
      let alpha = pixel >> 24
      if alpha == 255 {
        // Copy the whole opaque run at once.
        var end = x + 1
        while end < count && source[end] >> 24 == 255 { end += 1 }
        (destination + x).update(from: source + x, count: end - x)
        x = end
        continue
      }
      if alpha != 0 {
        destination[x] = BlendKernels.pack(
          BlendKernels.over(BlendKernels.expand(pixel), BlendKernels.expand(destination[x])))
      }
      x += 1
    }
  }
}
