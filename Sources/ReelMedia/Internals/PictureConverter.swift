import CFFmpeg

/// Converts decoded pictures of any pixel format to Reel's premultiplied BGRA ``Image``.
///
/// libswscale turns the picture into straight-alpha BGRA (full-range YUV such as JPEG's
/// `yuvj420p` is read as full range; palette formats bring their palette alpha), then each
/// colour channel is premultiplied as `c' = (c·a + 127) / 255` in integers.
///
/// The swscale context is cached and rebuilt when the source size or format changes.
/// Not Sendable: one converter belongs to one decoder.
final class PictureConverter {
  private var context: OpaquePointer?
  private var sourceKey: (width: Int32, height: Int32, format: Int32) = (0, 0, -1)
  private let path: String

  init(path: String) { self.path = path }

  deinit { sws_freeContext(context) }

  /// Makes a premultiplied BGRA image from `frame`.
  ///
  /// - Throws: `MediaError.decodeFailed` when swscale cannot convert the pixel format.
  func image(from frame: UnsafeMutablePointer<AVFrame>) throws(MediaError) -> Image {
    let width = frame.pointee.width
    let height = frame.pointee.height
    let format = frame.pointee.format
    guard width > 0, height > 0 else {
      throw MediaError.decodeFailed(path: path, reason: "decoded picture has no pixels")
    }
    if context == nil || sourceKey != (width, height, format) {
      sws_freeContext(context)
      context = sws_getContext(
        width, height, AVPixelFormat(rawValue: format), width, height, AV_PIX_FMT_BGRA,
        SWS_POINT | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_BITEXACT, nil, nil, nil)
      sourceKey = (width, height, format)
    }
    guard let context else {
      let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: format)).map { String(cString: $0) }
      throw MediaError.decodeFailed(
        path: path, reason: "cannot convert pixel format \(name ?? "\(format)") to BGRA")
    }
    var image = Image(width: Int(width), height: Int(height))
    let stride = image.bytesPerRow
    let scaled: Int32 = image.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return -1 }
      var destination: [UnsafeMutablePointer<UInt8>?] = [
        base.assumingMemoryBound(to: UInt8.self), nil, nil, nil,
      ]
      var destinationStrides: [Int32] = [Int32(stride), 0, 0, 0]
      return withUnsafePointer(to: &frame.pointee.data) { dataTuple in
        withUnsafePointer(to: &frame.pointee.linesize) { linesizeTuple in
          dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
            linesizeTuple.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
              sws_scale(context, planes, strides, 0, height, &destination, &destinationStrides)
            }
          }
        }
      }
    }
    guard scaled == height else {
      throw MediaError.decodeFailed(path: path, reason: "pixel conversion to BGRA failed")
    }
    PictureConverter.premultiply(&image)
    return image
  }

  /// Multiplies each colour channel by alpha: `c' = (c·a + 127) / 255`.
  static func premultiply(_ image: inout Image) {
    let width = image.width
    let height = image.height
    let stride = image.bytesPerRow
    image.withUnsafeMutableBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      for y in 0..<height {
        let row = base + y * stride
        for x in 0..<width {
          let pixel = row + x * 4
          let alpha = UInt32(pixel[3])
          if alpha == 255 { continue }
          pixel[0] = UInt8((UInt32(pixel[0]) * alpha + 127) / 255)
          pixel[1] = UInt8((UInt32(pixel[1]) * alpha + 127) / 255)
          pixel[2] = UInt8((UInt32(pixel[2]) * alpha + 127) / 255)
        }
      }
    }
  }
}
