import ReelCore

extension FilterParameter {
  /// The image a filter works on.
  static let inputImage = FilterParameter(
    key: "inputImage", kind: .image, summary: "The image to filter.")

  /// The image under `inputImage` in compositing filters.
  static let backgroundImage = FilterParameter(
    key: "inputBackgroundImage", kind: .image, summary: "The image underneath.")

  /// A number with its default and Apple's slider range.
  static func number(
    _ key: String, _ defaultValue: Double, _ range: ClosedRange<Double>, _ summary: String
  ) -> FilterParameter {
    FilterParameter(key: key, kind: .number(default: defaultValue, range: range), summary: summary)
  }

  /// A colour given as linear RGBA.
  static func color(_ key: String, _ defaultValue: LinearColor, _ summary: String)
    -> FilterParameter
  {
    FilterParameter(key: key, kind: .color(default: defaultValue), summary: summary)
  }

  /// A vector of numbers.
  static func vector(_ key: String, _ defaultValue: [Double], _ summary: String) -> FilterParameter
  {
    FilterParameter(key: key, kind: .vector(default: defaultValue), summary: summary)
  }

  /// A point in the plane.
  static func point(_ key: String, _ defaultValue: Point, _ summary: String) -> FilterParameter {
    FilterParameter(key: key, kind: .point(default: defaultValue), summary: summary)
  }
}

/// Rec. 709 luma weights on linear RGB (Core Image's luminance).
let lumaWeights = SIMD3<Float>(0.2125, 0.7154, 0.0721)

extension SIMD4 where Scalar == Float {
  /// The colour channels.
  var rgb: SIMD3<Float> { SIMD3(x, y, z) }

  /// The colour `rgb` with this pixel's alpha.
  func with(rgb: SIMD3<Float>) -> SIMD4<Float> { SIMD4(rgb.x, rgb.y, rgb.z, w) }
}

/// The luminance of a colour.
@inline(__always)
func luminance(_ rgb: SIMD3<Float>) -> Float { (rgb * lumaWeights).sum() }
