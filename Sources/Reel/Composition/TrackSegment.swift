import ReelCore

/// One piece of a composition track: a range of the composition's timeline filled from a
/// source (a track of a media file, a still image, or nothing).
///
/// The source range plays over the target range at a constant rate
/// `rate = sourceTimeRange.duration / targetTimeRange.duration` (2 is double speed, 0.5 half
/// speed); composition time `t` in the target range shows source time
/// `sourceTimeRange.start + (t − targetTimeRange.start) · rate`, computed exactly.
public struct TrackSegment: Hashable, Sendable {
  /// Where a segment's content comes from.
  public enum Source: Hashable, Sendable {
    /// A track of a media file.
    case track(SourceTrack)
    /// A still image, shown unchanged over the whole target range.
    case still(StillImage)
    /// Nothing: video shows the background, audio is silent.
    case empty
  }

  /// What fills the segment.
  public var source: Source
  /// The part of the source used, in source seconds. For a still image it runs from 0 for
  /// the time the image was inserted for; for an empty segment it equals the target range's
  /// duration from 0.
  public var sourceTimeRange: TimeRange
  /// Where the segment lies on the composition's timeline, in seconds.
  public var targetTimeRange: TimeRange

  /// Makes a segment.
  ///
  /// - Parameters:
  ///   - source: What fills it.
  ///   - sourceTimeRange: The part of the source, in source seconds.
  ///   - targetTimeRange: Where it lies in the composition, in seconds.
  public init(source: Source, sourceTimeRange: TimeRange, targetTimeRange: TimeRange) {
    self.source = source
    self.sourceTimeRange = sourceTimeRange
    self.targetTimeRange = targetTimeRange
  }

  /// An empty segment over a range of the composition.
  ///
  /// - Parameter targetTimeRange: Where it lies, in seconds.
  public static func empty(_ targetTimeRange: TimeRange) -> TrackSegment {
    TrackSegment(
      source: .empty, sourceTimeRange: TimeRange(start: .zero, duration: targetTimeRange.duration),
      targetTimeRange: targetTimeRange)
  }

  /// Whether the segment has no content.
  public var isEmpty: Bool { source == .empty }

  /// Source duration / target duration: 1 at natural speed, 2 at double speed, 0.5 at half
  /// speed (as a `Double`, for the audio mixer's time-stretch; positions use exact maths).
  public var rate: Double {
    let target = targetTimeRange.duration.seconds
    return target > 0 ? sourceTimeRange.duration.seconds / target : 1
  }

  /// The source time shown at a composition time, exactly:
  /// `sourceStart + (time − targetStart) · sourceDuration / targetDuration`.
  ///
  /// - Parameter time: A composition time in seconds (normally inside `targetTimeRange`).
  /// - Returns: Source seconds; `sourceTimeRange.start` for a zero-length target.
  public func sourceTime(at time: Time) -> Time {
    let offset = time - targetTimeRange.start
    guard targetTimeRange.duration > .zero,
      let scaled = offset.scaled(by: sourceTimeRange.duration, over: targetTimeRange.duration)
    else { return sourceTimeRange.start }
    return sourceTimeRange.start + scaled
  }

  /// The segment moved along the composition timeline by `offset` seconds.
  func shifted(by offset: Time) -> TrackSegment {
    var copy = self
    copy.targetTimeRange.start = targetTimeRange.start + offset
    return copy
  }

  /// The two parts of the segment on either side of a composition time strictly inside it.
  func split(at time: Time) -> (TrackSegment, TrackSegment) {
    let sourceSplit = sourceTime(at: time)
    var first = self
    var second = self
    first.targetTimeRange = TimeRange(start: targetTimeRange.start, end: time)
    second.targetTimeRange = TimeRange(start: time, end: targetTimeRange.end)
    first.sourceTimeRange = TimeRange(start: sourceTimeRange.start, end: sourceSplit)
    second.sourceTimeRange = TimeRange(start: sourceSplit, end: sourceTimeRange.end)
    return (first, second)
  }
}
