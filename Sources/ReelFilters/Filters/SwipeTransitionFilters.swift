import Foundation
import ReelCore

/// Core Image's swipes and flash: from `inputImage` at time 0 to `inputTargetImage` at time 1.
///
/// Angles are Core Image's: radians counter-clockwise on screen from +x, so the direction of
/// `angle` in the filter plane (y down) is (cos angle, −sin angle).
enum SwipeTransitionFilters {
  static let all: [FilterDescriptor] = [swipe, barsSwipe, copyMachine, flash]

  static let target = FilterParameter(
    key: "inputTargetImage", kind: .image, summary: "The image at time 1.")
  static let time = FilterParameter.number("inputTime", 0, 0...1, "0 is the image, 1 the target.")
  static func extent(_ summary: String) -> FilterParameter {
    FilterParameter(
      key: "inputExtent", kind: .rectangle(default: Rect(x: 0, y: 0, width: 300, height: 300)),
      summary: summary)
  }

  /// The sweep of an edge across a rectangle along `angle`: where an edge `width` wide is at
  /// `time`, as (position along the direction, the band's start at time t).
  struct Sweep: Sendable {
    let direction: (x: Double, y: Double)
    let start: Double
    let travel: Double
    let width: Double

    init(across rect: Rect, angle: Double, width: Double) {
      let direction = (x: cos(angle), y: -sin(angle))
      self.direction = direction
      let corners = [
        (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY),
        (rect.maxX, rect.maxY),
      ].map { $0.0 * direction.x + $0.1 * direction.y }
      let low = corners.min() ?? 0
      let high = corners.max() ?? 0
      self.width = max(width, 0)
      start = low - self.width
      travel = high - low + self.width
    }

    /// Where (x, y) is in the band at `time`: below 0 already passed (the target), above 1 not
    /// yet reached (the image).
    func place(x: Double, y: Double, time: Double) -> Double {
      let along = x * direction.x + y * direction.y
      let edge = start + travel * time
      guard width > 0 else { return along < edge ? -1 : 2 }
      return (along - edge) / width
    }
  }

  static func rect(_ arguments: FilterArguments, _ key: String) -> Rect {
    let values = arguments.vector(key)
    guard values.count == 4 else { return .zero }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  static func clampedTime(_ arguments: FilterArguments) -> Double {
    min(max(arguments.number("inputTime"), 0), 1)
  }

  /// A soft edge sweeping across the extent; the colour laid over the edge at `inputOpacity`.
  static let swipe = FilterDescriptor(
    "CISwipeTransition", categories: [.transition, .video, .stillImage, .builtIn],
    summary: "Swipes the target in behind a soft edge moving across the extent.",
    maths:
      "linear: p = position along the angle's direction, the edge band [e, e + width] with e running from (extent's lowest p − width) at t = 0 to its highest p at t = 1; s = (p − e)/width clamped; mix(target, image, s), then the colour over it with alpha opacity · (1 − |2s − 1|)",
    parameters: [
      .inputImage, target, extent("The rectangle the edge crosses."),
      .color("inputColor", LinearColor(red: 1, green: 1, blue: 1), "The colour of the edge."),
      time, .number("inputAngle", 0, -Double.pi...Double.pi, "Direction of the swipe, radians."),
      .number("inputWidth", 300, 0.1...800, "The width of the soft edge in pixels."),
      .number("inputOpacity", 0, 0...1, "The opacity of the edge's colour."),
    ]
  ) { arguments in
    guard let from = arguments.image("inputImage"), let to = arguments.image("inputTargetImage")
    else { return nil }
    let sweep = Sweep(
      across: rect(arguments, "inputExtent"), angle: arguments.number("inputAngle"),
      width: arguments.number("inputWidth"))
    let time = clampedTime(arguments)
    let opacity = Float(min(max(arguments.number("inputOpacity"), 0), 1))
    let mixed = from.mixed(
      towards: to,
      weight: .weights("CISwipeTransition") { x, y in
        Float(1 - min(max(sweep.place(x: x, y: y, time: time), 0), 1))
      })
    guard opacity > 0 else { return mixed }
    let edge = FilterImage.paint(
      "CISwipeTransition", colour: arguments.color("inputColor").premultiplied
    ) { x, y in
      let s = sweep.place(x: x, y: y, time: time)
      guard s >= 0, s <= 1 else { return 0 }
      return opacity * Float(1 - abs(2 * s - 1))
    }
    return edge.composited(over: mixed)
  }

  /// Bars across the direction, each swept with a hard edge, every other one `inputBarOffset`
  /// pixels behind.
  static let barsSwipe = FilterDescriptor(
    "CIBarsSwipeTransition", categories: [.transition, .video, .stillImage, .builtIn],
    summary: "Swipes the target in bar by bar, alternate bars lagging.",
    maths:
      "linear: bars `width` wide across the angle's direction over the input image's extent; bar k's hard edge at p = low + t·(high − low + offset) − (k odd ? offset : 0) along the direction; the target where p < edge, else the image",
    parameters: [
      .inputImage, target,
      .number("inputAngle", Double.pi, 0...(2 * Double.pi), "Direction of the swipe, radians."),
      .number("inputWidth", 30, 2...300, "The width of a bar in pixels."),
      .number("inputBarOffset", 10, 1...100, "How far alternate bars lag, in pixels."),
      time,
    ]
  ) { arguments in
    guard let from = arguments.image("inputImage"), let to = arguments.image("inputTargetImage")
    else { return nil }
    let area = from.extent.isInfinite ? (to.extent.isInfinite ? .zero : to.extent) : from.extent
    let angle = arguments.number("inputAngle")
    let sweep = Sweep(across: area, angle: angle, width: 0)
    let across = (x: sin(angle), y: cos(angle))
    let barWidth = max(arguments.number("inputWidth"), 1e-6)
    let offset = max(arguments.number("inputBarOffset"), 0)
    let time = clampedTime(arguments)
    let low = sweep.start
    let span = sweep.travel + offset
    return from.mixed(
      towards: to,
      weight: .weights("CIBarsSwipeTransition") { x, y in
        let bar = ((x * across.x + y * across.y) / barWidth).rounded(.down)
        let lag = bar.truncatingRemainder(dividingBy: 2) == 0 ? 0 : offset
        let edge = low + time * span - lag
        let along = x * sweep.direction.x + y * sweep.direction.y
        return along < edge ? 1 : 0
      })
  }

  /// A bar of light sweeping the extent, the target behind it.
  static let copyMachine = FilterDescriptor(
    "CICopyMachineTransition", categories: [.transition, .video, .stillImage, .builtIn],
    summary: "A copier's light sweeps across, leaving the target behind it.",
    maths:
      "linear: the swipe's band (width `width`) sweeping the extent; mix(target, image, s) plus colour · opacity · (1 − |2s − 1|) added inside the band",
    parameters: [
      .inputImage, target, extent("The rectangle the light crosses."),
      .color("inputColor", LinearColor(red: 0.6, green: 1, blue: 1), "The colour of the light."),
      time, .number("inputAngle", 0, 0...(2 * Double.pi), "Direction of the sweep, radians."),
      .number("inputWidth", 200, 0.1...500, "The width of the light in pixels."),
      .number("inputOpacity", 1.3, 0...3, "The strength of the light."),
    ]
  ) { arguments in
    guard let from = arguments.image("inputImage"), let to = arguments.image("inputTargetImage")
    else { return nil }
    let sweep = Sweep(
      across: rect(arguments, "inputExtent"), angle: arguments.number("inputAngle"),
      width: arguments.number("inputWidth"))
    let time = clampedTime(arguments)
    let strength = Float(max(arguments.number("inputOpacity"), 0))
    let colour = arguments.color("inputColor").components
    let mixed = from.mixed(
      towards: to,
      weight: .weights("CICopyMachineTransition") { x, y in
        Float(1 - min(max(sweep.place(x: x, y: y, time: time), 0), 1))
      })
    let light = FilterImage(constant: .zero).applying(
      PositionalOperation(name: "CICopyMachineTransition") { _, x, y in
        let s = sweep.place(x: x, y: y, time: time)
        guard s >= 0, s <= 1 else { return .zero }
        let amount = strength * Float(1 - abs(2 * s - 1))
        return SIMD4(colour.x * amount, colour.y * amount, colour.z * amount, 0)
      })
    return light.blended(over: mixed, mode: .addition)
  }

  /// A flash of light with rays from the centre that fills the extent, then fades to the target.
  static let flash = FilterDescriptor(
    "CIFlashTransition", categories: [.transition, .video, .stillImage, .builtIn],
    summary: "A flash of light from a point fills the image, then fades to the target.",
    maths:
      "linear: f = min(t/fadeThreshold, 1); rays r = (½ + ½cos 16φ)^contrast at the angle φ about the centre; glow = clamp(f · maxStriationRadius · (1 + strength · (r − ½)) − (1 − f) · d/h), d the distance from the centre, h half the extent's diagonal; flash = colour · glow over the image; after the threshold mix(flash, target, (t − fadeThreshold)/(1 − fadeThreshold)) (Reel's choice: Apple documents only the intent)",
    parameters: [
      .inputImage, target, .point("inputCenter", Point(x: 150, y: 150), "Where the flash is."),
      extent("The rectangle the flash fills."),
      .color("inputColor", LinearColor(red: 1, green: 0.8, blue: 0.6), "The colour of the light."),
      time,
      .number("inputMaxStriationRadius", 2.58, 0...10, "How far the rays reach."),
      .number("inputStriationStrength", 0.5, 0...3, "How strong the rays are."),
      .number("inputStriationContrast", 1.375, 0...5, "How sharp the rays are."),
      .number("inputFadeThreshold", 0.85, 0...1, "When the flash is full and the fade starts."),
    ]
  ) { arguments in
    guard let from = arguments.image("inputImage"), let to = arguments.image("inputTargetImage")
    else { return nil }
    let time = clampedTime(arguments)
    let threshold = min(max(arguments.number("inputFadeThreshold"), 0), 1)
    let centre = arguments.point("inputCenter")
    let reach = max(rect(arguments, "inputExtent").halfDiagonal, 1e-6)
    let radius = max(arguments.number("inputMaxStriationRadius"), 0)
    let strength = arguments.number("inputStriationStrength")
    let contrast = max(arguments.number("inputStriationContrast"), 0)
    let flare = threshold > 0 ? min(time / threshold, 1) : 1
    let glow = FilterImage.paint(
      "CIFlashTransition", colour: arguments.color("inputColor").premultiplied
    ) { x, y in
      let dx = x - centre.x
      let dy = y - centre.y
      let rays = pow(0.5 + 0.5 * cos(16 * atan2(dy, dx)), contrast)
      let distance = (dx * dx + dy * dy).squareRoot() / reach
      return Float(flare * radius * (1 + strength * (rays - 0.5)) - (1 - flare) * distance)
    }
    let flashed = glow.composited(over: from)
    guard time > threshold, threshold < 1 else { return flashed }
    let fade = Float((time - threshold) / (1 - threshold))
    return flashed.mixed(towards: to, weight: FilterImage(constant: SIMD4(0, 0, 0, fade)))
  }
}
