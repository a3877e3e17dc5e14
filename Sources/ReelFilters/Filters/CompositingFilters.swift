/// Core Image's compositing and blend-mode filters: the image over the background image.
enum CompositingFilters {
  static let all: [FilterDescriptor] = [
    composite("CISourceOverCompositing", .sourceOver, "The image over the background."),
    composite(
      "CISourceAtopCompositing", .sourceAtop, "The image where the background is, over it."),
    composite("CISourceInCompositing", .sourceIn, "The image where the background is."),
    composite("CISourceOutCompositing", .sourceOut, "The image where the background is not."),
    composite("CIAdditionCompositing", .addition, "The sum of the two."),
    composite("CIMultiplyBlendMode", .multiply, "Colours multiplied."),
    composite("CIScreenBlendMode", .screen, "Inverted colours multiplied, inverted."),
    composite("CIOverlayBlendMode", .overlay, "Multiply or screen by the background's level."),
    composite("CIDarkenBlendMode", .darken, "The darker of the two."),
    composite("CILightenBlendMode", .lighten, "The lighter of the two."),
  ]

  static func composite(_ name: String, _ mode: BlendMode, _ summary: String) -> FilterDescriptor {
    FilterDescriptor(
      name, categories: [.compositeOperation, .video, .stillImage, .builtIn], summary: summary,
      maths: mode.maths, parameters: [.inputImage, .backgroundImage]
    ) { arguments in
      guard let image = arguments.image("inputImage"),
        let background = arguments.image("inputBackgroundImage")
      else { return nil }
      return image.blended(over: background, mode: mode)
    }
  }
}
