import Foundation
import ReelCore

/// Animates one property with a damped spring (`CASpringAnimation`).
///
/// The value moves from the start to the end value (same `from`/`to`/`by` rules as
/// ``BasicAnimation``) along the motion of a mass on a damped spring released at the start
/// with ``initialVelocity``: natural frequency ω₀ = √(k/m), damping ratio ζ = c / (2√(km)).
/// Progress follows elapsed seconds of the pass, not the timing function; the duration
/// (default ``settlingDuration``) only decides when the pass ends.
public struct SpringAnimation<Value: Interpolatable>: Animation {
  /// The animated property.
  public var property: AnimatableProperty<Value>
  /// Start value, or nil.
  public var from: Value?
  /// End value, or nil.
  public var to: Value?
  /// Change, or nil.
  public var by: Value?
  /// Mass (> 0; default 1).
  public var mass: Double
  /// Spring stiffness k (> 0; default 100).
  public var stiffness: Double
  /// Damping coefficient c (≥ 0; default 10).
  public var damping: Double
  /// Initial velocity in distances per second (1 = the whole start-to-end distance in one
  /// second, towards the end value; default 0).
  public var initialVelocity: Double
  /// Adds the animated value to the value below it.
  public var isAdditive: Bool
  public var timing: AnimationTiming

  /// Makes a spring animation; the duration defaults to ``settlingDuration``.
  public init(
    _ property: AnimatableProperty<Value>, from: Value? = nil, to: Value? = nil, by: Value? = nil,
    mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
    beginTime: Double = 0, duration: Double? = nil, fillMode: FillMode = .forwards,
    additive: Bool = false
  ) {
    self.property = property
    self.from = from
    self.to = to
    self.by = by
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    self.isAdditive = additive
    self.timing = AnimationTiming(
      beginTime: beginTime, duration: AnimationTiming.defaultDuration, fillMode: fillMode)
    self.timing.duration = duration ?? settlingDuration
  }

  private var parameters: (omega: Double, zeta: Double) {
    let m = max(mass, 1e-9)
    let k = max(stiffness, 1e-9)
    return ((k / m).squareRoot(), max(damping, 0) / (2 * (k * m).squareRoot()))
  }

  /// Progress of the spring at `t` seconds after release: 0 at the start, tending to 1
  /// (overshooting when under-damped).
  public func progress(atElapsed t: Double) -> Double {
    1 - displacement(t).value
  }

  /// Remaining displacement (1 at release) and its envelope: a bound on |displacement|
  /// from `t` on.
  private func displacement(_ t: Double) -> (value: Double, envelope: Double) {
    let (omega, zeta) = parameters
    let v0 = initialVelocity
    if zeta < 1 - 1e-9 {
      let damped = omega * (1 - zeta * zeta).squareRoot()
      let b = (zeta * omega - v0) / damped
      let decay = exp(-zeta * omega * t)
      let value = decay * (cos(damped * t) + b * sin(damped * t))
      return (value, decay * (1 + b * b).squareRoot())
    }
    if zeta <= 1 + 1e-9 {
      let b = omega - v0
      let decay = exp(-omega * t)
      return (decay * (1 + b * t), decay * (1 + abs(b) * t))
    }
    let root = (zeta * zeta - 1).squareRoot()
    let r1 = -omega * (zeta - root)
    let r2 = -omega * (zeta + root)
    let c1 = (-v0 - r2) / (r1 - r2)
    let c2 = 1 - c1
    let value = c1 * exp(r1 * t) + c2 * exp(r2 * t)
    return (value, abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t))
  }

  /// Seconds until the spring is at rest: the first time the envelope of the remaining
  /// displacement (amplitude × decay, a bound on every later swing) falls to 0.1 % of the
  /// distance. For mass 1, stiffness 100 this gives ≈ 2.78 s with damping 5 and ≈ 0.98 s
  /// with damping 15 (Core Animation reports ≈ 2.85 s and ≈ 1.03 s). Infinite without damping.
  public var settlingDuration: Double {
    let threshold = 0.001
    guard damping > 0 else { return .infinity }
    var high = 1.0
    while displacement(high).envelope > threshold {
      high *= 2
      if high > 1e6 { return .infinity }
    }
    var low = 0.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if displacement(middle).envelope > threshold { low = middle } else { high = middle }
    }
    return high
  }

  public func apply(to presentation: inout LayerProperties, model: LayerProperties, at time: Double)
  {
    guard let phase = timing.phase(at: time) else { return }
    let ends = ValueEndpoints(from: from, to: to, by: by, current: model[keyPath: property.keyPath])
    let value = Value.interpolate(
      from: ends.start, to: ends.end, fraction: progress(atElapsed: phase.elapsed))
    store(
      value, into: &presentation, property: property, additive: isAdditive, cumulative: false,
      iteration: 0, passChange: ends.end)
  }
}
