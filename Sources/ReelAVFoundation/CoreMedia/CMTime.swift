internal import ReelCore

/// The numerator of a ``CMTime``.
public typealias CMTimeValue = Int64
/// The denominator of a ``CMTime``: units per second.
public typealias CMTimeScale = Int32
/// A ``CMTime``'s epoch (a loop count; times of different epochs compare by epoch first).
public typealias CMTimeEpoch = Int64

/// The flags of a ``CMTime``, with Apple's bit values.
public struct CMTimeFlags: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The time is valid (numeric or one of the non-numeric kinds below).
  public static let valid = CMTimeFlags(rawValue: 1 << 0)
  /// A conversion rounded the value.
  public static let hasBeenRounded = CMTimeFlags(rawValue: 1 << 1)
  /// +∞.
  public static let positiveInfinity = CMTimeFlags(rawValue: 1 << 2)
  /// −∞.
  public static let negativeInfinity = CMTimeFlags(rawValue: 1 << 3)
  /// Unknown (for example the duration of a live stream).
  public static let indefinite = CMTimeFlags(rawValue: 1 << 4)
  /// The flags that make a time non-numeric.
  public static let impliedValueFlagsMask: CMTimeFlags = [
    .positiveInfinity, .negativeInfinity, .indefinite,
  ]
}

/// How a time conversion rounds, with Apple's raw values.
public enum CMTimeRoundingMethod: UInt32, Sendable {
  case roundHalfAwayFromZero = 1
  case roundTowardZero = 2
  case roundAwayFromZero = 3
  case quickTime = 4
  case roundTowardPositiveInfinity = 5
  case roundTowardNegativeInfinity = 6

  /// The default: half away from zero.
  public static let `default` = CMTimeRoundingMethod.roundHalfAwayFromZero
}

/// A rational time, `value / timescale` seconds, as CoreMedia's `CMTime`: comparisons are by
/// value (1/2 == 2/4), arithmetic keeps the timescale or takes the least common multiple, and
/// the non-numeric kinds (invalid, ±∞, indefinite) behave as on Apple.
///
/// The arithmetic is Reel's own `Time`; this type only carries Apple's field layout.
public struct CMTime: Sendable {
  /// The numerator.
  public var value: CMTimeValue
  /// Units per second (> 0 for a numeric time).
  public var timescale: CMTimeScale
  /// Valid, rounded and the non-numeric kinds.
  public var flags: CMTimeFlags
  /// The epoch; 0 for every time Reel makes.
  public var epoch: CMTimeEpoch

  /// A time with every field given, as `CMTime(value:timescale:flags:epoch:)` on Apple.
  public init(value: CMTimeValue, timescale: CMTimeScale, flags: CMTimeFlags, epoch: CMTimeEpoch) {
    self.value = value
    self.timescale = timescale
    self.flags = flags
    self.epoch = epoch
  }

  /// `value / timescale` seconds; invalid when `timescale` is not positive (as `CMTimeMake`).
  public init(value: CMTimeValue, timescale: CMTimeScale) {
    self.init(Time(value: value, timescale: timescale))
  }

  /// The time nearest `seconds` at `preferredTimescale` (rounded half away from zero);
  /// invalid for a timescale ≤ 0, ±∞ for infinite seconds, invalid for NaN.
  public init(seconds: Double, preferredTimescale: CMTimeScale) {
    self.init(Time(seconds: seconds, preferredTimescale: preferredTimescale))
  }

  /// Zero seconds (0/1).
  public static let zero = CMTime(Time.zero)
  /// The invalid time.
  public static let invalid = CMTime(Time.invalid)
  /// An unknown time.
  public static let indefinite = CMTime(Time.indefinite)
  /// +∞.
  public static let positiveInfinity = CMTime(Time.positiveInfinity)
  /// −∞.
  public static let negativeInfinity = CMTime(Time.negativeInfinity)

  /// The time in seconds: NaN when invalid or indefinite, ±∞ for the infinities.
  public var seconds: Double { time.seconds }
  /// Whether the time is valid.
  public var isValid: Bool { flags.contains(.valid) }
  /// Whether the time is a finite number of seconds.
  public var isNumeric: Bool { time.isNumeric }
  /// Whether the time is indefinite.
  public var isIndefinite: Bool { time.isIndefinite }
  /// Whether the time is +∞.
  public var isPositiveInfinity: Bool { time.isPositiveInfinity }
  /// Whether the time is −∞.
  public var isNegativeInfinity: Bool { time.isNegativeInfinity }
  /// Whether a conversion rounded the value.
  public var hasBeenRounded: Bool { flags.contains(.hasBeenRounded) }

  /// This time at `newTimescale`, rounded by `method` (`.quickTime` rounds as the default).
  public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    CMTime(time.converted(toTimescale: newTimescale, rounding: method.reelRounding))
  }

  // MARK: Reel's time

  /// The time as Reel's `Time`.
  var time: Time {
    guard flags.contains(.valid) else { return .invalid }
    if flags.contains(.positiveInfinity) { return .positiveInfinity }
    if flags.contains(.negativeInfinity) { return .negativeInfinity }
    if flags.contains(.indefinite) { return .indefinite }
    guard timescale > 0 else { return .invalid }
    let exact = Time(value: value, timescale: timescale)
    // Reel keeps "rounded" as a flag of its own; a conversion carries it over.
    return hasBeenRounded ? exact.converted(toTimescale: timescale) : exact
  }

  /// A CMTime carrying Reel's `time`.
  init(_ time: Time) {
    var flags = CMTimeFlags(rawValue: time.flags.rawValue)
    if !time.isValid { flags = [] }
    self.init(value: time.value, timescale: time.timescale, flags: flags, epoch: 0)
  }
}

extension CMTimeRoundingMethod {
  var reelRounding: Time.RoundingMethod {
    switch self {
    case .roundHalfAwayFromZero, .quickTime: .halfAwayFromZero
    case .roundTowardZero: .towardZero
    case .roundAwayFromZero: .awayFromZero
    case .roundTowardPositiveInfinity: .towardPositiveInfinity
    case .roundTowardNegativeInfinity: .towardNegativeInfinity
    }
  }
}

extension CMTime: Comparable, Hashable {
  /// Whether two times are the same instant (1/2 == 2/4), as `CMTimeCompare(a, b) == 0`.
  public static func == (lhs: CMTime, rhs: CMTime) -> Bool {
    lhs.epoch == rhs.epoch && lhs.time == rhs.time
  }

  /// Apple's order: −∞ < numeric < indefinite < +∞ < invalid, epochs first.
  public static func < (lhs: CMTime, rhs: CMTime) -> Bool {
    if lhs.epoch != rhs.epoch { return lhs.epoch < rhs.epoch }
    return lhs.time < rhs.time
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(epoch)
    hasher.combine(time)
  }
}

extension CMTime {
  /// The sum, as `CMTimeAdd`.
  public static func + (lhs: CMTime, rhs: CMTime) -> CMTime { CMTime(lhs.time + rhs.time) }
  /// The difference, as `CMTimeSubtract`.
  public static func - (lhs: CMTime, rhs: CMTime) -> CMTime { CMTime(lhs.time - rhs.time) }
  /// Adds `rhs` to `lhs`.
  public static func += (lhs: inout CMTime, rhs: CMTime) { lhs = lhs + rhs }
  /// Subtracts `rhs` from `lhs`.
  public static func -= (lhs: inout CMTime, rhs: CMTime) { lhs = lhs - rhs }
  /// The negated time.
  public static prefix func - (time: CMTime) -> CMTime { CMTime(-time.time) }
  /// The time multiplied by an integer, as `CMTimeMultiply`.
  public static func * (time: CMTime, multiplier: Int32) -> CMTime {
    CMTime(time.time.multiplied(by: Int(multiplier)))
  }
}

extension CMTime: CustomStringConvertible {
  /// `CMTime(value/timescale = seconds)`, or the kind for non-numeric times.
  public var description: String {
    guard isNumeric else {
      if !isValid { return "CMTime(invalid)" }
      if isIndefinite { return "CMTime(indefinite)" }
      return isPositiveInfinity ? "CMTime(+infinity)" : "CMTime(-infinity)"
    }
    return "CMTime(\(value)/\(timescale) = \(seconds))"
  }
}
