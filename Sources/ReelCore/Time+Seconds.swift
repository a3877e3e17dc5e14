extension Time {
  /// Makes the time nearest to a number of seconds, in a chosen timescale.
  ///
  /// The binary value of `seconds` is used exactly and rounded half away from zero to the
  /// timescale (2.5 s at 600 → 1500/600). If the value overflows `Int64`, the timescale is
  /// halved until it fits, and the result is `±∞` if it still overflows at timescale 1.
  /// The result is marked `hasBeenRounded` when rounding happened.
  ///
  /// - Parameters:
  ///   - seconds: The time in seconds. NaN gives `.invalid`; `±infinity` gives `±∞`.
  ///   - preferredTimescale: Units per second of the result; ≤ 0 gives `.invalid`.
  public init(seconds: Double, preferredTimescale: Int32) {
    guard preferredTimescale > 0, !seconds.isNaN else {
      self = .invalid
      return
    }
    if seconds.isInfinite {
      self = seconds > 0 ? .positiveInfinity : .negativeInfinity
      return
    }
    self = Time.fromDouble(
      seconds, times: 1, over: 1, preferredTimescale: preferredTimescale, alreadyRounded: false)
  }

  /// The time in seconds, as the nearest `Double` to `value / timescale`.
  ///
  /// `.positiveInfinity` and `.negativeInfinity` give `±Double.infinity`; `.invalid` and
  /// `.indefinite` give `NaN`.
  public var seconds: Double {
    switch kind {
    case .numeric: return Double(value) / Double(timescale)
    case .positiveInfinity: return .infinity
    case .negativeInfinity: return -.infinity
    case .indefinite, .invalid: return .nan
    }
  }
}
