import ReelCore

/// How the audio tracks of a ``Composition`` are mixed, as `AVAudioMix`: per-track volume
/// over time, plus an optional background ``Soundtrack`` and an optional
/// ``LoudnessTarget`` the export normalises the final mix to (Apple's `AVAudioMix` has
/// neither).
///
/// Tracks without parameters play at unity gain; overlapping tracks are summed.
public struct AudioMix: Hashable, Sendable {
  /// Per-track parameters; at most one per track is used (the first).
  public var inputParameters: [AudioMixInputParameters]
  /// Background audio under the whole composition, or nil.
  public var soundtrack: Soundtrack?
  /// The loudness the export normalises the final mix of the range it writes to, or nil to
  /// leave the mix's level as it is (then sums beyond full scale are clamped).
  public var loudness: LoudnessTarget?

  /// Makes an audio mix.
  ///
  /// - Parameters:
  ///   - inputParameters: Per-track volume parameters.
  ///   - soundtrack: Background audio, or nil.
  ///   - loudness: A loudness to normalise to, or nil.
  public init(
    inputParameters: [AudioMixInputParameters] = [], soundtrack: Soundtrack? = nil,
    loudness: LoudnessTarget? = nil
  ) {
    self.inputParameters = inputParameters
    self.soundtrack = soundtrack
    self.loudness = loudness
  }

  /// What in the mix is out of range (the loudness target, the soundtrack's ducking), or
  /// nil when it can be rendered.
  public var problem: String? {
    loudness?.problem ?? soundtrack?.ducking?.problem
  }

  /// The parameters for a track, or nil when it plays at unity.
  ///
  /// - Parameter trackID: A composition audio track.
  public func parameters(for trackID: TrackID) -> AudioMixInputParameters? {
    inputParameters.first { $0.trackID == trackID }
  }

  /// A track's volume at a composition time (1 without parameters).
  ///
  /// - Parameters:
  ///   - trackID: A composition audio track.
  ///   - time: Composition seconds.
  /// - Returns: Linear gain.
  public func volume(of trackID: TrackID, at time: Time) -> Double {
    parameters(for: trackID)?.volume(at: time) ?? 1
  }
}
