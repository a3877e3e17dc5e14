import Foundation
import ReelCore

/// A Gaussian blur on premultiplied linear pixels.
///
/// Small blurs are a separable convolution with taps to ⌈4σ⌉ (beyond, the weight is below 10⁻⁴). A blur whose σ is 4.2 pixels or
/// more is computed the way image pyramids do it, at a cost that does not grow with σ: the
/// input is reduced L times by 2 with the binomial kernel [1 4 6 4 1]/16 (which removes what
/// would alias), blurred there with σ_L = √(σ² − (4^L − 1)/3) / 2^L (the binomial levels
/// already blurred by variance (4^L − 1)/3), and interpolated back with Catmull–Rom cubics.
/// L is the largest level at which σ_L stays at least 2 samples, where a sampled Gaussian is
/// still a Gaussian. The result stays within one 8-bit level of the full convolution (tested
/// against it on hard edges and fine stripes).
struct GaussianBlur {
  /// Standard deviation in pixels.
  let sigma: Double

  /// The smallest σ, in samples, at which the reduced level is blurred.
  static let smallestReducedSigma = 2.0

  /// How many times the input is halved before blurring (0: the full convolution).
  var levels: Int {
    var levels = 0
    while levels < 8, reducedSigma(levels: levels + 1) >= Self.smallestReducedSigma {
      levels += 1
    }
    return levels
  }

  /// σ at `levels` halvings, in samples of that level.
  func reducedSigma(levels: Int) -> Double {
    let scale = Double(1 << levels)
    let pyramidVariance = (scale * scale - 1) / 3
    guard sigma * sigma > pyramidVariance else { return 0 }
    return (sigma * sigma - pyramidVariance).squareRoot() / scale
  }

  /// How far the blur reads beyond the pixels it makes, in pixels.
  var reach: Int {
    let levels = self.levels
    guard levels > 0 else { return Self.taps(sigma: sigma) }
    let scale = 1 << levels
    return scale * (Self.taps(sigma: reducedSigma(levels: levels)) + 5)
  }

  /// The largest multiple of `scale` at or below `value`.
  static func multiple(below value: Int, of scale: Int) -> Int {
    value >= 0 ? value / scale * scale : -((-value + scale - 1) / scale) * scale
  }

  /// Taps on each side for a Gaussian of `sigma` samples.
  static func taps(sigma: Double) -> Int { Int((4 * sigma).rounded(.up)) }

  /// Weights from −taps to +taps, summing to 1.
  static func weights(sigma: Double) -> [Float] {
    let radius = taps(sigma: sigma)
    let raw = (-radius...radius).map { offset in
      exp(-Double(offset * offset) / (2 * sigma * sigma))
    }
    let total = raw.reduce(0, +)
    return raw.map { Float($0 / total) }
  }

  /// Taps from −radius to +radius of the full convolution, summing to 1.
  var weights: [Float] { Self.weights(sigma: sigma) }

  func apply(to input: FilterImage, in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile
  {
    let levels = self.levels
    guard levels > 0 else { return convolved(input, in: rect, evaluation: evaluation) }
    return reduced(input, in: rect, levels: levels, evaluation: evaluation)
  }

  /// The full separable convolution.
  private func convolved(_ input: FilterImage, in rect: PixelRect, evaluation: FilterEvaluation)
    -> LinearTile
  {
    let weights = self.weights
    let radius = weights.count / 2
    let source = evaluation.tile(of: input, in: rect.expanded(dx: radius, dy: radius))
    let grid = SampleGrid(
      width: source.rect.width, height: source.rect.height, samples: source.pixels)
    let blurred = grid.convolvedRows(weights: weights, outputWidth: rect.width, padded: false)
      .convolvedColumns(weights: weights, outputHeight: rect.height, padded: false)
    return LinearTile(rect: rect, pixels: blurred.samples)
  }

  /// The pyramid form: reduce, blur, interpolate back.
  private func reduced(
    _ input: FilterImage, in rect: PixelRect, levels: Int, evaluation: FilterEvaluation
  ) -> LinearTile {
    let scale = 1 << levels
    let reducedSigma = self.reducedSigma(levels: levels)
    let taps = Self.taps(sigma: reducedSigma)
    // Coarse sample j sits on the centre of fine pixel origin + j·scale, the origin a multiple
    // of the scale in the plane, so that every render of a part of the picture (a band, a
    // chunk) samples the same grid and gets the same pixels.
    let margin = scale * (taps + 4)
    let left = Self.multiple(below: rect.x - margin, of: scale)
    let top = Self.multiple(below: rect.y - margin, of: scale)
    let right = Self.multiple(below: rect.maxX + margin + scale - 1, of: scale)
    let bottom = Self.multiple(below: rect.maxY + margin + scale - 1, of: scale)
    let sourceRect = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    var level = SampleGrid.halving(input, over: sourceRect, evaluation: evaluation)
    for _ in 1..<levels { level = level.halved() }
    let weights = Self.weights(sigma: reducedSigma)
    let blurred = level.convolvedRows(weights: weights, outputWidth: level.width, padded: true)
      .convolvedColumns(weights: weights, outputHeight: level.height, padded: true)
    return blurred.interpolated(
      scale: scale, origin: (x: sourceRect.x, y: sourceRect.y), into: rect)
  }
}
