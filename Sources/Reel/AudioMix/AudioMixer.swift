import ReelCore
import ReelMedia

/// Renders a composition's audio, mixed by an ``AudioMix``, as interleaved float PCM
/// (48 kHz stereo by default), streaming: memory does not grow with the composition's
/// length.
///
///     let mixer = try AudioMixer(composition: composition, audioMix: mix)
///     while let buffer = try mixer.nextBuffer(frameCount: 1_024) { encode(buffer) }
///
/// **Sample grid.** Composition time `t` is output sample frame `round(t · sampleRate)`
/// (half away from zero), computed with exact rational arithmetic. A segment over
/// `[a, b)` fills frames `[round(a·r), round(b·r))`, so neighbouring segments butt exactly:
/// no sample is dropped or doubled at a boundary. The output has
/// `round(composition.duration · sampleRate)` frames.
///
/// **Per track** (each audio track of the composition, in order):
/// - a segment at its natural rate plays source frame `n + round((sourceStart − a) · r)` at
///   output frame `n`, read with ``AudioReader`` (decoded, resampled to the output format);
///   one reader per source file and track is kept open and read in order, seeking only at
///   a discontinuity;
/// - a segment whose source and target durations differ (``Composition/scaleTimeRange(_:toDuration:)``)
///   is time-stretched with ``AudioTempo``, pitch kept, and cut or padded so it fills its
///   frames exactly (up to 0.1 s of source past the segment's end is fed to the stretch so
///   its last window is complete; where the file ends there, silence stands in and the
///   last few milliseconds may fade);
/// - empty segments and stills are silent; a source that ends before its segment is silent
///   for the rest;
/// - the track's volume from ``AudioMix/parameters(for:)`` (steps and linear ramps,
///   unity without parameters) is applied per sample, exactly interpolated.
///
/// Tracks are summed; then the ``AudioMix/soundtrack`` is added (trimmed, looped, faded,
/// at its volume, ducked under the clips' sound or over ranges; see ``Soundtrack`` and
/// ``AudioDucking``: a sidechain ducking reads the tracks once more, on the first render,
/// to find where they sound); finally every sample is **hard clamped to
/// [−1, 1]** (no limiter: sums that exceed full scale clip, as in a fixed-point mixer) —
/// unless the mix has a loudness target, which the export reaches through a
/// ``LoudnessNormalizer`` (gain and a true-peak limiter instead of the clamp).
///
/// Not Sendable: a mixer owns decoders and filter graphs; use it from one thread at a time.
public final class AudioMixer {
  /// The composition whose audio tracks are mixed.
  public let composition: Composition
  /// Volumes and soundtrack.
  public let audioMix: AudioMix
  /// The output's sample rate (Hz) and channel count.
  public let format: AudioFormat
  /// The number of output sample frames: `round(composition.duration · sampleRate)`.
  public let frameCount: Int64
  /// The output frame ``nextBuffer(frameCount:)`` starts at (0 at first).
  public private(set) var position: Int64 = 0
  /// Whether every output sample is clamped to [−1, 1] (true); a ``LoudnessNormalizer``
  /// turns it off and limits the peaks itself.
  package var clampsToFullScale = true

  private let tracks: [TrackMixer]
  private let soundtrack: SoundtrackMixer?
  /// The soundtrack's ducking on the sample grid, made on the first render that needs it.
  private var duckingCurve: AudioDucking.Curve?
  private var mixSamples: [Float] = []

  /// Prepares a mixer. Source files are opened when first needed.
  ///
  /// - Parameters:
  ///   - composition: The composition; its audio tracks are mixed (video tracks ignored).
  ///   - audioMix: Per-track volumes and an optional soundtrack; none by default (every
  ///     track at unity, no soundtrack).
  ///   - format: The output format; 48 kHz stereo by default (1…768 000 Hz, 1…8 channels).
  /// - Throws: ``AudioMixerError/invalidFormat(_:)``, ``AudioMixerError/invalidAudioMix(_:)``
  ///   for a loudness target or ducking out of range.
  public convenience init(
    composition: Composition, audioMix: AudioMix = AudioMix(), format: AudioFormat = .standard
  )
    throws(AudioMixerError)
  {
    try self.init(composition: composition, audioMix: audioMix, format: format, damageLog: nil)
  }

  /// Makes a mixer whose readers report what they cannot decode to `damageLog` (an
  /// export's log; nil for nowhere), as ``init(composition:audioMix:format:)``.
  package init(
    composition: Composition, audioMix: AudioMix, format: AudioFormat, damageLog: DamageLog?
  ) throws(AudioMixerError) {
    guard format.sampleRate > 0 && format.sampleRate <= 768_000,
      format.channelCount >= 1 && format.channelCount <= 8
    else { throw .invalidFormat(format) }
    if let problem = audioMix.problem { throw .invalidAudioMix(problem) }
    self.composition = composition
    self.audioMix = audioMix
    self.format = format
    let duration = composition.duration
    frameCount = AudioMixer.frame(at: duration, sampleRate: Int32(format.sampleRate)) ?? 0
    tracks = composition.audioTracks.map {
      TrackMixer(
        track: $0, parameters: audioMix.parameters(for: $0.id), format: format,
        damageLog: damageLog)
    }
    soundtrack = audioMix.soundtrack.flatMap {
      SoundtrackMixer(
        soundtrack: $0, compositionDuration: duration, format: format, damageLog: damageLog)
    }
  }

  /// The output's length: ``frameCount`` frames, in seconds (timescale = sample rate).
  public var duration: Time { Time(value: frameCount, timescale: Int32(format.sampleRate)) }

  /// The output sample frame of a composition time: `round(time · sampleRate)`, half away
  /// from zero, exactly.
  ///
  /// - Parameters:
  ///   - time: Composition seconds.
  ///   - sampleRate: Samples per second (Hz, > 0).
  /// - Returns: The frame index, or nil for a non-numeric time or one too large to count.
  public static func frame(at time: Time, sampleRate: Int32) -> Int64? {
    guard time.isNumeric, sampleRate > 0 else { return nil }
    let converted = time.converted(toTimescale: sampleRate)
    return converted.isNumeric ? converted.value : nil
  }

  /// Moves the stream so the next ``nextBuffer(frameCount:)`` starts at `time`.
  ///
  /// - Parameter time: Composition seconds (≥ 0), rounded to the nearest sample frame; at
  ///   or past the end, `nextBuffer` returns nil.
  /// - Throws: ``AudioMixerError/invalidTime(_:)``.
  public func seek(to time: Time) throws(AudioMixerError) {
    guard let frame = AudioMixer.frame(at: time, sampleRate: Int32(format.sampleRate)),
      frame >= 0
    else { throw .invalidTime(time) }
    position = frame
  }

  /// Renders the next run of output frames and advances ``position``.
  ///
  /// - Parameter frameCount: Frames wanted (> 0), e.g. 1 024 for one AAC frame.
  /// - Returns: `frameCount` frames starting at ``position`` (`startFrame` = that
  ///   position), fewer for the last buffer, nil at or after the end.
  /// - Throws: ``AudioMixerError/invalidFrameCount(_:)``, `.sourceFailed` when a source
  ///   cannot be read.
  public func nextBuffer(frameCount: Int) throws(AudioMixerError) -> AudioBuffer? {
    guard frameCount > 0 else { throw .invalidFrameCount(frameCount) }
    guard position < self.frameCount else { return nil }
    let count = Int(min(Int64(frameCount), self.frameCount - position))
    let buffer = try renderFrames(start: position, count: count)
    position += Int64(count)
    return buffer
  }

  /// Renders a range of the composition's timeline.
  ///
  /// Frames after the composition's end are silent. The stream continues from the range's
  /// end afterwards (``position`` is set there), so rendering consecutive ranges reads
  /// sources in order without seeking.
  ///
  /// - Parameter range: Composition seconds; frames `[round(start · r), round(end · r))`.
  /// - Returns: The frames of the range, `startFrame` = the range's first frame.
  /// - Throws: ``AudioMixerError/invalidTimeRange(_:)`` for an invalid, non-numeric or
  ///   negative range, `.sourceFailed` when a source cannot be read.
  public func render(range: TimeRange) throws(AudioMixerError) -> AudioBuffer {
    let rate = Int32(format.sampleRate)
    guard range.isValid, range.duration >= .zero,
      let start = AudioMixer.frame(at: range.start, sampleRate: rate),
      let end = AudioMixer.frame(at: range.end, sampleRate: rate), start >= 0,
      end - start <= Int64(Int32.max)
    else { throw .invalidTimeRange(range) }
    let buffer = try renderFrames(start: start, count: Int(end - start))
    position = end
    return buffer
  }

  /// Total seeks the open track readers made (sequential playback makes none after the
  /// first read of each source); for tests and diagnostics.
  var trackSeekCount: Int { tracks.reduce(0) { $0 + $1.seekCount } }

  /// Mixes output frames `[start, start + count)`.
  private func renderFrames(start: Int64, count: Int) throws(AudioMixerError) -> AudioBuffer {
    let channels = format.channelCount
    mixSamples.removeAll(keepingCapacity: true)
    mixSamples.append(contentsOf: repeatElement(0, count: count * channels))
    guard count > 0 else { return AudioBuffer(format: format, samples: [], startFrame: start) }
    for track in tracks {
      do {
        try track.add(start: start, count: count, into: &mixSamples)
      } catch {
        throw .sourceFailed(track: track.trackID, error: error)
      }
    }
    if let soundtrack {
      if duckingCurve == nil, let ducking = soundtrack.soundtrack.ducking {
        duckingCurve = try makeDuckingCurve(ducking)
      }
      do {
        try soundtrack.add(start: start, count: count, ducking: duckingCurve, into: &mixSamples)
      } catch {
        throw .sourceFailed(track: nil, error: error)
      }
    }
    if clampsToFullScale {
      mixSamples.withUnsafeMutableBufferPointer { samples in
        for index in samples.indices { samples[index] = min(1, max(-1, samples[index])) }
      }
    }
    return AudioBuffer(format: format, samples: mixSamples, startFrame: start)
  }
}
