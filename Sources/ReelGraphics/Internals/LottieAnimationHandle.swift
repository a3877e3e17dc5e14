import CLottie
import ReelCore
import Synchronization

/// An owning handle on an rlottie `Lottie_Animation`, destroyed in `deinit`; every rlottie call
/// is here.
///
/// rlottie renders one frame at a time per animation (it updates its model in place), so
/// renders are serialised by a lock. The JSON handed in must refer to no file: rlottie would
/// read a file an image asset names (relative to its resource path), so the caller inlines
/// every image first (``LottieDocument``) and the resource path given is empty.
final class LottieAnimationHandle: Sendable {
  /// The animation; only touched while `lock` is held, or in `init`/`deinit`.
  private nonisolated(unsafe) let pointer: OpaquePointer
  private let lock = Mutex<Void>(())
  /// The animation's own size, in its pixels.
  let width: Int
  let height: Int
  /// Frames per second of the animation's own timeline.
  let frameRate: Double
  /// The number of frames rlottie renders (its `op - ip`).
  let frameCount: Int

  /// rlottie's model cache turned off, once per process: it would hand back a model parsed
  /// earlier for the same key instead of parsing the JSON given.
  private static let modelCacheOff: Void = reel_rlottie_configure_model_cache_size(0)
  /// Numbers the loads, so that no two share a key even with the cache on.
  private static let loads = Atomic<Int>(0)

  /// Parses an animation.
  ///
  /// - Parameter json: The Lottie JSON, with no reference to a file.
  /// - Returns: nil when rlottie cannot parse it, or it has no frame or no size.
  init?(json: String) {
    Self.modelCacheOff
    let key = "reel-lottie-\(Self.loads.add(1, ordering: .relaxed).newValue)"
    guard let animation = lottie_animation_from_data(json, key, "") else { return nil }
    var width = 0
    var height = 0
    lottie_animation_get_size(animation, &width, &height)
    let frameRate = lottie_animation_get_framerate(animation)
    let frameCount = lottie_animation_get_totalframe(animation)
    guard width > 0, height > 0, frameRate.isFinite, frameRate > 0, frameCount > 0,
      let count = Int(exactly: frameCount)
    else {
      lottie_animation_destroy(animation)
      return nil
    }
    self.pointer = animation
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.frameCount = count
  }

  deinit { lottie_animation_destroy(pointer) }

  /// Renders frame `frame` (clamped to the animation's frames) scaled to fill `image`, into
  /// its premultiplied BGRA pixels (rlottie's ARGB32 on a little-endian machine).
  func render(frame: Int, into image: inout Image) {
    let frame = min(max(frame, 0), frameCount - 1)
    let width = image.width
    let height = image.height
    let rowBytes = image.bytesPerRow
    guard width > 0, height > 0 else { return }
    lock.withLock { _ in
      image.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        lottie_animation_render(
          pointer, frame, base.assumingMemoryBound(to: UInt32.self), width, height, rowBytes)
      }
    }
  }
}
