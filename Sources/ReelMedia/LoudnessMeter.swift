import Foundation

/// Measures the loudness of interleaved float audio as EBU R128 / ITU-R BS.1770-4 define
/// it, through libebur128: the integrated (gated) loudness in LUFS and the true peak (4×
/// oversampled) in dBTP.
///
///     let meter = try LoudnessMeter(format: .standard, context: "the mix")
///     try meter.add(samples)             // any number of times, in order
///     let lufs = try meter.integratedLoudness()
///
/// Memory stays constant whatever the length (libebur128's histogram mode).
///
/// Not Sendable: an instance owns a libebur128 state; use it from one thread at a time.
public final class LoudnessMeter {
  /// The layout of the samples it measures.
  public let format: AudioFormat
  private let state: EBUR128State
  private let context: String

  /// Makes a meter.
  ///
  /// - Parameters:
  ///   - format: Sample rate (1…768 000 Hz) and channel count (1…8) of the samples;
  ///     channels follow libebur128's default map (left, right, centre, LFE — not
  ///     measured —, left surround, right surround).
  ///   - context: What is measured, for error messages.
  /// - Throws: `MediaError.invalidArgument` for a format out of range or one libebur128
  ///   refuses.
  public init(format: AudioFormat, context: String = "loudness meter") throws(MediaError) {
    guard format.sampleRate > 0 && format.sampleRate <= 768_000,
      format.channelCount >= 1 && format.channelCount <= 8,
      let state = EBUR128State(channelCount: format.channelCount, sampleRate: format.sampleRate)
    else {
      throw MediaError.invalidArgument(
        path: context,
        reason:
          "cannot measure loudness at \(format.sampleRate) Hz × \(format.channelCount) channels: use 1…768000 Hz and 1…8 channels"
      )
    }
    self.format = format
    self.state = state
    self.context = context
  }

  /// Feeds interleaved samples, after those fed before.
  ///
  /// - Parameter samples: Whole frames (`count` a multiple of the channel count; a partial
  ///   frame at the end is ignored).
  /// - Throws: `MediaError.invalidArgument` when libebur128 fails (it has no memory).
  public func add(_ samples: UnsafeBufferPointer<Float>) throws(MediaError) {
    guard state.add(samples) else {
      throw MediaError.invalidArgument(
        path: context, reason: "the loudness meter (libebur128) ran out of memory")
    }
  }

  /// Feeds interleaved samples, after those fed before.
  ///
  /// - Parameter samples: Whole frames.
  /// - Throws: `MediaError.invalidArgument` when libebur128 fails.
  public func add(_ samples: [Float]) throws(MediaError) {
    try samples.withUnsafeBufferPointer { (buffer) throws(MediaError) in try add(buffer) }
  }

  /// The integrated loudness of everything fed so far (gated as BS.1770-4: 400 ms blocks,
  /// absolute gate −70 LUFS, relative gate −10 LU), in LUFS.
  ///
  /// - Returns: LUFS, or nil when nothing is above the absolute gate (silence).
  /// - Throws: `MediaError.invalidArgument` when libebur128 fails.
  public func integratedLoudness() throws(MediaError) -> Double? {
    guard let value = state.integratedLoudness() else {
      throw MediaError.invalidArgument(
        path: context, reason: "the loudness meter (libebur128) could not give the loudness")
    }
    return value.isFinite ? value : nil
  }

  /// The highest true peak over every channel of everything fed so far, in dBTP (decibels
  /// relative to full scale, 4× oversampled).
  ///
  /// - Returns: dBTP, or nil when every sample was zero.
  /// - Throws: `MediaError.invalidArgument` when libebur128 fails.
  public func truePeak() throws(MediaError) -> Double? {
    var highest = 0.0
    for channel in 0..<format.channelCount {
      guard let peak = state.truePeak(channel: channel) else {
        throw MediaError.invalidArgument(
          path: context, reason: "the loudness meter (libebur128) could not give the true peak")
      }
      highest = max(highest, peak)
    }
    guard highest > 0 else { return nil }
    return 20 * log10(highest)
  }
}
