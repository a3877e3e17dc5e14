import ReelCore

/// The mean of a (2r + 1)² square, separable, by running sums (sums in Double so that long
/// runs do not drift): O(1) per pixel per pass, whatever r.
struct BoxBlur: SpatialOperation {
  var inputs: [FilterImage] { [input] }
  var rowReach: Int? { input.rowReach.map { $0 + radius } }
  let input: FilterImage
  /// Pixels on each side of the centre.
  let radius: Int

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let width = 2 * radius + 1
    let scale = 1 / Double(width)
    let source = evaluation.tile(of: input, in: rect.expanded(dx: radius, dy: radius))
    let rows = source.rect.height
    var horizontal = [SIMD4<Double>](repeating: .zero, count: rows * rect.width)
    source.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rows {
        let base = row * source.rect.width
        var sum = SIMD4<Double>.zero
        for tap in 0..<width { sum += SIMD4<Double>(pixels[base + tap]) }
        horizontal[row * rect.width] = sum
        for column in 1..<max(rect.width, 1) {
          sum += SIMD4<Double>(pixels[base + column + width - 1])
          sum -= SIMD4<Double>(pixels[base + column - 1])
          horizontal[row * rect.width + column] = sum
        }
      }
    }
    var tile = LinearTile(rect: rect)
    for column in 0..<rect.width {
      var sum = SIMD4<Double>.zero
      for tap in 0..<width { sum += horizontal[tap * rect.width + column] }
      tile.pixels[column] = SIMD4<Float>(sum * scale * scale)
      for row in 1..<max(rect.height, 1) {
        sum += horizontal[(row + width - 1) * rect.width + column]
        sum -= horizontal[(row - 1) * rect.width + column]
        tile.pixels[row * rect.width + column] = SIMD4<Float>(sum * scale * scale)
      }
    }
    return tile
  }
}

/// The mean of the pixels whose centres lie within `radius` of the pixel's centre. Each row of
/// the disc is one span read from that row's prefix sums: O(radius) per pixel.
struct DiscBlur: SpatialOperation {
  var inputs: [FilterImage] { [input] }
  var rowReach: Int? { input.rowReach.map { $0 + Int(radius.rounded(.down)) } }
  let input: FilterImage
  let radius: Double

  /// Half-widths of the disc's rows, from −reach to +reach.
  var halfWidths: [Int] {
    let reach = Int(radius)
    return (-reach...reach).map { dy in
      Int((radius * radius - Double(dy * dy)).squareRoot().rounded(.down))
    }
  }

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let spans = halfWidths
    let reach = spans.count / 2
    let count = Double(spans.reduce(0) { $0 + 2 * $1 + 1 })
    let source = evaluation.tile(of: input, in: rect.expanded(dx: reach, dy: reach))
    let stride = source.rect.width + 1
    var prefix = [SIMD4<Double>](repeating: .zero, count: source.rect.height * stride)
    source.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<source.rect.height {
        var sum = SIMD4<Double>.zero
        for column in 0..<source.rect.width {
          sum += SIMD4<Double>(pixels[row * source.rect.width + column])
          prefix[row * stride + column + 1] = sum
        }
      }
    }
    var tile = LinearTile(rect: rect)
    prefix.withUnsafeBufferPointer { prefix in
      for row in 0..<rect.height {
        for column in 0..<rect.width {
          let centre = column + reach
          var sum = SIMD4<Double>.zero
          for (offset, half) in spans.enumerated() {
            let base = (row + offset) * stride
            sum += prefix[base + centre + half + 1] - prefix[base + centre - half]
          }
          tile.pixels[row * rect.width + column] = SIMD4<Float>(sum / count)
        }
      }
    }
    return tile
  }
}
