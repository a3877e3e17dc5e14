internal import ReelCore

/// A bitmap, as CoreGraphics' `CGImage`: immutable pixels, `width` × `height`.
///
/// Underneath is Reel's premultiplied BGRA `Image`; a `CALayer`'s `contents` and
/// `UIImage.cgImage` carry it without copying.
public final class CGImage: @unchecked Sendable {
  /// Reel's pixels (never mutated after creation).
  let image: Image

  init(_ image: Image) { self.image = image }

  /// Width in pixels.
  public var width: Int { image.width }
  /// Height in pixels.
  public var height: Int { image.height }
  /// 8.
  public var bitsPerComponent: Int { 8 }
  /// 32.
  public var bitsPerPixel: Int { 32 }
  /// Bytes from one row to the next.
  public var bytesPerRow: Int { image.bytesPerRow }
}
