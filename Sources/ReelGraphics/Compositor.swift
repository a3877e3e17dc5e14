import Dispatch
import ReelCore

/// Draws rasters onto an output image: the per-frame compositing step.
///
/// A draw maps the source's pixel space onto the destination's with a transform; pixel
/// (i, j) covers [i, i + 1) × [j, j + 1) and is sampled at its centre. The path taken
/// depends on the transform:
///
/// - **Whole-pixel translation**: an exact copy or OVER, no resampling; source pixels land
///   bit-exact (OVER rounds `s + d · (255 − sα) / 255` exactly). Without a mask this runs
///   through pixman's SIMD paths, which round the same way; with one, through Reel's own.
/// - **Affine or perspective** (a ``Transform3D`` from a 3D layer, m34 ≠ 0): Reel's
///   scanline warp (bilinear sampling, transparent outside the source so edges are
///   antialiased; only the visible part of a layer turned past the eye plane is drawn).
///
/// Opacity multiplies the source; a ``Clip`` limits or masks the draw.
///
///     var frame = Image(width: 1920, height: 1080)
///     try Compositor.draw(video, onto: &frame)                          // copy-like OVER
///     let tilt = Transform3D(translationX: -960, y: -540, z: 0)
///       .concatenating(Transform3D(rotationAngle: .pi / 6, x: 0, y: 1, z: 0))
///       .concatenating(.perspective(distance: 1000))
///       .concatenating(Transform3D(translationX: 960, y: 540, z: 0))
///     try Compositor.draw(logo, onto: &frame, transform: tilt, opacity: 0.8)
public enum Compositor {
  /// Draws `source` onto `destination` through a 3D (possibly perspective) transform.
  ///
  /// - Parameters:
  ///   - source: The premultiplied image to draw.
  ///   - destination: The image drawn on.
  ///   - transform: Maps source pixel coordinates (in the plane z = 0) to destination pixel
  ///     coordinates; perspective comes from m14/m24/m34 as in ``Transform3D/project(_:)``.
  ///     Parts of the layer at or behind the eye (w ≤ 0) are not drawn; a singular or
  ///     non-finite transform draws nothing.
  ///   - opacity: 0…1 (clamped; NaN counts as 0), multiplied into every source pixel and
  ///     rounded to 1/255.
  ///   - clip: Where the destination may change, or `nil` for everywhere.
  ///   - blend: How the source combines with the destination.
  /// - Throws: ``GraphicsError/pixman(operation:)`` when pixman cannot make its images (out
  ///   of memory); whole-pixel draws without a mask go through pixman's SIMD paths.
  public static func draw(
    _ source: Image, onto destination: inout Image, transform: Transform3D = .identity,
    opacity: Double = 1, clip: Clip? = nil, blend: BlendMode = .sourceOver
  ) throws(GraphicsError) {
    try draw(
      source, onto: &destination, transform: transform, opacity: opacity, clip: clip,
      blend: blend, engine: .reel)
  }

  /// ``draw(_:onto:transform:opacity:clip:blend:)`` by a chosen implementation, for the
  /// benchmarks and tests that compare them.
  ///
  /// - Parameters:
  ///   - engine: Reel's own kernels (single-threaded, what the public draws use), the same
  ///     split over threads, or pixman (the reference).
  ///   - Other parameters: as in ``draw(_:onto:transform:opacity:clip:blend:)``.
  /// - Throws: ``GraphicsError/pixman(operation:)`` when pixman cannot make its images (out
  ///   of memory); whole-pixel draws without a mask go through pixman in every engine.
  @_spi(Benchmarks) public static func draw(
    _ source: Image, onto destination: inout Image, transform: Transform3D = .identity,
    opacity: Double = 1, clip: Clip? = nil, blend: BlendMode = .sourceOver, engine: Engine
  ) throws(GraphicsError) {
    let opacity8 = opacityByte(opacity)
    let isCopy = blend == .copy
    if opacity8 == 0 && !isCopy { return }
    guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0
    else { return }
    // Only the plane z = 0 is drawn: drop z so a flattened layer is seen as affine.
    let transform = transform.planeProjection
    let integerOffset = transform.affineTransform?.integerTranslation
    var warp: PerspectiveWarp?
    if integerOffset == nil {
      warp = PerspectiveWarp(
        transform: transform, sourceWidth: source.width, sourceHeight: source.height)
      if warp == nil { return }
    }
    let clipOrAll =
      clip
      ?? .rect(
        Rect(x: 0, y: 0, width: Double(destination.width), height: Double(destination.height)))
    let width = destination.width
    let height = destination.height
    let stride = destination.bytesPerRow
    try destination.withUnsafeMutableBytes { (target) throws(GraphicsError) in
      try clipOrAll.withRegion(destinationWidth: width, destinationHeight: height) {
        (region) throws(GraphicsError) in
        guard !region.box.isEmpty else { return }
        switch engine {
        case .pixman:
          try PixmanCompositor.draw(
            source: source, destination: target, destinationSize: (width, height),
            destinationStride: stride, integerOffset: integerOffset, warp: warp,
            region: region, opacity: opacity8, isCopy: isCopy)
        case .reel where integerOffset != nil && region.coverage == nil,
          .reelParallel where integerOffset != nil && region.coverage == nil:
          // pixman's SIMD OVER and SRC round exactly like Reel's kernels and are faster for
          // whole-pixel copies.
          try PixmanCompositor.draw(
            source: source, destination: target, destinationSize: (width, height),
            destinationStride: stride, integerOffset: integerOffset, warp: nil,
            region: region, opacity: opacity8, isCopy: isCopy)
        case .reel:
          drawWithReel(
            source: source, target: target, destinationStride: stride,
            integerOffset: integerOffset, warp: warp, region: region, opacity: opacity8,
            isCopy: isCopy, threads: 1)
        case .reelParallel(let threads):
          drawWithReel(
            source: source, target: target, destinationStride: stride,
            integerOffset: integerOffset, warp: warp, region: region, opacity: opacity8,
            isCopy: isCopy, threads: threads)
        }
      }
    }
  }

  /// Draws `source` onto `destination` through a 2D transform; see
  /// ``draw(_:onto:transform:opacity:clip:blend:)`` for the parameters.
  ///
  /// - Throws: ``GraphicsError/pixman(operation:)`` when pixman cannot make its images.
  public static func draw(
    _ source: Image, onto destination: inout Image, transform: AffineTransform,
    opacity: Double = 1, clip: Clip? = nil, blend: BlendMode = .sourceOver
  ) throws(GraphicsError) {
    try draw(
      source, onto: &destination, transform: Transform3D(transform), opacity: opacity,
      clip: clip, blend: blend, engine: .reel)
  }

  /// The 2D-transform draw by a chosen implementation, for the benchmarks; see
  /// ``draw(_:onto:transform:opacity:clip:blend:engine:)``.
  ///
  /// - Throws: ``GraphicsError/pixman(operation:)`` when pixman cannot make its images.
  @_spi(Benchmarks) public static func draw(
    _ source: Image, onto destination: inout Image, transform: AffineTransform,
    opacity: Double = 1, clip: Clip? = nil, blend: BlendMode = .sourceOver, engine: Engine
  ) throws(GraphicsError) {
    try draw(
      source, onto: &destination, transform: Transform3D(transform), opacity: opacity,
      clip: clip, blend: blend, engine: engine)
  }

  /// Draws `source` onto `destination` through a mask: the mask's alpha at each destination
  /// pixel scales the source there (a masked or clipped layer).
  ///
  /// - Parameters:
  ///   - mask: An image in destination space; its pixel (i, j) covers destination pixel
  ///     (i, j), and destination pixels outside it are left unchanged.
  ///   - Other parameters: as in ``draw(_:onto:transform:opacity:clip:blend:)``.
  /// - Throws: ``GraphicsError/pixman(operation:)`` when pixman cannot make its images.
  public static func draw(
    _ source: Image, onto destination: inout Image, transform: Transform3D = .identity,
    opacity: Double = 1, mask: Image, blend: BlendMode = .sourceOver
  ) throws(GraphicsError) {
    try draw(
      source, onto: &destination, transform: transform, opacity: opacity, mask: mask,
      blend: blend, engine: .reel)
  }

  /// The masked draw by a chosen implementation, for the tests that compare them.
  package static func draw(
    _ source: Image, onto destination: inout Image, transform: Transform3D = .identity,
    opacity: Double = 1, mask: Image, blend: BlendMode = .sourceOver, engine: Engine
  ) throws(GraphicsError) {
    try draw(
      source, onto: &destination, transform: transform, opacity: opacity, clip: .mask(mask),
      blend: blend, engine: engine)
  }

  /// Opacity 0…1 as a byte, clamped, NaN as 0.
  static func opacityByte(_ opacity: Double) -> UInt64 {
    guard opacity > 0 else { return 0 }
    return UInt64((min(opacity, 1) * 255).rounded())
  }

  private static func drawWithReel(
    source: Image, target: UnsafeMutableRawBufferPointer, destinationStride: Int,
    integerOffset: (x: Int, y: Int)?, warp: PerspectiveWarp?, region: ClipRegion,
    opacity: UInt64, isCopy: Bool, threads: Int
  ) {
    guard let targetBase = target.baseAddress else { return }
    let destinationPixels = targetBase.assumingMemoryBound(to: UInt32.self)
    let destinationRow = destinationStride / 4
    source.withUnsafeBytes { raw in
      guard let sourceBase = raw.baseAddress else { return }
      let sourcePixels = sourceBase.assumingMemoryBound(to: UInt32.self)
      let sourceRow = source.bytesPerRow / 4
      if let offset = integerOffset {
        let box = region.box.intersection(
          PixelBox(
            x0: offset.x, y0: offset.y, x1: offset.x + source.width,
            y1: offset.y + source.height))
        guard !box.isEmpty else { return }
        for y in box.y0..<box.y1 {
          BlendRows.blend(
            source: sourcePixels + (y - offset.y) * sourceRow + (box.x0 - offset.x),
            destination: destinationPixels + y * destinationRow + box.x0, count: box.width,
            coverage: region.coverage?.pointer(x: box.x0, y: y),
            coverageStride: region.coverage?.pixelStride ?? 0, opacity: opacity, isCopy: isCopy)
        }
      } else if let warp {
        let rows = region.box.y0..<region.box.y1
        let parts = min(max(threads, 1), max(rows.count / 16, 1))
        guard parts > 1 else {
          warp.draw(
            source: sourcePixels, sourceStride: sourceRow, destination: destinationPixels,
            destinationStride: destinationRow, region: region, opacity: opacity,
            isCopy: isCopy, rows: rows)
          return
        }
        // Each part draws its own band of destination rows: no two threads write the same
        // pixel, and all of them only read the source and the clip coverage.
        let job = ParallelWarpJob(
          warp: warp, source: sourcePixels, sourceStride: sourceRow,
          destination: destinationPixels, destinationStride: destinationRow, region: region,
          opacity: opacity, isCopy: isCopy)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
          let start = rows.lowerBound + rows.count * part / parts
          let end = rows.lowerBound + rows.count * (part + 1) / parts
          job.draw(rows: start..<end)
        }
      }
    }
  }
}

/// One perspective draw shared by the threads of ``Compositor/Engine/reelParallel(threads:)``.
///
/// Thread rule: the threads only read `source` and the clip coverage, and each writes a
/// disjoint band of destination rows, all while the caller's `withUnsafe…Bytes` closures
/// keep the memory alive (`concurrentPerform` returns only when every band is done). That is
/// what makes the `@unchecked Sendable` sound.
private struct ParallelWarpJob: @unchecked Sendable {
  let warp: PerspectiveWarp
  let source: UnsafePointer<UInt32>
  let sourceStride: Int
  let destination: UnsafeMutablePointer<UInt32>
  let destinationStride: Int
  let region: ClipRegion
  let opacity: UInt64
  let isCopy: Bool

  func draw(rows: Range<Int>) {
    warp.draw(
      source: source, sourceStride: sourceStride, destination: destination,
      destinationStride: destinationStride, region: region, opacity: opacity, isCopy: isCopy,
      rows: rows)
  }
}
