internal import ReelCore

/// A half-open span of time `[start, start + duration)`, as CoreMedia's `CMTimeRange`.
public struct CMTimeRange: Sendable, Hashable {
  /// Where the range begins.
  public var start: CMTime
  /// How long it lasts.
  public var duration: CMTime

  /// A range from `start` lasting `duration`.
  public init(start: CMTime, duration: CMTime) {
    self.start = start
    self.duration = duration
  }

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
  /// Whether start and duration are valid and the duration is not negative.
  public var isValid: Bool { range.isValid }
  /// Whether the range is valid and lasts zero.
  public var isEmpty: Bool { range.isEmpty }

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
