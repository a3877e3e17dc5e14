import ReelCore

/// Shared pieces of the spatial steps.
enum SpatialSampling {
  /// The smallest pixel rectangle holding `points`, grown by `margin` pixels, or `nil` when a
  /// point is not finite or too far out for an `Int`.
  static func pixelRect(bounding points: [Point], margin: Int) -> PixelRect? {
    guard let first = points.first else { return nil }
    var bounds = Rect(x: first.x, y: first.y, width: 0, height: 0)
    for point in points.dropFirst() {
      bounds = bounds.union(Rect(x: point.x, y: point.y, width: 0, height: 0))
    }
    guard bounds.minX.isFinite, bounds.maxX.isFinite, bounds.minY.isFinite, bounds.maxY.isFinite,
      let left = Int(exactly: bounds.minX.rounded(.down)),
      let top = Int(exactly: bounds.minY.rounded(.down)),
      let right = Int(exactly: bounds.maxX.rounded(.up)),
      let bottom = Int(exactly: bounds.maxY.rounded(.up))
    else { return nil }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
      .expanded(dx: margin, dy: margin)
  }

  /// `rect` limited to what `image` has (its pixel-covering extent); all of `rect` for an
  /// infinite extent.
  static func reachable(_ rect: PixelRect, of image: FilterImage) -> PixelRect {
    if image.extent.isInfinite { return rect }
    guard let covered = PixelRect(covering: image.extent) else {
      return PixelRect(x: rect.x, y: rect.y, width: 0, height: 0)
    }
    return rect.intersection(covered)
  }

  /// Bilinear samples of an input near an output rectangle: from one tile of what they can
  /// reach when that is not much larger than the output, else each from its own 2×2 pixels
  /// (a far-reaching map over a wide or infinite input).
  struct Sampler {
    private let input: FilterImage
    private let evaluation: FilterEvaluation
    private let tile: LinearTile?
    /// Sample points are held inside the pixel centres of this rectangle (edge pixels
    /// repeat outward), when set.
    private let clamp: Rect?

    /// - Parameters:
    ///   - wanted: The pixels the samples can reach (`nil`: unknown, sample one by one).
    ///   - clampingToExtent: Whether points beyond the input's extent read its edge pixels.
    init(
      input: FilterImage, wanted: PixelRect?, for rect: PixelRect,
      evaluation: FilterEvaluation, clampingToExtent: Bool = false
    ) {
      self.input = input
      self.evaluation = evaluation
      if clampingToExtent, !input.extent.isInfinite {
        let e = input.extent
        clamp = Rect(
          x: e.minX + 0.5, y: e.minY + 0.5, width: max(e.width - 1, 0),
          height: max(e.height - 1, 0))
      } else {
        clamp = nil
      }
      if let wanted,
        case let reachable = SpatialSampling.reachable(wanted.expanded(dx: 1, dy: 1), of: input),
        reachable.area <= FilterEvaluation.largestSourceArea(for: rect)
      {
        tile = evaluation.tile(of: input, in: reachable)
      } else {
        tile = nil
      }
    }

    /// The bilinear sample at the plane point (x, y).
    func sample(x: Double, y: Double) -> SIMD4<Float> {
      var (x, y) = (x, y)
      if let clamp {
        x = min(max(x, clamp.minX), clamp.maxX)
        y = min(max(y, clamp.minY), clamp.maxY)
      }
      if let tile { return tile.bilinearSample(x: x, y: y) }
      guard let left = Int(exactly: (x - 0.5).rounded(.down)),
        let top = Int(exactly: (y - 0.5).rounded(.down))
      else { return .zero }
      return evaluation.tile(of: input, in: PixelRect(x: left, y: top, width: 2, height: 2))
        .bilinearSample(x: x, y: y)
    }
  }
}

/// Two images combined pixel by pixel (sharpening, bloom, gloom): each is asked for the
/// output rectangle only. O(1) per pixel.
struct PixelCombination: SpatialOperation {
  var inputs: [FilterImage] { [first, second] }
  var rowReach: Int? {
    guard let top = first.rowReach, let bottom = second.rowReach else { return nil }
    return max(top, bottom)
  }
  let first: FilterImage
  let second: FilterImage
  let combine: @Sendable (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    // The input that reaches further first: when both read a shared image (a sharpening reads
    // the picture and its blur), the larger tile is made first and the smaller is cut from it.
    let secondFirst = (second.rowReach ?? .max) > (first.rowReach ?? .max)
    let other = secondFirst ? evaluation.tile(of: second, in: rect) : nil
    var result = evaluation.tile(of: first, in: rect)
    let second = other ?? evaluation.tile(of: self.second, in: rect)
    for index in result.pixels.indices {
      result.pixels[index] = combine(result.pixels[index], second.pixels[index])
    }
    return result
  }
}
