import CFFmpeg
import Foundation

extension Image {
  /// Encodes the image as a PNG file's bytes (8-bit RGBA, straight alpha) with FFmpeg's
  /// `png` encoder.
  ///
  /// Colour is un-premultiplied as `c = (c'·255 + a/2) / a` (clamped to 255; fully
  /// transparent pixels become transparent black), which a decoder premultiplying with
  /// `(c·a + 127) / 255` maps back to the same premultiplied values.
  ///
  /// - Returns: The PNG bytes.
  /// - Throws: `MediaError.encodeFailed` when the encoder fails, `.invalidArgument` for an
  ///   empty image. Errors name the path `<image>`, since no file is involved.
  public func pngData() throws(MediaError) -> Data {
    FFmpegLogging.configure()
    return try PNGEncoding.encode(self, path: "<image>")
  }

  /// Writes the image as a PNG file, atomically: the bytes go to a hidden temporary file in
  /// the same folder (named as ``MediaWriter``'s are), which is moved onto `url` only when
  /// complete; on failure it is removed.
  ///
  /// - Parameters:
  ///   - url: A local file URL.
  ///   - overwrite: Whether an existing file at `url` may be replaced. When false, a file
  ///     there (before or appearing during the write) is kept and this throws.
  /// - Throws: `MediaError.fileExists` for an existing file without `overwrite`,
  ///   `.isDirectory` when `url` is a folder, `.unwritable` when the folder cannot be
  ///   written, `.encodeFailed` when encoding fails.
  public func writePNG(to url: URL, overwrite: Bool = true) throws(MediaError) {
    FFmpegLogging.configure()
    let path = url.path
    try MediaWriter.checkTarget(path: path, overwrite: overwrite)
    let data = try PNGEncoding.encode(self, path: path)
    let temporary = try MediaWriter.makeTemporaryFile(beside: path)
    do {
      try data.write(to: URL(fileURLWithPath: temporary))
    } catch {
      unlink(temporary)
      throw MediaError.unwritable(path: path, reason: error.localizedDescription)
    }
    try MediaWriter.commitTemporaryFile(temporary, to: path, overwrite: overwrite)
  }
}

/// The FFmpeg side of ``Image/pngData()``.
enum PNGEncoding {
  static func encode(_ image: Image, path: String) throws(MediaError) -> Data {
    guard image.width > 0, image.height > 0 else {
      throw MediaError.invalidArgument(path: path, reason: "cannot encode an empty image as PNG")
    }
    guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else {
      throw MediaError.unsupportedCodec(path: path, codec: "png")
    }
    guard let frame = FFFrame(), let packet = FFPacket(),
      let context = avcodec_alloc_context3(codec)
    else {
      throw MediaError.encodeFailed(path: path, reason: "out of memory")
    }
    defer {
      var toFree: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&toFree)
    }
    context.pointee.width = Int32(image.width)
    context.pointee.height = Int32(image.height)
    context.pointee.pix_fmt = AV_PIX_FMT_RGBA
    context.pointee.time_base = AVRational(num: 1, den: 1)
    try check(avcodec_open2(context, codec, nil), "avcodec_open2", path: path)

    frame.pointer.pointee.width = Int32(image.width)
    frame.pointer.pointee.height = Int32(image.height)
    frame.pointer.pointee.format = AV_PIX_FMT_RGBA.rawValue
    frame.pointer.pointee.pts = 0
    try check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer", path: path)
    guard let destination = frame.pointer.pointee.data.0 else {
      throw MediaError.encodeFailed(path: path, reason: "frame has no buffer")
    }
    let destinationStride = Int(frame.pointer.pointee.linesize.0)
    unpremultiply(image, into: destination, stride: destinationStride)

    try check(avcodec_send_frame(context, frame.pointer), "avcodec_send_frame", path: path)
    try check(avcodec_send_frame(context, nil), "avcodec_send_frame", path: path)
    var output = Data()
    while true {
      let code = avcodec_receive_packet(context, packet.pointer)
      if code == FFmpegError.endOfFileCode { break }
      try check(code, "avcodec_receive_packet", path: path)
      if let bytes = packet.pointer.pointee.data {
        output.append(bytes, count: Int(packet.pointer.pointee.size))
      }
      packet.unref()
    }
    guard !output.isEmpty else {
      throw MediaError.encodeFailed(path: path, reason: "the png encoder produced no data")
    }
    return output
  }

  /// Straight-alpha RGBA from premultiplied BGRA: `c = (c'·255 + a/2) / a`, clamped.
  static func unpremultiply(
    _ image: Image, into destination: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    let width = image.width
    image.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      for y in 0..<image.height {
        let source = base + y * image.bytesPerRow
        let target = destination + y * stride
        for x in 0..<width {
          let pixel = source + x * 4
          let out = target + x * 4
          let alpha = UInt32(pixel[3])
          out[3] = pixel[3]
          if alpha == 255 {
            out[0] = pixel[2]
            out[1] = pixel[1]
            out[2] = pixel[0]
          } else if alpha == 0 {
            out[0] = 0
            out[1] = 0
            out[2] = 0
          } else {
            out[0] = UInt8(min(255, (UInt32(pixel[2]) * 255 + alpha / 2) / alpha))
            out[1] = UInt8(min(255, (UInt32(pixel[1]) * 255 + alpha / 2) / alpha))
            out[2] = UInt8(min(255, (UInt32(pixel[0]) * 255 + alpha / 2) / alpha))
          }
        }
      }
    }
  }

  private static func check(_ code: Int32, _ call: String, path: String) throws(MediaError) {
    if code < 0 {
      throw MediaError.encodeFailed(
        path: path, reason: "\(call): \(FFmpegError.message(for: code))")
    }
  }
}
