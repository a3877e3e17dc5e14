import ReelCore

/// A step whose output pixels depend on other pixels of its inputs — a neighbourhood (blurs,
/// edges), a resampling (Lanczos) or a mapping of the plane (perspective). It asks each input
/// for exactly the rectangle the output rectangle needs (grown by its reach) and makes the
/// output from those tiles.
protocol SpatialOperation: Sendable {
  /// The images it reads (for the renderer's count of who reads what).
  var inputs: [FilterImage] { get }
  /// How many rows beyond a rectangle a render of it reads from the images below, or `nil`
  /// when that is not bounded by rows (see ``FilterImage/rowReach``).
  var rowReach: Int? { get }
  /// The output pixels over `rect`, reading inputs through `evaluation`.
  func render(in rect: PixelRect, evaluation: FilterEvaluation) -> LinearTile
}

extension SpatialOperation {
  /// Unbounded unless the operation says better: its renders are cut once per core.
  var rowReach: Int? { nil }
}

extension FilterImage {
  /// The image made by `operation` (which holds its inputs), with `extent`.
  func applying(spatial operation: some SpatialOperation, extent: Rect) -> FilterImage {
    FilterImage(step: .spatial(operation), extent: extent)
  }

  /// This image's extent grown by `dx` and `dy` on each side (infinite stays infinite).
  func extent(grownBy dx: Double, _ dy: Double) -> Rect {
    extent.isInfinite ? .infinite : extent.insetBy(dx: -dx, dy: -dy)
  }

  /// A box blur in linear light: the mean of the (2·radius + 1)² pixels around each pixel; the
  /// extent grows by `radius` on each side. Running sums: O(1) per pixel whatever the radius.
  func boxBlurred(radius: Int) -> FilterImage {
    guard radius > 0 else { return self }
    return applying(
      spatial: BoxBlur(input: self, radius: radius),
      extent: extent(grownBy: Double(radius), Double(radius)))
  }

  /// A disc blur in linear light: the mean of the pixels whose centres are within `radius` of
  /// the pixel's; the extent grows by ⌊radius⌋. O(radius) per pixel (one span per row).
  func discBlurred(radius: Double) -> FilterImage {
    guard radius >= 1, radius.isFinite else { return self }
    let reach = Double(Int(radius))
    return applying(
      spatial: DiscBlur(input: self, radius: radius), extent: extent(grownBy: reach, reach))
  }

  /// Each output pixel made from the two images' pixels at the same place, by `combine`
  /// (premultiplied linear in, premultiplied linear out), over `extent`.
  func combined(
    with other: FilterImage, extent: Rect,
    _ combine: @escaping @Sendable (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>
  ) -> FilterImage {
    applying(
      spatial: PixelCombination(first: self, second: other, combine: combine), extent: extent)
  }
}
