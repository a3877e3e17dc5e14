extension Time: CustomStringConvertible, CustomDebugStringConvertible {
  /// A readable form: `"3/10 (0.3 s)"`, `"1/4 (0.25 s, rounded)"`, `"+∞"`, `"-∞"`,
  /// `"indefinite"` or `"invalid"`.
  public var description: String {
    switch kind {
    case .numeric:
      let rounded = hasBeenRounded ? ", rounded" : ""
      return "\(value)/\(timescale) (\(seconds) s\(rounded))"
    case .positiveInfinity: return "+∞"
    case .negativeInfinity: return "-∞"
    case .indefinite: return "indefinite"
    case .invalid: return "invalid"
    }
  }

  /// Every field: `"Time(value: 3, timescale: 10, flags: [valid]) = 3/10 (0.3 s)"`.
  public var debugDescription: String {
    let names: [(Flags, String)] = [
      (.valid, "valid"), (.hasBeenRounded, "hasBeenRounded"),
      (.positiveInfinity, "positiveInfinity"), (.negativeInfinity, "negativeInfinity"),
      (.indefinite, "indefinite"),
    ]
    let flagList = names.filter { flags.contains($0.0) }.map(\.1).joined(separator: ", ")
    return "Time(value: \(value), timescale: \(timescale), flags: [\(flagList)]) = \(description)"
  }
}
