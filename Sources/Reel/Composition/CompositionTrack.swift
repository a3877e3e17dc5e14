import ReelCore

/// A video or audio track of a ``Composition``: segments laid end to end from time 0.
///
/// The segments always tile `[0, duration)` without gaps or overlaps: a gap made by an edit
/// is filled with an empty segment. Edits follow `AVMutableCompositionTrack`: inserting moves
/// later content later, removing moves it earlier, scaling changes the speed of a range and
/// shifts what follows.
public struct CompositionTrack: Hashable, Sendable {
  /// The track's stable identifier.
  public let id: TrackID
  /// Video or audio.
  public let mediaType: CompositionMediaType
  /// The segments in time order; each starts where the previous one ends, the first at 0.
  public private(set) var segments: [TrackSegment] = []

  /// Makes an empty track. Tracks are normally made with ``Composition/addTrack(_:)``.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - mediaType: Video or audio.
  public init(id: TrackID, mediaType: CompositionMediaType) {
    self.id = id
    self.mediaType = mediaType
  }

  /// The end of the last segment, in seconds (0 for an empty track).
  public var duration: Time { segments.last?.targetTimeRange.end ?? .zero }

  /// `[0, duration)`.
  public var timeRange: TimeRange { TimeRange(start: .zero, duration: duration) }

  /// Whether the track has any non-empty segment.
  public var hasMedia: Bool { segments.contains { !$0.isEmpty } }

  // MARK: Looking up

  /// The segment shown at a composition time.
  ///
  /// - Parameter time: A composition time in seconds.
  /// - Returns: The segment whose target range contains `time` (possibly an empty one), or
  ///   nil before 0 or at/after the track's end.
  public func segment(at time: Time) -> TrackSegment? {
    guard time.isNumeric, time >= .zero, time < duration else { return nil }
    var low = 0
    var high = segments.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = segments[middle].targetTimeRange
      if time < range.start {
        high = middle - 1
      } else if time >= range.end {
        low = middle + 1
      } else {
        return segments[middle]
      }
    }
    return nil
  }

  /// Which source, and which source time, plays at a composition time.
  ///
  /// - Parameter time: A composition time in seconds.
  /// - Returns: The segment and the exact source time
  ///   (`sourceStart + (time − targetStart) · rate`), or nil outside the track.
  public func position(at time: Time) -> SegmentPosition? {
    guard let segment = segment(at: time) else { return nil }
    return SegmentPosition(segment: segment, sourceTime: segment.sourceTime(at: time))
  }

  // MARK: Editing

  /// Inserts part of a source track, played at its natural rate.
  ///
  /// Content at and after `time` moves later by `range.duration`. When `time` is past the
  /// track's end, the gap is filled with an empty segment.
  ///
  /// - Parameters:
  ///   - range: The part of the source, in source seconds; must lie within the source's
  ///     available media.
  ///   - source: The source track; its media type must match this track's.
  ///   - time: Where to insert, in composition seconds; `.invalid` appends at the end.
  /// - Throws: ``CompositionError`` — `.invalidTimeRange`, `.invalidTime`,
  ///   `.sourceRangeBeyondSource`, `.mediaTypeMismatch`, `.unsupportedSourceTrack`.
  public mutating func insertTimeRange(_ range: TimeRange, of source: SourceTrack, at time: Time)
    throws(CompositionError)
  {
    let operation = "insertTimeRange"
    try CompositionTrack.check(range, operation)
    guard let sourceType = source.mediaType else {
      throw .unsupportedSourceTrack(
        path: source.path, trackIndex: source.track.index, kind: source.track.kind)
    }
    guard sourceType == mediaType else {
      throw .mediaTypeMismatch(
        track: id, trackType: mediaType,
        source: "track \(source.track.index) of \(source.path)", sourceType: sourceType)
    }
    if let available = source.availableDuration, range.end > available {
      throw .sourceRangeBeyondSource(
        path: source.path, trackIndex: source.track.index, range: range,
        availableDuration: available)
    }
    let at = try resolvedInsertionTime(time, operation)
    let segment = TrackSegment(
      source: .track(source), sourceTimeRange: range,
      targetTimeRange: TimeRange(start: at, duration: range.duration))
    insert(segment)
  }

  /// Inserts part of another composition track (its segments, with their sources, rates and
  /// empty time), as `AVMutableCompositionTrack.insertTimeRange(_:of:at:)` does with a
  /// composition track as its source. The part of `range` past `source`'s end is empty time.
  ///
  /// Content at and after `time` moves later by `range.duration`.
  ///
  /// - Parameters:
  ///   - range: The part of `source`, in its composition seconds.
  ///   - source: A track of the same media type (a snapshot: later edits of it do not
  ///     change this track).
  ///   - time: Where to insert, in composition seconds; `.invalid` appends at the end.
  /// - Throws: ``CompositionError`` — `.invalidTimeRange`, `.invalidTime`,
  ///   `.mediaTypeMismatch`.
  public mutating func insertTimeRange(
    _ range: TimeRange, of source: CompositionTrack, at time: Time
  ) throws(CompositionError) {
    let operation = "insertTimeRange"
    try CompositionTrack.check(range, operation)
    guard source.mediaType == mediaType else {
      throw .mediaTypeMismatch(
        track: id, trackType: mediaType, source: "composition track \(source.id.rawValue)",
        sourceType: source.mediaType)
    }
    let at = try resolvedInsertionTime(time, operation)
    var cut = source
    cut.split(at: range.start)
    cut.split(at: range.end)
    let shift = at - range.start
    var pieces = cut.segments.filter {
      $0.targetTimeRange.start >= range.start && $0.targetTimeRange.end <= range.end
    }.map { $0.shifted(by: shift) }
    let covered = Time.min(Time.max(source.duration, range.start), range.end)
    if covered < range.end {
      pieces.append(.empty(TimeRange(start: covered + shift, end: range.end + shift)))
    }
    for piece in pieces { insert(piece) }
  }

  /// Appends part of a source track at the end of the track.
  ///
  /// - Parameters:
  ///   - range: The part of the source, in source seconds.
  ///   - source: The source track.
  /// - Throws: As ``insertTimeRange(_:of:at:)``.
  public mutating func append(_ range: TimeRange, of source: SourceTrack) throws(CompositionError) {
    try insertTimeRange(range, of: source, at: .invalid)
  }

  /// Inserts a still image shown for a duration (video tracks only).
  ///
  /// - Parameters:
  ///   - image: The image.
  ///   - duration: How long it is shown, in seconds (> 0).
  ///   - time: Where to insert, in composition seconds; `.invalid` appends at the end.
  /// - Throws: ``CompositionError`` — `.invalidDuration`, `.invalidTime`,
  ///   `.mediaTypeMismatch` (audio track), `.invalidStillImage`.
  public mutating func insertStill(_ image: StillImage, duration: Time, at time: Time)
    throws(CompositionError)
  {
    let operation = "insertStill"
    guard duration.isNumeric, duration > .zero else {
      throw .invalidDuration(operation: operation, duration: duration)
    }
    guard mediaType == .video else {
      throw .mediaTypeMismatch(
        track: id, trackType: mediaType, source: "the image \(image.path)", sourceType: .video)
    }
    guard image.width > 0, image.height > 0 else {
      throw .invalidStillImage(path: image.path, width: image.width, height: image.height)
    }
    let at = try resolvedInsertionTime(time, operation)
    insert(
      TrackSegment(
        source: .still(image), sourceTimeRange: TimeRange(start: .zero, duration: duration),
        targetTimeRange: TimeRange(start: at, duration: duration)))
  }

  /// Inserts nothing for a while: content at and after `range.start` moves later by
  /// `range.duration`; past the end, the track is extended with an empty segment up to
  /// `range.end`.
  ///
  /// - Parameter range: Where the empty time goes, in composition seconds.
  /// - Throws: ``CompositionError/invalidTimeRange(operation:range:)``.
  public mutating func insertEmptyTimeRange(_ range: TimeRange) throws(CompositionError) {
    try CompositionTrack.check(range, "insertEmptyTimeRange")
    insert(.empty(range))
  }

  /// Removes a range of the timeline: segments inside it go, segments across its edges are
  /// truncated (split), and later content moves earlier by the removed length.
  ///
  /// - Parameter range: The range to remove, in composition seconds; the part past the
  ///   track's end is ignored.
  /// - Throws: ``CompositionError/invalidTimeRange(operation:range:)``.
  public mutating func removeTimeRange(_ range: TimeRange) throws(CompositionError) {
    try CompositionTrack.check(range, "removeTimeRange")
    guard range.start < duration else { return }
    split(at: range.start)
    split(at: range.end)
    var result: [TrackSegment] = []
    for segment in segments {
      let start = segment.targetTimeRange.start
      if start < range.start {
        result.append(segment)
      } else if start >= range.end {
        result.append(segment.shifted(by: .zero - range.duration))
      }
    }
    segments = result
    normalize()
  }

  /// Changes the duration of a range of the timeline, playing its media faster or slower.
  ///
  /// Each point `x` of the range moves to `range.start + (x − range.start) · duration /
  /// range.duration`; content after the range shifts by `duration − range.duration`. Source
  /// ranges do not change, so each segment's rate becomes source / new target duration.
  ///
  /// - Parameters:
  ///   - range: The range to scale, in composition seconds.
  ///   - duration: Its new length, in seconds (> 0).
  /// - Throws: ``CompositionError`` — `.invalidTimeRange`, `.invalidDuration`.
  public mutating func scaleTimeRange(_ range: TimeRange, toDuration duration: Time)
    throws(CompositionError)
  {
    let operation = "scaleTimeRange"
    try CompositionTrack.check(range, operation)
    guard duration.isNumeric, duration > .zero, !duration.isInfinite else {
      throw .invalidDuration(operation: operation, duration: duration)
    }
    guard range.start < self.duration else { return }
    split(at: range.start)
    split(at: range.end)
    let shift = duration - range.duration
    func map(_ point: Time) -> Time {
      if point <= range.start { return point }
      if point >= range.end { return point + shift }
      let offset = point - range.start
      return range.start + (offset.scaled(by: duration, over: range.duration) ?? offset)
    }
    segments = segments.map { segment in
      var moved = segment
      let start = map(segment.targetTimeRange.start)
      let end = map(segment.targetTimeRange.end)
      moved.targetTimeRange = TimeRange(start: start, end: end)
      if segment.isEmpty {
        moved.sourceTimeRange = TimeRange(start: .zero, duration: end - start)
      }
      return moved
    }
    normalize()
  }

  // MARK: Internals

  /// Puts a segment at its target start, moving content at and after it later, and filling
  /// any gap before it with an empty segment.
  mutating func insert(_ segment: TrackSegment) {
    let at = segment.targetTimeRange.start
    let end = duration
    if at > end {
      segments.append(.empty(TimeRange(start: end, end: at)))
      segments.append(segment)
    } else {
      split(at: at)
      let shift = segment.targetTimeRange.duration
      var result: [TrackSegment] = []
      var inserted = false
      for existing in segments {
        if existing.targetTimeRange.start >= at {
          if !inserted {
            result.append(segment)
            inserted = true
          }
          result.append(existing.shifted(by: shift))
        } else {
          result.append(existing)
        }
      }
      if !inserted { result.append(segment) }
      segments = result
    }
    normalize()
  }

  /// Splits the segment that strictly contains `time` into two at `time`.
  private mutating func split(at time: Time) {
    guard
      let index = segments.firstIndex(where: {
        $0.targetTimeRange.start < time && time < $0.targetTimeRange.end
      })
    else { return }
    let (first, second) = segments[index].split(at: time)
    segments.replaceSubrange(index...index, with: [first, second])
  }

  /// Drops zero-length segments and merges neighbouring empty segments.
  private mutating func normalize() {
    var result: [TrackSegment] = []
    for segment in segments where segment.targetTimeRange.duration > .zero {
      if segment.isEmpty, let last = result.last, last.isEmpty {
        result[result.count - 1] = .empty(
          TimeRange(start: last.targetTimeRange.start, end: segment.targetTimeRange.end))
      } else {
        result.append(segment)
      }
    }
    segments = result
  }

  /// `time`, or the track's end for an invalid time; throws for other unusable times.
  private func resolvedInsertionTime(_ time: Time, _ operation: String) throws(CompositionError)
    -> Time
  {
    if !time.isValid { return duration }
    guard time.isNumeric, time >= .zero else {
      throw .invalidTime(operation: operation, time: time)
    }
    return time
  }

  /// Checks that a range has a numeric start ≥ 0 and a positive, finite duration.
  static func check(_ range: TimeRange, _ operation: String) throws(CompositionError) {
    guard range.start.isNumeric, range.duration.isNumeric, range.start >= .zero,
      range.duration > .zero
    else { throw .invalidTimeRange(operation: operation, range: range) }
  }
}

/// Where a composition time lands in a track: the segment and the exact source time.
public struct SegmentPosition: Hashable, Sendable {
  /// The segment covering the time (its source may be `.empty`).
  public var segment: TrackSegment
  /// The source time shown, in source seconds (exact rational arithmetic).
  public var sourceTime: Time
}
