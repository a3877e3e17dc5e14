import ReelCore

extension FilterImage {
  /// This image where `weight`'s alpha is 0, `target` where it is 1, mixed between:
  /// self · (1 − w) + target · w on premultiplied linear pixels.
  func mixed(towards target: FilterImage, weight: FilterImage) -> FilterImage {
    let arriving = target.blended(over: weight, mode: .sourceIn)
    let leaving = blended(over: weight, mode: .sourceOut)
    return arriving.blended(over: leaving, mode: .addition)
  }

  /// An image whose alpha is `weight(x, y)` at each pixel centre (colour zero): the weights
  /// of ``mixed(towards:weight:)``.
  static func weights(
    _ name: String, _ weight: @escaping @Sendable (Double, Double) -> Float
  ) -> FilterImage {
    FilterImage(constant: .zero).applying(
      PositionalOperation(name: name) { _, x, y in
        SIMD4(0, 0, 0, min(max(weight(x, y), 0), 1))
      })
  }

  /// Premultiplied `colour` · `amount(x, y)` (alpha included) at each pixel centre.
  static func paint(
    _ name: String, colour: SIMD4<Float>, _ amount: @escaping @Sendable (Double, Double) -> Float
  ) -> FilterImage {
    FilterImage(constant: .zero).applying(
      PositionalOperation(name: name) { _, x, y in colour * min(max(amount(x, y), 0), 1) })
  }
}

extension Rect {
  /// The centre point.
  var centre: Point { Point(x: midX, y: midY) }

  /// Half the length of the diagonal.
  var halfDiagonal: Double { (width * width + height * height).squareRoot() / 2 }
}
