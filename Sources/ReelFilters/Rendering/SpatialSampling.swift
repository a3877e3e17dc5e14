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
}

/// Two images combined pixel by pixel (sharpening, bloom, gloom): each is asked for the
/// output rectangle only. O(1) per pixel.
struct PixelCombination: SpatialOperation {
  let first: FilterImage
  let second: FilterImage
  let combine: @Sendable (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>

  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile {
    var result = evaluation.tile(of: first, in: rect)
    let other = evaluation.tile(of: second, in: rect)
    for index in result.pixels.indices {
      result.pixels[index] = combine(result.pixels[index], other.pixels[index])
    }
    return result
  }
}
