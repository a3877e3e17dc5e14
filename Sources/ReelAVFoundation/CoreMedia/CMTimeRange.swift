internal import ReelCore

/// A half-open span of time `[start, start + duration)`, as CoreMedia's `CMTimeRange`.
///
/// Reel keeps no epochs: a range's times are compared as Reel's `Time` (epoch 0).
public struct CMTimeRange: Sendable, Hashable, Codable {
  /// Where the range begins.
  public var start: CMTime
  /// How long it lasts.
  public var duration: CMTime

  /// A range from `start` lasting `duration`.
  public init(start: CMTime, duration: CMTime) {
    self.start = start
    self.duration = duration
  }

  /// The invalid range (every field zero), as `CMTimeRange()` on Apple.
  public init() { self.init(start: CMTime(), duration: CMTime()) }

  /// A range from `start` to `end` (as `CMTimeRangeFromTimeToTime`).
  public init(start: CMTime, end: CMTime) {
    self.init(start: start, duration: end - start)
  }

  /// The empty range at zero.
  public static let zero = CMTimeRange(start: .zero, duration: .zero)
  /// The invalid range.
  public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)

  /// The first time after the range: `start + duration`.
  public var end: CMTime { start + duration }
  /// Whether start and duration are valid, the duration is not negative and in epoch 0
  /// (as `CMTIMERANGE_IS_VALID`).
  public var isValid: Bool { duration.epoch == 0 && range.isValid }
  /// Whether the range is valid and its start or duration is indefinite.
  public var isIndefinite: Bool { isValid && (start.isIndefinite || duration.isIndefinite) }
  /// Whether the range is valid and lasts zero.
  public var isEmpty: Bool { isValid && range.isEmpty }

  /// Whether `time` lies in `[start, end)`.
  public func containsTime(_ time: CMTime) -> Bool { range.contains(time.time) }
  /// Whether `other` lies wholly inside this range.
  public func containsTimeRange(_ other: CMTimeRange) -> Bool { range.contains(other.range) }
  /// The overlap of the two ranges (empty when they do not overlap).
  public func intersection(_ other: CMTimeRange) -> CMTimeRange {
    CMTimeRange(range.intersection(other.range))
  }
  /// The smallest range holding both.
  public func union(_ other: CMTimeRange) -> CMTimeRange { CMTimeRange(range.union(other.range)) }

  // MARK: Reel's range

  /// The range as Reel's `TimeRange`.
  var range: TimeRange { TimeRange(start: start.time, duration: duration.time) }

  /// A CMTimeRange carrying Reel's `range`.
  init(_ range: TimeRange) {
    self.init(start: CMTime(range.start), duration: CMTime(range.duration))
  }
}
