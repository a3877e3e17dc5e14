import ReelCore

/// Core Image's tone and drawing stylize filters: highlight-and-shadow adjustment and the
/// comic effect.
enum ToneStylizeFilters {
  static let all: [FilterDescriptor] = [highlightShadowAdjust, comicEffect]

  static let highlightShadowAdjust = FilterDescriptor(
    "CIHighlightShadowAdjust", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "Lifts or deepens the shadows and tames the highlights, keeping the colours.",
    maths:
      "linear luminance Y, mask M = Y (radius 0) or the luminance of a Gaussian blur of σ = radius; shadows: Y₁ = Y + s·(1 − M)²·(√Y − Y) for s ≥ 0, Y + |s|·(1 − M)²·(Y² − Y) for s < 0; highlights: Y₂ = Y₁ − (1 − h)·M²·(Y₁ − Y₁²); R, G, B scaled by Y₂/Y (alpha kept); shadow 0 and highlight 1 leave the image",
    parameters: [
      .inputImage, .number("inputRadius", 0, 0...10, "The mask's blur in pixels (0: none)."),
      .number("inputShadowAmount", 0, -1...1, "Above 0 lifts the shadows, below deepens them."),
      .number("inputHighlightAmount", 1, 0...1, "Below 1 darkens the highlights."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let shadow = arguments.float("inputShadowAmount")
    let highlight = arguments.float("inputHighlightAmount")
    let radius = MoreBlurFilters.radius(arguments)
    let mask = radius > 0 ? image.blurred(sigma: radius) : image
    return image.combined(with: mask, extent: image.extent) { pixel, around in
      guard pixel.w > 0 else { return pixel }
      let y = luminance(pixel.rgb / pixel.w)
      guard y > 0 else { return pixel }
      let m = min(max(around.w > 0 ? luminance(around.rgb / around.w) : 0, 0), 1)
      let shadowWeight = (1 - m) * (1 - m)
      let lifted =
        shadow >= 0
        ? y + shadow * shadowWeight * (y.squareRoot() - y)
        : y - shadow * shadowWeight * (y * y - y)
      let tamed = lifted - (1 - highlight) * m * m * (lifted - lifted * lifted)
      return pixel.with(rgb: pixel.rgb * (tamed / y))
    }
  }

  static let comicEffect = FilterDescriptor(
    "CIComicEffect", categories: [.stylize, .video, .stillImage, .builtIn],
    summary: "A comic-book drawing: flat colours with black outlines.",
    maths:
      "encoded colours posterised to 4 levels per channel, multiplied by 1 − smoothstep(0.1, 0.3, |∇Y|) with |∇Y| the Sobel magnitude of the linear luminance (black outlines on edges); Apple's version also screens the colours into halftone dots, Reel's does not; the extent is the input's",
    parameters: [.inputImage]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    return image.applying(
      spatial: NeighbourhoodOperation(input: image, reach: 1) { pixel in
        func y(_ dx: Int, _ dy: Int) -> Float { luminance(pixel(dx, dy).rgb) }
        let gx = (y(1, -1) + 2 * y(1, 0) + y(1, 1)) - (y(-1, -1) + 2 * y(-1, 0) + y(-1, 1))
        let gy = (y(-1, 1) + 2 * y(0, 1) + y(1, 1)) - (y(-1, -1) + 2 * y(0, -1) + y(1, -1))
        let t = min(max(((gx * gx + gy * gy).squareRoot() - 0.1) / 0.2, 0), 1)
        let ink = 1 - t * t * (3 - 2 * t)
        let centre = pixel(0, 0)
        guard centre.w > 0 else { return centre }
        let colour = (centre.rgb / centre.w).clamped(lowerBound: .zero, upperBound: .one)
        func flat(_ value: Float) -> Float {
          TransferFunction.linearFloat(
            (TransferFunction.encodedFloat(value) * 3).rounded(.toNearestOrAwayFromZero) / 3)
        }
        let poster = SIMD3(flat(colour.x), flat(colour.y), flat(colour.z))
        return SIMD4(poster * ink * centre.w, centre.w)
      }, extent: image.extent)
  }
}
