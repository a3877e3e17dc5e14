// CoreMedia's C functions, constants and macros for `CMTimeRange`, with the Swift names
// Apple's SDK gives them; each is the member of `CMTimeRange` it names.

/// The empty range at zero, as `CMTimeRange.zero`.
public let kCMTimeRangeZero = CMTimeRange.zero
/// The invalid range, as `CMTimeRange.invalid`.
public let kCMTimeRangeInvalid = CMTimeRange.invalid

/// A range from `start` lasting `duration`.
public func CMTimeRangeMake(start: CMTime, duration: CMTime) -> CMTimeRange {
  CMTimeRange(start: start, duration: duration)
}

/// A range from `start` to `end`.
public func CMTimeRangeFromTimeToTime(start: CMTime, end: CMTime) -> CMTimeRange {
  CMTimeRange(start: start, end: end)
}

/// `range.start + range.duration`: the first time after the range.
public func CMTimeRangeGetEnd(_ range: CMTimeRange) -> CMTime { range.end }

/// Whether `time` lies in `[start, end)` (a range never contains its end).
public func CMTimeRangeContainsTime(_ range: CMTimeRange, time: CMTime) -> Bool {
  range.containsTime(time)
}

/// Whether `otherRange` lies wholly inside `range`.
public func CMTimeRangeContainsTimeRange(_ range: CMTimeRange, otherRange: CMTimeRange) -> Bool {
  range.containsTimeRange(otherRange)
}

/// The overlap of two ranges (empty, at the later start, when they do not overlap).
public func CMTimeRangeGetIntersection(_ range: CMTimeRange, otherRange: CMTimeRange)
  -> CMTimeRange
{
  range.intersection(otherRange)
}

/// The smallest range holding both ranges.
public func CMTimeRangeGetUnion(_ range: CMTimeRange, otherRange: CMTimeRange) -> CMTimeRange {
  range.union(otherRange)
}

/// Whether the two ranges have equal starts and equal durations.
public func CMTimeRangeEqual(_ range1: CMTimeRange, _ range2: CMTimeRange) -> Bool {
  range1 == range2
}

/// Whether `range` is valid (see `CMTimeRange.isValid`).
public func CMTIMERANGE_IS_VALID(_ range: CMTimeRange) -> Bool { range.isValid }
/// Whether `range` is not valid.
public func CMTIMERANGE_IS_INVALID(_ range: CMTimeRange) -> Bool { !range.isValid }
/// Whether `range` is valid with an indefinite start or duration.
public func CMTIMERANGE_IS_INDEFINITE(_ range: CMTimeRange) -> Bool { range.isIndefinite }
/// Whether `range` is valid and lasts zero.
public func CMTIMERANGE_IS_EMPTY(_ range: CMTimeRange) -> Bool { range.isEmpty }
