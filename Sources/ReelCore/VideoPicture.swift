/// A video frame's picture as the export pipeline carries it: premultiplied BGRA where
/// something was drawn in RGB, or 4:2:0 Y′CbCr straight from a decoder (or composited in
/// Y′CbCr) where the effects allow it.
public enum VideoPicture: Sendable {
  /// A premultiplied BGRA picture.
  case bgra(Image)
  /// An 8-bit 4:2:0 limited-range picture.
  case yuv(YUVImage)

  /// Width in pixels.
  public var width: Int {
    switch self {
    case .bgra(let image): return image.width
    case .yuv(let picture): return picture.width
    }
  }

  /// Height in pixels.
  public var height: Int {
    switch self {
    case .bgra(let image): return image.height
    case .yuv(let picture): return picture.height
    }
  }
}
