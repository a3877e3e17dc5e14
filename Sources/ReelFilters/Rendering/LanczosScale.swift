import Foundation
import ReelCore

/// Resampling by a separable Lanczos-3 kernel: output pixel centre X reads source position
/// X / scale; when shrinking, the kernel is widened by 1/scale (so it filters what it drops).
/// O(6·max(1, 1/scale)) per pixel per pass.
struct LanczosScale: SpatialOperation {
  var inputs: [FilterImage] { [input] }
  let input: FilterImage
  let scaleX: Double
  let scaleY: Double

  /// The Lanczos window a = 3.
  static let lobes = 3.0

  /// sinc(x)·sinc(x/3) for |x| < 3, else 0.
  static func kernel(_ x: Double) -> Double {
    if x == 0 { return 1 }
    guard abs(x) < lobes else { return 0 }
    let px = Double.pi * x
    return lobes * sin(px) * sin(px / lobes) / (px * px)
  }

  /// For output pixels `first..<first+count` along one axis: the first source pixel each
  /// reads and its normalised weights.
  static func taps(first: Int, count: Int, scale: Double) -> [(start: Int, weights: [Float])] {
    let stretch = max(1, 1 / scale)
    let support = lobes * stretch
    return (first..<first + count).map { index in
      let centre = (Double(index) + 0.5) / scale
      let start = Int((centre - 0.5 - support).rounded(.up))
      let end = Int((centre - 0.5 + support).rounded(.down))
      let raw = (start...max(start, end)).map { source in
        kernel((Double(source) + 0.5 - centre) / stretch)
      }
      let total = raw.reduce(0, +)
      return (start, raw.map { Float(total == 0 ? 0 : $0 / total) })
    }
  }

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    let columns = Self.taps(first: rect.x, count: rect.width, scale: scaleX)
    let rows = Self.taps(first: rect.y, count: rect.height, scale: scaleY)
    guard let left = columns.map(\.start).min(),
      let right = columns.map({ $0.start + $0.weights.count }).max(),
      let top = rows.map(\.start).min(),
      let bottom = rows.map({ $0.start + $0.weights.count }).max()
    else { return LinearTile(rect: rect) }
    let source = evaluation.tile(
      of: input, in: PixelRect(x: left, y: top, width: right - left, height: bottom - top))
    // Horizontal pass over the source rows, only the output's columns.
    var horizontal = [SIMD4<Float>](repeating: .zero, count: source.rect.height * rect.width)
    source.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<source.rect.height {
        let base = row * source.rect.width - left
        for (column, tap) in columns.enumerated() {
          var sum = SIMD4<Float>.zero
          for (offset, weight) in tap.weights.enumerated() {
            sum += pixels[base + tap.start + offset] * weight
          }
          horizontal[row * rect.width + column] = sum
        }
      }
    }
    var tile = LinearTile(rect: rect)
    for (row, tap) in rows.enumerated() {
      for column in 0..<rect.width {
        var sum = SIMD4<Float>.zero
        for (offset, weight) in tap.weights.enumerated() {
          sum += horizontal[(tap.start - top + offset) * rect.width + column] * weight
        }
        tile.pixels[row * rect.width + column] = sum
      }
    }
    return tile
  }
}
