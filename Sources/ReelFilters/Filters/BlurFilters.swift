/// Core Image's blurs.
enum BlurFilters {
  static let all: [FilterDescriptor] = [gaussianBlur]

  /// A Gaussian in linear light whose standard deviation is `inputRadius` pixels.
  static let gaussianBlur = FilterDescriptor(
    "CIGaussianBlur", categories: [.blur, .video, .stillImage, .builtIn],
    summary: "Blurs with a Gaussian whose standard deviation is the radius.",
    maths:
      "separable Gaussian in linear light, σ = radius pixels, taps to ⌈4σ⌉ (the weight beyond is below 10⁻⁴), normalised; from σ = 4.2 on a binomial pyramid, blurred there, Catmull–Rom back (docs/filters.md \"Speed\")",
    parameters: [.inputImage, .number("inputRadius", 10, 0...100, "Standard deviation in pixels.")]
  ) { arguments in
    arguments.image("inputImage")?.blurred(sigma: arguments.number("inputRadius"))
  }
}
