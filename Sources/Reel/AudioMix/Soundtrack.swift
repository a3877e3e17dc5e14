import ReelCore
import ReelMedia

/// Background audio laid under the whole composition: a file, trimmed, optionally looped
/// to the composition's length, faded in and out, at a volume.
///
/// The mixer asks ``sourceTime(at:compositionDuration:)`` which instant of the file plays at
/// a composition time, and ``gain(at:compositionDuration:)`` how loud.
///
/// A soundtrack made from an ``Asset`` carries it, and the mixer opens the file with that
/// probe; one made from a path probes the file when it is first read. The carried probe is
/// not part of equality.
public struct Soundtrack: Hashable, Sendable {
  /// The audio (or video-with-audio) file's path.
  public var path: String
  /// The part of the file used, in file seconds.
  public var trimRange: TimeRange
  /// Whether the trimmed part repeats until the composition ends (else it plays once).
  public var loops: Bool
  /// The fade-in at the composition's start, in seconds (0 for none).
  public var fadeInDuration: Time
  /// The fade-out before the soundtrack stops, in seconds (0 for none).
  public var fadeOutDuration: Time
  /// Linear gain applied throughout (1 = unchanged).
  public var volume: Double
  /// Lowers the soundtrack while the clips' own audio sounds, or over ranges; nil for none.
  public var ducking: AudioDucking?
  /// The file's probe, shared by copies.
  private let file: SharedAsset

  /// Describes a soundtrack.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - trimRange: The part used, in file seconds (e.g. `[0, file duration)`).
  ///   - loops: Repeat to the composition's end; true by default.
  ///   - fadeInDuration: Seconds of fade-in; 0 by default.
  ///   - fadeOutDuration: Seconds of fade-out; 0 by default.
  ///   - volume: Linear gain; 1 by default.
  ///   - ducking: Lowers it under the clips' sound or over ranges; none by default.
  public init(
    path: String, trimRange: TimeRange, loops: Bool = true, fadeInDuration: Time = .zero,
    fadeOutDuration: Time = .zero, volume: Double = 1, ducking: AudioDucking? = nil
  ) {
    self.init(
      file: SharedAsset(path: path), trimRange: trimRange, loops: loops,
      fadeInDuration: fadeInDuration, fadeOutDuration: fadeOutDuration, volume: volume,
      ducking: ducking)
  }

  /// Describes a soundtrack from an opened file, which the mixer then reads without probing
  /// it again.
  ///
  /// - Parameters:
  ///   - asset: The opened file (its first audio track plays).
  ///   - trimRange: The part used, in file seconds (e.g. `[0, file duration)`).
  ///   - loops: Repeat to the composition's end; true by default.
  ///   - fadeInDuration: Seconds of fade-in; 0 by default.
  ///   - fadeOutDuration: Seconds of fade-out; 0 by default.
  ///   - volume: Linear gain; 1 by default.
  ///   - ducking: Lowers it under the clips' sound or over ranges; none by default.
  public init(
    asset: Asset, trimRange: TimeRange, loops: Bool = true, fadeInDuration: Time = .zero,
    fadeOutDuration: Time = .zero, volume: Double = 1, ducking: AudioDucking? = nil
  ) {
    self.init(
      file: SharedAsset(asset), trimRange: trimRange, loops: loops,
      fadeInDuration: fadeInDuration, fadeOutDuration: fadeOutDuration, volume: volume,
      ducking: ducking)
  }

  private init(
    file: SharedAsset, trimRange: TimeRange, loops: Bool, fadeInDuration: Time,
    fadeOutDuration: Time, volume: Double, ducking: AudioDucking?
  ) {
    self.path = file.path
    self.file = file
    self.trimRange = trimRange
    self.loops = loops
    self.fadeInDuration = fadeInDuration
    self.fadeOutDuration = fadeOutDuration
    self.volume = volume
    self.ducking = ducking
  }

  /// The probed file to read: the asset this soundtrack was made from, else the file at
  /// `path` probed on first use (once for all copies of this value).
  ///
  /// - Throws: ``MediaError`` from probing the file.
  package func asset() throws(MediaError) -> Asset {
    try file.asset(at: path)
  }

  public static func == (lhs: Soundtrack, rhs: Soundtrack) -> Bool {
    lhs.path == rhs.path && lhs.trimRange == rhs.trimRange && lhs.loops == rhs.loops
      && lhs.fadeInDuration == rhs.fadeInDuration && lhs.fadeOutDuration == rhs.fadeOutDuration
      && lhs.volume == rhs.volume && lhs.ducking == rhs.ducking
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(trimRange)
    hasher.combine(loops)
    hasher.combine(fadeInDuration)
    hasher.combine(fadeOutDuration)
    hasher.combine(volume)
    hasher.combine(ducking)
  }

  /// How long the soundtrack plays in a composition: the composition's length when
  /// looping, else the shorter of the trimmed length and the composition's, in seconds.
  ///
  /// - Parameter compositionDuration: The composition's length, in seconds.
  public func playDuration(compositionDuration: Time) -> Time {
    loops ? compositionDuration : Time.min(trimRange.duration, compositionDuration)
  }

  /// The file time that plays at a composition time, exactly:
  /// `trimStart + (time mod trimmedLength)` when looping.
  ///
  /// - Parameters:
  ///   - time: Composition seconds.
  ///   - compositionDuration: The composition's length, in seconds.
  /// - Returns: File seconds, or nil when the soundtrack is silent at `time` (before 0,
  ///   after it stops, or an empty trim range).
  public func sourceTime(at time: Time, compositionDuration: Time) -> Time? {
    guard time.isNumeric, time >= .zero,
      time < playDuration(compositionDuration: compositionDuration),
      trimRange.duration.isNumeric, trimRange.duration > .zero,
      let offset = ExactTime(time), let length = ExactTime(trimRange.duration),
      let turns = offset.divided(by: length)
    else { return nil }
    let loops = ExactTime(turns.floor, 1)
    let within = offset - loops * length
    return trimRange.start + within.time
  }

  /// The gain at a composition time: `volume` × the fade-in and fade-out ramps (linear),
  /// 0 when silent. The ``ducking`` comes on top (the mixer applies it: its sidechain
  /// depends on the clips' audio).
  ///
  /// - Parameters:
  ///   - time: Composition seconds.
  ///   - compositionDuration: The composition's length, in seconds.
  /// - Returns: Linear gain.
  public func gain(at time: Time, compositionDuration: Time) -> Double {
    let end = playDuration(compositionDuration: compositionDuration)
    guard time.isNumeric, time >= .zero, time < end else { return 0 }
    var gain = volume
    if fadeInDuration > .zero, time < fadeInDuration {
      gain *= time.seconds / fadeInDuration.seconds
    }
    let remaining = end - time
    if fadeOutDuration > .zero, remaining < fadeOutDuration {
      gain *= remaining.seconds / fadeOutDuration.seconds
    }
    return max(0, gain)
  }
}
