import CFFmpeg
import ReelCore

/// Exact rational maths on `Time` for the reader (comparisons, differences, conversions to a
/// stream's time base), done in 128-bit integers so nothing rounds or overflows silently.
enum ExactTime {
  /// -1, 0 or 1 as `a` is before, at or after `b` (``Time/compare(_:_:)``, exact for
  /// numeric times).
  static func compare(_ a: Time, _ b: Time) -> Int {
    Time.compare(a, b)
  }

  /// `a − b`, exact in the least common timescale when that fits in 32 bits; otherwise in
  /// `a`'s timescale with `b` rounded down (sub-tick difference).
  static func difference(_ a: Time, _ b: Time) -> Time {
    if b.value == 0 { return a }
    let common =
      Int128(a.timescale) / Int128(greatestCommonDivisor(Int64(a.timescale), Int64(b.timescale)))
      * Int128(b.timescale)
    if common <= Int128(Int32.max) {
      let value =
        Int128(a.value) * (common / Int128(a.timescale)) - Int128(b.value)
        * (common / Int128(b.timescale))
      if let exact = Int64(exactly: value) {
        return Time(value: exact, timescale: Int32(common))
      }
    }
    let bInA = (Int128(b.value) * Int128(a.timescale)).dividedFloor(by: Int128(b.timescale))
    // Saturating: timestamps from a damaged file can be anywhere in Int64.
    return Time(value: Int64(clamping: Int128(a.value) - bInA), timescale: a.timescale)
  }

  /// `a + b` in ticks of `timeBase`, rounded down: the last tick at or before the instant.
  static func ticks(_ a: Time, plus b: Time, in timeBase: AVRational) -> Int64 {
    // (a.v/a.s + b.v/b.s) · den/num = (a.v·b.s + b.v·a.s) · den / (a.s·b.s·num)
    let numerator =
      (Int128(a.value) * Int128(b.timescale) + Int128(b.value) * Int128(a.timescale))
      * Int128(timeBase.den)
    let denominator = Int128(a.timescale) * Int128(b.timescale) * Int128(timeBase.num)
    return Int64(clamping: numerator.dividedFloor(by: denominator))
  }
}

extension VideoReader {
  /// The instant Reel's video times are measured from: the container's start time (the
  /// earliest start of any of its streams), exact in that stream's time base when one stream
  /// defines it, else in microseconds; zero when the container does not say.
  static func timeOrigin(of container: InputContainer) -> Time {
    let start = container.probe.startTime
    guard start != reel_AV_NOPTS_VALUE() else { return Time(value: 0, timescale: 1) }
    for stream in container.probe.streams {
      let streamStart = stream.startTime
      let timeBase = stream.timeBase
      guard streamStart != reel_AV_NOPTS_VALUE(), timeBase.num > 0, timeBase.den > 0 else {
        continue
      }
      if av_rescale_q(streamStart, timeBase, reel_AV_TIME_BASE_Q()) == start {
        return Asset.exactTime(streamStart, timeBase)
      }
    }
    return Time(value: start, timescale: Int32(AV_TIME_BASE))
  }
}

extension VideoReader {
  /// Where the track ends by its own declared duration, in reader time; nil when the stream
  /// declares none.
  static func declaredEnd(of stream: ContainerProbe.Stream, origin: Time) -> Time? {
    let noTimestamp = reel_AV_NOPTS_VALUE()
    let timeBase = stream.timeBase
    guard stream.duration != noTimestamp, stream.duration > 0, timeBase.num > 0,
      timeBase.den > 0
    else { return nil }
    let start = stream.startTime == noTimestamp ? 0 : stream.startTime
    let end = Int64(clamping: Int128(start) + Int128(stream.duration))
    return ExactTime.difference(Asset.exactTime(end, timeBase), origin)
  }
}
