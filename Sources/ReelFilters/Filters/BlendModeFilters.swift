/// Core Image's other blend modes, and the blends through a mask.
enum BlendModeFilters {
  static let all: [FilterDescriptor] =
    [
      CompositingFilters.composite(
        "CIColorBurnBlendMode", .colorBurn, "Darkens the background to reflect the image."),
      CompositingFilters.composite(
        "CIColorDodgeBlendMode", .colorDodge, "Brightens the background to reflect the image."),
      CompositingFilters.composite(
        "CIHardLightBlendMode", .hardLight, "Multiply or screen by the image's level."),
      CompositingFilters.composite(
        "CISoftLightBlendMode", .softLight, "Darkens or lightens softly by the image's level."),
      CompositingFilters.composite(
        "CIDifferenceBlendMode", .difference, "The difference of the two."),
      CompositingFilters.composite(
        "CIExclusionBlendMode", .exclusion, "Like difference, with less contrast."),
      CompositingFilters.composite(
        "CISubtractBlendMode", .subtract, "The image subtracted from the background."),
      CompositingFilters.composite(
        "CIDivideBlendMode", .divide, "The background divided by the image."),
      CompositingFilters.composite(
        "CILinearBurnBlendMode", .linearBurn, "The sum of the two, less one."),
      CompositingFilters.composite("CILinearDodgeBlendMode", .linearDodge, "The sum of the two."),
      CompositingFilters.composite(
        "CIPinLightBlendMode", .pinLight,
        "The background's darks or lights replaced by the image's."),
      CompositingFilters.composite(
        "CIHueBlendMode", .hue, "The image's hue, the background's saturation and luminosity."),
      CompositingFilters.composite(
        "CISaturationBlendMode", .saturation,
        "The image's saturation, the background's hue and luminosity."),
      CompositingFilters.composite(
        "CIColorBlendMode", .color, "The image's hue and saturation, the background's luminosity."),
      CompositingFilters.composite(
        "CILuminosityBlendMode", .luminosity,
        "The image's luminosity, the background's hue and saturation."),
    ] + [blendWithMask, blendWithAlphaMask]

  static let maskImage = FilterParameter(
    key: "inputMaskImage", kind: .image, summary: "Where the image shows (1) or the background (0)."
  )

  /// The image where the mask's green is 1, the background where it is 0.
  static let blendWithMask = FilterDescriptor(
    "CIBlendWithMask", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "The image where the mask is light, the background where it is dark.",
    maths:
      "premultiplied linear image · m + background · (1 − m), m the mask's green (linear, premultiplied; 0 outside the mask)",
    parameters: [.inputImage, .backgroundImage, maskImage]
  ) { arguments in
    masked(arguments, name: "CIBlendWithMask") { pixel in pixel.y * pixel.w }
  }

  /// The image where the mask is opaque, the background where it is clear.
  static let blendWithAlphaMask = FilterDescriptor(
    "CIBlendWithAlphaMask", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "The image where the mask is opaque, the background where it is clear.",
    maths: "premultiplied linear image · α + background · (1 − α), α the mask's alpha",
    parameters: [.inputImage, .backgroundImage, maskImage]
  ) { arguments in
    masked(arguments, name: "CIBlendWithAlphaMask") { pixel in pixel.w }
  }

  /// The mix of the image and the background by `weight` of each (unpremultiplied) mask pixel.
  private static func masked(
    _ arguments: FilterArguments, name: String,
    weight: @escaping @Sendable (SIMD4<Float>) -> Float
  ) -> FilterImage? {
    guard let image = arguments.image("inputImage"),
      let background = arguments.image("inputBackgroundImage"),
      let mask = arguments.image("inputMaskImage")
    else { return nil }
    let weights = mask.applying(
      ColorOperation(name: name, space: .linear) { pixel in SIMD4(0, 0, 0, weight(pixel)) })
    return background.mixed(towards: image, weight: weights)
  }
}
