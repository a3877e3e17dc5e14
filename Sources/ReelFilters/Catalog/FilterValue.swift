import ReelCore

/// A value given to a filter parameter.
public enum FilterValue: Sendable {
  /// A number.
  case number(Double)
  /// A vector of numbers: points (x, y), rectangles (x, y, width, height), colour vectors.
  case vector([Double])
  /// A colour.
  case color(LinearColor)
  /// An image.
  case image(FilterImage)
  /// An affine transform.
  case transform(AffineTransform)
  /// Bytes (a QR code's message).
  case data([UInt8])
  /// A word from a fixed set (a QR code's correction level).
  case text(String)
  /// A table of 32-bit floats (Core Image's `NSData` parameters, such as a colour cube's
  /// RGBA texels).
  case floatData([Float])
  /// A colour space a filter works in (Core Image's `CGColorSpace` parameters).
  case colorSpace(FilterColorSpace)
}

/// The colour spaces a filter can be asked to work in.
public enum FilterColorSpace: String, Sendable, CaseIterable {
  /// Linear-light sRGB (Core Image's working space): values are light.
  case linearSRGB
  /// sRGB-encoded values (what 8-bit pictures, `.cube` files and most LUTs index by).
  case sRGB

  /// Where a colour operation in this space does its arithmetic.
  public var operationSpace: ColorSpaceOfOperation {
    switch self {
    case .linearSRGB: .linear
    case .sRGB: .encoded
    }
  }
}

/// What kind of value a parameter takes.
public enum FilterValueKind: Sendable, Hashable {
  /// A number, with the range Apple's sliders offer and whether values beyond it are refused.
  case number(default: Double, range: ClosedRange<Double>)
  /// A vector of `count` numbers.
  case vector(default: [Double])
  /// A point (x, y) in the plane, in pixels.
  case point(default: Point)
  /// A rectangle in the plane, in pixels.
  case rectangle(default: Rect)
  /// A colour.
  case color(default: LinearColor)
  /// An image (no default: a missing image makes the filter's output nothing).
  case image
  /// An affine transform.
  case transform(default: AffineTransform)
  /// Bytes (empty by default).
  case data
  /// One of `choices`.
  case choice(default: String, choices: [String])
  /// A table of 32-bit floats (no default: the filter says what a missing table means).
  case floatData
  /// A colour space (no default: a missing space is the working space, linear sRGB).
  case colorSpace
}

/// One parameter of a filter.
public struct FilterParameter: Sendable {
  /// Apple's key, such as `inputIntensity`.
  public let key: String
  /// The value kind, its default and range.
  public let kind: FilterValueKind
  /// What the parameter does, one sentence (for docs and schema).
  public let summary: String

  /// The name templates use: the key without `input`, lower-cased as Swift imports Apple's
  /// names (`inputIntensity` → `intensity`, `inputEV` → `ev`, `inputRVector` → `rVector`):
  /// the property of Apple's typed filter (`CISepiaTone.intensity`).
  public var name: String {
    guard key.hasPrefix("input"), key.count > 5 else { return key }
    return SwiftName.lowerCamel(key.dropFirst(5))
  }

  /// The default value, or `nil` for images, float tables and colour spaces.
  public var defaultValue: FilterValue? {
    switch kind {
    case .number(let value, _): .number(value)
    case .vector(let values): .vector(values)
    case .point(let point): .vector([point.x, point.y])
    case .rectangle(let rect): .vector([rect.minX, rect.minY, rect.width, rect.height])
    case .color(let color): .color(color)
    case .image, .floatData, .colorSpace: nil
    case .transform(let transform): .transform(transform)
    case .data: .data([])
    case .choice(let value, _): .text(value)
    }
  }
}
