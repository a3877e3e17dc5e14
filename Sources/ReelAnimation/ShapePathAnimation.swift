import ReelCore

/// Changes a shape layer's outline over time (Core Animation's `path` key path on a
/// `CAShapeLayer`): the drawn path passes through `values` with the keyframe rules of
/// ``KeyframeAnimation`` (key times, per-segment timing functions, linear, discrete, paced
/// and cubic modes), blended point by point.
///
/// Paths blend when they have the same elements in the same order
/// (``ReelCore/Path/hasSameStructure(as:)``). Between two values that do not — Core
/// Animation leaves that case undefined — the drawing switches from one to the other halfway
/// through the segment, so nothing is made up.
///
///     let grow = ShapePathAnimation(
///       from: Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)),
///       to: Path(rect: Rect(x: 0, y: 0, width: 100, height: 10)), duration: 2)
public struct ShapePathAnimation: Animation {
  /// The outlines, in the layer's local pixels.
  public var values: [Path]
  /// Fractions of a pass at which each value is reached (nil spaces them evenly).
  public var keyTimes: [Double]?
  /// Easing of each segment between values.
  public var timingFunctions: [TimingFunction]
  /// How values between keyframes are computed.
  public var calculationMode: CalculationMode
  public var timing: AnimationTiming

  /// Makes a keyframe path animation.
  ///
  /// - Parameters:
  ///   - values: The outlines passed through, in order.
  ///   - keyTimes: Fractions of a pass for each value (nil spaces them evenly).
  ///   - calculationMode: Linear (default), discrete, paced or cubic.
  ///   - timingFunctions: Easing of each segment.
  ///   - beginTime: Start on the parent timeline, seconds.
  ///   - duration: Seconds per pass (≤ 0 means ``AnimationTiming/defaultDuration``).
  ///   - repeatCount: Passes (fractional allowed, `.infinity` forever; 0 = one).
  ///   - autoreverses: Play back after each pass.
  ///   - fillMode: What shows outside the active period (default forwards).
  public init(
    values: [Path], keyTimes: [Double]? = nil, calculationMode: CalculationMode = .linear,
    timingFunctions: [TimingFunction] = [], beginTime: Double = 0,
    duration: Double = AnimationTiming.defaultDuration,
    repeatCount: Double = 0, autoreverses: Bool = false, fillMode: FillMode = .forwards
  ) {
    self.values = values
    self.keyTimes = keyTimes
    self.calculationMode = calculationMode
    self.timingFunctions = timingFunctions
    self.timing = AnimationTiming(
      beginTime: beginTime, duration: duration, repeatCount: repeatCount,
      autoreverses: autoreverses, fillMode: fillMode)
  }

  /// Makes a path animation from one outline to another (a basic animation of `path`).
  ///
  /// - Parameters:
  ///   - from: The outline at the start of a pass.
  ///   - to: The outline at its end.
  ///   - beginTime: Start on the parent timeline, seconds.
  ///   - duration: Seconds per pass (≤ 0 means ``AnimationTiming/defaultDuration``).
  ///   - timingFunction: Easing (default linear).
  ///   - repeatCount: Passes (0 = one).
  ///   - autoreverses: Play back after each pass.
  ///   - fillMode: What shows outside the active period (default forwards).
  public init(
    from: Path, to: Path, beginTime: Double = 0, duration: Double = AnimationTiming.defaultDuration,
    timingFunction: TimingFunction = .linear, repeatCount: Double = 0,
    autoreverses: Bool = false, fillMode: FillMode = .forwards
  ) {
    self.init(
      values: [from, to], beginTime: beginTime, duration: duration, repeatCount: repeatCount,
      autoreverses: autoreverses, fillMode: fillMode)
    timing.timingFunction = timingFunction
  }

  /// The outline at linear progress `fraction` in [0, 1] of a pass (after the animation's
  /// own timing function), or nil when there are no values.
  public func path(atFraction fraction: Double) -> Path? {
    let values = values
    let weights = KeyframeWeights(
      count: values.count, keyTimes: keyTimes, timingFunctions: timingFunctions,
      calculationMode: calculationMode,
      distance: { values[$0 - 1].morphDistance(to: values[$0]) ?? 0 })
    let terms = weights.terms(atFraction: fraction)
    guard let heaviest = terms.max(by: { $0.weight < $1.weight }) else { return nil }
    if terms.count == 1 { return values[heaviest.index] }
    return Path.blend(terms.map { (values[$0.index], $0.weight) })
      ?? values[nearestEnd(of: terms)]
  }

  /// For values that cannot be blended: the end of the segment the progress is nearer to
  /// (the segment's two ends are the terms with the two largest weights).
  private func nearestEnd(of terms: [(index: Int, weight: Double)]) -> Int {
    let ends = terms.sorted { $0.weight > $1.weight }.prefix(2).sorted { $0.index < $1.index }
    guard let start = ends.first, let end = ends.last else { return 0 }
    return end.weight > start.weight ? end.index : start.index
  }

  public func apply(to presentation: inout LayerProperties, model: LayerProperties, at time: Double)
  {
    guard let phase = timing.phase(at: time),
      let path = path(atFraction: timing.timingFunction.progress(phase.fraction))
    else { return }
    presentation.shapePath = path
  }
}
