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
    let sourceStride = bytesPerRow
    let targetStride = result.bytesPerRow
    // One row of vertically filtered source pixels, four floats per pixel.
    let lineCount = self.width * 4
    let line = UnsafeMutablePointer<Float>.allocate(capacity: lineCount)
    defer { line.deallocate() }
    withUnsafeBytes { source in
      result.withUnsafeMutableBytes { target in
        rows.withTaps { rowStart, rowSource, rowWeight in
          columns.withTaps { columnStart, columnSource, columnWeight in
            guard let from = source.baseAddress?.assumingMemoryBound(to: UInt8.self),
              let to = target.baseAddress?.assumingMemoryBound(to: UInt8.self)
            else { return }
            // Scalar loops over raw pointers: per channel, the same arithmetic in the same
            // order as four-lane SIMD, and fast in a debug build too (where generic SIMD and
            // range iteration are not specialised).
            var y = 0
            while y < targetHeight {
              // Vertical pass: the weighted sum of this output row's source rows.
              line.initialize(repeating: 0, count: lineCount)
              var tap = rowStart[y]
              while tap < rowStart[y + 1] {
                let input = from + rowSource[tap] * sourceStride
                let weight = rowWeight[tap]
                var i = 0
                while i < lineCount {
                  line[i] += Float(Int(input[i])) * weight
                  i += 1
                }
                tap += 1
              }
              // Horizontal pass, rounded to bytes.
              let output = to + y * targetStride
              var x = 0
              while x < targetWidth {
                var blue: Float = 0
                var green: Float = 0
                var red: Float = 0
                var alpha: Float = 0
                var tap = columnStart[x]
                while tap < columnStart[x + 1] {
                  let pixel = line + columnSource[tap] * 4
                  let weight = columnWeight[tap]
                  blue += pixel[0] * weight
                  green += pixel[1] * weight
                  red += pixel[2] * weight
                  alpha += pixel[3] * weight
                  tap += 1
                }
                let o = output + x * 4
                o[0] = Self.roundedByte(blue)
                o[1] = Self.roundedByte(green)
                o[2] = Self.roundedByte(red)
                o[3] = Self.roundedByte(alpha)
                x += 1
              }
              y += 1
            }
          }
        }
      }
    }
    return result
  }

  /// `value` clamped to 0…255 and rounded half up to a byte.
  @inline(__always) private static func roundedByte(_ value: Float) -> UInt8 {
    UInt8(value < 0 ? 0.5 : (value > 255 ? 255.5 : value + 0.5))
  }
}

/// The taps and weights of a one-dimensional tent-filter resampling, precomputed per output
/// index (weights of each output sum to 1).
struct ResamplingFilter {
  /// Where each output's taps start in `sources` and `weights`; one more entry than outputs,
  /// the last the total count.
  private var starts: [Int] = []
  /// Each tap's source index.
  private var sources: [Int] = []
  /// Each tap's weight.
  private var weights: [Float] = []

  init(sourceCount: Int, targetCount: Int) {
    let scale = Double(sourceCount) / Double(targetCount)
    let radius = max(1, scale)
    starts.reserveCapacity(targetCount + 1)
    for output in 0..<targetCount {
      starts.append(sources.count)
      let centre = (Double(output) + 0.5) * scale - 0.5
      let first = Int((centre - radius).rounded(.up))
      let last = Int((centre + radius).rounded(.down))
      var taps: [(Int, Double)] = []
      var total = 0.0
      for index in first...max(first, last) {
        let weight = max(0, 1 - abs(Double(index) - centre) / radius)
        guard weight > 0 else { continue }
        taps.append((min(max(index, 0), sourceCount - 1), weight))
        total += weight
      }
      if taps.isEmpty {
        let nearest = min(max(Int(centre.rounded()), 0), sourceCount - 1)
        taps = [(nearest, 1)]
        total = 1
      }
      for (index, weight) in taps {
        sources.append(index)
        weights.append(Float(weight / total))
      }
    }
    starts.append(sources.count)
  }

  /// Calls `body` with the taps as raw pointers: `starts[i] ..< starts[i + 1]` are output
  /// `i`'s taps, each a source index and a weight.
  func withTaps(
    _ body: (
      _ starts: UnsafePointer<Int>, _ sources: UnsafePointer<Int>, _ weights: UnsafePointer<Float>
    ) -> Void
  ) {
    starts.withUnsafeBufferPointer { starts in
      sources.withUnsafeBufferPointer { sources in
        weights.withUnsafeBufferPointer { weights in
          guard let start = starts.baseAddress, let source = sources.baseAddress,
            let weight = weights.baseAddress
          else { return }
          body(start, source, weight)
        }
      }
    }
  }
}
