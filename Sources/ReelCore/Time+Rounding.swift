extension Time {
  /// How a time is rounded when its exact value cannot be written with the target timescale.
  public enum RoundingMethod: Sendable, Hashable, CaseIterable {
    /// Round to the nearest unit; exact halves go away from zero (1.5 → 2, −1.5 → −2).
    /// The default everywhere, as in Core Media.
    case halfAwayFromZero
    /// Truncate: 1.7 → 1, −1.7 → −1.
    case towardZero
    /// Round up in magnitude: 1.2 → 2, −1.2 → −2.
    case awayFromZero
    /// Round up (ceiling): 1.2 → 2, −1.7 → −1.
    case towardPositiveInfinity
    /// Round down (floor): 1.7 → 1, −1.2 → −2.
    case towardNegativeInfinity
  }

  /// Returns this time written with another timescale, rounded if needed.
  ///
  /// Non-numeric times are returned unchanged. When the converted value does not fit in
  /// `Int64`, the result is `±∞` (by the sign of the time) marked as rounded. The result
  /// keeps `hasBeenRounded` from this time and sets it if the conversion rounded.
  ///
  ///     Time(value: 1, timescale: 8).converted(toTimescale: 4)                       // 1/4
  ///     Time(value: 1, timescale: 8).converted(toTimescale: 4, rounding: .towardZero) // 0/4
  ///
  /// - Parameters:
  ///   - newTimescale: Units per second of the result; ≤ 0 gives `.invalid`.
  ///   - rounding: How to round a value that falls between two units.
  /// - Returns: The time in units of `1 / newTimescale` seconds.
  public func converted(
    toTimescale newTimescale: Int32, rounding: RoundingMethod = .halfAwayFromZero
  ) -> Time {
    guard isNumeric else { return self }
    guard newTimescale > 0 else { return .invalid }
    guard
      let (converted, inexact) = Time.scaledValue(
        numerator: Int128(value), denominator: Int128(timescale), scale: newTimescale,
        rounding: rounding)
    else {
      return Time.overflowInfinity(negative: value < 0)
    }
    return Time(value: converted, timescale: newTimescale, rounded: hasBeenRounded || inexact)
  }

  // MARK: - Exact arithmetic shared by the operations

  /// Divides `numerator` by `denominator` (> 0) with a rounding method.
  ///
  /// - Returns: The rounded quotient and whether it differs from the exact quotient.
  static func divide(
    _ numerator: Int128, by denominator: Int128, rounding: RoundingMethod
  ) -> (quotient: Int128, inexact: Bool) {
    let quotient = numerator / denominator  // truncates toward zero
    let remainder = numerator % denominator  // has the sign of the numerator
    guard remainder != 0 else { return (quotient, false) }
    let awayStep: Int128 = numerator < 0 ? -1 : 1
    switch rounding {
    case .towardZero:
      return (quotient, true)
    case .awayFromZero:
      return (quotient + awayStep, true)
    case .towardPositiveInfinity:
      return (remainder > 0 ? quotient + 1 : quotient, true)
    case .towardNegativeInfinity:
      return (remainder < 0 ? quotient - 1 : quotient, true)
    case .halfAwayFromZero:
      let twiceRemainder = remainder.magnitude * 2
      return (twiceRemainder >= denominator.magnitude ? quotient + awayStep : quotient, true)
    }
  }

  /// Computes `numerator · scale / denominator` rounded, when the result fits in `Int64`.
  ///
  /// `denominator` must be in 1…2⁹⁶ so that intermediate products fit in `Int128`; every
  /// caller builds its denominators within that bound.
  ///
  /// - Returns: The rounded value and whether rounding changed it, or nil on overflow.
  static func scaledValue(
    numerator: Int128, denominator: Int128, scale: Int32, rounding: RoundingMethod
  ) -> (value: Int64, inexact: Bool)? {
    let scale = Int128(scale)
    // Split off the whole part so that the products below cannot overflow Int128.
    let whole = numerator / denominator
    let fraction = numerator % denominator
    let (scaledWhole, wholeOverflow) = whole.multipliedReportingOverflow(by: scale)
    let (scaledFraction, fractionOverflow) = fraction.multipliedReportingOverflow(by: scale)
    guard !wholeOverflow, !fractionOverflow else { return nil }
    let (roundedFraction, inexact) = divide(scaledFraction, by: denominator, rounding: rounding)
    let (total, sumOverflow) = scaledWhole.addingReportingOverflow(roundedFraction)
    guard !sumOverflow, let value = Int64(exactly: total) else { return nil }
    return (value, inexact)
  }

  /// Makes the time `numerator / denominator` seconds with the preferred timescale, halving
  /// the timescale while the value overflows `Int64`, and `±∞` if it still overflows at 1.
  ///
  /// Rounds with the default method (half away from zero).
  ///
  /// - Parameters:
  ///   - numerator: Exact numerator, in seconds times `denominator`.
  ///   - denominator: Exact denominator, in 1…2⁹⁶.
  ///   - preferredTimescale: The timescale to use if the value fits, > 0.
  ///   - alreadyRounded: Whether an operand was already rounded (kept in the result).
  static func fitting(
    numerator: Int128, denominator: Int128, preferredTimescale: Int32, alreadyRounded: Bool
  ) -> Time {
    var timescale = preferredTimescale
    while timescale >= 1 {
      if let (value, inexact) = scaledValue(
        numerator: numerator, denominator: denominator, scale: timescale,
        rounding: .halfAwayFromZero)
      {
        return Time(value: value, timescale: timescale, rounded: alreadyRounded || inexact)
      }
      timescale /= 2
    }
    return overflowInfinity(negative: numerator < 0)
  }

  /// The infinity that stands for a value too large for `Int64`, marked as rounded.
  static func overflowInfinity(negative: Bool) -> Time {
    Time(
      value: 0, timescale: 0,
      flags: [.valid, .hasBeenRounded, negative ? .negativeInfinity : .positiveInfinity])
  }
}
