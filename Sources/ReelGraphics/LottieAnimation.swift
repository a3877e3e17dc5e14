import ReelCore
import Synchronization

/// A Lottie animation ready to draw: a checked ``LottieDocument`` parsed by rlottie.
///
/// Frames are drawn scaled to the size asked for, in premultiplied BGRA. Drawing is
/// serialised per animation (rlottie updates its model in place); values of this type are
/// shared freely between threads. It keeps no frames: the renderer keeps the frames it
/// draws (cropped, ``drawnFrame(_:width:height:)``) within its one raster budget
/// (``ResourceLimits/rasterCacheBytes`` in Reel), so a loop draws each of its frames once
/// and several animations together stay within that budget.
///
///     let document = try LottieDocument(data: data, limits: limits) { name in … }
///     let animation = try LottieAnimation(document)
///     let image = try animation.frame(12, width: 320, height: 240)
public final class LottieAnimation: Sendable {
  /// The checked document.
  public let document: LottieDocument
  private let handle: LottieAnimationHandle
  private let draws = Atomic<Int>(0)

  /// Parses a checked document.
  ///
  /// - Parameter document: The animation, checked and self-contained.
  /// - Throws: ``LottieError/notParsed`` when rlottie cannot read it.
  public init(_ document: LottieDocument) throws(LottieError) {
    guard let handle = LottieAnimationHandle(json: document.json) else { throw .notParsed }
    self.document = document
    self.handle = handle
  }

  /// How many frames rlottie has drawn for this animation (for tests and benchmarks).
  public var drawCount: Int { draws.load(ordering: .relaxed) }

  /// The number of frames rlottie plays (the timeline's `op - ip`).
  public var frameCount: Int { handle.frameCount }

  /// Frames per second of the animation's timeline.
  public var frameRate: Double { handle.frameRate }

  /// Draws frame `index` (counted from the timeline's first frame, clamped to the frames)
  /// scaled to `width` × `height` pixels.
  ///
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` or
  ///   ``GraphicsError/outOfMemory(_:)``.
  public func frame(_ index: Int, width: Int, height: Int) throws(GraphicsError) -> Image {
    guard (1...PixelLimits.maximumCanvasSide).contains(width),
      (1...PixelLimits.maximumCanvasSide).contains(height)
    else { throw .invalidSize(width: width, height: height) }
    var image = try Image.allocating(width: width, height: height)
    handle.render(frame: index, into: &image)
    draws.add(1, ordering: .relaxed)
    return image
  }

  /// Frame `index` (clamped to the frames, as ``frame(_:width:height:)``) cropped to the
  /// pixels it draws.
  ///
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` or
  ///   ``GraphicsError/outOfMemory(_:)``.
  public func drawnFrame(_ index: Int, width: Int, height: Int) throws(GraphicsError)
    -> LottieFrame
  {
    try LottieFrame(
      cropping: frame(min(max(index, 0), frameCount - 1), width: width, height: height))
  }
}
