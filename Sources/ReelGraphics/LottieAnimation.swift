import ReelCore
import Synchronization

/// A Lottie animation ready to draw: a checked ``LottieDocument`` parsed by rlottie.
///
/// Frames are drawn scaled to the size asked for, in premultiplied BGRA. Drawing is
/// serialised per animation (rlottie updates its model in place); values of this type are
/// shared freely between threads. Frames asked for with ``drawnFrame(_:width:height:)`` are
/// kept, cropped to the pixels they draw, within ``frameCacheBytes`` (see
/// ``LottieFrameCache``'s policy), so a loop draws each of its frames once.
///
///     let document = try LottieDocument(data: data, limits: limits) { name in … }
///     let animation = try LottieAnimation(document)
///     let image = try animation.frame(12, width: 320, height: 240)
public final class LottieAnimation: Sendable {
  /// The checked document.
  public let document: LottieDocument
  /// Bytes of drawn frames it may keep.
  public let frameCacheBytes: Int
  private let handle: LottieAnimationHandle
  private let cache: Mutex<LottieFrameCache>
  private let draws = Atomic<Int>(0)

  /// The default of ``frameCacheBytes``: 512 MiB.
  public static let defaultFrameCacheBytes = 512 << 20

  /// Parses a checked document.
  ///
  /// - Parameters:
  ///   - document: The animation, checked and self-contained.
  ///   - frameCacheBytes: Bytes of drawn frames it may keep (≥ 0; 0 keeps none).
  /// - Throws: ``LottieError/notParsed`` when rlottie cannot read it.
  public init(_ document: LottieDocument, frameCacheBytes: Int = defaultFrameCacheBytes)
    throws(LottieError)
  {
    guard let handle = LottieAnimationHandle(json: document.json) else { throw .notParsed }
    self.document = document
    self.handle = handle
    self.frameCacheBytes = max(frameCacheBytes, 0)
    self.cache = Mutex(LottieFrameCache(budget: frameCacheBytes))
  }

  /// How many frames rlottie has drawn for this animation (for tests and benchmarks).
  public var drawCount: Int { draws.load(ordering: .relaxed) }

  /// Bytes and number of the drawn frames kept.
  public var cachedFrames: (byteCount: Int, count: Int) {
    cache.withLock { ($0.byteCount, $0.count) }
  }

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

  /// Frame `index` (as ``frame(_:width:height:)``) cropped to the pixels it draws: taken from
  /// the kept frames, or drawn and kept when it fits in ``frameCacheBytes``.
  ///
  /// - Throws: ``GraphicsError/invalidSize(width:height:)`` or
  ///   ``GraphicsError/outOfMemory(_:)``.
  public func drawnFrame(_ index: Int, width: Int, height: Int) throws(GraphicsError)
    -> LottieFrame
  {
    let key = LottieFrameCache.Key(
      frame: min(max(index, 0), frameCount - 1), width: width, height: height)
    if let kept = cache.withLock({ $0[key] }) { return kept }
    let drawn = try LottieFrame(cropping: frame(key.frame, width: width, height: height))
    cache.withLock { $0.keep(drawn, for: key) }
    return drawn
  }
}
