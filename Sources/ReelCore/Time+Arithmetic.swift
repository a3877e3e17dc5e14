extension Time {
  // MARK: - Addition and subtraction

  /// Adds two times.
  ///
  /// With equal timescales the result keeps that timescale; otherwise it uses the least
  /// common multiple of the two. If the LCM exceeds `Int32.max`, the result uses `Int32.max`
  /// and is rounded (half away from zero). If the value overflows `Int64`, the timescale is
  /// halved until it fits; if it still overflows at timescale 1 the result is `±∞`.
  /// `hasBeenRounded` is set when rounding happened or either operand had it.
  ///
  /// Special values: invalid + x = invalid; +∞ + −∞ = invalid; ±∞ + (finite or indefinite)
  /// = ±∞; indefinite + finite = indefinite.
  ///
  /// - Returns: The sum, in seconds.
  public static func + (lhs: Time, rhs: Time) -> Time {
    combine(lhs, rhs, subtracting: false)
  }

  /// Subtracts `rhs` from `lhs`, with the timescale, rounding and special-value rules of `+`
  /// (`+∞ − +∞` = invalid, `x − +∞` = `−∞` for finite x).
  ///
  /// - Returns: The difference, in seconds.
  public static func - (lhs: Time, rhs: Time) -> Time {
    combine(lhs, rhs, subtracting: true)
  }

  /// Negates a time: `−(v/t)` keeps timescale t (halved if `v` is `Int64.min`), `−(+∞)` is
  /// `−∞`, and indefinite and invalid stay as they are.
  public static prefix func - (time: Time) -> Time {
    .zero - time
  }

  /// Adds `rhs` to `lhs` in place, as `lhs = lhs + rhs`.
  public static func += (lhs: inout Time, rhs: Time) {
    lhs = lhs + rhs
  }

  /// Subtracts `rhs` from `lhs` in place, as `lhs = lhs - rhs`.
  public static func -= (lhs: inout Time, rhs: Time) {
    lhs = lhs - rhs
  }

  /// The shared body of `+` and `-`.
  private static func combine(_ lhs: Time, _ rhs: Time, subtracting: Bool) -> Time {
    let (leftKind, rightKind) = (lhs.kind, rhs.kind)
    if leftKind == .invalid || rightKind == .invalid { return .invalid }
    let leftInfinity = lhs.infinitySign
    let rightInfinity = subtracting ? -rhs.infinitySign : rhs.infinitySign
    if leftInfinity != 0 || rightInfinity != 0 {
      if leftInfinity != 0 && rightInfinity != 0 && leftInfinity != rightInfinity {
        return .invalid
      }
      return (leftInfinity != 0 ? leftInfinity : rightInfinity) > 0
        ? .positiveInfinity : .negativeInfinity
    }
    if leftKind == .indefinite || rightKind == .indefinite { return .indefinite }

    let leftScale = Int128(lhs.timescale)
    let rightScale = Int128(rhs.timescale)
    let common = leftScale / Int128(gcd(UInt64(lhs.timescale), UInt64(rhs.timescale))) * rightScale
    // |value| < 2⁶³ and common / timescale < 2³¹: each term < 2⁹⁴, the sum < 2⁹⁵.
    let leftTerm = Int128(lhs.value) * (common / leftScale)
    let rightTerm = Int128(rhs.value) * (common / rightScale)
    let numerator = subtracting ? leftTerm - rightTerm : leftTerm + rightTerm
    let preferred = common > Int128(Int32.max) ? Int32.max : Int32(common)
    return fitting(
      numerator: numerator, denominator: common, preferredTimescale: preferred,
      alreadyRounded: lhs.hasBeenRounded || rhs.hasBeenRounded)
  }

  /// +1 for `+∞`, −1 for `−∞`, 0 otherwise.
  private var infinitySign: Int {
    switch kind {
    case .positiveInfinity: 1
    case .negativeInfinity: -1
    default: 0
    }
  }

  // MARK: - Multiplication

  /// Multiplies a time by an integer, keeping its timescale.
  ///
  /// If the value overflows `Int64` the timescale is halved (rounding half away from zero)
  /// until it fits, and the result is `±∞` if it still overflows at timescale 1.
  /// `±∞ · n` is `±∞` with the sign of n applied, `±∞ · 0` is invalid, indefinite stays
  /// indefinite and invalid stays invalid.
  ///
  /// - Parameter multiplier: The factor (no unit).
  /// - Returns: The product, in seconds.
  public func multiplied(by multiplier: Int) -> Time {
    multiplied(byExactNumerator: Int128(multiplier), denominator: 1)
  }

  /// Multiplies a time by `multiplier / divisor`, keeping the exact rational value when it
  /// can be written.
  ///
  /// The result keeps this time's timescale when the product is exact in it; otherwise it
  /// uses the reduced exact fraction when that fits (timescale ≤ `Int32.max`, value in
  /// `Int64`); otherwise it is rounded (half away from zero) to this time's timescale,
  /// halved on overflow, and `±∞` if it overflows at timescale 1.
  /// A divisor of 0 gives `.invalid`; special values follow `multiplied(by:)`.
  ///
  ///     Time(value: 1, timescale: 30).multiplied(byRatio: 1, 2)   // 1/60
  ///
  /// - Parameters:
  ///   - multiplier: The numerator of the factor.
  ///   - divisor: The denominator of the factor.
  /// - Returns: The product, in seconds.
  public func multiplied(byRatio multiplier: Int64, _ divisor: Int64) -> Time {
    guard divisor != 0 else { return .invalid }
    let sign: Int128 = divisor < 0 ? -1 : 1
    return multiplied(
      byExactNumerator: Int128(multiplier) * sign, denominator: Int128(divisor).magnitude)
  }

  /// Multiplies by the exact factor `numerator / denominator` (denominator in 1…2⁶³).
  private func multiplied(byExactNumerator factor: Int128, denominator: UInt128) -> Time {
    if let special = specialProduct(factorSign: factor.signum()) { return special }
    let numerator = Int128(value) * factor  // < 2¹²⁶
    let exactDenominator = Int128(timescale) * Int128(denominator)  // < 2⁹⁴
    if let (sameScale, inexact) = Time.scaledValue(
      numerator: numerator, denominator: exactDenominator, scale: timescale,
      rounding: .halfAwayFromZero), !inexact
    {
      return Time(value: sameScale, timescale: timescale, rounded: hasBeenRounded)
    }
    let divisor = Int128(gcd(numerator.magnitude, UInt128(exactDenominator)))
    if let reducedValue = Int64(exactly: numerator / divisor),
      let reducedScale = Int32(exactly: exactDenominator / divisor)
    {
      return Time(value: reducedValue, timescale: reducedScale, rounded: hasBeenRounded)
    }
    return Time.fitting(
      numerator: numerator, denominator: exactDenominator, preferredTimescale: timescale,
      alreadyRounded: hasBeenRounded)
  }

  /// Multiplies a time by a floating-point factor, such as a playback rate.
  ///
  /// As in Core Media, the result's timescale is this time's timescale doubled until it is
  /// at least 65 536 (or would pass `Int32.max`); the value is rounded half away from zero,
  /// and the timescale halved on overflow (`±∞` if it overflows at timescale 1). The
  /// factor's binary value is used exactly unless the product needs more than about 65
  /// fractional bits (factors below 2⁻¹² with long mantissas), where it is approximated to
  /// within 2⁻⁶⁴ of a unit. A NaN factor, `±∞ · 0` and `0 · ±∞` give `.invalid`; a finite
  /// nonzero time times an infinite factor is `±∞`.
  ///
  /// - Parameter multiplier: The factor (no unit), e.g. 0.5 for half speed.
  /// - Returns: The product, in seconds.
  public func multiplied(by multiplier: Double) -> Time {
    if multiplier.isNaN { return .invalid }
    let factorSign: Int128 = multiplier == 0 ? 0 : (multiplier < 0 ? -1 : 1)
    if let special = specialProduct(factorSign: factorSign) { return special }
    if multiplier.isInfinite {
      if value == 0 { return .invalid }
      return (value < 0) == (multiplier < 0) ? .positiveInfinity : .negativeInfinity
    }
    var preferred = timescale
    while preferred < 65_536 && preferred <= Int32.max / 2 { preferred *= 2 }
    return Time.fromDouble(
      multiplier, times: Int128(value), over: Int128(timescale), preferredTimescale: preferred,
      alreadyRounded: hasBeenRounded)
  }

  /// Multiplies a time by an integer; see `multiplied(by:)`.
  public static func * (time: Time, multiplier: Int) -> Time {
    time.multiplied(by: multiplier)
  }

  /// Multiplies a time by an integer; see `multiplied(by:)`.
  public static func * (multiplier: Int, time: Time) -> Time {
    time.multiplied(by: multiplier)
  }

  /// Multiplies a time by a floating-point factor; see `multiplied(by:)`.
  public static func * (time: Time, multiplier: Double) -> Time {
    time.multiplied(by: multiplier)
  }

  /// Multiplies a time by a floating-point factor; see `multiplied(by:)`.
  public static func * (multiplier: Double, time: Time) -> Time {
    time.multiplied(by: multiplier)
  }

  /// The result of multiplying a non-numeric time by a factor with the given sign, or nil
  /// for numeric times.
  private func specialProduct(factorSign: Int128) -> Time? {
    switch kind {
    case .numeric: return nil
    case .invalid: return .invalid
    case .indefinite: return .indefinite
    case .positiveInfinity, .negativeInfinity:
      if factorSign == 0 { return .invalid }
      return (infinitySign > 0) == (factorSign > 0) ? .positiveInfinity : .negativeInfinity
    }
  }

  /// Makes the time `multiplier · numerator / denominator` seconds, treating the binary value
  /// of `multiplier` (finite) exactly where the 2⁹⁶ bound on denominators allows.
  ///
  /// - Parameters:
  ///   - multiplier: A finite factor.
  ///   - numerator: Base numerator, |numerator| < 2⁶⁴.
  ///   - denominator: Base denominator, in 1…2³¹.
  static func fromDouble(
    _ multiplier: Double, times numerator: Int128, over denominator: Int128,
    preferredTimescale: Int32, alreadyRounded: Bool
  ) -> Time {
    if multiplier == 0 || numerator == 0 {
      return Time(value: 0, timescale: preferredTimescale, rounded: alreadyRounded)
    }
    // multiplier = ±mantissa · 2^exponent exactly, with an odd mantissa < 2⁵³.
    let magnitude = multiplier.magnitude
    var mantissa: UInt64
    var exponent: Int
    if magnitude.isSubnormal {
      mantissa = magnitude.significandBitPattern
      exponent = -1074
    } else {
      mantissa = (1 << 52) | magnitude.significandBitPattern
      exponent = Int(magnitude.exponent) - 52
    }
    let trailing = mantissa.trailingZeroBitCount
    mantissa >>= trailing
    exponent += trailing

    let negative = (multiplier < 0) != (numerator < 0)
    var product = numerator.magnitude * UInt128(mantissa)  // < 2¹¹⁷
    var exactDenominator = UInt128(denominator)
    if exponent >= 0 {
      let bits = UInt128.bitWidth - product.leadingZeroBitCount
      // Past 2¹²⁵ the value overflows Int64 even at timescale 1 (denominator ≤ 2³¹).
      guard bits + exponent <= 125 else { return overflowInfinity(negative: negative) }
      product <<= exponent
    } else {
      let denominatorBits = UInt128.bitWidth - exactDenominator.leadingZeroBitCount
      let maximumShift = 96 - denominatorBits
      let shift = -exponent
      if shift <= maximumShift {
        exactDenominator <<= shift
      } else {
        // Drop the lowest bits, keeping a sticky bit so that a nonzero value stays nonzero.
        let dropped = shift - maximumShift
        exactDenominator <<= maximumShift
        if dropped >= UInt128.bitWidth {
          product = 1
        } else {
          let lost = product & ((1 << dropped) - 1)
          product >>= dropped
          if lost != 0 { product |= 1 }
        }
      }
    }
    let signedProduct = negative ? -Int128(product) : Int128(product)
    return fitting(
      numerator: signedProduct, denominator: Int128(exactDenominator),
      preferredTimescale: preferredTimescale, alreadyRounded: alreadyRounded)
  }

  // MARK: - Other helpers

  /// Makes the start time of a frame: `frame · frameDuration`, with the rules of
  /// `multiplied(by:)` (the frame duration's timescale is kept unless the value overflows).
  ///
  ///     Time(frame: 3, frameDuration: Time(value: 1, timescale: 30))   // 3/30 s
  ///
  /// - Parameters:
  ///   - frame: The frame index, 0 for the first frame.
  ///   - frameDuration: The length of one frame, in seconds.
  public init(frame: Int64, frameDuration: Time) {
    self = frameDuration.multiplied(by: Int(frame))
  }

  /// The same time with value and timescale divided by their greatest common divisor
  /// (2/4 → 1/2, 0/600 → 0/1). Flags are kept; non-numeric times are returned unchanged.
  public func reduced() -> Time {
    guard isNumeric else { return self }
    let divisor = gcd(value.magnitude, UInt64(timescale))
    guard divisor > 1 else { return self }
    return Time(
      value: value / Int64(divisor), timescale: timescale / Int32(divisor), flags: flags)
  }

  /// The absolute value: `|v|/t` for numeric times, `+∞` for `−∞`; other times unchanged.
  public var absoluteValue: Time {
    switch kind {
    case .numeric: return value < 0 ? -self : self
    case .negativeInfinity: return .positiveInfinity
    default: return self
    }
  }
}

/// The greatest common divisor of two unsigned integers (gcd(0, n) = n).
func gcd<T: UnsignedInteger>(_ first: T, _ second: T) -> T {
  var (a, b) = (first, second)
  while b != 0 { (a, b) = (b, a % b) }
  return a
}
