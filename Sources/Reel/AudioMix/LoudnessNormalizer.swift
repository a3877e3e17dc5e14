import Foundation
import ReelCore
import ReelMedia

/// A range of a composition's mix normalised to a ``LoudnessTarget``, streaming: the mix is
/// measured over the range (EBU R128 integrated loudness, libebur128 through
/// ``LoudnessMeter``), every sample is multiplied by the gain that brings it to the target,
/// and a look-ahead limiter keeps the true peak at or under the target's limit (5 ms
/// look-ahead, 200 ms release; see `TruePeakLimiter`). When the gain brings peaks over the
/// limit, the limited mix is measured once more and the gain corrected by the loudness the
/// limiter took away.
///
///     let mixer = try AudioMixer(composition: composition, audioMix: mix)
///     let normalized = try LoudnessNormalizer(
///       mixer: mixer, range: range, target: LoudnessTarget(integratedLoudness: -14))
///     while let buffer = try normalized.nextBuffer(frameCount: 1_024) { encode(buffer) }
///
/// The mixer renders the range two or three times (to measure, to measure the limited mix
/// when the limiter has work, to play), reading only audio, never video.
/// While it plays for the normaliser it does not clamp its sum to full scale: the gain and
/// the limiter bring peaks under the limit instead of clipping them. A mix whose every
/// 400 ms block is below the meter's −70 LUFS gate (silence) is left as it is.
///
/// Not Sendable: it owns the mixer.
public final class LoudnessNormalizer {
  /// The mixer it reads (it moves the mixer's position).
  public let mixer: AudioMixer
  /// The loudness to reach.
  public let target: LoudnessTarget
  /// The output frames it renders: `[round(start · rate), round(end · rate))`.
  public let frames: Range<Int64>
  /// The integrated loudness of the mix before the gain, in LUFS; nil for silence.
  public let measuredLoudness: Double?
  /// The gain applied before the limiter, in dB (`target − measured`; 0 for silence).
  public let gainDecibels: Double

  private let limiter: TruePeakLimiter
  /// The next output frame to hand out.
  private var position: Int64
  /// The next mix frame to feed the limiter.
  private var fedPosition: Int64
  /// Limited frames not yet handed out (beginning at `position`), from `pendingStart`.
  private var pending: [Float] = []
  private var pendingStart = 0
  /// Limited frames still to drop (the limiter's leading delay).
  private var leadingToDrop: Int

  /// Measures the mix over `range` and prepares to stream it normalised.
  ///
  /// - Parameters:
  ///   - mixer: The composition's mixer (its position is moved; read it only through this
  ///     normaliser afterwards).
  ///   - range: Composition seconds: the range written (frames rounded as the mixer's).
  ///   - target: The loudness to reach and the true-peak limit.
  /// - Throws: ``AudioMixerError/invalidAudioMix(_:)`` for a target out of range,
  ///   ``AudioMixerError/invalidTimeRange(_:)``, `.sourceFailed` when a source cannot be
  ///   read, `.meterFailed` when the meter fails.
  public init(mixer: AudioMixer, range: TimeRange, target: LoudnessTarget)
    throws(AudioMixerError)
  {
    if let problem = target.problem { throw .invalidAudioMix(problem) }
    let rate = Int32(mixer.format.sampleRate)
    guard range.isValid, range.duration >= .zero,
      let start = AudioMixer.frame(at: range.start, sampleRate: rate),
      let end = AudioMixer.frame(at: range.end, sampleRate: rate), start >= 0, end >= start
    else { throw .invalidTimeRange(range) }
    self.mixer = mixer
    self.target = target
    frames = start..<end
    mixer.clampsToFullScale = false

    let raw = try Self.measure(mixer: mixer, frames: frames, gainDecibels: nil, target: target)
    measuredLoudness = raw.loudness
    var gain = raw.loudness.map { target.integratedLoudness - $0 } ?? 0
    // Where the limiter will lower peaks, it lowers the loudness a little too: measure the
    // limited mix once and correct the gain by what it lost.
    if raw.loudness != nil, let peak = raw.truePeak,
      peak + gain > target.truePeakLimit - TruePeakLimiter.marginDecibels
    {
      let limited = try Self.measure(
        mixer: mixer, frames: frames, gainDecibels: gain, target: target)
      if let loudness = limited.loudness { gain += target.integratedLoudness - loudness }
    }
    gainDecibels = gain
    try mixer.seek(to: range.start)
    limiter = TruePeakLimiter(format: mixer.format, ceilingDecibels: target.truePeakLimit)
    leadingToDrop = limiter.delay
    position = start
    fedPosition = start
  }

  /// Reads the mix over `frames` and measures it: as it is (`gainDecibels` nil), or times
  /// the gain and through a limiter, as it will be played.
  private static func measure(
    mixer: AudioMixer, frames: Range<Int64>, gainDecibels: Double?, target: LoudnessTarget
  ) throws(AudioMixerError) -> (loudness: Double?, truePeak: Double?) {
    let format = mixer.format
    let meter: LoudnessMeter
    do {
      meter = try LoudnessMeter(format: format, context: "the audio mix")
    } catch {
      throw .meterFailed(error)
    }
    let gain = gainDecibels.map { Float(pow(10, $0 / 20)) }
    let limiter = gainDecibels.map { _ in
      TruePeakLimiter(format: format, ceilingDecibels: target.truePeakLimit)
    }
    var limited: [Float] = []
    func add(_ samples: [Float]) throws(AudioMixerError) {
      do {
        guard let limiter, let gain else { return try meter.add(samples) }
        limited.removeAll(keepingCapacity: true)
        samples.map { $0 * gain }.withUnsafeBufferPointer {
          limiter.process($0, appendingTo: &limited)
        }
        try meter.add(limited)
      } catch {
        throw .meterFailed(error)
      }
    }
    try mixer.seek(to: Time(value: frames.lowerBound, timescale: Int32(format.sampleRate)))
    var measured = frames.lowerBound
    while measured < frames.upperBound {
      let count = Int(min(frames.upperBound - measured, Int64(format.sampleRate)))
      guard let buffer = try mixer.nextBuffer(frameCount: count) else { break }
      try add(buffer.samples)
      measured += Int64(buffer.frameCount)
    }
    // The limiter's last frames (its leading silence was measured instead: silence adds
    // nothing above the gate).
    if let limiter {
      let tail = [Float](repeating: 0, count: limiter.delay * format.channelCount)
      limited.removeAll(keepingCapacity: true)
      tail.withUnsafeBufferPointer { limiter.process($0, appendingTo: &limited) }
      do {
        try meter.add(limited)
      } catch {
        throw .meterFailed(error)
      }
    }
    do {
      return (try meter.integratedLoudness(), try meter.truePeak())
    } catch {
      throw .meterFailed(error)
    }
  }

  /// Renders the next run of normalised frames.
  ///
  /// - Parameter frameCount: Frames wanted (> 0).
  /// - Returns: `frameCount` frames starting at the next frame of the range (`startFrame` =
  ///   that frame), fewer for the last buffer, nil after the range.
  /// - Throws: ``AudioMixerError/invalidFrameCount(_:)``, `.sourceFailed` when a source
  ///   cannot be read.
  public func nextBuffer(frameCount: Int) throws(AudioMixerError) -> AudioBuffer? {
    guard frameCount > 0 else { throw .invalidFrameCount(frameCount) }
    guard position < frames.upperBound else { return nil }
    let channels = mixer.format.channelCount
    let count = Int(min(Int64(frameCount), frames.upperBound - position))
    let gain = Float(pow(10, gainDecibels / 20))
    while (pending.count - pendingStart) / channels < count {
      var input: [Float]
      if fedPosition < frames.upperBound {
        let wanted = Int(min(frames.upperBound - fedPosition, 4_800))
        input = try mixer.nextBuffer(frameCount: wanted)?.samples ?? []
        // A mixer that ends early (it cannot here) would be padded with silence.
        if input.count < wanted * channels {
          input.append(contentsOf: repeatElement(0, count: wanted * channels - input.count))
        }
        fedPosition += Int64(wanted)
        for index in input.indices { input[index] *= gain }
      } else {
        // After the range: silence releases the frames the limiter still holds.
        input = Array(repeating: 0, count: max(limiter.delay, 1) * channels)
      }
      let before = pending.count
      input.withUnsafeBufferPointer { limiter.process($0, appendingTo: &pending) }
      if leadingToDrop > 0 {
        let drop = min(leadingToDrop, (pending.count - before) / channels)
        pending.removeSubrange(before..<(before + drop * channels))
        leadingToDrop -= drop
      }
    }
    let first = pendingStart
    let samples = Array(pending[first..<(first + count * channels)])
    pendingStart += count * channels
    if pendingStart > 65_536 {
      pending.removeSubrange(0..<pendingStart)
      pendingStart = 0
    }
    let buffer = AudioBuffer(format: mixer.format, samples: samples, startFrame: position)
    position += Int64(count)
    return buffer
  }
}
