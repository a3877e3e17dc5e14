/// A loudness to normalise a movie's final mix to, as streaming platforms and broadcasters
/// ask (EBU R128 / ITU-R BS.1770): the integrated loudness to reach and the highest true
/// peak allowed.
///
/// The export measures the mix of the range it writes once (an extra pass over the audio
/// only, never the video), applies the gain that brings it to ``integratedLoudness``, and
/// keeps true peaks at or under ``truePeakLimit`` with a look-ahead limiter (see
/// ``LoudnessNormalizer``).
public struct LoudnessTarget: Hashable, Sendable {
  /// The integrated loudness to reach, in LUFS (−14 for most social platforms, −16 for
  /// podcasts, −23 for EBU broadcast).
  public var integratedLoudness: Double
  /// The highest true peak allowed, in dBTP (decibels relative to full scale, 4×
  /// oversampled; −1 is the usual limit before lossy coding).
  public var truePeakLimit: Double

  /// The integrated loudness targets accepted, in LUFS: quieter than −60 is close to the
  /// meter's −70 LUFS gate, louder than −5 cannot be reached without crushing the sound.
  public static let integratedLoudnessRange: ClosedRange<Double> = -60 ... -5
  /// The true-peak limits accepted, in dBTP.
  public static let truePeakLimitRange: ClosedRange<Double> = -20...0

  /// Makes a target.
  ///
  /// - Parameters:
  ///   - integratedLoudness: LUFS, in ``integratedLoudnessRange``; −14 by default.
  ///   - truePeakLimit: dBTP, in ``truePeakLimitRange``; −1 by default.
  public init(integratedLoudness: Double = -14, truePeakLimit: Double = -1) {
    self.integratedLoudness = integratedLoudness
    self.truePeakLimit = truePeakLimit
  }

  /// What is out of range, or nil when the target can be used.
  var problem: String? {
    if !integratedLoudness.isFinite || !Self.integratedLoudnessRange.contains(integratedLoudness) {
      return
        "the loudness target \(integratedLoudness) LUFS is out of range: use \(Self.integratedLoudnessRange.lowerBound)…\(Self.integratedLoudnessRange.upperBound) LUFS"
    }
    if !truePeakLimit.isFinite || !Self.truePeakLimitRange.contains(truePeakLimit) {
      return
        "the true-peak limit \(truePeakLimit) dBTP is out of range: use \(Self.truePeakLimitRange.lowerBound)…\(Self.truePeakLimitRange.upperBound) dBTP"
    }
    return nil
  }
}
