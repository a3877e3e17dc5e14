import CFFmpeg

/// Owns an opened-or-not `AVCodecContext` for one encoder (freed with
/// `avcodec_free_context` in `deinit`) and runs FFmpeg's send/receive loop.
///
/// Not Sendable: an encoder belongs to the ``MediaWriter`` that drives it.
final class EncoderContext {
  let pointer: UnsafeMutablePointer<AVCodecContext>
  let codec: UnsafePointer<AVCodec>
  /// The FFmpeg encoder name (`libx264`, `aac`, …), for messages.
  let name: String
  private let packet: FFPacket

  /// Finds the encoder by name and allocates a context with its defaults.
  ///
  /// - Throws: ``FFmpegError`` with `AVERROR_ENCODER_NOT_FOUND` when this FFmpeg build lacks
  ///   the encoder, or `ENOMEM`.
  init(encoderName: String) throws(FFmpegError) {
    guard let codec = avcodec_find_encoder_by_name(encoderName) else {
      throw FFmpegError(
        code: reel_AVERROR_ENCODER_NOT_FOUND(), call: "avcodec_find_encoder_by_name(\(encoderName))"
      )
    }
    // The packet first: it frees itself if the context allocation then fails, whereas a
    // context allocated before a failed packet allocation would leak (no `deinit` runs).
    guard let packet = FFPacket(), let context = avcodec_alloc_context3(codec) else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avcodec_alloc_context3")
    }
    self.codec = codec
    self.pointer = context
    self.packet = packet
    self.name = encoderName
  }

  deinit {
    var context: UnsafeMutablePointer<AVCodecContext>? = pointer
    avcodec_free_context(&context)
  }

  /// Sets an encoder-private option (an `-x264opts`-style setting such as `preset` or `crf`).
  /// The corresponding C function is `av_opt_set` on `priv_data`.
  func setPrivateOption(_ name: String, _ value: String) throws(FFmpegError) {
    guard let privateData = pointer.pointee.priv_data else {
      throw FFmpegError(
        code: reel_AVERROR(EINVAL), call: "av_opt_set(\(name)) without private options")
    }
    try check(av_opt_set(privateData, name, value, 0), "av_opt_set(\(name)=\(value))")
  }

  /// Opens the encoder with the settings made so far, asking for codec headers in extradata
  /// when `muxer` wants them (`AV_CODEC_FLAG_GLOBAL_HEADER`). The corresponding C function is
  /// `avcodec_open2`.
  func open(for muxer: OutputMuxer) throws(FFmpegError) {
    if muxer.needsGlobalHeader {
      pointer.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    try check(avcodec_open2(pointer, codec, nil), "avcodec_open2(\(name))")
  }

  /// Sends `frame` (or `nil` to drain) and writes every packet the encoder produces to
  /// stream `streamIndex` of `muxer`, rescaled from the encoder's time base.
  func encode(
    _ frame: UnsafeMutablePointer<AVFrame>?, to muxer: OutputMuxer, stream streamIndex: Int32
  ) throws(FFmpegError) {
    let timeBase = pointer.pointee.time_base
    try encode(frame) { (packet) throws(FFmpegError) in
      try muxer.write(packet, stream: streamIndex, from: timeBase)
    }
  }

  /// Sends `frame` (or `nil` to drain) and hands every packet the encoder produces to
  /// `body`; the packet is unreferenced after `body` returns.
  ///
  /// The corresponding C functions are `avcodec_send_frame` and `avcodec_receive_packet`.
  func encode(
    _ frame: UnsafeMutablePointer<AVFrame>?,
    _ body: (UnsafeMutablePointer<AVPacket>) throws(FFmpegError) -> Void
  ) throws(FFmpegError) {
    try check(avcodec_send_frame(pointer, frame), "avcodec_send_frame(\(name))")
    while true {
      let code = avcodec_receive_packet(pointer, packet.pointer)
      if code == FFmpegError.tryAgainCode || code == FFmpegError.endOfFileCode { return }
      try check(code, "avcodec_receive_packet(\(name))")
      defer { packet.unref() }
      try body(packet.pointer)
    }
  }
}
