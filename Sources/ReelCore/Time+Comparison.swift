extension Time: Comparable, Hashable {
  /// True when both times have the same rational value (1/2 == 2/4), or are the same
  /// special time. `hasBeenRounded` is ignored. Two invalid times are equal.
  public static func == (lhs: Time, rhs: Time) -> Bool {
    compare(lhs, rhs) == 0
  }

  /// Orders times as `−∞ < finite < indefinite < +∞ < invalid`; finite times by value.
  public static func < (lhs: Time, rhs: Time) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// Hashes the kind and, for numeric times, the reduced fraction, so that equal times
  /// (1/2 and 2/4) hash alike.
  public func hash(into hasher: inout Hasher) {
    let kind = self.kind
    hasher.combine(kind.rawValue)
    guard kind == .numeric else { return }
    let reduced = self.reduced()
    hasher.combine(reduced.value)
    hasher.combine(reduced.timescale)
  }

  /// Compares two times: −1 if `lhs` is earlier, 0 if equal, 1 if later.
  ///
  /// - Returns: The sign of `lhs − rhs` in the order `−∞ < finite < indefinite < +∞ < invalid`.
  public static func compare(_ lhs: Time, _ rhs: Time) -> Int {
    let (leftKind, rightKind) = (lhs.kind, rhs.kind)
    if leftKind != rightKind { return leftKind < rightKind ? -1 : 1 }
    guard leftKind == .numeric else { return 0 }
    if lhs.timescale == rhs.timescale {
      return lhs.value == rhs.value ? 0 : (lhs.value < rhs.value ? -1 : 1)
    }
    // |value · timescale| < 2⁹⁴: exact in Int128.
    let left = Int128(lhs.value) * Int128(rhs.timescale)
    let right = Int128(rhs.value) * Int128(lhs.timescale)
    return left == right ? 0 : (left < right ? -1 : 1)
  }

  /// The earlier of two times, or `.invalid` if either is invalid.
  ///
  /// Unlike `Swift.min`, which would treat `.invalid` as the latest time, an invalid operand
  /// makes the result invalid.
  public static func min(_ first: Time, _ second: Time) -> Time {
    if !first.isValid || !second.isValid { return .invalid }
    return second < first ? second : first
  }

  /// The later of two times, or `.invalid` if either is invalid.
  public static func max(_ first: Time, _ second: Time) -> Time {
    if !first.isValid || !second.isValid { return .invalid }
    return second > first ? second : first
  }
}
