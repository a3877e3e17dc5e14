import ReelCore

/// Animates one property between two values (`CABasicAnimation`).
///
/// Values follow Core Animation's rules, with the layer's model value as "current":
/// from+to → from…to; from+by → from…from+by; by+to → to−by…to; from only → from…current;
/// to only → current…to; by only → current…current+by.
///
///     var fade = BasicAnimation(.opacity, from: 0, to: 1, beginTime: 1, duration: 0.5)
///     fade.timing.timingFunction = .easeOut
public struct BasicAnimation<Value: Interpolatable>: Animation {
  /// The animated property.
  public var property: AnimatableProperty<Value>
  /// Start value, or nil.
  public var from: Value?
  /// End value, or nil.
  public var to: Value?
  /// Change, or nil.
  public var by: Value?
  /// Adds the animated value to the value below it instead of replacing it.
  public var isAdditive: Bool
  /// Each repeat starts where the previous one ended.
  public var isCumulative: Bool
  public var timing: AnimationTiming

  /// Makes a basic animation.
  ///
  /// - Parameters:
  ///   - property: What to animate.
  ///   - from: Start value.
  ///   - to: End value.
  ///   - by: Change.
  ///   - beginTime: Start on the parent timeline, seconds.
  ///   - duration: Seconds per pass (≤ 0 means ``AnimationTiming/defaultDuration``).
  ///   - timingFunction: Easing (default linear).
  ///   - repeatCount: Passes (fractional allowed, `.infinity` forever; 0 = one).
  ///   - autoreverses: Play back after each pass.
  ///   - fillMode: What shows outside the active period (default forwards).
  ///   - additive: Add to the value below.
  ///   - cumulative: Accumulate over repeats.
  public init(
    _ property: AnimatableProperty<Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil,
    beginTime: Double = 0, duration: Double = AnimationTiming.defaultDuration,
    timingFunction: TimingFunction = .linear,
    repeatCount: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .forwards,
    additive: Bool = false, cumulative: Bool = false
  ) {
    self.property = property
    self.from = from
    self.to = to
    self.by = by
    self.isAdditive = additive
    self.isCumulative = cumulative
    self.timing = AnimationTiming(
      beginTime: beginTime, duration: duration, repeatCount: repeatCount,
      autoreverses: autoreverses, fillMode: fillMode, timingFunction: timingFunction)
  }

  /// The value at a pass's eased progress (before additive and cumulative adjustments).
  public func value(atProgress progress: Double, current: Value) -> Value {
    let ends = ValueEndpoints(from: from, to: to, by: by, current: current)
    return Value.interpolate(from: ends.start, to: ends.end, fraction: progress)
  }

  public func apply(to presentation: inout LayerProperties, model: LayerProperties, at time: Double)
  {
    guard let phase = timing.phase(at: time) else { return }
    let current = model[keyPath: property.keyPath]
    let ends = ValueEndpoints(from: from, to: to, by: by, current: current)
    let progress = timing.timingFunction.progress(phase.fraction)
    let value = Value.interpolate(from: ends.start, to: ends.end, fraction: progress)
    store(
      value, into: &presentation, property: property, additive: isAdditive,
      cumulative: isCumulative, iteration: phase.iteration,
      passChange: Value.subtracting(ends.end, ends.start))
  }
}
