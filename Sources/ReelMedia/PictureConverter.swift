import CFFmpeg

/// Turns ``YUVImage``s (and ``VideoPicture``s) into premultiplied BGRA ``Image``s with the
/// same conversion ``VideoReader`` uses, so a frame converted late is pixel for pixel the
/// frame the reader would have returned.
///
/// Not Sendable: owns a swscale context; make one per thread.
package final class PictureConverter {
  private var converter: FrameConverter?
  private let scratch: FFFrame

  /// Makes a converter.
  ///
  /// - Throws: ``MediaError/decodeFailed(path:reason:)`` when memory is exhausted.
  package init() throws(MediaError) {
    guard let frame = FFFrame() else {
      throw MediaError.decodeFailed(path: "(picture)", reason: "out of memory")
    }
    scratch = frame
  }

  /// The picture as premultiplied BGRA (opaque).
  ///
  /// - Throws: ``MediaError/decodeFailed(path:reason:)`` when swscale fails.
  package func image(from picture: VideoPicture) throws(MediaError) -> Image {
    switch picture {
    case .bgra(let image): return image
    case .yuv(let yuv): return try image(from: yuv)
    }
  }

  /// The picture as premultiplied BGRA (opaque).
  ///
  /// - Throws: ``MediaError/decodeFailed(path:reason:)`` when swscale fails.
  package func image(from picture: YUVImage) throws(MediaError) -> Image {
    let converter: FrameConverter
    if let existing = self.converter, existing.codedWidth == picture.width,
      existing.codedHeight == picture.height
    {
      converter = existing
    } else {
      converter = FrameConverter(
        codedWidth: picture.width, codedHeight: picture.height, rotation: 0)
      self.converter = converter
    }
    let frame = scratch.pointer
    defer { av_frame_unref(frame) }
    do {
      return try picture.withUnsafePlanes { planes throws(FFmpegError) in
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(planes.width)
        frame.pointee.height = Int32(planes.height)
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.colorspace =
          picture.matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        frame.pointee.data.0 = planes.luma
        frame.pointee.data.1 = planes.cb
        frame.pointee.data.2 = planes.cr
        frame.pointee.linesize.0 = Int32(planes.lumaStride)
        frame.pointee.linesize.1 = Int32(planes.chromaStride)
        frame.pointee.linesize.2 = Int32(planes.chromaStride)
        return try converter.convert(frame)
      }
    } catch {
      throw MediaError.decodeFailed(path: "(picture)", reason: error.description)
    }
  }
}
