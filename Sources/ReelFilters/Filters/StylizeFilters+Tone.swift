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
    summary: "A comic-book drawing: flat colours in halftone dots with black outlines.",
    maths:
      "encoded colours posterised to 4 levels per channel, multiplied by 1 − smoothstep(0.1, 0.3, |∇Y|) with |∇Y| the Sobel magnitude of the linear luminance (black outlines on edges); then a halftone screen: a grid of cells of side s = max(4, shorter side of the extent / 100) pixels (6 for an infinite extent) turned 45°, anchored at the extent's corner, with a dot of radius 0.35·s·√(1 − Y′) at each cell's centre (Y′ the encoded luminance of the flat colour, so white has none), its edge softened over 1 pixel; inside a dot the colour is halved (linear light, alpha kept); the extent is the input's",
    parameters: [.inputImage]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let flat = image.applying(
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
    let screen = HalftoneScreen(extent: image.extent)
    return flat.applying(
      PositionalOperation(name: "CIComicEffect") { pixel, x, y in
        guard pixel.w > 0 else { return pixel }
        let encoded = TransferFunction.encodedFloat(min(max(luminance(pixel.rgb / pixel.w), 0), 1))
        let coverage = screen.coverage(x: x, y: y, darkness: Double(1 - encoded))
        return pixel.with(rgb: pixel.rgb * Float(1 - 0.5 * coverage))
      })
  }
}

/// The comic effect's halftone screen: cells of side `cell` pixels turned 45°, anchored at
/// the extent's corner, a dot at each cell's centre whose radius grows with the darkness.
struct HalftoneScreen: Sendable {
  /// The cell's side in pixels: a hundredth of the extent's shorter side, at least 4 (6 for an
  /// infinite extent), so the dots keep their size relative to the picture.
  let cell: Double
  /// The grid's anchor: the extent's corner (the plane's origin for an infinite extent).
  let originX: Double
  let originY: Double

  init(extent: Rect) {
    if extent.isInfinite {
      (cell, originX, originY) = (6, 0, 0)
    } else {
      cell = max(4, min(extent.width, extent.height) / 100)
      (originX, originY) = (extent.minX, extent.minY)
    }
  }

  /// How much of the pixel centred at (x, y) a dot covers (0…1) where the colour's darkness
  /// (1 − encoded luminance) is `darkness`: the dot's radius is 0.35 · cell · √darkness and
  /// its edge is softened over one pixel.
  func coverage(x: Double, y: Double, darkness: Double) -> Double {
    let scale = 1 / (2.0.squareRoot() * cell)
    let u = ((x - originX) + (y - originY)) * scale
    let v = ((y - originY) - (x - originX)) * scale
    let du = u - u.rounded()
    let dv = v - v.rounded()
    let distance = (du * du + dv * dv).squareRoot() * cell
    let radius = 0.35 * cell * max(darkness, 0).squareRoot()
    return min(max(radius - distance + 0.5, 0), 1) * (radius > 0 ? 1 : 0)
  }
}
