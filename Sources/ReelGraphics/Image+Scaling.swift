import ReelCore

extension Image {
  /// The image resampled to a new size (for letterboxing and thumbnails).
  ///
  /// A separable tent filter on premultiplied pixels: bilinear when enlarging, and when
  /// shrinking a tent as wide as the scale factor, so every source pixel contributes (no
  /// aliasing from skipped pixels). Sample centres follow the pixel-centre convention
  /// (output pixel i samples the source at (i + ½) · scale − ½); edges are extended.
  ///
  /// - Parameters:
  ///   - width: Output width in pixels, ≥ 0.
  ///   - height: Output height in pixels, ≥ 0.
  /// - Returns: The resampled image (transparent when either size is 0 or this image is
  ///   empty).
  /// - Throws: ``GraphicsError/outOfMemory(_:)`` when the result cannot be allocated.
  public func scaled(toWidth width: Int, height: Int) throws(GraphicsError) -> Image {
    let targetWidth = max(width, 0)
    let targetHeight = max(height, 0)
    guard targetWidth > 0, targetHeight > 0, self.width > 0, self.height > 0 else {
      return try Image.allocating(width: targetWidth, height: targetHeight)
    }
    if targetWidth == self.width && targetHeight == self.height { return self }
    var result = try Image.allocating(width: targetWidth, height: targetHeight)
    let columns = ResamplingFilter(sourceCount: self.width, targetCount: targetWidth)
    let rows = ResamplingFilter(sourceCount: self.height, targetCount: targetHeight)
    let sourceWidth = self.width
    let sourceStride = bytesPerRow
    let targetStride = result.bytesPerRow
    // One row of vertically filtered source pixels, four floats per pixel.
    let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: sourceWidth)
    defer { line.deallocate() }
    withUnsafeBytes { source in
      result.withUnsafeMutableBytes { target in
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        for y in 0..<targetHeight {
          // Vertical pass: the weighted sum of this output row's source rows.
          line.initialize(repeating: .zero, count: sourceWidth)
          for tap in rows.taps(of: y) {
            let input = (from + tap.index * sourceStride).assumingMemoryBound(to: UInt8.self)
            let weight = SIMD4<Float>(repeating: tap.weight)
            for x in 0..<sourceWidth {
              let p = input + x * 4
              let pixel = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
              line[x] += pixel * weight
            }
          }
          // Horizontal pass, rounded to bytes.
          let output = (to + y * targetStride).assumingMemoryBound(to: UInt8.self)
          for x in 0..<targetWidth {
            var sum = SIMD4<Float>.zero
            for tap in columns.taps(of: x) {
              sum += line[tap.index] * SIMD4<Float>(repeating: tap.weight)
            }
            let clamped =
              sum.clamped(
                lowerBound: .zero, upperBound: SIMD4<Float>(repeating: 255)) + 0.5
            let o = output + x * 4
            o[0] = UInt8(clamped[0])
            o[1] = UInt8(clamped[1])
            o[2] = UInt8(clamped[2])
            o[3] = UInt8(clamped[3])
          }
        }
      }
    }
    return result
  }
}

/// The taps and weights of a one-dimensional tent-filter resampling, precomputed per output
/// index (weights of each output sum to 1).
struct ResamplingFilter {
  struct Tap {
    let index: Int
    let weight: Float
  }

  private var starts: [Int] = []
  private var allTaps: [Tap] = []

  init(sourceCount: Int, targetCount: Int) {
    let scale = Double(sourceCount) / Double(targetCount)
    let radius = max(1, scale)
    starts.reserveCapacity(targetCount + 1)
    for output in 0..<targetCount {
      starts.append(allTaps.count)
      let centre = (Double(output) + 0.5) * scale - 0.5
      let first = Int((centre - radius).rounded(.up))
      let last = Int((centre + radius).rounded(.down))
      var weights: [(Int, Double)] = []
      var total = 0.0
      for index in first...max(first, last) {
        let weight = max(0, 1 - abs(Double(index) - centre) / radius)
        guard weight > 0 else { continue }
        weights.append((min(max(index, 0), sourceCount - 1), weight))
        total += weight
      }
      if weights.isEmpty {
        let nearest = min(max(Int(centre.rounded()), 0), sourceCount - 1)
        weights = [(nearest, 1)]
        total = 1
      }
      for (index, weight) in weights {
        allTaps.append(Tap(index: index, weight: Float(weight / total)))
      }
    }
    starts.append(allTaps.count)
  }

  /// The taps of output index `output`.
  func taps(of output: Int) -> ArraySlice<Tap> {
    allTaps[starts[output]..<starts[output + 1]]
  }
}
