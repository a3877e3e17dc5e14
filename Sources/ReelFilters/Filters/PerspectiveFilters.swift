import Foundation
import ReelCore

/// Core Image's resampling and perspective geometry filters (in the engine's plane: x right,
/// y down; the Apple front end flips points and rectangles on the way in).
enum PerspectiveFilters {
  static let all: [FilterDescriptor] = [
    lanczosScaleTransform, straighten, perspectiveTransform, perspectiveCorrection,
  ]

  static let lanczosScaleTransform = FilterDescriptor(
    "CILanczosScaleTransform", categories: [.geometryAdjustment, .video, .stillImage, .builtIn],
    summary: "Scales the image with high-quality Lanczos resampling.",
    maths:
      "linear light: separable Lanczos-3 (sinc(x)·sinc(x/3), |x| < 3), widened by 1/scale when shrinking, weights normalised; horizontal scale = scale·aspectRatio, vertical = scale, about the origin; edge pixels repeat outward and the result is cropped to the scaled extent",
    parameters: [
      .inputImage, .number("inputScale", 1, 0.05...1.5, "The scale factor."),
      .number("inputAspectRatio", 1, 0.05...1.5, "An extra horizontal scale factor."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let scaleY = min(max(arguments.number("inputScale"), 0.001), 1000)
    let scaleX = min(max(scaleY * arguments.number("inputAspectRatio"), 0.001), 1000)
    if scaleX == 1, scaleY == 1 { return image }
    let source = image.clampedToExtent()
    let scaled = source.applying(
      spatial: LanczosScale(input: source, scaleX: scaleX, scaleY: scaleY), extent: .infinite)
    if image.hasInfiniteExtent { return scaled }
    let e = image.extent
    return scaled.cropped(
      to: Rect(
        x: e.minX * scaleX, y: e.minY * scaleY, width: e.width * scaleX, height: e.height * scaleY))
  }

  static let straighten = FilterDescriptor(
    "CIStraightenFilter", categories: [.geometryAdjustment, .video, .stillImage, .builtIn],
    summary: "Rotates the image and enlarges it so that it still fills its extent.",
    maths:
      "bilinear sampling in linear light of the image turned by the angle (radians, counter-clockwise on screen, as in Core Image) about its extent's centre and scaled by max((W|cos| + H|sin|)/W, (W|sin| + H|cos|)/H) so no corner shows; the extent is the input's",
    parameters: [
      .inputImage, .number("inputAngle", 0, -Double.pi...Double.pi, "The turn in radians."),
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let angle = arguments.number("inputAngle")
    guard angle != 0 else { return image }
    let extent = image.extent
    let centre = extent.isInfinite ? Point.zero : extent.center
    var scale = 1.0
    if !extent.isInfinite, extent.width > 0, extent.height > 0 {
      let (c, s) = (abs(cos(angle)), abs(sin(angle)))
      scale = max(
        (extent.width * c + extent.height * s) / extent.width,
        (extent.width * s + extent.height * c) / extent.height)
    }
    // Counter-clockwise on screen is a negative (clockwise-positive) turn in the y-down plane.
    let transform = AffineTransform(translationX: -centre.x, y: -centre.y)
      .concatenating(AffineTransform(scaleX: scale, y: scale))
      .concatenating(AffineTransform(rotationAngle: -angle))
      .concatenating(AffineTransform(translationX: centre.x, y: centre.y))
    let turned = image.transformed(by: transform)
    return extent.isInfinite ? turned : turned.cropped(to: extent)
  }

  /// The four corner parameters, Apple's defaults flipped into the engine's plane.
  static let corners: [FilterParameter] = [
    .point("inputTopLeft", Point(x: 118, y: 484), "Where the top-left corner goes."),
    .point("inputTopRight", Point(x: 646, y: 507), "Where the top-right corner goes."),
    .point("inputBottomRight", Point(x: 548, y: 140), "Where the bottom-right corner goes."),
    .point("inputBottomLeft", Point(x: 155, y: 153), "Where the bottom-left corner goes."),
  ]

  /// The corner points in order top-left, top-right, bottom-right, bottom-left.
  static func cornerPoints(_ arguments: FilterArguments) -> [Point] {
    ["inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft"].map(arguments.point)
  }

  /// The corners of `rect` in order top-left, top-right, bottom-right, bottom-left.
  static func corners(of rect: Rect) -> [Point] {
    [
      Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
      Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
    ]
  }

  /// `image` seen through `forward` (input plane → output plane), or clear when the map is
  /// degenerate.
  static func mapped(_ image: FilterImage, by forward: Homography?) -> FilterImage {
    guard let forward, let inverse = forward.inverted() else {
      return image.cropped(to: .zero)
    }
    let extent: Rect
    if image.extent.isInfinite {
      extent = .infinite
    } else if let box = forward.boundingBox(of: image.extent) {
      extent = box
    } else {
      extent = .infinite
    }
    return image.applying(
      spatial: ProjectiveSampling(input: image, inverse: inverse), extent: extent)
  }

  static let perspectiveTransform = FilterDescriptor(
    "CIPerspectiveTransform", categories: [.geometryAdjustment, .video, .stillImage, .builtIn],
    summary: "Moves the image's four corners to four points, as seen from another viewpoint.",
    maths:
      "the projective map taking the extent's corners to the four points; bilinear sampling in linear light through its inverse; the extent is the bounding box of the four points (an input with an infinite extent has no corners and gives no image)",
    parameters: [.inputImage] + corners
  ) { arguments in
    guard let image = arguments.image("inputImage"), !image.hasInfiniteExtent else { return nil }
    return mapped(
      image, by: Homography(from: corners(of: image.extent), to: cornerPoints(arguments)))
  }

  static let perspectiveCorrection = FilterDescriptor(
    "CIPerspectiveCorrection", categories: [.geometryAdjustment, .video, .stillImage, .builtIn],
    summary: "Maps a four-cornered area of the image (a photographed page) onto a rectangle.",
    maths:
      "the projective map taking the four points to the corners of a rectangle W = max(top, bottom edge length) by H = max(left, right edge length) at the points' bounding-box origin; bilinear sampling in linear light through its inverse; with crop (≠ 0) the extent is that rectangle, else the mapped input's bounding box",
    parameters: [.inputImage] + corners + [
      .number("inputCrop", 1, 0...1, "1 keeps only the rectangle, 0 keeps the whole mapped image.")
    ]
  ) { arguments in
    guard let image = arguments.image("inputImage") else { return nil }
    let quad = cornerPoints(arguments)
    func length(_ a: Point, _ b: Point) -> Double { hypot(b.x - a.x, b.y - a.y) }
    let width = max(length(quad[0], quad[1]), length(quad[3], quad[2]))
    let height = max(length(quad[0], quad[3]), length(quad[1], quad[2]))
    let rectangle = Rect(
      x: quad.map(\.x).min() ?? 0, y: quad.map(\.y).min() ?? 0, width: width, height: height)
    let corrected = mapped(image, by: Homography(from: quad, to: corners(of: rectangle)))
    return arguments.number("inputCrop") != 0 ? corrected.cropped(to: rectangle) : corrected
  }
}
