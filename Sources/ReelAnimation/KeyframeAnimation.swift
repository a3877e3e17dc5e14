import ReelCore

/// How a keyframe animation moves between its values.
public enum CalculationMode: String, Sendable, Hashable, CaseIterable {
  /// Straight interpolation between neighbouring values at their key times.
  case linear
  /// No interpolation: value i holds from key time i until key time i + 1.
  case discrete
  /// Constant speed along the values; key times and timing functions are ignored.
  case paced
  /// A smooth Catmull-Rom spline through the values (Kochanek–Bartels with zero tension,
  /// bias and continuity), reaching value i at key time i.
  case cubic
}

/// Animates one property through a list of values (`CAKeyframeAnimation`).
///
/// Key times are fractions of the duration in [0, 1], non-decreasing, one per value (for
/// ``CalculationMode/discrete`` one per value or one more); when absent or of the wrong
/// count they are spaced evenly (i/(n−1), or i/n for discrete). Timing function i eases
/// segment i (from value i to i + 1); missing entries are linear. The animation's own
/// ``AnimationTiming/timingFunction`` eases the whole pass first.
///
///     let bounce = KeyframeAnimation(.positionY, values: [0, 40, 0], keyTimes: [0, 0.3, 1], duration: 1)
public struct KeyframeAnimation<Value: Interpolatable>: Animation {
  /// The animated property.
  public var property: AnimatableProperty<Value>
  /// The values, in order (an empty list does nothing).
  public var values: [Value]
  /// Key times in [0, 1], or nil for even spacing.
  public var keyTimes: [Double]?
  /// Easing of each segment.
  public var timingFunctions: [TimingFunction]
  /// How values are joined.
  public var calculationMode: CalculationMode
  /// Adds the animated value to the value below it.
  public var isAdditive: Bool
  /// Each repeat starts where the previous one ended (offset by last − first value).
  public var isCumulative: Bool
  public var timing: AnimationTiming

  /// Makes a keyframe animation.
  ///
  /// - Parameters:
  ///   - property: What to animate.
  ///   - values: The keyframe values.
  ///   - keyTimes: Their times as fractions of the duration (nil: evenly spaced).
  ///   - calculationMode: Linear (default), discrete, paced or cubic.
  ///   - timingFunctions: Easing per segment.
  ///   - beginTime: Start on the parent timeline, seconds.
  ///   - duration: Seconds per pass (≤ 0 means ``AnimationTiming/defaultDuration``).
  ///   - repeatCount: Passes (0 = one).
  ///   - autoreverses: Play back after each pass.
  ///   - fillMode: What shows outside the active period (default forwards).
  ///   - additive: Add to the value below.
  ///   - cumulative: Accumulate over repeats.
  public init(
    _ property: AnimatableProperty<Value>, values: [Value], keyTimes: [Double]? = nil,
    calculationMode: CalculationMode = .linear, timingFunctions: [TimingFunction] = [],
    beginTime: Double = 0, duration: Double = AnimationTiming.defaultDuration,
    repeatCount: Double = 0,
    autoreverses: Bool = false, fillMode: FillMode = .forwards, additive: Bool = false,
    cumulative: Bool = false
  ) {
    self.property = property
    self.values = values
    self.keyTimes = keyTimes
    self.calculationMode = calculationMode
    self.timingFunctions = timingFunctions
    self.isAdditive = additive
    self.isCumulative = cumulative
    self.timing = AnimationTiming(
      beginTime: beginTime, duration: duration, repeatCount: repeatCount,
      autoreverses: autoreverses, fillMode: fillMode)
  }

  /// The value at linear progress `fraction` in [0, 1] of a pass (after the animation's
  /// own timing function), or nil when there are no values.
  public func value(atFraction fraction: Double) -> Value? {
    let values = values
    let weights = KeyframeWeights(
      count: values.count, keyTimes: keyTimes, timingFunctions: timingFunctions,
      calculationMode: calculationMode,
      distance: { Value.distance(from: values[$0 - 1], to: values[$0]) })
    let terms = weights.terms(atFraction: fraction)
    if terms.count == 1, let only = terms.first { return values[only.index] }
    guard !terms.isEmpty else { return nil }
    if terms.count == 2 {
      return Value.interpolate(
        from: values[terms[0].index], to: values[terms[1].index], fraction: terms[1].weight)
    }
    return Value.combine(terms.map { (values[$0.index], $0.weight) })
  }

  public func apply(to presentation: inout LayerProperties, model: LayerProperties, at time: Double)
  {
    guard let phase = timing.phase(at: time),
      let value = value(atFraction: timing.timingFunction.progress(phase.fraction)),
      let first = values.first, let last = values.last
    else { return }
    store(
      value, into: &presentation, property: property, additive: isAdditive,
      cumulative: isCumulative, iteration: phase.iteration,
      passChange: Value.subtracting(last, first))
  }
}
