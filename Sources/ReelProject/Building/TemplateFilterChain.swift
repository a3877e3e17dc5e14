import Foundation
import Reel
import ReelFilters

/// A `filters` list built over the filter engine: the layer filter (``LayerFilter``) a
/// layer's content, or the whole frame, goes through. Each step is a recipe step of the
/// catalog's filter (or a colour-cube lookup for `lut`), evaluated once over the picture.
///
/// The picture's edges are extended outward before the steps and the result is cropped back
/// to the picture (Core Image's `clampedToExtent()` … `cropped(to:)`), so a blur does not
/// fade the edges to transparent.
struct TemplateFilterChain: LayerFilter {
  /// One step, ready to run.
  enum Step: Sendable {
    /// A catalog filter with its fixed values, and its numbers read from the parameter slots.
    case filter(FilterDescriptor, fixed: [String: FilterValue], numbers: [(key: String, slot: Int)])
    /// A `.cube` table looked up on sRGB-encoded values, mixed with the picture by the
    /// number in `intensitySlot`.
    case lut(ColorCube, intensitySlot: Int)
  }

  let steps: [Step]
  let renderer = FilterRenderer()

  /// The chain a description and its resolved files make (steps whose table failed to load
  /// were reported and are left out).
  init(_ description: FilterChainDescription, cubes: [FileReference: ColorCube]) {
    steps = description.steps.compactMap { step in
      switch step.operation {
      case .filter(let descriptor):
        return .filter(descriptor, fixed: step.fixedValues, numbers: step.numberSlots)
      case .lut(let file):
        guard let cube = cubes[file], let slot = step.numberSlots.first?.slot else { return nil }
        return .lut(cube, intensitySlot: slot)
      }
    }
  }

  func filtered(_ content: Image, parameters: [Double]) throws -> Image {
    guard content.width > 0, content.height > 0 else { return content }
    let bounds = Rect(
      x: 0, y: 0, width: Double(content.width), height: Double(content.height))
    // Each step sees the picture as it is (a vignette measures its frame; colour steps over a
    // picture take the engine's fast paths). A step that reads beyond the frame (a blur grows
    // the extent) is made again over the picture with its edges extended outward, and cut
    // back to the frame, so that its edges do not fade to black.
    var image = FilterImage(picture: content)
    for step in steps {
      let plain = try apply(step, to: image, parameters: parameters)
      if Self.reachesBeyond(plain.extent, bounds) {
        image = try apply(step, to: image.clampedToExtent(), parameters: parameters)
          .cropped(to: bounds)
      } else {
        image = plain
      }
    }
    // Cut back to the frame only when a step reached beyond it: a look on the picture stays
    // the picture's own recipe, which the renderer draws straight from 8-bit pixels.
    let framed = Self.reachesBeyond(image.extent, bounds) ? image.cropped(to: bounds) : image
    return try renderer.renderPicture(
      framed, in: PixelRect(x: 0, y: 0, width: content.width, height: content.height))
  }

  /// Whether `extent` covers more than `bounds`.
  static func reachesBeyond(_ extent: Rect, _ bounds: Rect) -> Bool {
    extent.isInfinite || extent.minX < bounds.minX || extent.minY < bounds.minY
      || extent.maxX > bounds.maxX || extent.maxY > bounds.maxY
  }

  private func apply(_ step: Step, to image: FilterImage, parameters: [Double]) throws
    -> FilterImage
  {
    func number(_ slot: Int) -> Double? {
      parameters.indices.contains(slot) ? parameters[slot] : nil
    }
    switch step {
    case .filter(let descriptor, let fixed, let numbers):
      var values = fixed
      for (key, slot) in numbers {
        if let value = number(slot) { values[key] = .number(value) }
      }
      values["inputImage"] = .image(image)
      return try descriptor.outputImage(values) ?? image
    case .lut(let cube, let slot):
      let intensity = min(max(number(slot) ?? 1, 0), 1)
      let looked = image.applying(
        .colorCube(cube, space: .encoded, name: TemplateFilterFormat.lutType))
      guard intensity < 1 else { return looked }
      return try TransitionFilterMix.mix(from: image, to: looked, amount: intensity)
    }
  }
}

/// A linear mix of two recipes, through the catalog's dissolve (premultiplied, linear light).
enum TransitionFilterMix {
  static func mix(from: FilterImage, to: FilterImage, amount: Double) throws -> FilterImage {
    guard let dissolve = FilterCatalog.filter(coreImageName: "CIDissolveTransition") else {
      return to
    }
    return try dissolve.outputImage([
      "inputImage": .image(from), "inputTargetImage": .image(to), "inputTime": .number(amount),
    ]) ?? to
  }
}

/// A clip transition drawn by one of the catalog's transition filters: `inputImage` the
/// outgoing picture, `inputTargetImage` the incoming one, `inputTime` the progress; the
/// filter's other parameters take the template's `parameters` or their defaults.
final class TemplateTransitionFilter: VideoTransitionFilter {
  let descriptor: FilterDescriptor
  let renderer = FilterRenderer()

  /// The template's values of the other parameters, by Apple's key.
  let values: [String: FilterValue]

  init(_ descriptor: FilterDescriptor, values: [String: FilterValue] = [:]) {
    self.descriptor = descriptor
    self.values = values
  }

  func transition(from: Image, to: Image, progress: Double) throws -> Image {
    let bounds = Rect(x: 0, y: 0, width: Double(from.width), height: Double(from.height))
    // A transition that sweeps an extent (swipes, bars, the copy machine) sweeps the frame
    // unless the template says otherwise (Core Image's default is a 300-pixel square).
    var given = values
    if descriptor.parameter(forKey: "inputExtent") != nil, given["inputExtent"] == nil {
      given["inputExtent"] = .vector([0, 0, bounds.width, bounds.height])
    }
    let output =
      try descriptor.outputImage(
        given.merging([
          "inputImage": .image(FilterImage(picture: from)),
          "inputTargetImage": .image(FilterImage(picture: to)), "inputTime": .number(progress),
        ]) { _, input in input }) ?? FilterImage(picture: to)
    return try renderer.renderPicture(
      output.cropped(to: bounds), in: PixelRect(x: 0, y: 0, width: from.width, height: from.height))
  }
}
