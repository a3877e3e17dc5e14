import CFFmpeg

/// Owns an opened decoding `AVCodecContext` for one stream (freed with `avcodec_free_context`).
///
/// Wraps FFmpeg's send/receive decoding API. Damaged packets are handled the way the `ffmpeg`
/// tool handles them: a packet the codec rejects as invalid data is dropped and decoding goes on
/// (the codec conceals what it can), so one bad packet never ends a read. Any other codec
/// failure is reported as `MediaError.decodeFailed`.
///
/// Not Sendable: one reader owns one decoder and uses it from one thread at a time.
final class DecoderContext {
  /// The path of the file being decoded (for error messages).
  let path: String
  /// The codec context; never nil after a successful `init`.
  let context: UnsafeMutablePointer<AVCodecContext>

  /// Packets (and decode calls) rejected as invalid data and skipped so far.
  private(set) var droppedPackets = 0

  /// What `receive(into:)` produced.
  enum Output {
    /// A decoded frame is in the frame passed in.
    case frame
    /// The decoder needs another packet first.
    case needsInput
    /// The decoder is drained (after `sendEndOfStream()`).
    case endOfStream
  }

  /// Finds and opens the decoder for `stream`.
  ///
  /// - Parameters:
  ///   - stream: The stream whose packets will be decoded (borrowed; must outlive the decoder's
  ///     use).
  ///   - path: The file path, for error messages.
  ///   - threadCount: Decoder threads; 0 lets FFmpeg choose (frame and slice threading).
  /// - Throws: `MediaError.unsupportedCodec` when this FFmpeg build has no decoder for the
  ///   stream's codec; `MediaError.decodeFailed` when the decoder cannot be opened.
  convenience init(stream: UnsafeMutablePointer<AVStream>, path: String, threadCount: Int32 = 0)
    throws(MediaError)
  {
    guard let parameters = stream.pointee.codecpar else {
      throw MediaError.unsupportedCodec(path: path, codec: "none")
    }
    try self.init(
      parameters: parameters, timeBase: stream.pointee.time_base, path: path,
      threadCount: threadCount,
      decoderName: AlphaSideChannel.decoderName(
        codecID: parameters.pointee.codec_id, metadata: stream.pointee.metadata))
  }

  /// Finds and opens the decoder for a probed stream (see ``ContainerProbe``).
  ///
  /// - Parameters:
  ///   - stream: The stream as the probe found it.
  ///   - path: The file path, for error messages.
  ///   - threadCount: Decoder threads; 0 lets FFmpeg choose (frame and slice threading).
  /// - Throws: As ``init(stream:path:threadCount:)``.
  convenience init(probed stream: ContainerProbe.Stream, path: String, threadCount: Int32 = 0)
    throws(MediaError)
  {
    try self.init(
      parameters: stream.parameters, timeBase: stream.timeBase, path: path,
      threadCount: threadCount, decoderName: stream.decoderName)
  }

  /// Finds and opens the decoder for codec `parameters` whose packets are timed in
  /// `timeBase`: the decoder named `decoderName` when given (the stream needs it to read
  /// its alpha), else the codec's default one.
  private init(
    parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational, path: String,
    threadCount: Int32, decoderName: String?
  ) throws(MediaError) {
    self.path = path
    let codecID = parameters.pointee.codec_id
    let found =
      decoderName.map { avcodec_find_decoder_by_name($0) } ?? avcodec_find_decoder(codecID)
    guard codecID != AV_CODEC_ID_NONE, let codec = found else {
      let name = String(cString: avcodec_get_name(codecID))
      throw MediaError.unsupportedCodec(
        path: path,
        codec: decoderName.map { "\(name) with alpha (needs FFmpeg's \($0) decoder)" } ?? name)
    }
    guard let allocated = avcodec_alloc_context3(codec) else {
      throw MediaError.decodeFailed(path: path, reason: "out of memory allocating a decoder")
    }
    context = allocated
    let copyCode = avcodec_parameters_to_context(allocated, parameters)
    if copyCode < 0 {
      throw MediaError.decodeFailed(
        path: path, reason: "avcodec_parameters_to_context: \(FFmpegError.message(for: copyCode))")
    }
    allocated.pointee.pkt_timebase = timeBase
    allocated.pointee.thread_count = threadCount
    allocated.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
    // The picture limit holds for every frame the decoder makes, not only for the size the
    // header declares: a stream that switches to a huge size mid-way is refused by FFmpeg
    // when it allocates the frame.
    allocated.pointee.max_pixels = Int64(ImageDecoder.maximumPixelCount)
    let openCode = avcodec_open2(allocated, codec, nil)
    if openCode < 0 {
      throw MediaError.decodeFailed(
        path: path,
        reason: "cannot open the \(String(cString: codec.pointee.name)) decoder: "
          + FFmpegError.message(for: openCode))
    }
  }

  deinit {
    var toFree: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&toFree)
  }

  /// Sends one compressed packet to the decoder.
  ///
  /// - Returns: false when the decoder's input is full (receive frames first, then send the
  ///   same packet again); true when the packet was taken or dropped as damaged.
  /// - Throws: `MediaError.decodeFailed` for any failure other than damaged data.
  func send(_ packet: FFPacket) throws(MediaError) -> Bool {
    let code = avcodec_send_packet(context, packet.pointer)
    if code == FFmpegError.tryAgainCode { return false }
    if code >= 0 { return true }
    if code == FFmpegError.invalidDataCode {
      droppedPackets += 1
      return true
    }
    throw MediaError.decodeFailed(
      path: path, reason: "avcodec_send_packet: \(FFmpegError.message(for: code))")
  }

  /// Tells the decoder there are no more packets, so it returns the frames it still holds.
  func sendEndOfStream() throws(MediaError) {
    let code = avcodec_send_packet(context, nil)
    if code >= 0 || code == FFmpegError.endOfFileCode { return }
    throw MediaError.decodeFailed(
      path: path, reason: "avcodec_send_packet: \(FFmpegError.message(for: code))")
  }

  /// Takes the next decoded frame, if one is ready, into `frame`.
  ///
  /// - Throws: `MediaError.decodeFailed` for codec failures other than damaged data (which
  ///   is skipped: the call then reports `.needsInput`).
  func receive(into frame: FFFrame) throws(MediaError) -> Output {
    frame.unref()
    let code = avcodec_receive_frame(context, frame.pointer)
    if code >= 0 { return .frame }
    if code == FFmpegError.tryAgainCode { return .needsInput }
    if code == FFmpegError.invalidDataCode {
      droppedPackets += 1
      return .needsInput
    }
    if code == FFmpegError.endOfFileCode { return .endOfStream }
    throw MediaError.decodeFailed(
      path: path, reason: "avcodec_receive_frame: \(FFmpegError.message(for: code))")
  }

  /// Whether the decoder skips the pictures no other picture refers to (`skip_frame` =
  /// `AVDISCARD_NONREF`), for decoding forward to a later picture after a seek: those
  /// pictures are never shown and nothing else needs them. Taken per packet sent, so it
  /// can be turned off just before the pictures that are wanted. Codecs without the notion
  /// decode every picture.
  var skipsUnreferencedPictures: Bool {
    get { context.pointee.skip_frame == AVDISCARD_NONREF }
    set { context.pointee.skip_frame = newValue ? AVDISCARD_NONREF : AVDISCARD_DEFAULT }
  }

  /// Drops every buffered packet and frame (after a seek). The C function is
  /// `avcodec_flush_buffers`; it also resets the end-of-stream state.
  func flush() { avcodec_flush_buffers(context) }
}
