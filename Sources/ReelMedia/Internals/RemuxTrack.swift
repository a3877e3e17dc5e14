import CFFmpeg

/// One source stream ``Remuxer`` copies: where its packets go, which of them fall in the
/// requested window, and what was written.
///
/// Timestamps stay in the source stream's time base until ``OutputMuxer/write(_:stream:from:)``
/// rescales them. Not Sendable: owned by one remux call.
final class RemuxTrack {
  /// Whether the stream is video (copying starts at a keyframe) or audio.
  let isVideo: Bool
  /// The source stream's index in the input.
  let sourceIndex: Int32
  /// The source stream's time base.
  let timeBase: AVRational
  /// The output stream's index.
  let outputIndex: Int32
  /// The source time (in `timeBase`) that becomes 0 in the output.
  let origin: Int64
  /// The first source decode time (in `timeBase`) not copied; `Int64.max` for no limit.
  let end: Int64
  /// Whether packets that end at or before `origin` are dropped (audio in a time range).
  let dropsLeadIn: Bool

  /// Packets written so far.
  private(set) var packetCount = 0
  /// Whether the window's end was reached.
  private(set) var isFinished = false
  /// Source presentation time of the first packet written.
  private(set) var firstPresentation: Int64?
  /// Smallest and largest output presentation span written, in `timeBase`.
  private(set) var earliestStart = Int64.max
  private(set) var latestEnd = Int64.min

  init(
    isVideo: Bool, sourceIndex: Int32, timeBase: AVRational, outputIndex: Int32, origin: Int64,
    end: Int64, dropsLeadIn: Bool
  ) {
    self.isVideo = isVideo
    self.sourceIndex = sourceIndex
    self.timeBase = timeBase
    self.outputIndex = outputIndex
    self.origin = origin
    self.end = end
    self.dropsLeadIn = dropsLeadIn
  }

  /// Decides whether `packet` is copied and, if so, shifts its timestamps so `origin` is 0.
  ///
  /// - Returns: true when the packet should be written (its timestamps are then shifted).
  func admit(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
    guard !isFinished else { return false }
    let none = reel_AV_NOPTS_VALUE()
    let pts = packet.pointee.pts
    let dts = packet.pointee.dts
    let decodeTime = dts != none ? dts : pts
    if decodeTime != none && decodeTime >= end {
      isFinished = true
      return false
    }
    if packetCount == 0 && isVideo && packet.pointee.flags & AV_PKT_FLAG_KEY == 0 {
      // Without re-encoding nothing before the first keyframe can be decoded.
      return false
    }
    let presentation = pts != none ? pts : decodeTime
    let duration = max(packet.pointee.duration, 0)
    if dropsLeadIn && presentation != none && presentation + duration <= origin {
      return false
    }
    if pts != none { packet.pointee.pts = pts - origin }
    if dts != none { packet.pointee.dts = dts - origin }
    packet.pointee.pos = -1
    if presentation != none {
      if firstPresentation == nil { firstPresentation = presentation }
      earliestStart = min(earliestStart, presentation - origin)
      latestEnd = max(latestEnd, presentation - origin + duration)
    }
    packetCount += 1
    return true
  }

  /// Marks the track finished (end of input).
  func finish() { isFinished = true }

  /// `ticks` of this track's time base as a ``Time`` in seconds.
  func time(_ ticks: Int64) -> Time {
    Time(value: ticks, timescale: 1).multiplied(
      byRatio: Int64(timeBase.num), Int64(timeBase.den))
  }
}
