import ReelCore

/// Core Image's sharpening filters, both built on the engine's Gaussian blur.
enum SharpenFilters {
  static let all: [FilterDescriptor] = [sharpenLuminance, unsharpMask]

  static let sharpenLuminance = FilterDescriptor(
    "CISharpenLuminance", categories: [.sharpen, .video, .stillImage, .builtIn],
    summary: "Sharpens the luminance, leaving the colour's chroma alone.",
    maths:
      "linear light: c + sharpness·(Y − Y_blur) added to each of R, G, B, with Y_blur the luminance of a Gaussian blur of σ = radius (c − Y is unchanged); the extent is the input's",
    parameters: [
      .inputImage, .number("inputSharpness", 0.4, 0...2, "How much to sharpen."),
      .number("inputRadius", 1.69, 0...20, "The blur's standard deviation, in pixels."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let sharpness = arguments.float("inputSharpness")
    let blurred = image.blurred(sigma: MoreBlurFilters.radius(arguments))
    return image.combined(with: blurred, extent: image.extent) { pixel, blur in
      let lift = sharpness * (luminance(pixel.rgb) - luminance(blur.rgb))
      return pixel.with(rgb: pixel.rgb + lift)
    }
  }

  static let unsharpMask = FilterDescriptor(
    "CIUnsharpMask", categories: [.sharpen, .video, .stillImage, .builtIn],
    summary: "Sharpens by adding back the difference between the image and a blur of it.",
    maths:
      "linear light, premultiplied: c + intensity·(c − G_σ∗c), G_σ the Gaussian of σ = radius; the extent is the input's",
    parameters: [
      .inputImage,
      .number("inputRadius", 2.5, 0...100, "The blur's standard deviation, in pixels."),
      .number("inputIntensity", 0.5, 0...1, "How much of the difference is added."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let intensity = arguments.float("inputIntensity")
    let blurred = image.blurred(sigma: MoreBlurFilters.radius(arguments))
    return image.combined(with: blurred, extent: image.extent) { pixel, blur in
      pixel + intensity * (pixel - blur)
    }
  }
}
