import ReelCore

/// An animation of a layer's properties: a pure function from time to changes of the
/// layer's presentation values.
///
/// Concrete kinds: ``BasicAnimation``, ``KeyframeAnimation``, ``PathAnimation``,
/// ``SpringAnimation`` and ``AnimationGroup``. A layer applies its animations in the order
/// they were added; on one property a later animation replaces the value unless it is
/// additive (then it adds to it). Times are seconds on the composition timeline (0 = its
/// start) — see ``AnimationTiming``; the default fill is ``FillMode/forwards`` (see
/// ``FillMode`` for why).
public protocol Animation: Sendable {
  /// When and how the animation runs.
  var timing: AnimationTiming { get set }

  /// Applies the animation's effect at a time.
  ///
  /// - Parameters:
  ///   - presentation: The values so far (model values with earlier animations applied);
  ///     updated in place.
  ///   - model: The layer's model values (the "current" value of `from`/`to`/`by` rules).
  ///   - time: Seconds on the parent's timeline (the composition, or the enclosing group).
  func apply(to presentation: inout LayerProperties, model: LayerProperties, at time: Double)
}

/// The `from`/`to`/`by` rules of basic and spring animations (semantics §5), with the model
/// value as "current".
struct ValueEndpoints<Value: Interpolatable> {
  var start: Value
  var end: Value

  init(from: Value?, to: Value?, by: Value?, current: Value) {
    switch (from, to, by) {
    case (let from?, let to?, _): (start, end) = (from, to)
    case (let from?, nil, let by?): (start, end) = (from, Value.adding(from, by))
    case (nil, let to?, let by?): (start, end) = (Value.subtracting(to, by), to)
    case (let from?, nil, nil): (start, end) = (from, current)
    case (nil, let to?, nil): (start, end) = (current, to)
    case (nil, nil, let by?): (start, end) = (current, Value.adding(current, by))
    case (nil, nil, nil): (start, end) = (current, current)
    }
  }
}

/// Writes an animated value: replaces, or adds when additive; adds `iteration` times the
/// per-pass change when cumulative.
func store<Value: Interpolatable>(
  _ value: Value, into presentation: inout LayerProperties,
  property: AnimatableProperty<Value>, additive: Bool, cumulative: Bool, iteration: Int,
  passChange: @autoclosure () -> Value
) {
  var result = value
  if cumulative, iteration > 0 {
    result = Value.combine([(value, 1), (passChange(), Double(iteration))])
  }
  if additive {
    result = Value.adding(presentation[keyPath: property.keyPath], result)
  }
  presentation[keyPath: property.keyPath] = result
}
