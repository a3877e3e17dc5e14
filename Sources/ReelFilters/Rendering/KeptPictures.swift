import ReelCore
import Synchronization

/// The last pictures a renderer's direct paths wrote, taken again for a later render once
/// whoever received them has let them go: a video's frames are rendered one after another,
/// and a picture allocated afresh for every frame (8 MB at 1080p) takes fresh pages from the
/// system (the allocator's threshold for that is 128 KiB in an export), which the kernel
/// clears. A frame filter's output becomes the next frame's canvas, so two are kept: while
/// one is drawn on, the other is free.
final class KeptPictures: Sendable {
  /// How many pictures are kept.
  static let capacity = 2

  private let kept = Mutex<[Image]>([])

  /// A kept picture of `width` × `height` pixels that no one else holds (its pixels are left
  /// over from its last render), or `nil`.
  func take(width: Int, height: Int) -> Image? {
    kept.withLock { kept in
      for index in kept.indices where kept[index].width == width && kept[index].height == height {
        var picture = kept.remove(at: index)
        if picture.hasUnsharedPixels() { return picture }
        kept.insert(picture, at: index)
      }
      return nil
    }
  }

  /// Keeps `picture` (shared with whoever it is given to) for a later render, the most recent
  /// first, at most ``capacity``.
  func keep(_ picture: Image) {
    kept.withLock { kept in
      kept.insert(picture, at: 0)
      if kept.count > Self.capacity { kept.removeLast(kept.count - Self.capacity) }
    }
  }
}
