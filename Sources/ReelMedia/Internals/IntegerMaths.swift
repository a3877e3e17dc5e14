/// Integer helpers shared by the readers and the writer for exact time and sample maths.

extension Int128 {
  /// The quotient rounded towards minus infinity (Swift's `/` rounds towards zero).
  ///
  /// - Parameter divisor: Any non-zero value.
  func dividedFloor(by divisor: Int128) -> Int128 {
    let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
    return remainder != 0 && (remainder < 0) != (divisor < 0) ? quotient - 1 : quotient
  }
}

/// The greatest common divisor of the magnitudes of `a` and `b` (Euclid), at least 1 so it
/// can always divide.
func greatestCommonDivisor(_ a: Int64, _ b: Int64) -> Int64 {
  var (x, y) = (a.magnitude, b.magnitude)
  while y != 0 { (x, y) = (y, x % y) }
  return Int64(clamping: max(x, 1))
}
