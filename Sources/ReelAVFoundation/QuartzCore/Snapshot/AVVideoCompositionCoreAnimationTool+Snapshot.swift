internal import ReelAnimation
internal import ReelCore

extension AVVideoCompositionCoreAnimationTool {
  /// The layer tree as Reel draws it, taken when an export (or a still) starts.
  ///
  /// The rule for the export's space, as on Apple: the tool's parent space (the space the
  /// animation layer's own frame is in) is y-up, origin at the bottom-left of the render
  /// size. The snapshot puts the animation layer into a full-size container whose geometry
  /// is flipped (Reel's `LayerProperties.isGeometryFlipped`), so every layer keeps its
  /// geometry as the program wrote it and Reel's renderer mirrors it: `position.y` grows
  /// upwards, a positive `transform.rotation.z` turns counter-clockwise on screen, paths
  /// and gradients are y-up; images, text and video stay upright. A layer that sets
  /// `isGeometryFlipped` flips its sublayers back to y-down (flips nest, as on Apple). The
  /// video layers become Reel video layers of the main source: each frame they show the
  /// whole composited frame in their bounds (stretched, by their contents gravity).
  ///
  /// - Parameter renderSize: The video composition's render size in pixels.
  /// - Throws: `CompatFailure` naming anything Reel cannot draw the way Apple would (a layer
  ///   class, a key path), with code `.invalidVideoComposition`.
  func snapshotLayerTree(renderSize: CGSize) throws(CompatFailure) -> LayerTree {
    let size = renderSize.reelSize
    let snapshotter = LayerSnapshotter(videoLayers: videoLayers)
    for videoLayer in videoLayers where !snapshotter.isInTree(videoLayer, root: animationLayer) {
      throw CompatFailure(
        .invalidVideoComposition,
        "the Core Animation tool's video layer \(LayerSnapshotter.describe(videoLayer, at: nil)) "
          + "is not in the tree under its animation layer: add it with addSublayer(_:) to the "
          + "layer passed as `in:`")
    }
    let root = try snapshotter.snapshot(animationLayer, path: "animationLayer", mirrored: true)
    var container = Layer(
      name: nil, properties: LayerProperties(frame: Rect(origin: .zero, size: size)),
      sublayers: [root])
    container.properties.isGeometryFlipped = true
    return LayerTree(root: container, renderSize: size)
  }
}
