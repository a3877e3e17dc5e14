import CYUV

/// Resamples a picture into a picture of another size with libyuv's bilinear scalers
/// (`ARGBScale` for BGRA, `I420Scale` for 4:2:0): a rectangle of the source is scaled onto a
/// rectangle of the target, and the target outside it is black (transparent black for BGRA,
/// which the writer encodes as black). Where the rectangles come from (stretch, letterbox,
/// crop) is the caller's rule.
public enum PictureScaler {
  /// `source`'s `sourceRect` scaled onto `targetRect` of a new `width` × `height` picture of
  /// the same form (BGRA stays BGRA, 4:2:0 stays 4:2:0 in its matrix).
  ///
  /// For 4:2:0 pictures the rectangles' origins are rounded down to even pixels, so the
  /// chroma planes line up.
  ///
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` when a rectangle is empty or lies
  ///   outside its picture, or the target cannot be allocated.
  public static func scale(
    _ source: VideoPicture, sourceRect: PixelRect, toWidth width: Int, height: Int,
    targetRect: PixelRect
  ) throws(MediaError) -> VideoPicture {
    try check(sourceRect, inWidth: source.width, height: source.height, what: "source")
    try check(targetRect, inWidth: width, height: height, what: "target")
    switch source {
    case .bgra(let image):
      var target: Image
      do {
        target = try Image(checkedWidth: width, height: height)
      } catch {
        throw .invalidArgument(path: "", reason: "no memory for a \(width)×\(height) picture")
      }
      let targetRow = target.bytesPerRow
      let status = image.withUnsafeBytes { from in
        target.withUnsafeMutableBytes { to -> Int32 in
          guard let from = from.baseAddress, let to = to.baseAddress else { return -1 }
          let sourceStart =
            (from + sourceRect.y * image.bytesPerRow + sourceRect.x * 4)
            .assumingMemoryBound(to: UInt8.self)
          let targetStart =
            (to + targetRect.y * targetRow + targetRect.x * 4)
            .assumingMemoryBound(to: UInt8.self)
          return ARGBScale(
            sourceStart, Int32(image.bytesPerRow), Int32(sourceRect.width),
            Int32(sourceRect.height), targetStart, Int32(targetRow),
            Int32(targetRect.width), Int32(targetRect.height), kFilterBilinear)
        }
      }
      guard status == 0 else {
        throw .invalidArgument(path: "", reason: "libyuv ARGBScale failed (\(status))")
      }
      return .bgra(target)
    case .yuv(let picture):
      // Even origins and sizes keep whole chroma samples inside each rectangle.
      let from = evenRect(sourceRect)
      let onto = evenRect(targetRect)
      var target = YUVImage(width: width, height: height, matrix: picture.matrix)
      let status = picture.withUnsafePlanes { source in
        target.withUnsafeMutablePlanes { planes -> Int32 in
          let chromaFrom = (x: from.x / 2, y: from.y / 2)
          let chromaOnto = (x: onto.x / 2, y: onto.y / 2)
          return I420Scale(
            source.luma + from.y * source.lumaStride + from.x, Int32(source.lumaStride),
            source.cb + chromaFrom.y * source.chromaStride + chromaFrom.x,
            Int32(source.chromaStride),
            source.cr + chromaFrom.y * source.chromaStride + chromaFrom.x,
            Int32(source.chromaStride), Int32(from.width), Int32(from.height),
            planes.luma + onto.y * planes.lumaStride + onto.x, Int32(planes.lumaStride),
            planes.cb + chromaOnto.y * planes.chromaStride + chromaOnto.x,
            Int32(planes.chromaStride),
            planes.cr + chromaOnto.y * planes.chromaStride + chromaOnto.x,
            Int32(planes.chromaStride), Int32(onto.width), Int32(onto.height), kFilterBilinear)
        }
      }
      guard status == 0 else {
        throw .invalidArgument(path: "", reason: "libyuv I420Scale failed (\(status))")
      }
      return .yuv(target)
    }
  }

  /// `rect` with its origin rounded down to even pixels (its far edge kept).
  private static func evenRect(_ rect: PixelRect) -> PixelRect {
    let x = rect.x - rect.x % 2
    let y = rect.y - rect.y % 2
    return PixelRect(x: x, y: y, width: rect.width + rect.x - x, height: rect.height + rect.y - y)
  }

  private static func check(_ rect: PixelRect, inWidth width: Int, height: Int, what: String)
    throws(MediaError)
  {
    guard rect.width >= 1, rect.height >= 1, rect.x >= 0, rect.y >= 0,
      rect.width <= width - rect.x, rect.height <= height - rect.y,
      width <= Int(Int32.max / 4), height <= Int(Int32.max)
    else {
      throw .invalidArgument(
        path: "",
        reason:
          "the \(what) rectangle \(rect.width)×\(rect.height) at (\(rect.x), \(rect.y)) does not lie inside the \(width)×\(height) picture"
      )
    }
  }
}
