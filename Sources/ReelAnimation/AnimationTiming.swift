import Foundation

/// The timing of one animation (`CAMediaTiming`), in seconds.
///
/// Times are `Double` seconds on the parent's timeline: for an animation on a layer, the
/// composition timeline, where 0 is its start (there is no "now" and no
/// `AVCoreAnimationBeginTimeAtZero`); for an animation inside an ``AnimationGroup``, the
/// group's local time.
///
/// Local time is `t = (parentTime − beginTime) · speed + timeOffset`. One cycle lasts
/// `duration` (or twice that with ``autoreverses``); the active period lasts
/// ``repeatDuration`` if > 0, else cycle · ``repeatCount`` if > 0 (fractional counts allowed,
/// `.infinity` repeats forever), else one cycle. Outside it ``fillMode`` decides.
public struct AnimationTiming: Sendable, Hashable {
  /// When the animation starts on its parent's timeline, in seconds.
  public var beginTime: Double
  /// Length of one pass in seconds; values ≤ 0 (or not finite) mean ``defaultDuration``, as Core Animation.
  public var duration: Double
  /// Rate of local time relative to the parent's (2 plays twice as fast).
  public var speed: Double
  /// Added to local time after scaling by speed, in seconds.
  public var timeOffset: Double
  /// Number of passes (fractional allowed; `.infinity` forever); 0 means one.
  public var repeatCount: Double
  /// Active duration in seconds, overriding ``repeatCount`` when > 0.
  public var repeatDuration: Double
  /// Plays each pass forwards then backwards.
  public var autoreverses: Bool
  /// What shows outside the active period (default ``FillMode/forwards``; see ``FillMode``).
  public var fillMode: FillMode
  /// Easing applied to each pass's linear progress (ignored by ``SpringAnimation``).
  public var timingFunction: TimingFunction

  /// The duration in seconds of an animation that gives none (Core Animation's).
  public static let defaultDuration = 0.25

  /// Makes a timing; defaults: begin 0 s, ``defaultDuration``, speed 1, one pass, fill
  /// forwards, linear.
  public init(
    beginTime: Double = 0, duration: Double = AnimationTiming.defaultDuration, speed: Double = 1,
    timeOffset: Double = 0,
    repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fillMode: FillMode = .forwards, timingFunction: TimingFunction = .linear
  ) {
    self.beginTime = beginTime
    self.duration = duration
    self.speed = speed
    self.timeOffset = timeOffset
    self.repeatCount = repeatCount
    self.repeatDuration = repeatDuration
    self.autoreverses = autoreverses
    self.fillMode = fillMode
    self.timingFunction = timingFunction
  }

  /// The duration actually used: ``duration``, or ``defaultDuration`` when it is ≤ 0 or not
  /// finite.
  public var effectiveDuration: Double {
    duration > 0 && duration.isFinite ? duration : Self.defaultDuration
  }

  /// One cycle in seconds of local time: the duration, doubled when autoreversing.
  public var cycleDuration: Double { effectiveDuration * (autoreverses ? 2 : 1) }

  /// The active period in seconds of local time (may be `.infinity`).
  public var activeDuration: Double {
    if repeatDuration > 0 { return repeatDuration }
    if repeatCount > 0 { return cycleDuration * repeatCount }
    return cycleDuration
  }

  /// Where the animation is at a parent time, or nil when it has no effect there.
  ///
  /// - Parameter parentTime: Seconds on the parent's timeline.
  /// - Returns: The pass number and the time within the pass (after reversal), or nil
  ///   before the begin time without backwards fill or after the end without forwards fill.
  public func phase(at parentTime: Double) -> AnimationPhase? {
    let local = (parentTime - beginTime) * speed + timeOffset
    guard local.isFinite || local == .infinity else { return nil }
    let active = activeDuration
    let duration = effectiveDuration
    let cycle = cycleDuration
    var time = local
    if local < 0 {
      guard fillMode.fillsBackwards else { return nil }
      time = 0
    } else if local >= active {
      guard fillMode.fillsForwards, active.isFinite else { return nil }
      time = active
    }
    var iteration = (time / cycle).rounded(.down)
    var withinCycle = time - iteration * cycle
    // The end of the active period belongs to the pass that ends there.
    if time == active, time > 0, withinCycle <= 1e-12 * max(1, cycle) {
      iteration -= 1
      withinCycle = cycle
    }
    var elapsed = withinCycle
    if autoreverses, withinCycle > duration { elapsed = cycle - withinCycle }
    elapsed = min(max(elapsed, 0), duration)
    return AnimationPhase(
      iteration: iteration.isNaN ? 0 : Int(max(0, min(iteration, Double(Int32.max)))),
      elapsed: elapsed,
      duration: duration)
  }
}

/// Where an animation is within its active period.
public struct AnimationPhase: Sendable, Hashable {
  /// The pass, from 0 (what cumulative animations multiply by).
  public var iteration: Int
  /// Seconds into the pass, in [0, duration] (already reversed on the way back).
  public var elapsed: Double
  /// The pass duration in seconds.
  public var duration: Double

  /// Linear progress through the pass in [0, 1].
  public var fraction: Double { duration > 0 ? elapsed / duration : 1 }
}
