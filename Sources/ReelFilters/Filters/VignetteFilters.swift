import Foundation
import ReelCore

/// Core Image's vignettes: light falling off away from a centre, in linear light.
enum VignetteFilters {
  static let all: [FilterDescriptor] = [vignette, vignetteEffect]

  /// The cos⁴ law of natural vignetting about the image's centre, mixed in by `inputIntensity`.
  static let vignette = FilterDescriptor(
    "CIVignette", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Darkens the image towards its corners.",
    maths:
      "linear c · (1 − intensity · (1 − cos⁴θ)), θ = ½π · min(ρ, 1), ρ = distance from the extent's centre / (radius · half the extent's diagonal); radius 2.5 and intensity 1 is FFmpeg's `vignette` curve cos⁴(π/5 · d/dmax)",
    parameters: [
      .inputImage,
      .number("inputIntensity", 0, -1...1, "How dark the corners get; below 0 lightens."),
      .number("inputRadius", 1, 0...2, "Where the falloff ends, in half-diagonals."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let intensity = arguments.float("inputIntensity")
    let extent = image.extent.isInfinite ? Rect.zero : image.extent
    let centre = extent.centre
    let reach = max(arguments.number("inputRadius"), 0) * extent.halfDiagonal
    return image.applying(
      PositionalOperation(
        name: "CIVignette", key: [Double(intensity), centre.x, centre.y, reach]
      ) { x, y in
        let distance = ((x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y))
          .squareRoot()
        let ratio = reach > 0 ? min(distance / reach, 1) : 1
        let c = Float(cos(ratio * Double.pi / 2))
        return 1 - intensity * (1 - c * c * c * c)
      })
  }

  /// Unchanged inside radius · (1 − falloff), darkened by `inputIntensity` beyond the radius,
  /// with a smoothstep between.
  static let vignetteEffect = FilterDescriptor(
    "CIVignetteEffect", categories: [.colorEffect, .video, .stillImage, .builtIn],
    summary: "Darkens the image outside a circle.",
    maths:
      "linear c · (1 − intensity · smoothstep(radius · (1 − falloff), radius, d)), d the distance from the centre (a hard edge at falloff 0)",
    parameters: [
      .inputImage,
      .point("inputCenter", Point(x: 150, y: 150), "The centre of the circle."),
      .number("inputRadius", 150, 0...2000, "Where the darkening is full, in pixels."),
      .number("inputIntensity", 1, -1...1, "How dark outside; below 0 lightens."),
      .number("inputFalloff", 0.5, 0...1, "The width of the soft edge, as part of the radius."),
    ]
  ) { arguments in
    let centre = arguments.point("inputCenter")
    let radius = max(arguments.number("inputRadius"), 0)
    let inner = radius * (1 - min(max(arguments.number("inputFalloff"), 0), 1))
    let intensity = arguments.float("inputIntensity")
    return arguments.image("inputImage")?.applying(
      PositionalOperation(
        name: "CIVignetteEffect", key: [centre.x, centre.y, radius, inner, Double(intensity)]
      ) { x, y in
        let distance = ((x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y))
          .squareRoot()
        return 1 - intensity * Float(smoothstep(inner, radius, distance))
      })
  }
}

/// 0 below `low`, 1 above `high`, 3t² − 2t³ between (a step at `high` when they meet).
func smoothstep(_ low: Double, _ high: Double, _ value: Double) -> Double {
  guard high > low else { return value < high ? 0 : 1 }
  let t = min(max((value - low) / (high - low), 0), 1)
  return t * t * (3 - 2 * t)
}
