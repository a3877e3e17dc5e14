import CFFmpeg
import Foundation

/// Encodes ``Image``s as JPEG, and sequences of them as animated GIF, into bytes (the
/// caller writes them to a file atomically, or keeps them).
///
/// GIF colours come from FFmpeg's `palettegen` → `paletteuse` filters (libavfilter, loaded on
/// first use): one palette of up to 255 colours plus a transparent entry, made from every
/// frame's full statistics, and each frame mapped to it with Sierra-2-4A error-diffusion
/// dithering. (Measured against libimagequant with dithering on a test clip: see
/// docs/avfoundation.md, "ImageIO".)
public enum ImageEncoder {
  /// One frame of an animated GIF.
  public struct GIFFrame: Sendable {
    /// The picture (premultiplied BGRA; every frame the size of the first).
    public var image: Image
    /// How long it shows, in hundredths of a second (GIF's unit), 1…65535.
    public var delayCentiseconds: Int

    /// Makes a frame.
    public init(image: Image, delayCentiseconds: Int) {
      self.image = image
      self.delayCentiseconds = delayCentiseconds
    }
  }

  /// The image as JPEG bytes (4:4:4, full-range BT.601 Y′CbCr as JFIF has it; transparent
  /// pixels are composited over black).
  ///
  /// - Parameters:
  ///   - image: The picture.
  ///   - quality: 0 (smallest) … 1 (best), as Apple's `compressionQuality`; mapped linearly
  ///     onto the encoder's quantiser scale 31 … 1.
  /// - Throws: `MediaError.invalidArgument` for an empty image, `.encodeFailed` when the
  ///   encoder fails. Errors name the path `<image>`.
  public static func jpegData(_ image: Image, quality: Double) throws(MediaError) -> Data {
    FFmpegLogging.configure()
    let path = "<image>"
    guard image.width > 0, image.height > 0 else {
      throw MediaError.invalidArgument(path: path, reason: "cannot encode an empty image as JPEG")
    }
    guard let codec = avcodec_find_encoder(AV_CODEC_ID_MJPEG) else {
      throw MediaError.unsupportedCodec(path: path, codec: "mjpeg")
    }
    guard let frame = FFFrame(), let packet = FFPacket(),
      let context = avcodec_alloc_context3(codec)
    else { throw MediaError.encodeFailed(path: path, reason: "out of memory") }
    defer {
      var toFree: UnsafeMutablePointer<AVCodecContext>? = context
      avcodec_free_context(&toFree)
    }
    let clamped = quality.isFinite ? min(1, max(0, quality)) : 0.75
    let scale = Int32((31 - 30 * clamped).rounded())
    context.pointee.width = Int32(image.width)
    context.pointee.height = Int32(image.height)
    context.pointee.pix_fmt = AV_PIX_FMT_YUVJ444P
    context.pointee.time_base = AVRational(num: 1, den: 25)
    context.pointee.flags |= AV_CODEC_FLAG_QSCALE
    context.pointee.global_quality = FF_QP2LAMBDA * scale
    context.pointee.qmin = scale
    context.pointee.qmax = scale
    try check(avcodec_open2(context, codec, nil), "avcodec_open2", path)

    frame.pointer.pointee.width = Int32(image.width)
    frame.pointer.pointee.height = Int32(image.height)
    frame.pointer.pointee.format = AV_PIX_FMT_YUVJ444P.rawValue
    frame.pointer.pointee.quality = FF_QP2LAMBDA * scale
    frame.pointer.pointee.pts = 0
    try check(av_frame_get_buffer(frame.pointer, 0), "av_frame_get_buffer", path)
    try convert(image, into: frame.pointer, format: AV_PIX_FMT_YUVJ444P, path: path)
    return try encodeOne(context, frame, packet, path: path)
  }

  /// The frames as an animated GIF's bytes.
  ///
  /// - Parameters:
  ///   - frames: At least one, all the size of the first.
  ///   - loopCount: The NETSCAPE2.0 repeat count written (0: for ever); nil writes none (the
  ///     animation plays once).
  /// - Throws: `MediaError.invalidArgument` for no frames, frames of different sizes or
  ///   delays out of range; `.encodeFailed` when a filter, the encoder or the muxer fails
  ///   (libavfilter missing included).
  public static func gifData(_ frames: [GIFFrame], loopCount: Int?) throws(MediaError) -> Data {
    FFmpegLogging.configure()
    let path = "<gif>"
    guard let first = frames.first, first.image.width > 0, first.image.height > 0 else {
      throw MediaError.invalidArgument(
        path: path, reason: "an animated GIF needs at least one picture")
    }
    let width = first.image.width
    let height = first.image.height
    guard width <= 65535, height <= 65535 else {
      throw MediaError.invalidArgument(path: path, reason: "GIF sides are at most 65535 pixels")
    }
    for (index, frame) in frames.enumerated() {
      guard frame.image.width == width, frame.image.height == height else {
        throw MediaError.invalidArgument(
          path: path,
          reason:
            "frame \(index) is \(frame.image.width)×\(frame.image.height), the first \(width)×\(height): every GIF frame must have the first one's size"
        )
      }
      guard (1...65535).contains(frame.delayCentiseconds) else {
        throw MediaError.invalidArgument(
          path: path,
          reason: "frame \(index)'s delay \(frame.delayCentiseconds) cs is outside 1…65535")
      }
    }
    if let loopCount, !(0...65535).contains(loopCount) {
      throw MediaError.invalidArgument(
        path: path, reason: "loop count \(loopCount) is outside 0…65535")
    }
    let paletted: [UnsafeMutablePointer<AVFrame>]
    do {
      paletted = try PaletteGraph.run(frames, width: width, height: height)
    } catch {
      throw MediaError.encodeFailed(path: path, reason: "palette filters: \(error.description)")
    }
    defer {
      for frame in paletted {
        var toFree: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&toFree)
      }
    }
    return try GIFMuxing.mux(
      paletted, width: width, height: height, loopCount: loopCount,
      finalDelay: frames[frames.count - 1].delayCentiseconds, path: path)
  }

  // MARK: Internals

  /// Converts premultiplied BGRA (composited over black) into `frame`'s planes.
  static func convert(
    _ image: Image, into frame: UnsafeMutablePointer<AVFrame>, format: AVPixelFormat,
    path: String
  ) throws(MediaError) {
    guard
      let scaler = sws_getContext(
        Int32(image.width), Int32(image.height), AV_PIX_FMT_BGR0, Int32(image.width),
        Int32(image.height), format, SWS_BICUBIC | SWS_FULL_CHR_H_INT | SWS_ACCURATE_RND, nil,
        nil, nil)
    else { throw MediaError.encodeFailed(path: path, reason: "sws_getContext failed") }
    defer { sws_freeContext(scaler) }
    let stride = [Int32(image.bytesPerRow), 0, 0, 0]
    let rows = image.withUnsafeBytes { bytes -> Int32 in
      let source: [UnsafePointer<UInt8>?] = [
        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), nil, nil, nil,
      ]
      return withUnsafePointer(to: &frame.pointee.data) { planes in
        planes.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) {
          destination in
          withUnsafePointer(to: &frame.pointee.linesize) { lines in
            lines.withMemoryRebound(to: Int32.self, capacity: 8) { destinationStride in
              sws_scale(
                scaler, source, stride, 0, Int32(image.height), destination, destinationStride)
            }
          }
        }
      }
    }
    if rows != Int32(image.height) {
      throw MediaError.encodeFailed(path: path, reason: "sws_scale converted \(rows) rows")
    }
  }

  private static func encodeOne(
    _ context: UnsafeMutablePointer<AVCodecContext>, _ frame: FFFrame, _ packet: FFPacket,
    path: String
  ) throws(MediaError) -> Data {
    try check(avcodec_send_frame(context, frame.pointer), "avcodec_send_frame", path)
    try check(avcodec_send_frame(context, nil), "avcodec_send_frame", path)
    var output = Data()
    while true {
      let code = avcodec_receive_packet(context, packet.pointer)
      if code == FFmpegError.endOfFileCode { break }
      try check(code, "avcodec_receive_packet", path)
      if let bytes = packet.pointer.pointee.data {
        output.append(bytes, count: Int(packet.pointer.pointee.size))
      }
      packet.unref()
    }
    guard !output.isEmpty else {
      throw MediaError.encodeFailed(path: path, reason: "the encoder produced no data")
    }
    return output
  }

  static func check(_ code: Int32, _ call: String, _ path: String) throws(MediaError) {
    if code < 0 {
      throw MediaError.encodeFailed(
        path: path, reason: "\(call): \(FFmpegError.message(for: code))")
    }
  }
}

/// Every frame through a ``PaletteQuantiser`` (one palette from all of them, Sierra-2-4A
/// dithering): the same frames out as PAL8, each its own reference (freed by the caller).
private enum PaletteGraph {
  static func run(_ frames: [ImageEncoder.GIFFrame], width: Int, height: Int)
    throws(FFmpegError) -> [UnsafeMutablePointer<AVFrame>]
  {
    let quantiser = try PaletteQuantiser(
      width: width, height: height, pixelFormat: AV_PIX_FMT_RGBA, timeBaseDenominator: 100)
    guard let input = FFFrame() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
    }
    var output: [UnsafeMutablePointer<AVFrame>] = []
    do throws(FFmpegError) {
      var pts: Int64 = 0
      for frame in frames {
        input.unref()
        input.pointer.pointee.width = Int32(width)
        input.pointer.pointee.height = Int32(height)
        input.pointer.pointee.format = AV_PIX_FMT_RGBA.rawValue
        try check(av_frame_get_buffer(input.pointer, 0), "av_frame_get_buffer")
        guard let plane = input.pointer.pointee.data.0 else {
          throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_get_buffer")
        }
        PNGEncoding.unpremultiply(
          frame.image, into: plane, stride: Int(input.pointer.pointee.linesize.0))
        input.pointer.pointee.pts = pts
        input.pointer.pointee.pkt_duration = Int64(frame.delayCentiseconds)
        pts += Int64(frame.delayCentiseconds)
        try quantiser.push(input.pointer)
      }
      try quantiser.finish { (frame) throws(FFmpegError) in
        guard let copy = av_frame_clone(frame) else {
          throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_clone")
        }
        output.append(copy)
      }
    } catch {
      for frame in output {
        var toFree: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&toFree)
      }
      throw error
    }
    return output
  }
}

/// The GIF encoder and muxer, writing into memory.
private enum GIFMuxing {
  static func mux(
    _ frames: [UnsafeMutablePointer<AVFrame>], width: Int, height: Int, loopCount: Int?,
    finalDelay: Int, path: String
  ) throws(MediaError) -> Data {
    guard let codec = avcodec_find_encoder(AV_CODEC_ID_GIF) else {
      throw MediaError.unsupportedCodec(path: path, codec: "gif")
    }
    guard let encoder = avcodec_alloc_context3(codec), let packet = FFPacket() else {
      throw MediaError.encodeFailed(path: path, reason: "out of memory")
    }
    defer {
      var toFree: UnsafeMutablePointer<AVCodecContext>? = encoder
      avcodec_free_context(&toFree)
    }
    encoder.pointee.width = Int32(width)
    encoder.pointee.height = Int32(height)
    encoder.pointee.pix_fmt = AV_PIX_FMT_PAL8
    encoder.pointee.time_base = AVRational(num: 1, den: 100)
    try ImageEncoder.check(avcodec_open2(encoder, codec, nil), "avcodec_open2(gif)", path)

    var muxer: UnsafeMutablePointer<AVFormatContext>? = nil
    try ImageEncoder.check(
      avformat_alloc_output_context2(&muxer, nil, "gif", nil), "avformat_alloc_output_context2",
      path)
    guard let muxer else { throw MediaError.encodeFailed(path: path, reason: "out of memory") }
    var buffer: UnsafeMutablePointer<AVIOContext>? = nil
    defer {
      if let pb = muxer.pointee.pb {
        var bytes: UnsafeMutablePointer<UInt8>? = nil
        _ = avio_close_dyn_buf(pb, &bytes)
        av_free(bytes)
        muxer.pointee.pb = nil
      }
      avformat_free_context(muxer)
    }
    try ImageEncoder.check(avio_open_dyn_buf(&buffer), "avio_open_dyn_buf", path)
    muxer.pointee.pb = buffer
    guard let stream = avformat_new_stream(muxer, nil) else {
      throw MediaError.encodeFailed(path: path, reason: "out of memory")
    }
    stream.pointee.time_base = AVRational(num: 1, den: 100)
    try ImageEncoder.check(
      avcodec_parameters_from_context(stream.pointee.codecpar, encoder),
      "avcodec_parameters_from_context", path)
    var options: OpaquePointer? = nil
    av_dict_set(&options, "loop", "\(loopCount ?? -1)", 0)
    av_dict_set(&options, "final_delay", "\(finalDelay)", 0)
    defer { av_dict_free(&options) }
    try ImageEncoder.check(
      avformat_write_header(muxer, &options), "avformat_write_header(gif)", path)

    func write() throws(MediaError) {
      while true {
        let code = avcodec_receive_packet(encoder, packet.pointer)
        if code == reel_AVERROR(EAGAIN) || code == FFmpegError.endOfFileCode { return }
        try ImageEncoder.check(code, "avcodec_receive_packet(gif)", path)
        av_packet_rescale_ts(packet.pointer, encoder.pointee.time_base, stream.pointee.time_base)
        packet.pointer.pointee.stream_index = stream.pointee.index
        try ImageEncoder.check(av_write_frame(muxer, packet.pointer), "av_write_frame(gif)", path)
        packet.unref()
      }
    }
    for frame in frames {
      try ImageEncoder.check(avcodec_send_frame(encoder, frame), "avcodec_send_frame(gif)", path)
      try write()
    }
    try ImageEncoder.check(avcodec_send_frame(encoder, nil), "avcodec_send_frame(gif)", path)
    try write()
    try ImageEncoder.check(av_write_trailer(muxer), "av_write_trailer(gif)", path)
    guard let pb = muxer.pointee.pb else {
      throw MediaError.encodeFailed(path: path, reason: "the muxer lost its buffer")
    }
    var bytes: UnsafeMutablePointer<UInt8>? = nil
    let size = avio_close_dyn_buf(pb, &bytes)
    muxer.pointee.pb = nil
    defer { av_free(bytes) }
    guard size > 0, let bytes else {
      throw MediaError.encodeFailed(path: path, reason: "the gif muxer wrote nothing")
    }
    return Data(bytes: bytes, count: Int(size))
  }
}
