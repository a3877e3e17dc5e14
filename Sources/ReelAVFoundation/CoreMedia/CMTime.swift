internal import ReelCore

/// The numerator of a ``CMTime``.
public typealias CMTimeValue = Int64
/// The denominator of a ``CMTime``: units per second.
public typealias CMTimeScale = Int32
/// A ``CMTime``'s epoch (a loop count; times of different epochs compare by epoch first).
public typealias CMTimeEpoch = Int64

/// The flags of a ``CMTime``, with Apple's bit values.
public struct CMTimeFlags: OptionSet, Sendable, Hashable {
  /// The flag bits.
  public let rawValue: UInt32
  /// Flags from their bits (valid 1, rounded 2, +∞ 4, −∞ 8, indefinite 16).
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

  /// The invalid time (every field zero), as `CMTime()` on Apple.
  public init() { self.init(value: 0, timescale: 0, flags: [], epoch: 0) }

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
  /// Whether the time has the valid flag.
  public var isValid: Bool { flags.contains(.valid) }
  /// Whether the time is a finite number of seconds.
  public var isNumeric: Bool { time.isNumeric }
  /// Whether the time is indefinite.
  public var isIndefinite: Bool { time.isIndefinite }
  /// Whether the time is +∞.
  public var isPositiveInfinity: Bool { time.isPositiveInfinity }
  /// Whether the time is −∞.
  public var isNegativeInfinity: Bool { time.isNegativeInfinity }
  /// Whether the time is numeric and a conversion rounded its value.
  public var hasBeenRounded: Bool { isNumeric && flags.contains(.hasBeenRounded) }

  /// This time at `newTimescale`, rounded by `method`, as `CMTimeConvertScale`.
  ///
  /// `.quickTime` rounds toward zero when the new timescale is smaller and away from zero
  /// when it is larger, and never rounds a negative time to 0 (it gives `-1/newTimescale`).
  /// Non-numeric times are returned unchanged; a timescale ≤ 0 gives `.invalid`.
  public func convertScale(_ newTimescale: Int32, method: CMTimeRoundingMethod) -> CMTime {
    guard isNumeric else { return self }
    let rounding: Time.RoundingMethod
    if method == .quickTime {
      rounding = newTimescale < timescale ? .towardZero : .awayFromZero
    } else {
      rounding = method.reelRounding
    }
    var converted = CMTime(time.converted(toTimescale: newTimescale, rounding: rounding))
    if method == .quickTime, converted.isNumeric, converted.value == 0, value < 0 {
      converted.value = -1
      converted.flags.insert(.hasBeenRounded)
    }
    return converted.carrying(roundedFrom: self).inEpoch(epoch)
  }

  // MARK: Reel's time

  /// The time as Reel's `Time`: the same kind and rational value. Reel has no epochs (every
  /// Reel time is in epoch 0) and keeps "rounded" only as a note of how a time was computed,
  /// so neither is carried; the CMTime operations below keep both themselves.
  var time: Time {
    guard flags.contains(.valid) else { return .invalid }
    if flags.contains(.positiveInfinity) { return .positiveInfinity }
    if flags.contains(.negativeInfinity) { return .negativeInfinity }
    if flags.contains(.indefinite) { return .indefinite }
    return Time(value: value, timescale: timescale)
  }

  /// A CMTime carrying Reel's `time`, in epoch 0, rounded when Reel rounded it.
  init(_ time: Time) {
    var flags = CMTimeFlags(rawValue: time.flags.rawValue)
    if !time.isValid { flags = [] }
    self.init(value: time.value, timescale: time.timescale, flags: flags, epoch: 0)
  }

  /// This time, marked rounded when it is numeric and any of `operands` was rounded (as
  /// CoreMedia carries the flag through arithmetic).
  func carrying(roundedFrom operands: CMTime...) -> CMTime {
    guard isNumeric, operands.contains(where: \.hasBeenRounded) else { return self }
    var copy = self
    copy.flags.insert(.hasBeenRounded)
    return copy
  }

  /// This time in `epoch` (invalid times stay in epoch 0).
  func inEpoch(_ epoch: CMTimeEpoch) -> CMTime {
    guard isValid else { return self }
    var copy = self
    copy.epoch = epoch
    return copy
  }

  /// The result of combining two times with Reel's arithmetic `operation`: invalid when the
  /// epochs differ (CoreMedia adds and subtracts only within one epoch), else in their epoch,
  /// rounded when either operand was.
  static func combining(_ lhs: CMTime, _ rhs: CMTime, _ operation: (Time, Time) -> Time)
    -> CMTime
  {
    guard lhs.epoch == rhs.epoch else { return .invalid }
    return CMTime(operation(lhs.time, rhs.time)).carrying(roundedFrom: lhs, rhs).inEpoch(
      lhs.epoch)
  }
}

extension CMTimeRoundingMethod {
  var reelRounding: Time.RoundingMethod {
    switch self {
    // `.quickTime` depends on the timescales; `convertScale` decides it.
    case .roundHalfAwayFromZero, .quickTime: .halfAwayFromZero
    case .roundTowardZero: .towardZero
    case .roundAwayFromZero: .awayFromZero
    case .roundTowardPositiveInfinity: .towardPositiveInfinity
    case .roundTowardNegativeInfinity: .towardNegativeInfinity
    }
  }
}

extension CMTime: Comparable, Hashable {
  /// CoreMedia's order as `CMTimeCompare`: −∞ < numeric < indefinite < +∞ < invalid;
  /// numeric times by epoch first, then by value (1/2 == 2/4).
  static func compare(_ lhs: CMTime, _ rhs: CMTime) -> Int {
    if lhs.isNumeric, rhs.isNumeric, lhs.epoch != rhs.epoch {
      return lhs.epoch < rhs.epoch ? -1 : 1
    }
    return Time.compare(lhs.time, rhs.time)
  }

  /// Whether two times are the same instant (1/2 == 2/4), as `CMTimeCompare(a, b) == 0`.
  public static func == (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) == 0 }

  /// Apple's order: −∞ < numeric < indefinite < +∞ < invalid, epochs first.
  public static func < (lhs: CMTime, rhs: CMTime) -> Bool { compare(lhs, rhs) < 0 }

  /// Hashes what `==` compares: the epoch of a numeric time and Reel's time.
  public func hash(into hasher: inout Hasher) {
    if isNumeric { hasher.combine(epoch) }
    hasher.combine(time)
  }
}

extension CMTime {
  /// The sum, as `CMTimeAdd`: the common timescale (the LCM, at most `Int32.max` with
  /// rounding), invalid + x = invalid, +∞ + −∞ = invalid, indefinite + numeric = indefinite.
  public static func + (addend1: CMTime, addend2: CMTime) -> CMTime {
    combining(addend1, addend2, +)
  }
  /// The difference, as `CMTimeSubtract` (the rules of `+`).
  public static func - (minuend: CMTime, subtrahend: CMTime) -> CMTime {
    combining(minuend, subtrahend, -)
  }
}

// Apple's SDK declares no other CMTime operators, and ported code often declares its own
// (`*`, `+=`, prefix `-`); public ones here would make those ambiguous. These are for this
// module's own code.
extension CMTime {
  /// Adds `rhs` to `lhs`.
  static func += (lhs: inout CMTime, rhs: CMTime) { lhs = lhs + rhs }
  /// Subtracts `rhs` from `lhs`.
  static func -= (lhs: inout CMTime, rhs: CMTime) { lhs = lhs - rhs }
  /// The negated time (−(+∞) = −∞; indefinite and invalid stay as they are).
  static prefix func - (time: CMTime) -> CMTime {
    CMTime(-time.time).carrying(roundedFrom: time).inEpoch(time.epoch)
  }
  /// The time multiplied by an integer, as `CMTimeMultiply`.
  static func * (time: CMTime, multiplier: Int32) -> CMTime {
    CMTimeMultiply(time, multiplier: multiplier)
  }
  /// The time multiplied by an integer, as `CMTimeMultiply`.
  static func * (multiplier: Int32, time: CMTime) -> CMTime {
    CMTimeMultiply(time, multiplier: multiplier)
  }
  /// The time multiplied by a floating-point factor, as `CMTimeMultiplyByFloat64`.
  static func * (time: CMTime, multiplier: Float64) -> CMTime {
    CMTimeMultiplyByFloat64(time, multiplier: multiplier)
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

extension CMTime: Codable {
  private enum CodingKeys: String, CodingKey { case value, timescale, flags, epoch }

  /// Decodes the four fields (`value`, `timescale`, `flags`, `epoch`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      value: try container.decode(CMTimeValue.self, forKey: .value),
      timescale: try container.decode(CMTimeScale.self, forKey: .timescale),
      flags: CMTimeFlags(rawValue: try container.decode(UInt32.self, forKey: .flags)),
      epoch: try container.decode(CMTimeEpoch.self, forKey: .epoch))
  }

  /// Encodes the four fields (`value`, `timescale`, `flags`, `epoch`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(value, forKey: .value)
    try container.encode(timescale, forKey: .timescale)
    try container.encode(flags.rawValue, forKey: .flags)
    try container.encode(epoch, forKey: .epoch)
  }
}
