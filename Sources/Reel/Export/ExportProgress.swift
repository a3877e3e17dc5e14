/// How far an export has come.
public struct ExportProgress: Sendable, Hashable {
  /// 0…1: frames written over frames to write (audio-only exports count audio time).
  public var fraction: Double
  /// Video frames written so far.
  public var framesDone: Int
  /// Video frames the export will write.
  public var totalFrames: Int
  /// Frames written per second of wall time so far.
  public var framesPerSecond: Double
  /// Estimated seconds of wall time left (nil until a rate is known).
  public var secondsRemaining: Double?
  /// Wall-clock seconds since the export started.
  public var secondsElapsed: Double
  /// Of ``framesDone``, the frames a smart render copied as packets rather than encoded
  /// (0 for other exports).
  public var framesCopied = 0

  /// Makes a progress report.
  public init(
    fraction: Double, framesDone: Int, totalFrames: Int, framesPerSecond: Double,
    secondsRemaining: Double?, secondsElapsed: Double
  ) {
    self.fraction = fraction
    self.framesDone = framesDone
    self.totalFrames = totalFrames
    self.framesPerSecond = framesPerSecond
    self.secondsRemaining = secondsRemaining
    self.secondsElapsed = secondsElapsed
  }
}

/// Where an export session is in its life.
public enum ExportStatus: String, Sendable, Hashable {
  case waiting, exporting, completed, failed, cancelled
}

extension ExportProgress {
  /// The report after `done` of `total` units of work (frames, or audio samples for an
  /// audio-only export), with `frames` video frames written in `elapsed` wall seconds.
  init(done: Int, of total: Int, frames: Int, totalFrames: Int, elapsed: Double) {
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
    self.init(
      fraction: fraction, framesDone: frames, totalFrames: totalFrames,
      framesPerSecond: elapsed > 0 ? Double(frames) / elapsed : 0,
      secondsRemaining: fraction > 0 ? elapsed * (1 - fraction) / fraction : nil,
      secondsElapsed: elapsed)
  }
}
