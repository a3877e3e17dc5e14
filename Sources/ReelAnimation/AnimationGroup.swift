import ReelCore

/// Runs animations together in its own time (`CAAnimationGroup`).
///
/// Each child's times are seconds of the group's local time (0 = the group's begin). The
/// children are cut off — not scaled — at the group's duration: a 10 s child in a 5 s group
/// plays its first 5 s. When the group fills (its fill mode), the children are evaluated at
/// the group's clamped time, with their own fill modes.
public struct AnimationGroup: Animation {
  /// The children, applied in order.
  public var animations: [any Animation]
  public var timing: AnimationTiming

  /// Makes a group.
  ///
  /// - Parameters:
  ///   - animations: Children, timed in the group's local seconds.
  ///   - beginTime: Start on the parent timeline, seconds.
  ///   - duration: Seconds per pass (≤ 0 means ``AnimationTiming/defaultDuration``).
  ///   - repeatCount: Passes (0 = one).
  ///   - autoreverses: Play back after each pass.
  ///   - fillMode: What shows outside the active period (default forwards).
  public init(
    _ animations: [any Animation], beginTime: Double = 0,
    duration: Double = AnimationTiming.defaultDuration,
    repeatCount: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .forwards
  ) {
    self.animations = animations
    self.timing = AnimationTiming(
      beginTime: beginTime, duration: duration, repeatCount: repeatCount,
      autoreverses: autoreverses, fillMode: fillMode)
  }

  public func apply(to presentation: inout LayerProperties, model: LayerProperties, at time: Double)
  {
    guard let phase = timing.phase(at: time) else { return }
    let localTime = phase.duration * timing.timingFunction.progress(phase.fraction)
    for animation in animations {
      animation.apply(to: &presentation, model: model, at: localTime)
    }
  }
}
