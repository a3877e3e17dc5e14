import ReelCore

/// How the audio tracks of a ``Composition`` are mixed, as `AVAudioMix`: per-track volume
/// over time, plus an optional background ``Soundtrack``.
///
/// Tracks without parameters play at unity gain; overlapping tracks are summed.
public struct AudioMix: Hashable, Sendable {
  /// Per-track parameters; at most one per track is used (the first).
  public var inputParameters: [AudioMixInputParameters]
  /// Background audio under the whole composition, or nil.
  public var soundtrack: Soundtrack?

  /// Makes an audio mix.
  ///
  /// - Parameters:
  ///   - inputParameters: Per-track volume parameters.
  ///   - soundtrack: Background audio, or nil.
  public init(inputParameters: [AudioMixInputParameters] = [], soundtrack: Soundtrack? = nil) {
    self.inputParameters = inputParameters
    self.soundtrack = soundtrack
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
