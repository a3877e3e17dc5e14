import Reel

/// The value kinds many keys share; each is one `$defs` entry of the JSON Schema.
enum TemplateNamedValue: String, CaseIterable, Sendable {
  case seconds, positiveSeconds, color, point, unitPoint, size, rect, matrix, unit
  case nonNegative, file, scale, timingFunction

  /// What the value is.
  var definition: TemplateValue {
    switch self {
    case .seconds: .number(.nonNegative)
    case .positiveSeconds: .number(.positive)
    case .color: .nonEmptyString
    case .point: .array(.pixels(PixelLimits.coordinate), minItems: 2, maxItems: 2)
    case .unitPoint: .array(.pixels(PixelLimits.unitPoint), minItems: 2, maxItems: 2)
    case .size: .array(.pixels(PixelLimits.layerSide), minItems: 2, maxItems: 2)
    case .rect:
      .tuple([
        .pixels(PixelLimits.coordinate), .pixels(PixelLimits.coordinate),
        .pixels(PixelLimits.layerSide), .pixels(PixelLimits.layerSide),
      ])
    case .matrix: .array(.pixels(PixelLimits.matrixEntry), minItems: 16, maxItems: 16)
    case .unit: .number(.within(TemplateFormat.unitRange))
    case .nonNegative: .number(.nonNegative)
    case .file: .nonEmptyString
    case .scale:
      .oneOf([
        .pixels(PixelLimits.scale),
        .array(.pixels(PixelLimits.scale), minItems: 2, maxItems: 2),
      ])
    case .timingFunction:
      .oneOf([
        .described(.choice(TemplateFormat.timingNames), "A named timing curve."),
        .tuple([
          .number(.within(TemplateFormat.unitRange)), .anyNumber,
          .number(.within(TemplateFormat.unitRange)), .anyNumber,
        ]),
      ])
    }
  }

  /// One line: what the value is (nil: nothing to add to the type).
  var doc: String? {
    switch self {
    case .seconds: "Seconds (converted exactly from the decimal text)."
    case .positiveSeconds: "Seconds, greater than 0."
    case .color:
      "A colour: #RGB, #RRGGBB, #RRGGBBAA, a CSS name, rgb(…), rgba(…), transparent or clear."
    case .point: "[x, y] in pixels."
    case .unitPoint: "[x, y] as fractions of the layer's size."
    case .size: "[width, height] in pixels."
    case .rect: "[x, y, width, height] in pixels."
    case .matrix: "A 4×4 matrix, 16 numbers row by row (row vectors)."
    case .unit, .nonNegative: nil
    case .file: "A file path, relative to the template's folder."
    case .scale: "A number, or [sx, sy]."
    case .timingFunction: "A named curve or a cubic Bézier [x1, y1, x2, y2]."
    }
  }

  /// How the docs' tables name the value's type.
  var docName: String {
    switch self {
    case .seconds: "seconds"
    case .positiveSeconds: "seconds > 0"
    case .color: "colour"
    case .point: "point"
    case .unitPoint: "unit point"
    case .size: "size"
    case .rect: "rect"
    case .matrix: "16 numbers"
    case .unit: "0…1"
    case .nonNegative: "number ≥ 0"
    case .file: "path"
    case .scale: "number or `[sx, sy]`"
    case .timingFunction:
      TemplateFormat.timingNames.map { "`\($0)`" }.joined(separator: " ") + " or `[x1, y1, x2, y2]`"
    }
  }
}

extension TemplateFormat {
  /// Fractions: opacities, key times, stroke ends.
  static let unitRange: ClosedRange<Double> = 0...1
  /// The named timing curves.
  static let timingNames = timingFunctions.map(\.name)

  /// The value of an animation (`from`, `to`, `by`, keyframe values): its form depends on
  /// the property animated.
  static let animationValue = TemplateValue.described(
    .oneOf([.anyNumber, .string, .list(.anyNumber)]),
    "A value of the property: a number (degrees for rotations), [x, y], [w, h], [x, y, w, h], a colour string or 16 numbers."
  )
}

/// How a number is checked: against a ``PixelLimits`` range (its unit and name in
/// messages) or plain bounds.
enum TemplateNumberRule: Sendable {
  case pixels(PixelRange)
  case bounds(TemplateNumberBounds)
}

extension TemplateNumberBounds {
  /// Whether `value` is within the bounds.
  func contains(_ value: Double) -> Bool {
    if let minimum, excludesMinimum ? value <= minimum : value < minimum { return false }
    if let maximum, value > maximum { return false }
    return true
  }

  /// The bounds as messages say them: "between 0 and 1", "greater than 0", "0 or more".
  var description: String {
    switch (minimum, maximum) {
    case (let low?, let high?): "between \(format(low)) and \(format(high))"
    case (let low?, nil): excludesMinimum ? "greater than \(format(low))" : "\(format(low)) or more"
    case (nil, let high?): "at most \(format(high))"
    case (nil, nil): "a number"
    }
  }
}

extension TemplateValue {
  /// The range of every point of SVG path data (``svgPath``).
  static let svgPathRange = PixelLimits.coordinate

  /// The value with shared kinds and descriptions looked through.
  var resolved: TemplateValue {
    switch self {
    case .named(let named): named.definition.resolved
    case .described(let value, _): value.resolved
    default: self
    }
  }

  /// How a number of this kind is checked; nil when the value is not one number.
  var numberRule: TemplateNumberRule? {
    switch resolved {
    case .number(let bounds): .bounds(bounds)
    case .pixels(let range): .pixels(range)
    default: nil
    }
  }

  /// The range of each element of a fixed-length array of pixel values (a point, a size, a
  /// rect, a matrix); nil for other values.
  var elementRanges: [PixelRange]? {
    switch resolved {
    case .array(.pixels(let range), let minItems?, let maxItems?) where minItems == maxItems,
      .array(.wholePixels(let range), let minItems?, let maxItems?) where minItems == maxItems:
      return Array(repeating: range, count: minItems)
    case .tuple(let elements):
      let ranges = elements.compactMap { element -> PixelRange? in
        if case .pixels(let range) = element { range } else { nil }
      }
      return ranges.count == elements.count ? ranges : nil
    default: return nil
    }
  }

  /// How messages name the form of an array of numbers ("[x, y]").
  var shape: String {
    switch self {
    case .named(.point), .named(.unitPoint): "[x, y]"
    case .named(.size): "[width, height]"
    case .named(.rect): "[x, y, width, height]"
    case .named(.matrix): "a 4×4 matrix of 16 numbers, row by row"
    case .described(let value, _): value.shape
    default: "\(elementRanges?.count ?? 0) numbers"
    }
  }
}
