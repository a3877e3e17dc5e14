import Foundation
import ReelCore

/// Lowers a ``Soundtrack`` while something else should be heard: while the composition's
/// own audio (the clips' sound, at its volumes) is louder than a threshold — a sidechain on
/// the clips' level, for speech over music — or over explicit ranges.
///
/// The ducking's depth goes from 0 (the soundtrack as it is) to 1 (lowered by
/// ``gainDecibels``) over ``attack`` seconds *before* each range where it applies, so that
/// the music is down when the speech begins, stays 1 over the range, and goes back to 0
/// over ``release`` seconds after it; where ramps of neighbouring ranges meet, the deeper
/// one wins. The gain is `10^(gainDecibels · depth / 20)`, a ramp straight in decibels.
/// Because the sidechain's ranges are found in a pass over the clips' audio before the mix
/// (only audio is read), the gain is a pure function of time: the same in a whole render,
/// a range, a chunked plan's audio task and the preview.
public struct AudioDucking: Hashable, Sendable {
  /// When the soundtrack is lowered.
  public enum Trigger: Hashable, Sendable {
    /// While the clips' own audio (every audio track of the composition, at its volume,
    /// summed) has an RMS level over 20 ms blocks at or above `threshold` dBFS (a
    /// full-scale square wave is 0 dBFS, a full-scale sine −3); gaps shorter than `hold`
    /// seconds (the pauses between words) do not end the range.
    case clipAudio(threshold: Double, hold: Time)
    /// Over these composition ranges (seconds).
    case ranges([TimeRange])
  }

  /// How much the soundtrack is lowered, in dB (≤ 0; −12 by default).
  public var gainDecibels: Double
  /// How long the soundtrack takes to go down before a range, in seconds.
  public var attack: Time
  /// How long it takes to come back after a range, in seconds.
  public var release: Time
  /// When it is lowered.
  public var trigger: Trigger

  /// The gains accepted, in dB.
  public static let gainRange: ClosedRange<Double> = -60...0
  /// The attack and release times accepted, in seconds.
  public static let rampRange: ClosedRange<Double> = 0...10
  /// The sidechain thresholds accepted, in dBFS.
  public static let thresholdRange: ClosedRange<Double> = -90...0
  /// The sidechain's hold times accepted, in seconds.
  public static let holdRange: ClosedRange<Double> = 0...10
  /// The sidechain's default threshold, in dBFS.
  public static let defaultThreshold = -40.0
  /// The sidechain's default hold, in seconds.
  public static let defaultHold = Time(value: 3, timescale: 10)
  /// The default sidechain: −40 dBFS, gaps under 0.3 s bridged.
  public static let defaultTrigger = Trigger.clipAudio(
    threshold: defaultThreshold, hold: defaultHold)
  /// The sidechain's block, in seconds: the level is measured per 20 ms.
  public static let blockDuration = Time(value: 1, timescale: 50)

  /// Describes a ducking.
  ///
  /// - Parameters:
  ///   - gainDecibels: dB, in ``gainRange``; −12 by default.
  ///   - attack: Seconds, in ``rampRange``; 0.2 by default.
  ///   - release: Seconds, in ``rampRange``; 0.6 by default.
  ///   - trigger: The sidechain on the clips' audio (−40 dBFS, 0.3 s hold) by default.
  public init(
    gainDecibels: Double = -12, attack: Time = Time(value: 1, timescale: 5),
    release: Time = Time(value: 3, timescale: 5), trigger: Trigger = AudioDucking.defaultTrigger
  ) {
    self.gainDecibels = gainDecibels
    self.attack = attack
    self.release = release
    self.trigger = trigger
  }

  /// What is out of range, or nil when the ducking can be used.
  var problem: String? {
    if !gainDecibels.isFinite || !Self.gainRange.contains(gainDecibels) {
      return
        "the soundtrack's ducking of \(gainDecibels) dB is out of range: use \(Self.gainRange.lowerBound)…\(Self.gainRange.upperBound) dB"
    }
    for (name, time) in [("attack", attack), ("release", release)]
    where !time.isNumeric || !Self.rampRange.contains(time.seconds) {
      return
        "the soundtrack's ducking \(name) of \(time.readable) s is out of range: use \(Self.rampRange.lowerBound)…\(Self.rampRange.upperBound) s"
    }
    switch trigger {
    case .clipAudio(let threshold, let hold):
      if !threshold.isFinite || !Self.thresholdRange.contains(threshold) {
        return
          "the ducking threshold \(threshold) dBFS is out of range: use \(Self.thresholdRange.lowerBound)…\(Self.thresholdRange.upperBound) dBFS"
      }
      if !hold.isNumeric || !Self.holdRange.contains(hold.seconds) {
        return
          "the ducking hold of \(hold.readable) s is out of range: use \(Self.holdRange.lowerBound)…\(Self.holdRange.upperBound) s"
      }
    case .ranges(let ranges):
      for range in ranges where !range.isValid || range.start < .zero || range.duration <= .zero {
        return
          "the ducking range \(range.readable) is not a range: give [start, end] seconds with 0 ≤ start < end"
      }
    }
    return nil
  }

  /// The ducking's gain curve on a sample grid: sorted, merged ranges of frames where the
  /// depth is 1, and the ramps' lengths in frames.
  struct Curve {
    /// Frame ranges at full depth, sorted and disjoint.
    let ranges: [Range<Int64>]
    let attackFrames: Int64
    let releaseFrames: Int64
    let gainDecibels: Double

    init(ducking: AudioDucking, ranges: [Range<Int64>], sampleRate: Int32) {
      var merged: [Range<Int64>] = []
      for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
        if let last = merged.last, range.lowerBound <= last.upperBound {
          merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else {
          merged.append(range)
        }
      }
      self.ranges = merged
      attackFrames = AudioMixer.frame(at: ducking.attack, sampleRate: sampleRate) ?? 0
      releaseFrames = AudioMixer.frame(at: ducking.release, sampleRate: sampleRate) ?? 0
      gainDecibels = ducking.gainDecibels
    }

    /// The depth at a frame: 0 (not lowered) … 1 (lowered by the full gain).
    func depth(atFrame frame: Int64) -> Double {
      // The ranges whose ramps can reach `frame` end after `frame − release`.
      var low = 0
      var high = ranges.count
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].upperBound + releaseFrames <= frame {
          low = middle + 1
        } else {
          high = middle
        }
      }
      var depth = 0.0
      var index = low
      while index < ranges.count, ranges[index].lowerBound - attackFrames <= frame {
        let range = ranges[index]
        if range.contains(frame) { return 1 }
        if frame < range.lowerBound {
          depth = max(depth, 1 - Double(range.lowerBound - frame) / Double(attackFrames + 1))
        } else if releaseFrames > 0 {
          depth = max(depth, 1 - Double(frame - range.upperBound + 1) / Double(releaseFrames + 1))
        }
        index += 1
      }
      return depth
    }

    /// The linear gain at a frame.
    func gain(atFrame frame: Int64) -> Float {
      let depth = depth(atFrame: frame)
      return depth == 0 ? 1 : Float(pow(10, gainDecibels * depth / 20))
    }
  }
}
