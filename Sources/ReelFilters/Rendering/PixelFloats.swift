/// Float pixels as the C kernels take them: four floats (red, green, blue, alpha) each.
extension Array where Element == SIMD4<Float> {
  /// Calls `body` with the pixels as floats, unless there are none.
  mutating func withMutableFloats(_ body: (UnsafeMutablePointer<Float>) -> Void) {
    let count = self.count
    withUnsafeMutableBufferPointer { pixels in
      guard let base = pixels.baseAddress else { return }
      base.withMemoryRebound(to: Float.self, capacity: 4 * count) { body($0) }
    }
  }

  /// Calls `body` with the pixels as floats, unless there are none.
  func withFloats(_ body: (UnsafePointer<Float>) -> Void) {
    let count = self.count
    withUnsafeBufferPointer { pixels in
      guard let base = pixels.baseAddress else { return }
      base.withMemoryRebound(to: Float.self, capacity: 4 * count) { body($0) }
    }
  }
}
