import CFFmpeg

/// Changes the tempo of interleaved float audio without changing its pitch, streaming,
/// through libavfilter's `atempo` (a WSOLA time-stretch).
///
///     let tempo = try AudioTempo(factor: 2)          // twice as fast: half as many samples
///     var output = try tempo.process(firstBlock)
///     output += try tempo.process(secondBlock)
///     output += try tempo.flush()
///
/// A factor of 2 plays twice as fast (the output has about half as many sample frames as
/// the input); 0.5 plays at half speed (about twice as many). One `atempo` accepts
/// 0.5…100 in FFmpeg 5.1, so other factors use a chain of instances whose product is the
/// factor (0.25 = 0.5 × 0.5). A factor of exactly 1 passes samples through unchanged.
///
/// Output starts aligned with the input (no leading delay). The filter holds back about one
/// analysis window until ``flush()``, and the last partial window is not reproduced exactly:
/// the total output is `input frames / factor` within about one window (≈ 60 ms of input)
/// per chained instance, more or less. Callers that need an exact length feed a little more
/// input than they need (or pad) and trim.
///
/// Not Sendable: an instance owns a filter graph; use it from one thread at a time.
public final class AudioTempo {
  /// The tempo factor: output duration = input duration / factor.
  public let factor: Double
  /// The layout of the samples passed in and handed back.
  public let format: AudioFormat

  /// The filter graph; nil for a factor of exactly 1, where samples pass unchanged.
  private let graph: AudioFilterGraph?
  private let context: String
  private var flushed = false

  /// The tempo factors a tempo changer accepts: 1/10 000…10 000.
  public static let factorRange: ClosedRange<Double> = 1e-4...1e4

  /// Checks a tempo factor as ``init(factor:format:context:)`` does.
  ///
  /// - Parameters:
  ///   - factor: Output speed relative to the input.
  ///   - context: What the samples are, for the message.
  /// - Throws: `MediaError.invalidArgument` outside ``factorRange`` (or not finite).
  public static func check(factor: Double, context: String) throws(MediaError) {
    guard factor.isFinite, factorRange.contains(factor) else {
      throw MediaError.invalidArgument(
        path: context,
        reason:
          "tempo factor \(factor) is out of range (0.0001…10000): a segment's audio can be sped up or slowed down at most 10000 times"
      )
    }
  }

  /// The lowest and highest factor one `atempo` instance accepts in FFmpeg 5.1.
  static let stageRange: ClosedRange<Double> = 0.5...100

  /// Makes a tempo changer.
  ///
  /// - Parameters:
  ///   - factor: Output speed relative to the input (> 0, finite, 1/10 000…10 000):
  ///     2 = twice as fast, 0.5 = half speed.
  ///   - format: The sample rate (Hz) and channel count (1…8) of the interleaved float
  ///     samples; 48 kHz stereo by default.
  ///   - context: What the samples are, for error messages (normally the source file's
  ///     path).
  /// - Throws: `MediaError.invalidArgument` for a factor or format out of range,
  ///   `.decodeFailed` when libavfilter cannot build the filter graph.
  public init(factor: Double, format: AudioFormat = .standard, context: String = "audio tempo")
    throws(MediaError)
  {
    FFmpegLogging.configure()
    try Self.check(factor: factor, context: context)
    guard format.sampleRate > 0 && format.sampleRate <= 768_000,
      format.channelCount >= 1 && format.channelCount <= 8
    else {
      throw MediaError.invalidArgument(
        path: context,
        reason:
          "audio format \(format.sampleRate) Hz × \(format.channelCount) channels is out of range (1…768000 Hz, 1…8 channels)"
      )
    }
    self.factor = factor
    self.format = format
    self.context = context
    guard factor != 1 else {
      graph = nil
      return
    }
    let filters = AudioTempo.stages(for: factor).map {
      AudioFilterGraph.Filter(name: "atempo", arguments: "tempo=\($0)")
    }
    do {
      graph = try AudioFilterGraph(format: format, filters: filters)
    } catch {
      throw MediaError.decodeFailed(
        path: context, reason: "cannot build the atempo filter graph: \(error)")
    }
  }

  /// The per-instance factors whose product is `factor`, each within ``stageRange``.
  static func stages(for factor: Double) -> [Double] {
    var remaining = factor
    var stages: [Double] = []
    while remaining < stageRange.lowerBound {
      stages.append(stageRange.lowerBound)
      remaining /= stageRange.lowerBound
    }
    while remaining > stageRange.upperBound {
      stages.append(stageRange.upperBound)
      remaining /= stageRange.upperBound
    }
    stages.append(remaining)
    return stages
  }

  /// Sends samples and returns the output ready so far.
  ///
  /// - Parameter samples: Interleaved samples; the count must be a multiple of the channel
  ///   count.
  /// - Returns: Interleaved output samples (possibly none while the filter fills its window).
  /// - Throws: `MediaError.invalidArgument` for a partial sample frame or input after
  ///   ``flush()``, `.decodeFailed` when the filter fails.
  public func process(_ samples: [Float]) throws(MediaError) -> [Float] {
    var output: [Float] = []
    try samples.withUnsafeBufferPointer { (buffer) throws(MediaError) in
      try process(buffer, appendingTo: &output)
    }
    return output
  }

  /// Sends samples and appends the output ready so far to `output` (no intermediate copy).
  ///
  /// - Parameters:
  ///   - samples: Interleaved samples; the count must be a multiple of the channel count.
  ///   - output: Receives interleaved output samples.
  /// - Throws: As ``process(_:)``.
  public func process(_ samples: UnsafeBufferPointer<Float>, appendingTo output: inout [Float])
    throws(MediaError)
  {
    guard samples.count % format.channelCount == 0 else {
      throw MediaError.invalidArgument(
        path: context,
        reason:
          "\(samples.count) samples is not a whole number of \(format.channelCount)-channel frames"
      )
    }
    guard !flushed else {
      throw MediaError.invalidArgument(
        path: context, reason: "the tempo changer was already flushed; make a new one")
    }
    guard let graph else {
      output.append(contentsOf: samples)
      return
    }
    do {
      try graph.process(samples, appendingTo: &output)
    } catch {
      throw MediaError.decodeFailed(path: context, reason: "atempo failed: \(error)")
    }
  }

  /// Ends the input and returns the samples the filter still holds.
  ///
  /// - Returns: The remaining interleaved output; empty when called again.
  /// - Throws: `MediaError.decodeFailed` when the filter fails.
  public func flush() throws(MediaError) -> [Float] {
    var output: [Float] = []
    try flush(appendingTo: &output)
    return output
  }

  /// Ends the input and appends the samples the filter still holds to `output`.
  ///
  /// - Parameter output: Receives interleaved output samples; nothing on a second call.
  /// - Throws: `MediaError.decodeFailed` when the filter fails.
  public func flush(appendingTo output: inout [Float]) throws(MediaError) {
    guard !flushed else { return }
    flushed = true
    guard let graph else { return }
    do {
      try graph.finish(appendingTo: &output)
    } catch {
      throw MediaError.decodeFailed(path: context, reason: "atempo failed at the end: \(error)")
    }
  }
}
