/// A half-open span of time `[start, start + duration)`, as Core Media's `CMTimeRange`.
///
/// A range contains its start but not its end: `[0 s, 10 s)` contains 0 s and 9.999 s but
/// not 10 s. A range is valid when both times are valid and the duration is ≥ 0 (it may be
/// `+∞` or indefinite); an empty range has a duration of zero.
///
///     let range = TimeRange(start: .zero, duration: Time(value: 10, timescale: 1))
///     range.contains(Time(value: 10, timescale: 1))     // false
///     range.end                                          // 10/1
///
/// `contains` is overloaded for times and ranges, so spell the type of a constant argument:
/// `range.contains(Time.zero)`, not `range.contains(.zero)`.
public struct TimeRange: Sendable, Hashable {
  /// The first instant in the range, in seconds.
  public var start: Time
  /// The length of the range, in seconds (≥ 0 for a valid range).
  public var duration: Time

  /// Makes a range from its start and length.
  ///
  /// - Parameters:
  ///   - start: The first instant, in seconds.
  ///   - duration: The length, in seconds; a negative duration makes an invalid range.
  public init(start: Time, duration: Time) {
    self.start = start
    self.duration = duration
  }

  /// Makes the range `[start, end)`.
  ///
  /// - Parameters:
  ///   - start: The first instant, in seconds.
  ///   - end: The first instant after the range, in seconds; before `start` gives an
  ///     invalid range (negative duration).
  public init(start: Time, end: Time) {
    self.init(start: start, duration: end - start)
  }

  /// The empty range at time zero: `[0, 0)`.
  public static let zero = TimeRange(start: .zero, duration: .zero)
  /// A range whose start and duration are both invalid.
  public static let invalid = TimeRange(start: .invalid, duration: .invalid)

  /// The first instant after the range: `start + duration`, in seconds.
  public var end: Time { start + duration }

  /// True when start and duration are valid and the duration is ≥ 0 (finite, `+∞` or
  /// indefinite).
  public var isValid: Bool {
    start.isValid && duration.isValid && !duration.isNegativeInfinity
      && !(duration.isNumeric && duration.value < 0)
  }

  /// True for a valid range with a zero duration (it contains no time at all).
  public var isEmpty: Bool { isValid && duration == .zero }

  /// Whether an instant lies in `[start, end)`.
  ///
  /// - Parameter time: An instant, in seconds.
  /// - Returns: True if `start ≤ time < end`; false for invalid ranges or times, and for
  ///   empty ranges.
  public func contains(_ time: Time) -> Bool {
    guard isValid, time.isValid, !time.isIndefinite else { return false }
    return start <= time && time < end
  }

  /// Whether another range lies entirely within this one.
  ///
  /// - Parameter other: The range to test.
  /// - Returns: True if `start ≤ other.start` and `other.end ≤ end`; false if either range
  ///   is invalid.
  public func contains(_ other: TimeRange) -> Bool {
    guard isValid, other.isValid else { return false }
    return start <= other.start && other.end <= end
  }

  /// The part of time both ranges cover.
  ///
  /// - Parameter other: Another range.
  /// - Returns: `[max(starts), min(ends))`. When the ranges only touch or do not overlap,
  ///   an empty range (duration 0) starting at the later start. `.invalid` if either range
  ///   is invalid.
  public func intersection(_ other: TimeRange) -> TimeRange {
    guard isValid, other.isValid else { return .invalid }
    let laterStart = Time.max(start, other.start)
    let earlierEnd = Time.min(end, other.end)
    if earlierEnd <= laterStart {
      return TimeRange(start: laterStart, duration: .zero)
    }
    return TimeRange(start: laterStart, end: earlierEnd)
  }

  /// Whether the ranges share any instant (a non-empty intersection).
  ///
  /// - Parameter other: Another range.
  /// - Returns: False if either range is invalid or empty, or they only touch.
  public func overlaps(_ other: TimeRange) -> Bool {
    guard isValid, other.isValid else { return false }
    return !intersection(other).isEmpty
  }

  /// The smallest range that contains both ranges (and any gap between them).
  ///
  /// - Parameter other: Another range.
  /// - Returns: `[min(starts), max(ends))`; `.invalid` if either range is invalid.
  public func union(_ other: TimeRange) -> TimeRange {
    guard isValid, other.isValid else { return .invalid }
    return TimeRange(start: Time.min(start, other.start), end: Time.max(end, other.end))
  }
}

extension TimeRange: CustomStringConvertible {
  /// A readable form such as `"[0/1, 10/1) (0.0 s to 10.0 s)"` or `"invalid range"`.
  public var description: String {
    guard isValid else { return "invalid range [start \(start), duration \(duration)]" }
    return "[\(start.short), \(end.short)) (\(start.seconds) s to \(end.seconds) s)"
  }
}

extension Time {
  /// `value/timescale`, or the special name, without seconds.
  fileprivate var short: String {
    isNumeric ? "\(value)/\(timescale)" : description
  }
}
