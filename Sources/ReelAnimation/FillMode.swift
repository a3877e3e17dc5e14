/// What an animation shows outside its active period.
///
/// **Reel's default is ``forwards``** (Core Animation's is `removed`). Templates stack
/// animations on one property in time order — fade in during the first second, fade out
/// during the last — and the later one wins while it applies. With `forwards` each animation
/// holds its end value until a later one begins, so such sequences just work and nothing
/// snaps back to the model value when an animation ends (the classic
/// `removedOnCompletion` pitfall of AVFoundation exports). `both` as a default would break
/// those sequences: the fade-out would hold its start value from time 0 and hide the
/// fade-in. Before its begin time an animation with `forwards` shows the model value, so give
/// the model the look the layer should have before anything starts (for an overlay that fades
/// in at 1 s: model opacity 0), or use ``both`` on that single animation.
public enum FillMode: String, Sendable, Hashable, CaseIterable {
  /// Outside its active period the animation has no effect (Core Animation's default).
  case removed
  /// After its active period the animation holds its final value (Reel's default).
  case forwards
  /// Before its begin time the animation holds its initial value.
  case backwards
  /// Both ``forwards`` and ``backwards``.
  case both

  var fillsForwards: Bool { self == .forwards || self == .both }
  var fillsBackwards: Bool { self == .backwards || self == .both }
}
