internal import Reel

/// How a composition's audio tracks are mixed, as AVFoundation's `AVAudioMix`: per-track
/// volume keys, taken as Reel's `AudioMix` when an export starts. Tracks without
/// parameters play at unity; overlapping tracks are summed.
open class AVAudioMix: NSObject, NSCopying, NSMutableCopying {
  var storedInputParameters: [AVAudioMixInputParameters] = []

  public override init() { super.init() }

  /// The parameters of each track that has some.
  open var inputParameters: [AVAudioMixInputParameters] { storedInputParameters }

  /// An immutable copy (`copy()`), with copies of the input parameters.
  open func copy(with zone: NSZone? = nil) -> Any { duplicate(into: AVAudioMix()) }

  /// A mutable copy (`mutableCopy()`), an ``AVMutableAudioMix``, with copies of the input
  /// parameters.
  open func mutableCopy(with zone: NSZone? = nil) -> Any { duplicate(into: AVMutableAudioMix()) }

  private func duplicate<Made: AVAudioMix>(into made: Made) -> Made {
    made.storedInputParameters = storedInputParameters.map { $0.sameKindCopy() }
    return made
  }

  /// The mix as Reel's, for `timeline`'s tracks (parameters for tracks the composition does
  /// not have are ignored, as on Apple).
  func reelAudioMix(for timeline: ReelTimeline) -> AudioMix {
    var mix = AudioMix()
    for parameters in inputParameters {
      guard let reelID = timeline.trackIDs[parameters.trackID] else { continue }
      var reel = parameters.reel
      reel.trackID = reelID
      mix.inputParameters.append(reel)
    }
    return mix
  }
}

/// An audio mix a program sets up, as AVFoundation's `AVMutableAudioMix`.
open class AVMutableAudioMix: AVAudioMix {
  public override init() { super.init() }

  /// The parameters of each track that has some.
  open override var inputParameters: [AVAudioMixInputParameters] {
    get { storedInputParameters }
    set { storedInputParameters = newValue }
  }
}

/// One track's volume over time, as AVFoundation's `AVAudioMixInputParameters`, kept as
/// Reel's `AudioMixInputParameters` (1 before the first key, the last value after, ramps
/// linear).
open class AVAudioMixInputParameters: NSObject, NSCopying, NSMutableCopying {
  /// The keys, with a placeholder track (mapped when an export starts).
  var reel = AudioMixInputParameters(trackID: TrackID(rawValue: 0))
  var storedTrackID = kCMPersistentTrackID_Invalid

  public override init() { super.init() }

  /// The composition track these parameters apply to.
  open var trackID: CMPersistentTrackID { storedTrackID }

  /// An immutable copy (`copy()`) of the track and its volume keys.
  open func copy(with zone: NSZone? = nil) -> Any { duplicate(into: AVAudioMixInputParameters()) }

  /// A mutable copy (`mutableCopy()`), an ``AVMutableAudioMixInputParameters``.
  open func mutableCopy(with zone: NSZone? = nil) -> Any {
    duplicate(into: AVMutableAudioMixInputParameters())
  }

  /// A copy as mutable as these parameters.
  func sameKindCopy() -> AVAudioMixInputParameters {
    self is AVMutableAudioMixInputParameters
      ? duplicate(into: AVMutableAudioMixInputParameters())
      : duplicate(into: AVAudioMixInputParameters())
  }

  private func duplicate<Made: AVAudioMixInputParameters>(into made: Made) -> Made {
    made.reel = reel
    made.storedTrackID = storedTrackID
    return made
  }

  /// The volume ramp in effect at `time`: its start and end volume and its range. A value
  /// set with `setVolume(_:at:)` is a flat ramp until the next key, as on Apple.
  ///
  /// - Returns: false only after the end of the last ramp set with a range (the pointers
  ///   then hold its end value).
  open func getVolumeRamp(
    for time: CMTime, startVolume: UnsafeMutablePointer<Float>,
    endVolume: UnsafeMutablePointer<Float>?, timeRange: UnsafeMutablePointer<CMTimeRange>?
  ) -> Bool {
    let ramp = RampLookup.ramp(of: reel.volumeTimeline, at: time.time)
    startVolume.pointee = Float(ramp.start ?? 1)
    endVolume?.pointee = Float(ramp.end ?? 1)
    timeRange?.pointee = CMTimeRange(ramp.range)
    return ramp.inEffect
  }
}

/// Volume keys a program sets, as AVFoundation's `AVMutableAudioMixInputParameters`.
open class AVMutableAudioMixInputParameters: AVAudioMixInputParameters {
  public override init() { super.init() }

  /// Parameters for `track` (nil: set ``trackID`` later).
  public convenience init(track: AVAssetTrack?) {
    self.init()
    storedTrackID = track?.trackID ?? kCMPersistentTrackID_Invalid
  }

  /// The composition track these parameters apply to.
  open override var trackID: CMPersistentTrackID {
    get { storedTrackID }
    set { storedTrackID = newValue }
  }

  /// Sets the volume from `time` on (a step); 1 is unity.
  open func setVolume(_ volume: Float, at time: CMTime) {
    reel.setVolume(Double(volume), at: time.time)
  }

  /// Ramps the volume linearly over `timeRange`; the end value holds after it.
  open func setVolumeRamp(
    fromStartVolume startVolume: Float, toEndVolume endVolume: Float, timeRange: CMTimeRange
  ) {
    reel.setVolumeRamp(from: Double(startVolume), to: Double(endVolume), timeRange: timeRange.range)
  }
}
