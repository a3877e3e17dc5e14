import Foundation
import ReelCore

/// A separable Gaussian blur on premultiplied linear pixels.
struct GaussianBlur {
  /// Standard deviation in pixels.
  let sigma: Double

  /// Taps from −radius to +radius, summing to 1.
  var weights: [Float] {
    let radius = Int((3 * sigma).rounded(.up))
    let raw = (-radius...radius).map { offset in
      exp(-Double(offset * offset) / (2 * sigma * sigma))
    }
    let total = raw.reduce(0, +)
    return raw.map { Float($0 / total) }
  }

  func apply(to input: FilterImage, in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile
  {
    let weights = self.weights
    let radius = weights.count / 2
    let source = evaluation.tile(of: input, in: rect.expanded(dx: radius, dy: radius))
    // Horizontal pass over every source row, only the output's columns.
    let rows = source.rect.height
    var horizontal = [SIMD4<Float>](repeating: .zero, count: rows * rect.width)
    source.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rows {
        let base = row * source.rect.width
        for column in 0..<rect.width {
          var sum = SIMD4<Float>.zero
          for tap in 0..<weights.count {
            sum += pixels[base + column + tap] * weights[tap]
          }
          horizontal[row * rect.width + column] = sum
        }
      }
    }
    var tile = LinearTile(rect: rect)
    for row in 0..<rect.height {
      for column in 0..<rect.width {
        var sum = SIMD4<Float>.zero
        for tap in 0..<weights.count {
          sum += horizontal[(row + tap) * rect.width + column] * weights[tap]
        }
        tile.pixels[row * rect.width + column] = sum
      }
    }
    return tile
  }
}
