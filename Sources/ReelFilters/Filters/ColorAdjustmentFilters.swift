import Foundation
import ReelCore

/// Core Image's colour adjustment filters.
enum ColorAdjustmentFilters {
  static let all: [FilterDescriptor] = [
    colorControls, exposureAdjust, gammaAdjust, hueAdjust, colorMatrix, colorClamp,
  ]

  /// Saturation (mix with the luminance grey), then brightness (a bias), then contrast
  /// (about mid-grey), on sRGB-encoded values.
  static let colorControls = FilterDescriptor(
    "CIColorControls", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Adjusts saturation, brightness and contrast.",
    maths:
      "on encoded values: saturation Y + (c − Y)·s; then brightness + b; then contrast (c − ½)·k + ½",
    parameters: [
      .inputImage,
      .number("inputSaturation", 1, 0...2, "0 is grey, 1 unchanged, above 1 more colourful."),
      .number("inputBrightness", 0, -1...1, "Added to every channel."),
      .number("inputContrast", 1, 0.25...4, "Scales the distance from mid-grey."),
    ]
  ) { arguments in
    let saturation = arguments.float("inputSaturation")
    let brightness = arguments.float("inputBrightness")
    let contrast = arguments.float("inputContrast")
    return arguments.image("inputImage")?.applying(
      ColorOperation(
        name: "CIColorControls", space: .encoded, isSmooth: true,
        key: [Double(saturation), Double(brightness), Double(contrast)]
      ) { pixel in
        let grey = SIMD3(repeating: luminance(pixel.rgb))
        var rgb = grey + (pixel.rgb - grey) * saturation
        rgb += SIMD3(repeating: brightness)
        rgb = (rgb - 0.5) * contrast + 0.5
        return pixel.with(rgb: rgb)
      })
  }

  /// Colour × 2^EV in linear light.
  static let exposureAdjust = FilterDescriptor(
    "CIExposureAdjust", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Changes exposure by EV stops (each doubles the light).",
    maths: "linear c · 2^EV",
    parameters: [.inputImage, .number("inputEV", 0, -10...10, "Stops; +1 doubles the light.")]
  ) { arguments in
    let gain = Float(pow(2, arguments.number("inputEV")))
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIExposureAdjust", space: .linear, isSmooth: true) { pixel in
        pixel.with(rgb: pixel.rgb * gain)
      })
  }

  /// Each linear channel raised to `inputPower`.
  static let gammaAdjust = FilterDescriptor(
    "CIGammaAdjust", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Raises each channel to a power (midtones darker above 1, lighter below).",
    maths: "linear c^power",
    parameters: [.inputImage, .number("inputPower", 1, 0.25...4, "The exponent.")]
  ) { arguments in
    let power = arguments.float("inputPower")
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIGammaAdjust", space: .linear) { pixel in
        let rgb = pixel.rgb
        return pixel.with(
          rgb: SIMD3(
            powf(max(rgb.x, 0), power), powf(max(rgb.y, 0), power), powf(max(rgb.z, 0), power)))
      })
  }

  /// A rotation of the colour about the grey axis by `inputAngle` radians.
  static let hueAdjust = FilterDescriptor(
    "CIHueAdjust", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Turns every hue by an angle.",
    maths:
      "the W3C Filter Effects `hueRotate` matrix for the angle, on linear values (greys stay grey; 0 and 2π are the identity)",
    parameters: [.inputImage, .number("inputAngle", 0, -Double.pi...Double.pi, "Radians.")]
  ) { arguments in
    let rotation = HueRotation(angle: arguments.number("inputAngle"))
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIHueAdjust", space: .linear, isSmooth: true) { pixel in
        pixel.with(rgb: rotation.apply(pixel.rgb))
      })
  }

  /// s′ = (s·R, s·G, s·B, s·A) + bias, on unpremultiplied linear RGBA.
  static let colorMatrix = FilterDescriptor(
    "CIColorMatrix", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Multiplies the colour by a 4×4 matrix and adds a bias.",
    maths: "linear (c·R, c·G, c·B, c·A) + bias, c = (r, g, b, a) unpremultiplied",
    parameters: [
      .inputImage,
      .vector("inputRVector", [1, 0, 0, 0], "Weights of R, G, B, A in the new red."),
      .vector("inputGVector", [0, 1, 0, 0], "Weights in the new green."),
      .vector("inputBVector", [0, 0, 1, 0], "Weights in the new blue."),
      .vector("inputAVector", [0, 0, 0, 1], "Weights in the new alpha."),
      .vector("inputBiasVector", [0, 0, 0, 0], "Added to R, G, B, A."),
    ]
  ) { arguments in
    func row(_ key: String) -> SIMD4<Float> {
      let values = arguments.vector(key).map { Float($0) } + [0, 0, 0, 0]
      return SIMD4(values[0], values[1], values[2], values[3])
    }
    let (r, g, b, a, bias) = (
      row("inputRVector"), row("inputGVector"), row("inputBVector"), row("inputAVector"),
      row("inputBiasVector")
    )
    return arguments.image("inputImage")?.applying(
      ColorOperation(
        name: "CIColorMatrix", space: .linear, coversPlane: bias.w > 0, isSmooth: true
      ) { pixel in
        SIMD4((pixel * r).sum(), (pixel * g).sum(), (pixel * b).sum(), (pixel * a).sum()) + bias
      })
  }

  /// Each channel clamped to [minimum, maximum].
  static let colorClamp = FilterDescriptor(
    "CIColorClamp", categories: [.colorAdjustment, .video, .stillImage, .builtIn],
    summary: "Keeps each channel between a minimum and a maximum.",
    maths: "each linear channel clamped to [min, max]",
    parameters: [
      .inputImage,
      .vector("inputMinComponents", [0, 0, 0, 0], "The lowest R, G, B, A."),
      .vector("inputMaxComponents", [1, 1, 1, 1], "The highest R, G, B, A."),
    ]
  ) { arguments in
    let low = arguments.vector("inputMinComponents").map { Float($0) }
    let high = arguments.vector("inputMaxComponents").map { Float($0) }
    let minimum = SIMD4(low[0], low[1], low[2], low[3])
    let maximum = SIMD4(high[0], high[1], high[2], high[3])
    return arguments.image("inputImage")?.applying(
      ColorOperation(name: "CIColorClamp", space: .linear) { pixel in
        pixel.clamped(lowerBound: minimum, upperBound: maximum)
      })
  }
}

/// A turn of colours about the grey axis: the W3C Filter Effects `hueRotate` matrix, which
/// keeps greys grey and is the identity at 0 and 2π.
struct HueRotation: Sendable {
  let rows: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

  init(angle: Double) {
    let c = Float(cos(angle))
    let s = Float(sin(angle))
    rows = (
      SIMD3(
        0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928),
      SIMD3(
        0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283),
      SIMD3(
        0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072)
    )
  }

  func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3((rows.0 * rgb).sum(), (rows.1 * rgb).sum(), (rows.2 * rgb).sum())
  }
}
