import CReelKernels

extension Compositor {
  /// Which implementation draws: a knob for the benchmarks and the tests that measure
  /// Reel's kernels against pixman, not for rendering (every public draw uses ``reel``).
  /// Reached with `@_spi(Benchmarks) import ReelGraphics`.
  @_spi(Benchmarks) public enum Engine: Sendable, Hashable {
    /// Reel's own kernels: exact integer-translation copies, and a scanline bilinear warp
    /// for affine and perspective transforms. What the public draws use.
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

  /// The build of Reel's perspective-warp kernel this CPU runs, for benchmark reports:
  /// `"AVX2"`, or `"baseline"` (SSE2 on x86-64) where AVX2 is missing.
  @_spi(Benchmarks) public static var warpKernelName: String {
    reel_warp_variant_available(REEL_WARP_VARIANT_AVX2) != 0 ? "AVX2" : "baseline"
  }
}
