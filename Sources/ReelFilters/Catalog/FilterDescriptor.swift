import ReelCore

/// Core Image's filter categories, as Apple names them.
public enum FilterCategory: String, Sendable, CaseIterable {
  case colorAdjustment = "CICategoryColorAdjustment"
  case colorEffect = "CICategoryColorEffect"
  case blur = "CICategoryBlur"
  case compositeOperation = "CICategoryCompositeOperation"
  case geometryAdjustment = "CICategoryGeometryAdjustment"
  case generator = "CICategoryGenerator"
  case transition = "CICategoryTransition"
  case stylize = "CICategoryStylize"
  case sharpen = "CICategorySharpen"
  case video = "CICategoryVideo"
  case stillImage = "CICategoryStillImage"
  case builtIn = "CICategoryBuiltIn"
}

/// Everything about one filter, said once: its names, parameters with defaults and ranges,
/// and how it makes its output. The Apple layer's `CIFilter`, the template format's `filters`
/// and the docs all read this.
public struct FilterDescriptor: Sendable {
  /// Core Image's name, such as `CISepiaTone`.
  public let coreImageName: String
  /// The categories it is listed in.
  public let categories: [FilterCategory]
  /// Its parameters (the input image first, when it has one).
  public let parameters: [FilterParameter]
  /// What the filter does, one sentence.
  public let summary: String
  /// How the output is computed: the formula and the space it works in (linear light or
  /// sRGB-encoded values), for the docs' maths table. The one place a filter's maths is written
  /// in words; the tests check the code against it.
  public let maths: String
  let output: @Sendable (FilterArguments) throws(FilterError) -> FilterImage?

  /// Makes a descriptor.
  init(
    _ coreImageName: String, categories: [FilterCategory], summary: String, maths: String,
    parameters: [FilterParameter],
    output: @escaping @Sendable (FilterArguments) throws(FilterError) -> FilterImage?
  ) {
    self.coreImageName = coreImageName
    self.categories = categories
    self.summary = summary
    self.maths = maths
    self.parameters = parameters
    self.output = output
  }

  /// The name templates use: Core Image's without `CI`, lower-cased as Swift imports Apple's
  /// names (`CISepiaTone` → `sepiaTone`, `CIQRCodeGenerator` → `qrCodeGenerator`): Apple's
  /// `CIFilter.sepiaTone()`.
  public var name: String {
    guard coreImageName.hasPrefix("CI"), coreImageName.count > 2 else { return coreImageName }
    return SwiftName.lowerCamel(coreImageName.dropFirst(2))
  }

  /// The parameter with Apple's `key`, if the filter has it.
  public func parameter(forKey key: String) -> FilterParameter? {
    parameters.first { $0.key == key }
  }

  /// The filter's output for `values` (Apple's keys; missing ones take their defaults), or
  /// `nil` when an image it needs is missing.
  ///
  /// - Throws: ``FilterError`` for a value of the wrong kind or out of its range, or an input
  ///   the filter cannot make an image of (a QR code's message too long for any symbol).
  public func outputImage(_ values: [String: FilterValue]) throws(FilterError) -> FilterImage? {
    for (key, value) in values {
      guard let parameter = parameter(forKey: key) else {
        throw .unknownParameter(filter: coreImageName, key: key, known: parameters.map(\.key))
      }
      try FilterArguments.check(value, for: parameter, filter: coreImageName)
    }
    return try output(FilterArguments(descriptor: self, values: values))
  }
}

/// The values one filter evaluation reads, defaults filled in.
struct FilterArguments: Sendable {
  let descriptor: FilterDescriptor
  let values: [String: FilterValue]

  func value(_ key: String) -> FilterValue? {
    values[key] ?? descriptor.parameter(forKey: key)?.defaultValue
  }

  func number(_ key: String) -> Double {
    if case .number(let number) = value(key) { return number }
    return 0
  }

  func float(_ key: String) -> Float { Float(number(key)) }

  func vector(_ key: String) -> [Double] {
    switch value(key) {
    case .vector(let values): values
    case .number(let number): [number]
    case .color(let color):
      [color.components.x, color.components.y, color.components.z, color.components.w].map {
        Double($0)
      }
    default: []
    }
  }

  func point(_ key: String) -> Point {
    let values = vector(key)
    return Point(x: values.first ?? 0, y: values.count > 1 ? values[1] : 0)
  }

  func color(_ key: String) -> LinearColor {
    switch value(key) {
    case .color(let color): return color
    case .vector(let v) where v.count >= 3:
      return LinearColor(
        red: Float(v[0]), green: Float(v[1]), blue: Float(v[2]),
        alpha: v.count > 3 ? Float(v[3]) : 1)
    default: return LinearColor(red: 0, green: 0, blue: 0, alpha: 0)
    }
  }

  func image(_ key: String) -> FilterImage? {
    if case .image(let image) = value(key) { return image }
    return nil
  }

  func bytes(_ key: String) -> [UInt8] {
    if case .data(let bytes) = value(key) { return bytes }
    return []
  }

  func text(_ key: String) -> String {
    if case .text(let text) = value(key) { return text }
    return ""
  }

  func floats(_ key: String) -> [Float]? {
    if case .floatData(let values) = value(key) { return values }
    return nil
  }

  func colorSpace(_ key: String) -> FilterColorSpace? {
    if case .colorSpace(let space) = value(key) { return space }
    return nil
  }

  func transform(_ key: String) -> AffineTransform {
    if case .transform(let transform) = value(key) { return transform }
    return .identity
  }

  /// Whether `value` suits `parameter`.
  static func check(_ value: FilterValue, for parameter: FilterParameter, filter: String)
    throws(FilterError)
  {
    switch (parameter.kind, value) {
    case (.number(_, let range), .number(let number)):
      guard number.isFinite else {
        throw .outOfRange(filter: filter, key: parameter.key, value: number, range: range)
      }
    case (.vector(let defaults), .vector(let values)):
      guard values.count == defaults.count, values.allSatisfy(\.isFinite) else {
        throw .wrongKind(filter: filter, key: parameter.key, expected: "\(defaults.count) numbers")
      }
    case (.point, .vector(let values)):
      guard values.count == 2, values.allSatisfy(\.isFinite) else {
        throw .wrongKind(filter: filter, key: parameter.key, expected: "a point (x, y)")
      }
    case (.rectangle, .vector(let values)):
      guard values.count == 4, values.allSatisfy(\.isFinite) else {
        throw .wrongKind(
          filter: filter, key: parameter.key, expected: "a rectangle (x, y, width, height)")
      }
    case (.color, .color), (.image, .image), (.transform, .transform), (.data, .data): break
    case (.choice(_, let choices), .text(let text)):
      guard choices.contains(text) else {
        throw .wrongKind(filter: filter, key: parameter.key, expected: parameter.kind.expectation)
      }
    case (.colorSpace, .colorSpace): break
    case (.floatData, .floatData(let values)):
      guard values.allSatisfy(\.isFinite) else {
        throw .invalidValue(
          filter: filter, key: parameter.key, reason: "holds a number that is not finite")
      }
    case (.color, .vector(let values)) where values.count == 3 || values.count == 4: break
    default:
      throw .wrongKind(filter: filter, key: parameter.key, expected: parameter.kind.expectation)
    }
  }
}

extension FilterValueKind {
  /// The kind in words, for messages.
  var expectation: String {
    switch self {
    case .number: "a number"
    case .vector(let defaults): "\(defaults.count) numbers"
    case .point: "a point (x, y)"
    case .rectangle: "a rectangle (x, y, width, height)"
    case .color: "a colour"
    case .image: "an image"
    case .transform: "an affine transform"
    case .data: "data (bytes)"
    case .choice(_, let choices): "one of " + choices.joined(separator: ", ")
    case .floatData: "a table of 32-bit floats"
    case .colorSpace: "a colour space"
    }
  }
}

/// How Swift imports Apple's names once a prefix is dropped: the leading capitals
/// lower-cased, except the last of several when a lower-case letter follows (`EV` → `ev`,
/// `RVector` → `rVector`, `QRCodeGenerator` → `qrCodeGenerator`).
enum SwiftName {
  static func lowerCamel(_ name: Substring) -> String {
    let characters = Array(name)
    var capitals = 0
    while capitals < characters.count, characters[capitals].isUppercase { capitals += 1 }
    if capitals > 1, capitals < characters.count, characters[capitals].isLowercase {
      capitals -= 1
    }
    return String(characters[..<capitals]).lowercased() + String(characters[capitals...])
  }
}
