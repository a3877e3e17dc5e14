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

  /// The blur of `input` over `rect`, within the render `evaluation` belongs to; from the
  /// coarse grid prepared for the whole render (``prepare(_:input:over:root:shared:)``) when
  /// there is one for `image`, the blur step.
  func apply(
    to input: FilterImage, in rect: PixelRect, evaluation: FilterEvaluation, image: FilterImage
  ) -> LinearTile {
    let levels = self.levels
    guard levels > 0 else { return convolved(input, in: rect, evaluation: evaluation) }
    if let prepared = evaluation.shared.coarseGrid(for: image),
      prepared.covered.contains(rect)
    {
      if let across = prepared.across, rect.x == prepared.covered.x,
        rect.width == prepared.covered.width
      {
        return across.grid.interpolatedDown(
          firstRow: across.firstRow, scale: prepared.scale, originY: prepared.origin.y,
          into: rect)
      }
      return prepared.blurred.interpolated(
        scale: prepared.scale, origin: prepared.origin, into: rect)
    }
    let grid = coarse(input, for: rect, levels: levels) { sourceRect in
      SampleGrid.halving(input, over: sourceRect, evaluation: evaluation)
    }
    return grid.blurred.interpolated(scale: grid.scale, origin: grid.origin, into: rect)
  }

  /// The blurred coarse samples of the pyramid form for the pixels of a rectangle, the plane
  /// pixel whose centre its first sample sits on, and how many pixels apart they are.
  struct CoarseGrid: Sendable {
    let blurred: SampleGrid
    let origin: (x: Int, y: Int)
    let scale: Int
    /// The pixels it was made for (and can be interpolated to).
    let covered: PixelRect
    /// For a grid prepared for a whole render: the rows ``covered`` reads, already
    /// interpolated across its columns, and the first of them (so that each band only
    /// interpolates down, and every coarse row is interpolated across once).
    var across: (grid: SampleGrid, firstRow: Int)? = nil
  }

  /// Makes, on every core, the coarse grid of the blur `image` of `input` for all of `rect`,
  /// for the bands of a render of `root` (which share `shared`) to interpolate: each band then
  /// does only its own pixels, where each band would otherwise make the pyramid of its rows
  /// and of the rows its blur reads beyond them. Nothing for a blur without the pyramid.
  func prepare(
    _ image: FilterImage, input: FilterImage, over rect: PixelRect, root: FilterImage,
    shared: SharedRenderState
  ) {
    let levels = self.levels
    guard levels > 0, !rect.isEmpty else { return }
    var grid = coarse(input, for: rect, levels: levels) { sourceRect in
      SampleGrid.halvingOnEveryCore(input, over: sourceRect, root: root, shared: shared)
    }
    if let rows = SampleGrid.coarseRows(of: rect, scale: grid.scale, originY: grid.origin.y) {
      grid.across = (
        grid.blurred.interpolatedAcross(
          scale: grid.scale, originX: grid.origin.x, columns: rect.x..<rect.maxX, rows: rows),
        rows.lowerBound
      )
    }
    shared.keep(grid, for: image)
  }

  /// The pixels the pyramid for `rect` reads: `rect` with the margin its blur and its
  /// interpolation read, widened to multiples of the scale in the plane. Coarse sample j sits
  /// on the centre of fine pixel origin + j·scale, so that every render of a part of the
  /// picture (a band, a chunk) samples the same grid and gets the same pixels.
  func coarseSource(for rect: PixelRect, levels: Int) -> PixelRect {
    let scale = 1 << levels
    let margin = scale * (Self.taps(sigma: reducedSigma(levels: levels)) + 4)
    let left = Self.multiple(below: rect.x - margin, of: scale)
    let top = Self.multiple(below: rect.y - margin, of: scale)
    let right = Self.multiple(below: rect.maxX + margin + scale - 1, of: scale)
    let bottom = Self.multiple(below: rect.maxY + margin + scale - 1, of: scale)
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The pyramid form's coarse grid for `rect`: its first level made by `halving` (from the
  /// pixels of the source rectangle it is given), reduced to `levels`, blurred there.
  private func coarse(
    _ input: FilterImage, for rect: PixelRect, levels: Int,
    halving: (PixelRect) -> SampleGrid
  ) -> CoarseGrid {
    let reducedSigma = self.reducedSigma(levels: levels)
    let sourceRect = coarseSource(for: rect, levels: levels)
    var level = halving(sourceRect)
    for _ in 1..<levels { level = level.halved() }
    let weights = Self.weights(sigma: reducedSigma)
    let blurred = level.convolvedRows(weights: weights, outputWidth: level.width, padded: true)
      .convolvedColumns(weights: weights, outputHeight: level.height, padded: true)
    return CoarseGrid(
      blurred: blurred, origin: (sourceRect.x, sourceRect.y), scale: 1 << levels, covered: rect)
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

}
