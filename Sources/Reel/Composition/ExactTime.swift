import ReelCore

/// An exact fraction of a second used inside the model for arithmetic that `Time` alone
/// cannot do exactly (rates, ratios, modulo): numerator and denominator are 128-bit.
///
/// Every value that enters comes from a numeric `Time` (|value| < 2⁶³, timescale < 2³¹), and
/// results are reduced after each step, so the products used by the model stay far inside
/// 128 bits.
struct ExactTime: Hashable, Comparable {
  /// The numerator, in units of `1 / denominator` seconds.
  let numerator: Int128
  /// The denominator, > 0.
  let denominator: Int128

  /// Makes the reduced fraction `numerator / denominator` (denominator ≠ 0).
  init(_ numerator: Int128, _ denominator: Int128) {
    let sign: Int128 = denominator < 0 ? -1 : 1
    let divisor = ExactTime.greatestCommonDivisor(numerator.magnitude, denominator.magnitude)
    let scale = divisor == 0 ? 1 : Int128(divisor)
    self.numerator = sign * numerator / scale
    self.denominator = sign * denominator / scale
  }

  /// The exact value of a numeric time, or nil for special times.
  init?(_ time: Time) {
    guard time.isNumeric else { return nil }
    self.init(Int128(time.value), Int128(time.timescale))
  }

  static let zero = ExactTime(0, 1)

  /// The value as a `Time`: exact when it fits `Int64 / Int32`, otherwise rounded to
  /// microsecond-like precision (timescale 1 000 000 000 capped to `Int32.max`).
  var time: Time {
    if let value = Int64(exactly: numerator), let scale = Int32(exactly: denominator) {
      return Time(value: value, timescale: scale)
    }
    let scale: Int128 = 1_000_000_000
    let scaled =
      (numerator * scale + (numerator >= 0 ? denominator / 2 : -denominator / 2))
      / denominator
    guard let value = Int64(exactly: scaled) else {
      return numerator >= 0 ? .positiveInfinity : .negativeInfinity
    }
    return Time(value: value, timescale: Int32(scale))
  }

  /// The value in seconds, as a `Double`.
  var seconds: Double { Double(numerator) / Double(denominator) }

  static func + (lhs: ExactTime, rhs: ExactTime) -> ExactTime {
    ExactTime(
      lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
      lhs.denominator * rhs.denominator)
  }

  static func - (lhs: ExactTime, rhs: ExactTime) -> ExactTime {
    ExactTime(
      lhs.numerator * rhs.denominator - rhs.numerator * lhs.denominator,
      lhs.denominator * rhs.denominator)
  }

  static func * (lhs: ExactTime, rhs: ExactTime) -> ExactTime {
    ExactTime(lhs.numerator * rhs.numerator, lhs.denominator * rhs.denominator)
  }

  /// Division; nil when dividing by zero.
  func divided(by other: ExactTime) -> ExactTime? {
    guard other.numerator != 0 else { return nil }
    return ExactTime(numerator * other.denominator, denominator * other.numerator)
  }

  /// The largest integer ≤ the value.
  var floor: Int128 {
    let quotient = numerator / denominator
    return (numerator % denominator != 0 && numerator < 0) ? quotient - 1 : quotient
  }

  static func < (lhs: ExactTime, rhs: ExactTime) -> Bool {
    lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
  }

  private static func greatestCommonDivisor(_ first: UInt128, _ second: UInt128) -> UInt128 {
    var (a, b) = (first, second)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}

extension Time {
  /// `self · numerator / denominator` computed exactly (see ``ExactTime``); nil for special
  /// times or a zero denominator.
  func scaled(by numerator: Time, over denominator: Time) -> Time? {
    guard let value = ExactTime(self), let top = ExactTime(numerator),
      let bottom = ExactTime(denominator), let ratio = top.divided(by: bottom)
    else { return nil }
    return (value * ratio).time
  }

  /// Seconds written for people: up to six decimals, trailing zeros dropped
  /// (`5`, `1.5`, `0.033367`), or the special value's name.
  var readable: String {
    guard isNumeric else {
      if isPositiveInfinity { return "+∞" }
      if isNegativeInfinity { return "−∞" }
      if isIndefinite { return "indefinite" }
      return "invalid"
    }
    return ReadableNumber.string(seconds, decimals: 6)
  }
}

extension TimeRange {
  /// `[start s, end s)` written for people, e.g. `[0 s, 5 s)`.
  var readable: String {
    guard isValid else { return "an invalid range (start \(start), duration \(duration))" }
    return "[\(start.readable) s, \(end.readable) s)"
  }
}
