/// Core Image's transitions: from `inputImage` at time 0 to `inputTargetImage` at time 1.
enum TransitionFilters {
  static let all: [FilterDescriptor] = [dissolve]

  /// A linear mix of the two images in linear light.
  static let dissolve = FilterDescriptor(
    "CIDissolveTransition", categories: [.transition, .video, .stillImage, .builtIn],
    summary: "Fades from one image to the other.",
    maths: "linear image · (1 − t) + target · t",
    parameters: [
      .inputImage,
      FilterParameter(key: "inputTargetImage", kind: .image, summary: "The image at time 1."),
      .number("inputTime", 0, 0...1, "0 is the image, 1 the target."),
    ]
  ) { arguments in
    guard let from = arguments.image("inputImage"), let to = arguments.image("inputTargetImage")
    else { return nil }
    let time = Float(min(max(arguments.number("inputTime"), 0), 1))
    let faded = from.applying(
      ColorOperation(name: "CIDissolveTransition", space: .linear) { pixel in
        SIMD4(pixel.x, pixel.y, pixel.z, pixel.w * (1 - time))
      })
    let arriving = to.applying(
      ColorOperation(name: "CIDissolveTransition", space: .linear) { pixel in
        SIMD4(pixel.x, pixel.y, pixel.z, pixel.w * time)
      })
    return arriving.blended(over: faded, mode: .addition)
  }
}
