internal import ReelCore

// CoreMedia's C functions, constants and macros for `CMTime`, with the Swift names Apple's
// SDK gives them. Each is the member of `CMTime` it names; the maths is Reel's `Time`.

/// Zero seconds (0/1), as `CMTime.zero`.
public let kCMTimeZero = CMTime.zero
/// The invalid time, as `CMTime.invalid`.
public let kCMTimeInvalid = CMTime.invalid
/// An unknown time, as `CMTime.indefinite`.
public let kCMTimeIndefinite = CMTime.indefinite
/// +∞, as `CMTime.positiveInfinity`.
public let kCMTimePositiveInfinity = CMTime.positiveInfinity
/// −∞, as `CMTime.negativeInfinity`.
public let kCMTimeNegativeInfinity = CMTime.negativeInfinity
/// The largest timescale CoreMedia uses when it must pick one (`Int32.max`).
public let kCMTimeMaxTimescale: Int32 = 0x7fff_ffff

/// The time `value / timescale` seconds in epoch 0; invalid for a timescale ≤ 0.
public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime {
  CMTime(value: value, timescale: timescale)
}

/// The time `value / timescale` seconds in `epoch`.
public func CMTimeMakeWithEpoch(value: Int64, timescale: Int32, epoch: Int64) -> CMTime {
  CMTime(value: value, timescale: timescale).inEpoch(epoch)
}

/// The time nearest `seconds` at `preferredTimescale`, as `CMTime(seconds:preferredTimescale:)`.
public func CMTimeMakeWithSeconds(_ seconds: Float64, preferredTimescale: Int32) -> CMTime {
  CMTime(seconds: seconds, preferredTimescale: preferredTimescale)
}

/// The time in seconds: NaN for invalid and indefinite times, ±∞ for the infinities.
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { time.seconds }

/// `lhs + rhs` (see `CMTime.+`).
public func CMTimeAdd(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs + rhs }

/// `lhs − rhs` (see `CMTime.-`).
public func CMTimeSubtract(_ lhs: CMTime, _ rhs: CMTime) -> CMTime { lhs - rhs }

/// −1, 0 or 1 as `time1` is earlier than, the same as or later than `time2`, in the order
/// −∞ < numeric < indefinite < +∞ < invalid.
public func CMTimeCompare(_ time1: CMTime, _ time2: CMTime) -> Int32 {
  Int32(CMTime.compare(time1, time2))
}

/// `time · multiplier`, keeping the timescale (halved on overflow).
public func CMTimeMultiply(_ time: CMTime, multiplier: Int32) -> CMTime {
  CMTime(time.time.multiplied(by: Int(multiplier))).carrying(roundedFrom: time).inEpoch(
    time.epoch)
}

/// `time · multiplier` for a floating-point factor: the timescale doubled up to at least
/// 65 536, the value rounded half away from zero.
public func CMTimeMultiplyByFloat64(_ time: CMTime, multiplier: Float64) -> CMTime {
  CMTime(time.time.multiplied(by: multiplier)).carrying(roundedFrom: time).inEpoch(time.epoch)
}

/// `time · multiplier / divisor`, exact when it can be; invalid for a divisor of 0.
public func CMTimeMultiplyByRatio(_ time: CMTime, multiplier: Int32, divisor: Int32) -> CMTime {
  CMTime(time.time.multiplied(byRatio: Int64(multiplier), Int64(divisor)))
    .carrying(roundedFrom: time).inEpoch(time.epoch)
}

/// `time` at `newTimescale`, rounded by `method` (see `CMTime.convertScale(_:method:)`).
public func CMTimeConvertScale(
  _ time: CMTime, timescale newTimescale: Int32, method: CMTimeRoundingMethod
) -> CMTime {
  time.convertScale(newTimescale, method: method)
}

/// The earlier of two times; invalid when either is.
public func CMTimeMinimum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
  guard time1.isValid, time2.isValid else { return .invalid }
  return time2 < time1 ? time2 : time1
}

/// The later of two times; invalid when either is.
public func CMTimeMaximum(_ time1: CMTime, _ time2: CMTime) -> CMTime {
  guard time1.isValid, time2.isValid else { return .invalid }
  return time2 > time1 ? time2 : time1
}

/// |time|: −∞ becomes +∞; indefinite and invalid stay as they are.
public func CMTimeAbsoluteValue(_ time: CMTime) -> CMTime {
  CMTime(time.time.absoluteValue).carrying(roundedFrom: time).inEpoch(time.epoch)
}

/// Whether `time` has the valid flag.
public func CMTIME_IS_VALID(_ time: CMTime) -> Bool { time.isValid }
/// Whether `time` lacks the valid flag.
public func CMTIME_IS_INVALID(_ time: CMTime) -> Bool { !time.isValid }
/// Whether `time` is a finite number of seconds.
public func CMTIME_IS_NUMERIC(_ time: CMTime) -> Bool { time.isNumeric }
/// Whether `time` is indefinite.
public func CMTIME_IS_INDEFINITE(_ time: CMTime) -> Bool { time.isIndefinite }
/// Whether `time` is +∞ (Apple's Swift spelling).
public func CMTIME_IS_POSITIVEINFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }
/// Whether `time` is −∞ (Apple's Swift spelling).
public func CMTIME_IS_NEGATIVEINFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }
/// Whether `time` is +∞ (the C macro's spelling).
public func CMTIME_IS_POSITIVE_INFINITY(_ time: CMTime) -> Bool { time.isPositiveInfinity }
/// Whether `time` is −∞ (the C macro's spelling).
public func CMTIME_IS_NEGATIVE_INFINITY(_ time: CMTime) -> Bool { time.isNegativeInfinity }
/// Whether a conversion rounded `time`.
public func CMTIME_HAS_BEEN_ROUNDED(_ time: CMTime) -> Bool { time.hasBeenRounded }
