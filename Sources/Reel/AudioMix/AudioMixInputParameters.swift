import ReelCore

/// The volume of one composition audio track over time, as `AVAudioMixInputParameters`.
///
/// 1.0 before the first key, the last value after; ``setVolume(_:at:)`` is a step,
/// ``setVolumeRamp(from:to:timeRange:)`` linear over its range. Volumes are linear gain
/// factors (1 = unchanged, 0 = silent, 2 = +6 dB).
///
///     var parameters = AudioMixInputParameters(trackID: music)
///     parameters.setVolume(1, at: .zero)
///     parameters.setVolumeRamp(from: 0.5, to: 0.2, timeRange: duck)
public struct AudioMixInputParameters: Hashable, Sendable {
  /// The composition audio track these parameters apply to.
  public var trackID: TrackID
  /// The volume keys (default 1).
  public var volumeTimeline = ParameterTimeline<Double>(defaultValue: 1)

  /// Makes parameters with unity volume throughout.
  ///
  /// - Parameter trackID: The composition audio track.
  public init(trackID: TrackID) {
    self.trackID = trackID
  }

  /// Sets the volume from a time on.
  ///
  /// - Parameters:
  ///   - volume: Linear gain (≥ 0).
  ///   - time: From when, in composition seconds.
  public mutating func setVolume(_ volume: Double, at time: Time) {
    volumeTimeline.setValue(volume, at: time)
  }

  /// Ramps the volume linearly over a range.
  ///
  /// - Parameters:
  ///   - start: Gain at `timeRange.start`.
  ///   - end: Gain at `timeRange.end` and after.
  ///   - timeRange: In composition seconds.
  public mutating func setVolumeRamp(from start: Double, to end: Double, timeRange: TimeRange) {
    volumeTimeline.setRamp(from: start, to: end, timeRange: timeRange)
  }

  /// The volume at a composition time (never negative).
  ///
  /// - Parameter time: Composition seconds.
  /// - Returns: Linear gain.
  public func volume(at time: Time) -> Double {
    max(0, volumeTimeline.value(at: time) ?? 1)
  }
}
