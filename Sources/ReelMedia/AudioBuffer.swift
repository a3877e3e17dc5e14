/// The sample layout Reel uses for audio between reading, mixing and writing:
/// interleaved 32-bit float PCM at a sample rate with a number of channels.
public struct AudioFormat: Sendable, Hashable {
  /// Samples per second per channel (Hz).
  public var sampleRate: Int
  /// Number of interleaved channels (1 mono, 2 stereo, 6 for 5.1, …).
  public var channelCount: Int

  /// Makes a format.
  ///
  /// - Parameters:
  ///   - sampleRate: Samples per second per channel, in Hz (default 48 000).
  ///   - channelCount: Number of channels (default 2, stereo).
  public init(sampleRate: Int = 48_000, channelCount: Int = 2) {
    self.sampleRate = sampleRate
    self.channelCount = channelCount
  }

  /// 48 kHz stereo: the format Reel mixes in.
  public static let standard = AudioFormat()
}

/// A run of interleaved float PCM samples that starts at a known sample position.
///
/// Sample values are nominally in [-1, 1]. `samples.count` is always a multiple of
/// `format.channelCount`.
public struct AudioBuffer: Sendable, Hashable {
  /// The layout of `samples`.
  public var format: AudioFormat
  /// Interleaved samples: frame 0 channel 0, frame 0 channel 1, …, frame 1 channel 0, …
  public var samples: [Float]
  /// Position of the first sample frame, counted in sample frames from time zero of the
  /// stream (so its time in seconds is `startFrame / format.sampleRate`).
  public var startFrame: Int64

  /// Makes a buffer.
  ///
  /// - Parameters:
  ///   - format: Sample rate and channel count.
  ///   - samples: Interleaved samples; the count must be a multiple of `format.channelCount`.
  ///   - startFrame: Position of the first sample frame, in sample frames from zero.
  public init(format: AudioFormat, samples: [Float], startFrame: Int64 = 0) {
    precondition(
      format.channelCount > 0 && samples.count % format.channelCount == 0,
      "sample count must be a multiple of the channel count")
    self.format = format
    self.samples = samples
    self.startFrame = startFrame
  }

  /// Number of sample frames (samples per channel).
  public var frameCount: Int { samples.count / format.channelCount }

  /// The start time, as a rational time in the sample rate's timescale.
  public var startTime: Time { Time(value: startFrame, timescale: Int32(format.sampleRate)) }
}
