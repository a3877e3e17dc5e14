import Foundation
import ReelCore

/// Core Image's generators: images made from parameters alone (infinite extent).
enum GeneratorFilters {
  static let all: [FilterDescriptor] = [
    constantColor, linearGradient, radialGradient, checkerboard,
  ]

  static let constantColor = FilterDescriptor(
    "CIConstantColorGenerator", categories: [.generator, .video, .stillImage, .builtIn],
    summary: "One colour everywhere.",
    maths: "the colour everywhere (infinite extent)",
    parameters: [.color("inputColor", LinearColor(red: 1, green: 0, blue: 0), "The colour.")]
  ) { arguments in
    FilterImage(constant: arguments.color("inputColor").premultiplied)
  }

  /// Linear interpolation (in linear light) along the line from point 0 to point 1, each
  /// colour held beyond its end.
  static let linearGradient = FilterDescriptor(
    "CILinearGradient", categories: [.generator, .video, .stillImage, .builtIn],
    summary: "A gradient along a line between two colours.",
    maths: "linear mix along the line from point0 to point1, colours held beyond the ends",
    parameters: [
      .point("inputPoint0", Point(x: 0, y: 0), "Where color 0 is."),
      .point("inputPoint1", Point(x: 200, y: 200), "Where color 1 is."),
      .color("inputColor0", LinearColor(red: 1, green: 1, blue: 1), "The first colour."),
      .color("inputColor1", LinearColor(red: 0, green: 0, blue: 0), "The second colour."),
    ]
  ) { arguments in
    let start = arguments.point("inputPoint0")
    let end = arguments.point("inputPoint1")
    let first = arguments.color("inputColor0").premultiplied
    let second = arguments.color("inputColor1").premultiplied
    let dx = end.x - start.x
    let dy = end.y - start.y
    let length = dx * dx + dy * dy
    return FilterImage(constant: .zero).applying(
      PositionalOperation(name: "CILinearGradient") { _, x, y in
        let t = length > 0 ? ((x - start.x) * dx + (y - start.y) * dy) / length : 0
        let fraction = Float(min(max(t, 0), 1))
        return first + (second - first) * fraction
      })
  }

  /// Interpolation by the distance from the centre, from `inputRadius0` to `inputRadius1`.
  static let radialGradient = FilterDescriptor(
    "CIRadialGradient", categories: [.generator, .video, .stillImage, .builtIn],
    summary: "A gradient between two circles.",
    maths: "linear mix between the two radii around the centre",
    parameters: [
      .point("inputCenter", Point(x: 150, y: 150), "The centre."),
      .number("inputRadius0", 5, 0...800, "Where color 0 ends."),
      .number("inputRadius1", 100, 0...800, "Where color 1 starts."),
      .color("inputColor0", LinearColor(red: 1, green: 1, blue: 1), "The inner colour."),
      .color("inputColor1", LinearColor(red: 0, green: 0, blue: 0), "The outer colour."),
    ]
  ) { arguments in
    let centre = arguments.point("inputCenter")
    let inner = arguments.number("inputRadius0")
    let outer = arguments.number("inputRadius1")
    let first = arguments.color("inputColor0").premultiplied
    let second = arguments.color("inputColor1").premultiplied
    return FilterImage(constant: .zero).applying(
      PositionalOperation(name: "CIRadialGradient") { _, x, y in
        let distance = ((x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y))
          .squareRoot()
        let span = outer - inner
        let t = span != 0 ? (distance - inner) / span : (distance < inner ? 0 : 1)
        let fraction = Float(min(max(t, 0), 1))
        return first + (second - first) * fraction
      })
  }

  /// Squares of `inputWidth` pixels alternating the two colours, the corner of one at the
  /// centre; `inputSharpness` 1 is hard edges, less blends across a band around each edge.
  /// The squares count in Core Image's y-up sense, so colour 0 is the square whose
  /// bottom-left corner (on screen) is the centre, as in Core Image's plane.
  static let checkerboard = FilterDescriptor(
    "CICheckerboardGenerator", categories: [.generator, .video, .stillImage, .builtIn],
    summary: "A checkerboard of two colours.",
    maths:
      "squares of `width`, colour 0 above and right of the centre on screen, a soft band of (1 − sharpness)/2 squares at each edge",
    parameters: [
      .point("inputCenter", Point(x: 150, y: 150), "A corner of a square."),
      .color("inputColor0", LinearColor(red: 1, green: 1, blue: 1), "The first colour."),
      .color("inputColor1", LinearColor(red: 0, green: 0, blue: 0), "The second colour."),
      .number("inputWidth", 80, 0...800, "A square's side in pixels."),
      .number("inputSharpness", 1, 0...1, "1 is hard edges."),
    ]
  ) { arguments in
    let centre = arguments.point("inputCenter")
    let side = max(arguments.number("inputWidth"), 1e-6)
    let sharpness = min(max(arguments.number("inputSharpness"), 0), 1)
    let first = arguments.color("inputColor0").premultiplied
    let second = arguments.color("inputColor1").premultiplied
    return FilterImage(constant: .zero).applying(
      PositionalOperation(name: "CICheckerboardGenerator") { _, x, y in
        // Distance (in squares) to the nearest edge on each axis, and the square's parity,
        // with v counted upwards as in Core Image's plane.
        let u = (x - centre.x) / side
        let v = (centre.y - y) / side
        let parity = (Int(u.rounded(.down)) + Int(v.rounded(.down))) & 1
        let edge = min(abs(u - u.rounded()), abs(v - v.rounded()))
        let band = (1 - sharpness) / 2
        let hard: SIMD4<Float> = parity == 0 ? first : second
        guard band > 0, edge < band else { return hard }
        let soft = (first + second) / 2
        let fraction = Float(edge / band)
        return soft + (hard - soft) * fraction
      })
  }
}
