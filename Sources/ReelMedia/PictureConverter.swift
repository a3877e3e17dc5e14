import CFFmpeg

/// Turns ``YUVImage``s (and ``VideoPicture``s) into premultiplied BGRA ``Image``s with the
/// same conversion ``VideoReader`` uses, so a frame converted late is pixel for pixel the
/// frame the reader would have returned.
///
/// Not Sendable: owns a swscale context; make one per thread.
package final class PictureConverter {
  private var converter: FrameConverter?
  private let scratch: FFFrame
  /// The pool the Y′CbCr pictures it makes take their buffers from.
  private let pictures: YUVBufferPool

  /// Makes a converter.
  ///
  /// - Parameter pictures: The pool the Y′CbCr pictures it makes take their buffers from
  ///   (an export's own; ``YUVBufferPool/shared`` elsewhere).
  /// - Throws: ``MediaError/decodeFailed(path:reason:)`` when memory is exhausted.
  package init(pictures: YUVBufferPool = .shared) throws(MediaError) {
    self.pictures = pictures
    FFmpegLogging.configure()
    guard let frame = FFFrame() else {
      throw MediaError.decodeFailed(path: "(picture)", reason: "out of memory")
    }
    scratch = frame
  }

  /// The picture as premultiplied BGRA (opaque).
  ///
  /// - Throws: ``MediaError/decodeFailed(path:reason:)`` when swscale fails,
  ///   ``MediaError/outOfMemory(path:_:)`` when the image cannot be allocated.
  package func image(from picture: VideoPicture) throws(MediaError) -> Image {
    switch picture {
    case .bgra(let image): return image
    case .yuv(let yuv): return try image(from: yuv)
    }
  }

  /// The picture as premultiplied BGRA (opaque).
  ///
  /// - Throws: ``MediaError/decodeFailed(path:reason:)`` when swscale fails,
  ///   ``MediaError/outOfMemory(path:_:)`` when the image cannot be allocated.
  package func image(from picture: YUVImage) throws(MediaError) -> Image {
    var image: Image
    do {
      image = try Image(uninitializedCheckedWidth: picture.width, height: picture.height)
    } catch {
      throw MediaError.outOfMemory(path: "(picture)", error)
    }
    try convert(picture, into: &image)
    return image
  }

  /// Converts the picture into `image`, reusing its buffer when it has the picture's size
  /// and is not shared (a pipeline stage's scratch image), else replacing it.
  ///
  /// - Throws: ``MediaError/decodeFailed(path:reason:)`` when swscale fails,
  ///   ``MediaError/outOfMemory(path:_:)`` when a new image cannot be allocated.
  package func convert(_ picture: VideoPicture, into image: inout Image) throws(MediaError) {
    switch picture {
    case .bgra(let converted): image = converted
    case .yuv(let yuv): try convert(yuv, into: &image)
    }
  }

  /// The BGRA picture in 4:2:0 Y′CbCr with `matrix`, converted by Reel's exact kernel (the
  /// writer's own conversion: each block's chroma from its mean colour).
  ///
  /// - Parameters:
  ///   - image: An opaque premultiplied picture with even width and height.
  ///   - matrix: The RGB → Y′CbCr matrix.
  /// - Throws: ``MediaError/outOfMemory(path:_:)`` when the picture cannot be allocated.
  package func yuv(from image: Image, matrix: ColorMatrix) throws(MediaError) -> YUVImage {
    var picture: YUVImage
    do {
      picture = try YUVImage(
        uninitializedCheckedWidth: image.width, height: image.height, matrix: matrix,
        pool: pictures)
    } catch {
      throw MediaError.outOfMemory(path: "(picture)", error)
    }
    image.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      picture.withUnsafeMutablePlanes { planes in
        YUVKernels.convert(
          bgra: base, bytesPerRow: image.bytesPerRow,
          into: YUVKernels.Planes(
            width: planes.width, height: planes.height, luma: planes.luma,
            lumaStride: planes.lumaStride, cb: planes.cb, cbStride: planes.chromaStride,
            cr: planes.cr, crStride: planes.chromaStride),
          matrix: matrix)
      }
    }
    return picture
  }

  private func convert(_ picture: YUVImage, into image: inout Image) throws(MediaError) {
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
      try picture.withUnsafePlanes { planes throws(FrameConverter.Failure) in
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(planes.width)
        frame.pointee.height = Int32(planes.height)
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.colorspace =
          picture.matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        // swscale only reads the source frame.
        frame.pointee.data.0 = UnsafeMutablePointer(mutating: planes.luma)
        frame.pointee.data.1 = UnsafeMutablePointer(mutating: planes.cb)
        frame.pointee.data.2 = UnsafeMutablePointer(mutating: planes.cr)
        frame.pointee.linesize.0 = Int32(planes.lumaStride)
        frame.pointee.linesize.1 = Int32(planes.chromaStride)
        frame.pointee.linesize.2 = Int32(planes.chromaStride)
        try converter.convert(frame, reusing: &image)
      }
    } catch {
      throw error.mediaError(path: "(picture)")
    }
  }
}
