import ReelCore

/// Core Image's geometry filters (in the filter plane: x right, y down).
enum GeometryFilters {
  static let all: [FilterDescriptor] = [crop, affineTransform]

  static let crop = FilterDescriptor(
    "CICrop", categories: [.geometryAdjustment, .video, .stillImage, .builtIn],
    summary: "Keeps a rectangle of the image.",
    maths: "keeps the pixels whose centres are inside the rectangle",
    parameters: [
      .inputImage,
      FilterParameter(
        key: "inputRectangle", kind: .rectangle(default: Rect(x: 0, y: 0, width: 300, height: 300)),
        summary: "The rectangle kept (x, y, width, height)."),
    ]
  ) { arguments in
    let values = arguments.vector("inputRectangle")
    guard values.count == 4 else { return nil }
    return arguments.image("inputImage")?.cropped(
      to: Rect(x: values[0], y: values[1], width: values[2], height: values[3]))
  }

  static let affineTransform = FilterDescriptor(
    "CIAffineTransform", categories: [.geometryAdjustment, .video, .stillImage, .builtIn],
    summary: "Moves, scales, rotates or skews the image.",
    maths:
      "bilinear sampling in linear light through the inverse transform (integer translations exact)",
    parameters: [
      .inputImage,
      FilterParameter(
        key: "inputTransform", kind: .transform(default: .identity), summary: "The transform."),
    ]
  ) { arguments in
    arguments.image("inputImage")?.transformed(by: arguments.transform("inputTransform"))
  }
}
