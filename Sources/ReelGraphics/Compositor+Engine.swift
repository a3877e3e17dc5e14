extension Compositor {
  /// Which implementation draws.
  public enum Engine: Sendable, Hashable {
    /// Reel's own kernels: exact integer-translation copies, and a scanline bilinear warp
    /// for affine and perspective transforms. The default.
    case reel
    /// Reel's kernels, with perspective and affine warps split into `threads` bands of rows
    /// drawn concurrently (whole-pixel draws stay single-threaded). For a renderer that has
    /// cores to spare; the export pipeline already runs decode, composite and encode on
    /// separate threads.
    case reelParallel(threads: Int)
    /// pixman for everything (`pixman_image_composite32` with a bilinear filter and a
    /// projective transform where needed): the reference the fast paths are measured
    /// against. Much slower for perspective. With ``BlendMode/copy`` it follows the X Render
    /// rule: the whole clipped bounding box of the transformed source is replaced.
    case pixman
  }
}
