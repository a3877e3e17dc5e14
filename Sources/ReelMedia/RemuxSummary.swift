/// What ``Remuxer`` wrote.
public struct RemuxSummary: Sendable, Hashable {
  /// Video packets copied (0 when no video was written).
  public var videoPacketCount: Int
  /// Audio packets copied (0 when no audio was written).
  public var audioPacketCount: Int
  /// FFmpeg's name of the copied video codec (`h264`, `hevc`, `vp9`, …), or `nil`.
  public var videoCodec: String?
  /// FFmpeg's name of the copied audio codec (`aac`, `opus`, …), or `nil`.
  public var audioCodec: String?
  /// The asset time, in seconds, of the keyframe the video starts at (at or before the
  /// requested start), or `nil` without video.
  public var firstVideoKeyframeTime: Time?
  /// How long the output plays, in seconds: from its start (the requested start in
  /// MP4-family files, whose edit list hides the lead-in before it; the earliest packet in
  /// Matroska and WebM) to the end of the last packet.
  public var duration: Time

  /// Makes a summary.
  ///
  /// - Parameters:
  ///   - videoPacketCount: Video packets copied.
  ///   - audioPacketCount: Audio packets copied.
  ///   - videoCodec: The video codec's FFmpeg name, or `nil`.
  ///   - audioCodec: The audio codec's FFmpeg name, or `nil`.
  ///   - firstVideoKeyframeTime: Asset time of the first video packet, in seconds.
  ///   - duration: Playing time of the output, in seconds.
  public init(
    videoPacketCount: Int, audioPacketCount: Int, videoCodec: String?, audioCodec: String?,
    firstVideoKeyframeTime: Time?, duration: Time
  ) {
    self.videoPacketCount = videoPacketCount
    self.audioPacketCount = audioPacketCount
    self.videoCodec = videoCodec
    self.audioCodec = audioCodec
    self.firstVideoKeyframeTime = firstVideoKeyframeTime
    self.duration = duration
  }
}
