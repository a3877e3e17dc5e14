import Foundation
import ReelCore

/// Core Image's other blurs: box, disc, motion, zoom and noise reduction.
enum MoreBlurFilters {
  static let all: [FilterDescriptor] = [boxBlur, discBlur, motionBlur, zoomBlur, noiseReduction]

  /// The largest radius in pixels a blur takes (beyond it a frame is one colour anyway).
  static let largestRadius = 2000.0

  /// `key`'s number clamped to 0…``largestRadius``.
  static func radius(_ arguments: FilterArguments, _ key: String = "inputRadius") -> Double {
    min(max(arguments.number(key), 0), largestRadius)
  }

  static let boxBlur = FilterDescriptor(
    "CIBoxBlur", categories: [.blur, .video, .stillImage, .builtIn],
    summary: "Blurs with a square box: the mean of the pixels around each pixel.",
    maths:
      "linear light: mean of the (2r + 1)² pixels centred on the pixel, r = radius rounded; separable running sums (O(1) per pixel); the extent grows by r",
    parameters: [
      .inputImage, .number("inputRadius", 10, 1...100, "Half the box's side, in pixels."),
    ]
  ) { arguments in
    arguments.image("inputImage")?.boxBlurred(radius: Int(radius(arguments).rounded()))
  }

  static let discBlur = FilterDescriptor(
    "CIDiscBlur", categories: [.blur, .video, .stillImage, .builtIn],
    summary: "Blurs with a disc: the mean of the pixels within the radius.",
    maths:
      "linear light: mean of the pixels whose centres are within r of the pixel's centre; one prefix-sum span per disc row (O(r) per pixel); the extent grows by ⌊r⌋",
    parameters: [.inputImage, .number("inputRadius", 8, 0...100, "The disc's radius in pixels.")]
  ) { arguments in
    arguments.image("inputImage")?.discBlurred(radius: radius(arguments))
  }

  static let motionBlur = FilterDescriptor(
    "CIMotionBlur", categories: [.blur, .video, .stillImage, .builtIn],
    summary: "Smears the image along a line, as a camera moving during the exposure.",
    maths:
      "linear light: mean of 2⌈r⌉ + 1 bilinear samples evenly spaced from −r to +r along the angle (radians, counter-clockwise on screen from the x axis, as in Core Image); O(r) per pixel; the extent grows by r along the line",
    parameters: [
      .inputImage, .number("inputRadius", 20, 0...100, "Half the smear's length in pixels."),
      .number("inputAngle", 0, -Double.pi...Double.pi, "The smear's direction in radians."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let radius = radius(arguments)
    guard radius > 0 else { return image }
    let angle = arguments.number("inputAngle")
    // Counter-clockwise on screen is towards −y in the engine's y-down plane.
    let blur = MotionBlur(input: image, radius: radius, direction: SIMD2(cos(angle), -sin(angle)))
    let reach = blur.reach
    return image.applying(
      spatial: blur, extent: image.extent(grownBy: Double(reach.x), Double(reach.y)))
  }

  static let zoomBlur = FilterDescriptor(
    "CIZoomBlur", categories: [.blur, .video, .stillImage, .builtIn],
    summary: "Blurs along rays from a centre, as a camera zooming during the exposure.",
    maths:
      "linear light: mean of bilinear samples at c + (p − c)/s for s evenly from 1 to 1 + amount/100 (a streak of |p − c|·(1 − 1/s) pixels towards the centre, one sample per pixel of it, at most 512); the extent grows to hold the image magnified about the centre",
    parameters: [
      .inputImage,
      .point("inputCenter", Point(x: 150, y: 150), "The centre of the zoom."),
      .number("inputAmount", 20, 0...200, "How far the zoom goes, in percent of magnification."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let amount = min(max(arguments.number("inputAmount"), 0), 10_000)
    guard amount > 0 else { return image }
    let center = arguments.point("inputCenter")
    let zoom = 1 + amount / 100
    let extent: Rect
    if image.extent.isInfinite {
      extent = .infinite
    } else {
      let e = image.extent
      extent = e.union(
        Rect(
          x: center.x + (e.minX - center.x) * zoom, y: center.y + (e.minY - center.y) * zoom,
          width: e.width * zoom, height: e.height * zoom))
    }
    return image.applying(
      spatial: ZoomBlur(input: image, center: center, zoom: zoom), extent: extent)
  }

  static let noiseReduction = FilterDescriptor(
    "CINoiseReduction", categories: [.blur, .video, .stillImage, .builtIn],
    summary:
      "Smooths changes in luminance below the noise level and sharpens the edges above it.",
    maths:
      "linear light, 3×3 neighbourhood: m = mean of the neighbours whose luminance is within the noise level of the centre's (the centre included); where every neighbour is, the output is m; elsewhere (an edge) m + sharpness·(c − mean of all nine)",
    parameters: [
      .inputImage,
      .number("inputNoiseLevel", 0.02, 0...0.1, "Luminance changes below this are noise."),
      .number("inputSharpness", 0.4, 0...2, "How much edges are sharpened."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let level = arguments.float("inputNoiseLevel")
    let sharpness = arguments.float("inputSharpness")
    return image.applying(
      spatial: NeighbourhoodOperation(input: image, reach: 1) { pixel in
        let centre = pixel(0, 0)
        let centreLuminance = luminance(centre.rgb)
        var similar = SIMD4<Float>.zero
        var similarCount: Float = 0
        var all = SIMD4<Float>.zero
        for dy in -1...1 {
          for dx in -1...1 {
            let neighbour = pixel(dx, dy)
            all += neighbour
            if abs(luminance(neighbour.rgb) - centreLuminance) <= level {
              similar += neighbour
              similarCount += 1
            }
          }
        }
        let smoothed = similar / similarCount
        if similarCount == 9 { return smoothed }
        return smoothed + sharpness * (centre - all / 9)
      }, extent: image.extent)
  }
}
