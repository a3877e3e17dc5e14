import Foundation
import ReelCore

/// Core Image's colour effect filters.
enum ColorEffectFilters {
  static let all: [FilterDescriptor] = [
    colorInvert, colorMonochrome, colorPosterize, sepiaTone, falseColor, maximumComponent,
    minimumComponent,
  ]

  /// 1 − each linear channel.
  static let colorInvert = FilterDescriptor(
    "CIColorInvert", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Inverts the colours.",
    maths: "linear 1 − c", parameters: [.inputImage]
  ) { arguments in
    arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIColorInvert", space: .linear, isSmooth: true) { pixel in
        pixel.with(rgb: 1 - pixel.rgb)
      })
  }

  /// The luminance times `inputColor`, mixed with the original by `inputIntensity`.
  static let colorMonochrome = FilterDescriptor(
    "CIColorMonochrome", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Tints the image in one colour by its luminance.",
    maths: "linear mix(c, colour · Y, intensity)",
    parameters: [
      .inputImage,
      .color("inputColor", LinearColor(red: 0.6, green: 0.45, blue: 0.3), "The tint."),
      .number("inputIntensity", 1, 0...1, "0 leaves the image, 1 is fully tinted."),
    ]
  ) { arguments in
    let tint = arguments.color("inputColor").components
    let intensity = arguments.float("inputIntensity")
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIColorMonochrome", space: .linear, isSmooth: true) { pixel in
        let tinted = SIMD3(tint.x, tint.y, tint.z) * luminance(pixel.rgb)
        return pixel.with(rgb: pixel.rgb + (tinted - pixel.rgb) * intensity)
      })
  }

  /// Each encoded channel rounded to one of `inputLevels` evenly spaced levels.
  static let colorPosterize = FilterDescriptor(
    "CIColorPosterize", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Reduces each channel to a few levels.",
    maths: "on encoded values: round(c · (levels − 1)) / (levels − 1)",
    parameters: [.inputImage, .number("inputLevels", 6, 2...30, "Levels per channel.")]
  ) { arguments in
    let steps = max(arguments.float("inputLevels").rounded(), 2) - 1
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIColorPosterize", space: .encoded) { pixel in
        let clamped = pixel.rgb.clamped(lowerBound: .zero, upperBound: .one)
        return pixel.with(rgb: (clamped * steps).rounded(.toNearestOrAwayFromZero) / steps)
      })
  }

  /// The classic sepia matrix on encoded values, mixed with the original by `inputIntensity`.
  static let sepiaTone = FilterDescriptor(
    "CISepiaTone", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Browns the image like an old photograph.",
    maths:
      "on encoded values: mix(c, M·c, intensity), M the classic sepia matrix (0.393 0.769 0.189 / 0.349 0.686 0.168 / 0.272 0.534 0.131)",
    parameters: [
      .inputImage, .number("inputIntensity", 1, 0...1, "0 leaves the image, 1 is sepia."),
    ]
  ) { arguments in
    let intensity = arguments.float("inputIntensity")
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CISepiaTone", space: .encoded, isSmooth: true) { pixel in
        let rgb = pixel.rgb
        let sepia = SIMD3(
          (rgb * SIMD3(0.393, 0.769, 0.189)).sum(), (rgb * SIMD3(0.349, 0.686, 0.168)).sum(),
          (rgb * SIMD3(0.272, 0.534, 0.131)).sum())
        return pixel.with(rgb: rgb + (sepia - rgb) * intensity)
      })
  }

  /// The luminance mapped from `inputColor0` (black) to `inputColor1` (white).
  static let falseColor = FilterDescriptor(
    "CIFalseColor", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Maps luminance onto a gradient between two colours.",
    maths: "linear mix(colour0, colour1, Y)",
    parameters: [
      .inputImage,
      .color("inputColor0", LinearColor(red: 0.3, green: 0, blue: 0), "The colour of black."),
      .color("inputColor1", LinearColor(red: 1, green: 0.9, blue: 0.8), "The colour of white."),
    ]
  ) { arguments in
    let dark = arguments.color("inputColor0").components
    let light = arguments.color("inputColor1").components
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIFalseColor", space: .linear, isSmooth: true) { pixel in
        let level = luminance(pixel.rgb)
        let mixed = dark + (light - dark) * level
        return SIMD4(mixed.x, mixed.y, mixed.z, pixel.w * mixed.w)
      })
  }

  /// Grey at the largest channel.
  static let maximumComponent = FilterDescriptor(
    "CIMaximumComponent", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Grey at each pixel's largest channel.",
    maths: "linear grey at max(r, g, b)", parameters: [.inputImage]
  ) { arguments in
    arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIMaximumComponent", space: .linear) { pixel in
        pixel.with(rgb: SIMD3(repeating: pixel.rgb.max()))
      })
  }

  /// Grey at the smallest channel.
  static let minimumComponent = FilterDescriptor(
    "CIMinimumComponent", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Grey at each pixel's smallest channel.",
    maths: "linear grey at min(r, g, b)", parameters: [.inputImage]
  ) { arguments in
    arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIMinimumComponent", space: .linear) { pixel in
        pixel.with(rgb: SIMD3(repeating: pixel.rgb.min()))
      })
  }
}
