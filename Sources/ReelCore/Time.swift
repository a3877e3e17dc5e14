/// A rational point in time or duration: `value / timescale` seconds, with the flags of
/// Core Media's `CMTime`.
///
/// A numeric time is an exact fraction of a second: `Time(value: 3, timescale: 10)` is
/// 0.3 s, with no binary rounding. Besides numeric times there are four special kinds,
/// whose `value` and `timescale` mean nothing: `.positiveInfinity`, `.negativeInfinity`,
/// `.indefinite` (an unknown time, such as the duration of a live stream) and `.invalid`
/// (the result of an undefined operation such as `+∞ + −∞`).
///
/// Equality and ordering compare the rational value, not the representation:
/// `Time(value: 1, timescale: 2) == Time(value: 2, timescale: 4)`, and the order is
/// `−∞ < finite < indefinite < +∞ < invalid`.
///
///     let a = Time(value: 1, timescale: 3)
///     let b = Time(value: 1, timescale: 2)
///     let sum = a + b                               // 5/6 s
///     let frame = Time(seconds: 2.5, preferredTimescale: 600)   // 1500/600
///     let exact = Time(decimalString: "0.3")        // 3/10, exactly
public struct Time: Sendable {
  /// The numerator, in units of `1 / timescale` seconds. Meaningless unless `isNumeric`.
  public let value: Int64
  /// The number of units per second (the denominator), > 0 for numeric times.
  public let timescale: Int32
  /// What kind of time this is, and whether rounding happened when it was computed.
  public let flags: Flags

  /// The kind and state of a `Time`, with the bit values of Core Media's `CMTimeFlags`.
  public struct Flags: OptionSet, Sendable, Hashable {
    /// The flag bits, as in `CMTimeFlags`.
    public let rawValue: UInt32
    /// Makes flags from their raw bits.
    ///
    /// - Parameter rawValue: Bits as in `CMTimeFlags` (valid = 1, rounded = 2, +∞ = 4,
    ///   −∞ = 8, indefinite = 16).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The time is valid. Every time except `.invalid` has this flag.
    public static let valid = Flags(rawValue: 1 << 0)
    /// The time was rounded when it was computed (its value is not exact).
    public static let hasBeenRounded = Flags(rawValue: 1 << 1)
    /// The time is positive infinity.
    public static let positiveInfinity = Flags(rawValue: 1 << 2)
    /// The time is negative infinity.
    public static let negativeInfinity = Flags(rawValue: 1 << 3)
    /// The time is indefinite (unknown).
    public static let indefinite = Flags(rawValue: 1 << 4)
  }

  /// Makes the time `value / timescale` seconds.
  ///
  /// - Parameters:
  ///   - value: The numerator, in units of `1 / timescale` seconds.
  ///   - timescale: Units per second. A timescale ≤ 0 makes an invalid time.
  public init(value: Int64, timescale: Int32) {
    self.value = value
    self.timescale = timescale
    self.flags = timescale > 0 ? .valid : []
  }

  /// Makes a time from its three fields without checks (the caller keeps them consistent).
  init(value: Int64, timescale: Int32, flags: Flags) {
    self.value = value
    self.timescale = timescale
    self.flags = flags
  }

  /// Makes a numeric time, marked as rounded when `rounded` is true.
  init(value: Int64, timescale: Int32, rounded: Bool) {
    self.init(
      value: value, timescale: timescale, flags: rounded ? [.valid, .hasBeenRounded] : .valid)
  }

  // MARK: - Constants

  /// Zero seconds (`0/1`).
  public static let zero = Time(value: 0, timescale: 1)
  /// The invalid time: the result of undefined operations. Its seconds are `NaN`.
  public static let invalid = Time(value: 0, timescale: 0, flags: [])
  /// Positive infinity: later than every finite and indefinite time.
  public static let positiveInfinity = Time(
    value: 0, timescale: 0, flags: [.valid, .positiveInfinity])
  /// Negative infinity: earlier than every other valid time.
  public static let negativeInfinity = Time(
    value: 0, timescale: 0, flags: [.valid, .negativeInfinity])
  /// An unknown time, such as the duration of a live stream. Its seconds are `NaN`.
  public static let indefinite = Time(value: 0, timescale: 0, flags: [.valid, .indefinite])

  // MARK: - Kind

  /// True for every time except `.invalid` (and times made with a timescale ≤ 0).
  public var isValid: Bool { flags.contains(.valid) }

  /// True for valid, finite, determinate times: those whose `value / timescale` means
  /// something.
  public var isNumeric: Bool {
    isValid && flags.isDisjoint(with: [.positiveInfinity, .negativeInfinity, .indefinite])
      && timescale > 0
  }

  /// True for `.positiveInfinity` and `.negativeInfinity`.
  public var isInfinite: Bool { isPositiveInfinity || isNegativeInfinity }

  /// True for `.positiveInfinity`.
  public var isPositiveInfinity: Bool { isValid && flags.contains(.positiveInfinity) }

  /// True for `.negativeInfinity`.
  public var isNegativeInfinity: Bool { isValid && flags.contains(.negativeInfinity) }

  /// True for `.indefinite`.
  public var isIndefinite: Bool { isValid && flags.contains(.indefinite) }

  /// True if rounding happened when this time was computed.
  public var hasBeenRounded: Bool { flags.contains(.hasBeenRounded) }

  /// The five kinds of time, in their sort order.
  enum Kind: Int, Comparable {
    case negativeInfinity, numeric, indefinite, positiveInfinity, invalid

    static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The kind of this time, for comparisons and special-value rules.
  var kind: Kind {
    if !isValid { return .invalid }
    if flags.contains(.negativeInfinity) { return .negativeInfinity }
    if flags.contains(.positiveInfinity) { return .positiveInfinity }
    if flags.contains(.indefinite) { return .indefinite }
    return timescale > 0 ? .numeric : .invalid
  }
}
