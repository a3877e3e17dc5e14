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
      "A colour: #RGB, #RRGGBB, #RRGGBBAA, a CSS name, rgb(…), rgba(…) or transparent."
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
