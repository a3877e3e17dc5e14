internal import ReelAnimation
internal import ReelCore

extension AVVideoCompositionCoreAnimationTool {
  /// The layer tree as Reel draws it, taken when an export (or a still) starts: Core
  /// Animation's y-up space under the tool, the video layers as Reel video layers of the
  /// main source, every animation as a Reel animation.
  ///
  /// SKELETON contract for the quartz helper: replace the body; keep the signature.
  ///
  /// - Parameter renderSize: The video composition's render size in pixels.
  /// - Throws: `CompatFailure` naming anything Reel cannot draw the way Apple would (a layer
  ///   class, a key path), with code `.invalidVideoComposition`.
  func snapshotLayerTree(renderSize: CGSize) throws(CompatFailure) -> LayerTree {
    throw CompatFailure(.invalidVideoComposition, "layer trees are not snapshotted yet")
  }
}
