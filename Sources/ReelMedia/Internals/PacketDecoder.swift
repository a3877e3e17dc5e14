import CFFmpeg

/// Owns an opened `AVCodecContext` that decodes one stream's packets into frames.
///
/// Used by ``AudioReader`` and ``ImageDecoder``. The send/receive protocol of libavcodec is
/// wrapped so that "needs more input" and "end of stream" are results, not errors.
///
/// Not Sendable: one decoder belongs to one reader on one thread.
final class PacketDecoder {
  /// What ``receive(into:)`` produced.
  enum Output {
    /// A frame was written into the frame passed in.
    case frame
    /// The decoder needs another packet before it can produce a frame.
    case needsInput
    /// The decoder is drained (after ``sendEndOfStream()``).
    case endOfStream
  }

  /// The codec context; never nil after a successful `init`.
  let context: UnsafeMutablePointer<AVCodecContext>
  /// The file path, for error messages.
  let path: String

  /// Finds a decoder for `stream`'s codec and opens it with the stream's parameters.
  ///
  /// - Parameters:
  ///   - stream: The stream whose packets will be decoded (borrowed; must outlive `self`'s use).
  ///   - path: The file path, for error messages.
  ///   - threadCount: Decoder threads; 0 lets FFmpeg choose.
  /// - Throws: `MediaError.unsupportedCodec` when this FFmpeg has no decoder for the codec,
  ///   `.decodeFailed` when the decoder cannot be opened.
  init(stream: UnsafeMutablePointer<AVStream>, path: String, threadCount: Int32 = 0)
    throws(MediaError)
  {
    self.path = path
    guard let parameters = stream.pointee.codecpar else {
      throw MediaError.decodeFailed(path: path, reason: "stream has no codec parameters")
    }
    let codecID = parameters.pointee.codec_id
    guard let codec = avcodec_find_decoder(codecID) else {
      throw MediaError.unsupportedCodec(
        path: path, codec: String(cString: avcodec_get_name(codecID)))
    }
    guard let allocated = avcodec_alloc_context3(codec) else {
      throw MediaError.decodeFailed(path: path, reason: "out of memory allocating a decoder")
    }
    context = allocated
    var code = avcodec_parameters_to_context(allocated, parameters)
    if code >= 0 {
      allocated.pointee.pkt_timebase = stream.pointee.time_base
      allocated.pointee.thread_count = threadCount
      code = avcodec_open2(allocated, codec, nil)
    }
    if code < 0 {
      var toFree: UnsafeMutablePointer<AVCodecContext>? = allocated
      avcodec_free_context(&toFree)
      throw MediaError.decodeFailed(
        path: path,
        reason: "cannot open the \(String(cString: codec.pointee.name)) decoder: "
          + FFmpegError.message(for: code))
    }
  }

  deinit {
    var toFree: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&toFree)
  }

  /// Gives the decoder one packet.
  ///
  /// - Returns: false when the decoder is full and frames must be received first (the packet
  ///   was not consumed and must be sent again).
  /// - Throws: `MediaError.decodeFailed` for errors other than damaged data; damaged packets
  ///   are skipped (as the `ffmpeg` tool does) and reported as consumed.
  func send(_ packet: FFPacket) throws(MediaError) -> Bool {
    let code = avcodec_send_packet(context, packet.pointer)
    if code == FFmpegError.tryAgainCode { return false }
    if code == FFmpegError.invalidDataCode { return true }
    if code < 0 && code != FFmpegError.endOfFileCode {
      throw MediaError.decodeFailed(path: path, reason: FFmpegError.message(for: code))
    }
    return true
  }

  /// Tells the decoder no more packets follow, so it releases the frames it holds.
  func sendEndOfStream() throws(MediaError) {
    let code = avcodec_send_packet(context, nil)
    if code < 0 && code != FFmpegError.endOfFileCode {
      throw MediaError.decodeFailed(path: path, reason: FFmpegError.message(for: code))
    }
  }

  /// Takes the next decoded frame, if one is ready.
  ///
  /// - Throws: `MediaError.decodeFailed` for errors other than damaged data (a damaged
  ///   frame is reported as ``Output/needsInput`` so decoding continues).
  func receive(into frame: FFFrame) throws(MediaError) -> Output {
    frame.unref()
    let code = avcodec_receive_frame(context, frame.pointer)
    if code >= 0 { return .frame }
    if code == FFmpegError.tryAgainCode || code == FFmpegError.invalidDataCode {
      return .needsInput
    }
    if code == FFmpegError.endOfFileCode { return .endOfStream }
    throw MediaError.decodeFailed(path: path, reason: FFmpegError.message(for: code))
  }

  /// Forgets all buffered packets and frames (after a seek). The corresponding C function is
  /// `avcodec_flush_buffers`.
  func flush() { avcodec_flush_buffers(context) }
}
