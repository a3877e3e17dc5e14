import Foundation
import ReelMedia

/// A look-ahead limiter that keeps the true peak (the 4× oversampled peak, as BS.1770's
/// meter sees it) of interleaved float audio at or under a ceiling, with a smooth gain:
/// no clipping, no clicks, no pumping on speech.
///
/// **How.** For each input frame the detector finds the highest absolute value over all
/// channels of the frame and of the three points a 4× polyphase interpolator (a 16-tap
/// Hann-windowed sinc per phase) places between it and the next frame; the gain that frame
/// needs is `min(1, ceiling / peak)`. The gain curve is that need's minimum over the
/// look-ahead window (a hold), released exponentially, then averaged over the look-ahead
/// window, so it starts to fall one look-ahead before a peak and reaches the needed gain
/// exactly at the peak (every hold value the average spans is at or under it). The audio
/// is delayed to match; the output has exactly as many frames as the input.
///
/// **Choices** (docs/template-format.md, Audio):
/// - look-ahead (= attack) 5 ms: longer than a transient's rise, so the gain never has to
///   jump, and a 5 ms raised ramp moves the level without an audible click;
/// - release 200 ms (exponential time constant): slower than syllables (4–5 a second), so
///   the gain does not follow each word back up and down (pumping), fast enough that a
///   single loud peak does not duck the next second;
/// - the detector aims 0.5 dB under the ceiling: for the interpolator's own error and the
///   AAC encoder's overshoot (0.1 dB under measured 0.2 dB over the limit with ffmpeg's
///   true-peak meter on a limited, encoded noisy mix).
///
/// Not Sendable: it keeps the running state of one stream.
final class TruePeakLimiter {
  let format: AudioFormat
  /// The highest true peak allowed, linear (1 = full scale).
  let ceiling: Float
  /// Frames of look-ahead (the gain's attack).
  let lookahead: Int
  /// How many frames the output lags the input.
  var delay: Int { Self.halfTaps + lookahead }

  /// Half the interpolator's taps: the detector looks this many frames ahead.
  static let halfTaps = 8
  /// The look-ahead, in seconds.
  static let lookaheadSeconds = 0.005
  /// The release's exponential time constant, in seconds.
  static let releaseSeconds = 0.2
  /// The detector's margin under the ceiling, in dB.
  static let marginDecibels = 0.5

  /// Detector frames checked together for being too quiet to need the interpolator.
  private static let runLength = 64
  /// The largest sample magnitude under which no interpolated point can reach the ceiling:
  /// the ceiling over the largest sum of absolute coefficients of a phase, less 10⁻⁴ for
  /// the float rounding of the interpolator's sums (16 terms: at most about 10⁻⁶).
  private var quietLimit: Float {
    ceiling / max(1, Self.largestCoefficientSum) * (1 - 1e-4)
  }
  private static let largestCoefficientSum: Float =
    phases.map { $0.reduce(0) { $0 + abs($1) } }.max() ?? 1

  /// The interpolator's coefficients: `phases[p][k]` weights input frame `d − halfTaps + 1
  /// + k` for the point `(p + 1) / 4` of the way from frame `d` to `d + 1`.
  private static let phases: [[Float]] = (1...3).map { phase in
    let fraction = Double(phase) / 4
    let taps = 2 * halfTaps
    return (0..<taps).map { index in
      let offset = Double(index - halfTaps + 1) - fraction
      let sinc = offset == 0 ? 1 : sin(Double.pi * offset) / (Double.pi * offset)
      let window = 0.5 + 0.5 * cos(Double.pi * offset / Double(halfTaps))
      return Float(sinc * window)
    }
  }

  /// ``phases`` one after the other, for the detector's loop.
  private static let phaseTable: [Float] = phases.flatMap { $0 }

  /// The frames fed that are still needed (the last `history` before this block), from
  /// frame `windowStart`.
  private var window: [Float] = []
  private var windowStart = 0
  /// Frames kept between blocks: the interpolator's taps and the look-ahead.
  private let history: Int
  /// Frames fed so far.
  private var fedCount = 0
  /// The hold: candidates (index, needed gain) for the minimum of the last `lookahead`
  /// needs, increasing gains.
  private var holdQueue: [(index: Int, gain: Float)] = []
  private var holdHead = 0
  /// The released gain of the last frame.
  private var released: Float = 1
  private let releaseStep: Float
  /// The last `lookahead` released gains and their sum (the average's window).
  private var averageWindow: [Float]
  private var averageSum: Double
  private var averageIndex = 0
  /// Detector frames processed.
  private var detected = 0

  /// Whether quiet runs skip the interpolator.
  private let skipsQuietRuns: Bool

  /// Makes a limiter for a stream.
  ///
  /// - Parameters:
  ///   - format: The samples' rate and channels.
  ///   - ceilingDecibels: The highest true peak allowed, in dBTP.
  ///   - skipsQuietRuns: Whether runs of frames too quiet to reach the ceiling skip the
  ///     interpolator (the output is the same either way; false is for the test that checks
  ///     so).
  init(format: AudioFormat, ceilingDecibels: Double, skipsQuietRuns: Bool = true) {
    self.format = format
    self.skipsQuietRuns = skipsQuietRuns
    ceiling = Float(pow(10, (ceilingDecibels - Self.marginDecibels) / 20))
    lookahead = max(1, Int((Self.lookaheadSeconds * Double(format.sampleRate)).rounded()))
    releaseStep = Float(1 - exp(-1 / (Self.releaseSeconds * Double(format.sampleRate))))
    history = Self.halfTaps * 2 + lookahead + 2
    averageWindow = Array(repeating: 1, count: lookahead)
    averageSum = Double(lookahead)
  }

  /// Feeds frames and appends the limited output they release (the input delayed by
  /// ``delay`` frames; the first ``delay`` output frames are the silence before the
  /// stream). Feed ``delay`` frames of silence after the last ones to release them all.
  ///
  /// - Parameters:
  ///   - input: Interleaved frames.
  ///   - output: Where the limited frames are appended, one per input frame.
  func process(_ input: UnsafeBufferPointer<Float>, appendingTo output: inout [Float]) {
    let channels = format.channelCount
    let frames = input.count / channels
    guard frames > 0 else { return }
    window.append(contentsOf: input.prefix(frames * channels))
    output.reserveCapacity(output.count + frames * channels)
    let halfTaps = Self.halfTaps
    let taps = 2 * halfTaps
    let phaseCount = Self.phases.count
    window.withUnsafeBufferPointer { stored in
      Self.phaseTable.withUnsafeBufferPointer { table in
        guard let storedBase = stored.baseAddress, let tableBase = table.baseAddress else {
          return
        }
        // The sample of absolute frame `index` (0 before the stream).
        func sample(_ index: Int, _ channel: Int) -> Float {
          index < windowStart ? 0 : storedBase[(index - windowStart) * channels + channel]
        }
        // The block's frames go in runs of `Self.runLength`. A run whose samples are all so
        // small that no interpolated point can pass the ceiling (|value| ≤ Σ|coefficient| ·
        // the largest |sample| its taps read) needs gain 1 at every detector frame, which is
        // what the interpolator would find: the run skips it and the output is the same.
        // (The loops are `while` loops over raw pointers, as fast in a debug build.)
        let fedBefore = fedCount
        var first = 0
        while first < frames {
          let end = min(frames, first + Self.runLength)
          // The run's detectors read from the first one's first tap to the last one's last
          // tap, which is the newest frame fed.
          let quiet =
            skipsQuietRuns
            && largestMagnitude(
              stored, from: fedBefore + first - 2 * halfTaps + 1, through: fedBefore + end - 1)
              <= quietLimit
          var frame = first
          while frame < end {
            fedCount += 1
            // The detector's frame: `halfTaps` before the newest, so that its interpolator
            // has its taps on both sides.
            let detectorFrame = fedCount - 1 - halfTaps
            let firstTap = detectorFrame - halfTaps + 1
            var peak: Float = 0
            if !quiet {
              var channel = 0
              while channel < channels {
                peak = Self.larger(peak, sample(detectorFrame, channel).magnitude)
                var phase = 0
                while phase < phaseCount {
                  let coefficients = tableBase + phase * taps
                  var value: Float = 0
                  var tap = 0
                  while tap < taps {
                    value += coefficients[tap] * sample(firstTap + tap, channel)
                    tap += 1
                  }
                  peak = Self.larger(peak, value.magnitude)
                  phase += 1
                }
                channel += 1
              }
            }
            let gain = smoothedGain(adding: peak > ceiling ? ceiling / peak : 1)
            // The frame the gain belongs to: `lookahead − 1` before the detector's.
            let outputFrame = detectorFrame - (lookahead - 1)
            var channel = 0
            while channel < channels {
              output.append(sample(outputFrame, channel) * gain)
              channel += 1
            }
            frame += 1
          }
          first = end
        }
      }
    }
    let excess = window.count / channels - history
    if excess > 0 {
      window.removeFirst(excess * channels)
      windowStart += excess
    }
  }

  /// `Swift.max(a, b)` without the generic call a debug build makes.
  @inline(__always) private static func larger(_ a: Float, _ b: Float) -> Float {
    b >= a ? b : a
  }

  /// The largest absolute sample of absolute frames `from...through` over all channels (0
  /// for frames before the stream).
  private func largestMagnitude(
    _ stored: UnsafeBufferPointer<Float>, from: Int, through: Int
  ) -> Float {
    let channels = format.channelCount
    let lower = max(from, windowStart)
    guard through >= lower else { return 0 }
    var largest: Float = 0
    for index in ((lower - windowStart) * channels)..<((through - windowStart + 1) * channels) {
      largest = max(largest, abs(stored[index]))
    }
    return largest
  }

  /// Adds a detector frame's need and returns the gain of the frame `lookahead − 1`
  /// before it: the held minimum, released, averaged over the look-ahead.
  private func smoothedGain(adding need: Float) -> Float {
    let index = detected
    detected += 1
    while holdQueue.count > holdHead, holdQueue[holdQueue.count - 1].gain >= need {
      holdQueue.removeLast()
    }
    holdQueue.append((index, need))
    while holdQueue[holdHead].index <= index - lookahead { holdHead += 1 }
    if holdHead > 1_024 {
      holdQueue.removeFirst(holdHead)
      holdHead = 0
    }
    let held = holdQueue[holdHead].gain
    released = min(held, released + releaseStep * (1 - released))
    averageSum += Double(released) - Double(averageWindow[averageIndex])
    averageWindow[averageIndex] = released
    averageIndex = (averageIndex + 1) % lookahead
    return Float(averageSum / Double(lookahead))
  }
}
