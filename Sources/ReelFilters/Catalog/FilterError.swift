import ReelCore

/// Why a filter could not be set up.
public enum FilterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No filter has this name.
  case unknownFilter(name: String, suggestion: String?)
  /// The filter has no parameter with this key.
  case unknownParameter(filter: String, key: String, known: [String])
  /// The value is not of the parameter's kind.
  case wrongKind(filter: String, key: String, expected: String)
  /// The number is not finite (ranges are Apple's slider ranges: values beyond them are
  /// allowed, as on Apple, but NaN and infinities are not).
  case outOfRange(filter: String, key: String, value: Double, range: ClosedRange<Double>)
  /// The value is of the right kind but unusable (a table of the wrong size, a dimension
  /// beyond what Reel allocates), said in `reason`.
  case invalidValue(filter: String, key: String, reason: String)

  public var description: String {
    switch self {
    case .unknownFilter(let name, let suggestion):
      "no filter is named '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        + "; FilterCatalog.all lists the filters Reel has"
    case .unknownParameter(let filter, let key, let known):
      "\(filter) has no parameter '\(key)'; its parameters are \(known.joined(separator: ", "))"
    case .wrongKind(let filter, let key, let expected):
      "\(filter).\(key) takes \(expected)"
    case .outOfRange(let filter, let key, let value, let range):
      "\(filter).\(key) must be a finite number (got \(value)); its usual range is \(ReadableNumber.string(range.lowerBound))…\(ReadableNumber.string(range.upperBound))"
    case .invalidValue(let filter, let key, let reason):
      "\(filter).\(key): \(reason)"
    }
  }
}
