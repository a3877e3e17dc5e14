/// Core Image's blurs.
enum BlurFilters {
  static let all: [FilterDescriptor] = [gaussianBlur]

  /// A Gaussian in linear light whose standard deviation is `inputRadius` pixels.
  static let gaussianBlur = FilterDescriptor(
    "CIGaussianBlur", categories: [.blur, .video, .stillImage, .builtIn],
    summary: "Blurs with a Gaussian whose standard deviation is the radius.",
    parameters: [.inputImage, .number("inputRadius", 10, 0...100, "Standard deviation in pixels.")]
  ) { arguments in
    arguments.image("inputImage")?.blurred(sigma: arguments.number("inputRadius"))
  }
}
