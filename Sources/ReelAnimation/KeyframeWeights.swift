/// Which keyframe values make the value at a point of a pass, and with what weights: the one
/// owner of Core Animation's keyframe rules (key times, per-segment timing functions,
/// discrete, paced and Catmull-Rom cubic modes). ``KeyframeAnimation`` sums the weighted
/// values as ``Interpolatable`` components; ``ShapePathAnimation`` blends paths point by point.
struct KeyframeWeights {
  /// The number of values.
  var count: Int
  var keyTimes: [Double]?
  var timingFunctions: [TimingFunction]
  var calculationMode: CalculationMode
  /// The distance between values `i − 1` and `i` (paced mode).
  var distance: (Int) -> Double

  /// The weighted values at linear progress `fraction` of a pass: (value index, weight)
  /// pairs whose weights sum to 1; empty when there are no values.
  func terms(atFraction fraction: Double) -> [(index: Int, weight: Double)] {
    guard count > 0 else { return [] }
    guard count > 1 else { return [(0, 1)] }
    let f = min(max(fraction, 0), 1)
    switch calculationMode {
    case .discrete:
      let times = resolvedKeyTimes(discrete: true)
      var index = 0
      for i in 0..<count where times[i] <= f { index = i }
      return [(index, 1)]
    case .paced:
      return pacedTerms(at: f)
    case .linear, .cubic:
      let times = resolvedKeyTimes(discrete: false)
      guard f > times[0] else { return [(0, 1)] }
      guard let last = times.last, f < last else { return [(count - 1, 1)] }
      var segment = 0
      while segment < count - 2 && f >= times[segment + 1] { segment += 1 }
      let span = times[segment + 1] - times[segment]
      var u = span > 0 ? (f - times[segment]) / span : 1
      if segment < timingFunctions.count { u = timingFunctions[segment].progress(u) }
      if calculationMode == .linear { return [(segment, 1 - u), (segment + 1, u)] }
      return catmullRomTerms(segment: segment, u: u)
    }
  }

  private func resolvedKeyTimes(discrete: Bool) -> [Double] {
    if let keyTimes, keyTimes.count == count || (discrete && keyTimes.count == count + 1) {
      return keyTimes
    }
    let divisions = Double(discrete ? count : count - 1)
    return (0..<count).map { Double($0) / divisions }
  }

  private func pacedTerms(at f: Double) -> [(index: Int, weight: Double)] {
    var lengths: [Double] = [0]
    for i in 1..<count { lengths.append(lengths[i - 1] + distance(i)) }
    let total = lengths[lengths.count - 1]
    guard total > 0 else { return [(0, 1)] }
    let target = f * total
    var segment = 0
    while segment < count - 2 && target > lengths[segment + 1] { segment += 1 }
    let span = lengths[segment + 1] - lengths[segment]
    let u = span > 0 ? (target - lengths[segment]) / span : 1
    return [(segment, 1 - u), (segment + 1, u)]
  }

  /// Catmull-Rom through values i − 1 … i + 2 (the ends repeated), `u` into segment i.
  private func catmullRomTerms(segment i: Int, u: Double) -> [(index: Int, weight: Double)] {
    let u2 = u * u
    let u3 = u2 * u
    return [
      (max(i - 1, 0), 0.5 * (-u + 2 * u2 - u3)),
      (i, 0.5 * (2 - 5 * u2 + 3 * u3)),
      (i + 1, 0.5 * (u + 4 * u2 - 3 * u3)),
      (min(i + 2, count - 1), 0.5 * (-u2 + u3)),
    ]
  }
}
