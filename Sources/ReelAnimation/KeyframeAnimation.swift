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
  ///   - duration: Seconds per pass (≤ 0 means 0.25).
  ///   - repeatCount: Passes (0 = one).
  ///   - autoreverses: Play back after each pass.
  ///   - fillMode: What shows outside the active period (default forwards).
  ///   - additive: Add to the value below.
  ///   - cumulative: Accumulate over repeats.
  public init(
    _ property: AnimatableProperty<Value>, values: [Value], keyTimes: [Double]? = nil,
    calculationMode: CalculationMode = .linear, timingFunctions: [TimingFunction] = [],
    beginTime: Double = 0, duration: Double = 0.25, repeatCount: Double = 0,
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
    guard let first = values.first else { return nil }
    guard values.count > 1 else { return first }
    let f = min(max(fraction, 0), 1)
    switch calculationMode {
    case .discrete:
      let times = resolvedKeyTimes(count: values.count, discrete: true)
      var index = 0
      for i in 0..<values.count where times[i] <= f { index = i }
      return values[index]
    case .paced:
      return pacedValue(at: f)
    case .linear, .cubic:
      let times = resolvedKeyTimes(count: values.count, discrete: false)
      guard f > times[0] else { return values[0] }
      guard let last = times.last, f < last else { return values[values.count - 1] }
      var segment = 0
      while segment < values.count - 2 && f >= times[segment + 1] { segment += 1 }
      let span = times[segment + 1] - times[segment]
      var u = span > 0 ? (f - times[segment]) / span : 1
      if segment < timingFunctions.count { u = timingFunctions[segment].progress(u) }
      if calculationMode == .linear {
        return Value.interpolate(from: values[segment], to: values[segment + 1], fraction: u)
      }
      return catmullRom(segment: segment, u: u)
    }
  }

  private func resolvedKeyTimes(count: Int, discrete: Bool) -> [Double] {
    if let keyTimes, keyTimes.count == count || (discrete && keyTimes.count == count + 1) {
      return keyTimes
    }
    let divisions = Double(discrete ? count : count - 1)
    return (0..<count).map { Double($0) / divisions }
  }

  private func pacedValue(at f: Double) -> Value {
    var lengths: [Double] = [0]
    for i in 1..<values.count {
      lengths.append(lengths[i - 1] + Value.distance(from: values[i - 1], to: values[i]))
    }
    let total = lengths[lengths.count - 1]
    guard total > 0 else { return values[0] }
    let target = f * total
    var segment = 0
    while segment < values.count - 2 && target > lengths[segment + 1] { segment += 1 }
    let span = lengths[segment + 1] - lengths[segment]
    let u = span > 0 ? (target - lengths[segment]) / span : 1
    return Value.interpolate(from: values[segment], to: values[segment + 1], fraction: u)
  }

  private func catmullRom(segment i: Int, u: Double) -> Value {
    let p0 = values[max(i - 1, 0)]
    let p1 = values[i]
    let p2 = values[i + 1]
    let p3 = values[min(i + 2, values.count - 1)]
    let u2 = u * u
    let u3 = u2 * u
    return Value.combine([
      (p0, 0.5 * (-u + 2 * u2 - u3)),
      (p1, 0.5 * (2 - 5 * u2 + 3 * u3)),
      (p2, 0.5 * (u + 4 * u2 - 3 * u3)),
      (p3, 0.5 * (-u2 + u3)),
    ])
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
