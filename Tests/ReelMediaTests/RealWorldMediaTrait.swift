import TestSupport
import Testing

extension Trait where Self == ConditionTrait {
  /// Runs the test only when the real-world clips are fetched (see ``RealWorldMedia``), so
  /// without them it is reported as skipped.
  static var needsRealWorldMedia: Self {
    .enabled(if: RealWorldMedia.isAvailable, Comment(rawValue: RealWorldMedia.absence))
  }
}
