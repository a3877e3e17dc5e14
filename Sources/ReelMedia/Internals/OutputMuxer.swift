import CFFmpeg

/// Owns an output `AVFormatContext` and its file I/O: adds streams for encoders, writes the
/// header, interleaves packets and writes the trailer. `deinit` closes the file (if open)
/// and frees the context; removing a temporary file is the caller's job.
///
/// Not Sendable: it belongs to one ``MediaWriter``.
final class OutputMuxer {
  let context: UnsafeMutablePointer<AVFormatContext>
  /// The file the muxer writes (Reel's temporary file beside the target).
  let path: String

  /// Allocates a muxer by short name (`mp4`, `mov`, `ipod`, `matroska`, `webm`) that will
  /// write to `path`. The corresponding C function is `avformat_alloc_output_context2`.
  init(muxerName: String, path: String) throws(FFmpegError) {
    var context: UnsafeMutablePointer<AVFormatContext>?
    try check(
      avformat_alloc_output_context2(&context, nil, muxerName, path),
      "avformat_alloc_output_context2(\(muxerName))")
    guard let context else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avformat_alloc_output_context2")
    }
    self.context = context
    self.path = path
  }

  deinit {
    close()
    avformat_free_context(context)
  }

  /// Whether the muxer wants codec headers in extradata (`AV_CODEC_FLAG_GLOBAL_HEADER`).
  var needsGlobalHeader: Bool {
    guard let format = context.pointee.oformat else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Adds a stream described by an opened encoder and returns its index.
  ///
  /// - Parameters:
  ///   - encoder: The opened encoder; its parameters and time base are copied.
  ///   - codecTag: A sample entry tag to force (such as `hvc1`), or 0 for the muxer's default.
  func addStream(for encoder: EncoderContext, codecTag: UInt32 = 0) throws(FFmpegError) -> Int32 {
    guard let stream = avformat_new_stream(context, nil) else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avformat_new_stream")
    }
    try check(
      avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer),
      "avcodec_parameters_from_context")
    stream.pointee.codecpar.pointee.codec_tag = codecTag
    stream.pointee.time_base = encoder.pointer.pointee.time_base
    if encoder.pointer.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
      // Lets Matroska write DefaultDuration and MP4 readers report the nominal rate.
      stream.pointee.avg_frame_rate = encoder.pointer.pointee.framerate
    }
    return stream.pointee.index
  }

  /// Records `transform` as the display matrix of stream `index` (written in the track
  /// header by the MP4-family muxers): a, b, c, d, tx, ty in 16.16 fixed point at indices
  /// 0, 1, 3, 4, 6, 7, and w = 1 in 2.30 at index 8, as FFmpeg's side data holds the file's
  /// nine values. Call before ``open(fastStart:)``.
  ///
  /// - Throws: ``FFmpegError`` when a value does not fit 16.16 or memory runs out.
  func setDisplayMatrix(_ transform: AffineTransform, stream index: Int32) throws(FFmpegError) {
    let values = [
      transform.a, transform.b, 0, transform.c, transform.d, 0, transform.tx, transform.ty,
    ]
    var fixed: [Int32] = []
    for value in values {
      guard value.isFinite, let number = Int32(exactly: (value * 65536).rounded()) else {
        throw FFmpegError(code: reel_AVERROR(EINVAL), call: "display matrix value \(value)")
      }
      fixed.append(number)
    }
    fixed.append(1 << 30)
    guard let stream = context.pointee.streams[Int(index)],
      let data = av_stream_new_side_data(
        stream, AV_PKT_DATA_DISPLAYMATRIX, 9 * MemoryLayout<Int32>.size)
    else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_stream_new_side_data")
    }
    data.withMemoryRebound(to: Int32.self, capacity: 9) { matrix in
      for (slot, value) in fixed.enumerated() { matrix[slot] = value }
    }
  }

  /// Adds a stream that will carry packets copied from `source` without re-encoding, and
  /// returns its index.
  ///
  /// The codec parameters, the time base (as a hint the muxer may refine), frame rates,
  /// sample aspect ratio, disposition, metadata and stream side data (the display matrix that
  /// carries rotation, HDR metadata) are copied; colour tags travel in the codec parameters.
  ///
  /// - Parameters:
  ///   - source: The input stream, borrowed from its container.
  ///   - codecTag: The sample entry tag to write, or 0 for the muxer's default.
  /// The corresponding C function is `avcodec_parameters_copy`.
  func addStream(copying source: UnsafeMutablePointer<AVStream>, codecTag: UInt32)
    throws(FFmpegError) -> Int32
  {
    guard let stream = avformat_new_stream(context, nil) else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avformat_new_stream")
    }
    try check(
      avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar),
      "avcodec_parameters_copy")
    stream.pointee.codecpar.pointee.codec_tag = codecTag
    stream.pointee.time_base = source.pointee.time_base
    stream.pointee.avg_frame_rate = source.pointee.avg_frame_rate
    stream.pointee.r_frame_rate = source.pointee.r_frame_rate
    stream.pointee.sample_aspect_ratio = source.pointee.codecpar.pointee.sample_aspect_ratio
    stream.pointee.disposition = source.pointee.disposition
    try check(
      av_dict_copy(&stream.pointee.metadata, source.pointee.metadata, 0), "av_dict_copy")
    let count = Int(source.pointee.nb_side_data)
    if count > 0, let entries = source.pointee.side_data {
      for entry in UnsafeBufferPointer(start: entries, count: count) {
        guard let bytes = av_stream_new_side_data(stream, entry.type, entry.size) else {
          throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_stream_new_side_data")
        }
        if entry.size > 0, let data = entry.data {
          bytes.update(from: data, count: Int(entry.size))
        }
      }
    }
    return stream.pointee.index
  }

  /// Sets container-level tags (before ``open(fastStart:)``). The corresponding C function
  /// is `av_dict_set`.
  func setMetadata(_ metadata: [String: String]) throws(FFmpegError) {
    for key in metadata.keys.sorted() {
      try check(
        av_dict_set(&context.pointee.metadata, key, metadata[key], 0), "av_dict_set(\(key))")
    }
  }

  /// Opens the file for writing and writes the container header.
  ///
  /// - Parameters:
  ///   - fastStart: Ask the ISO BMFF muxer to put `moov` before `mdat`.
  ///   - options: The muxer's own options, by name (the animated images' loop counts).
  /// The corresponding C functions are `avio_open` and `avformat_write_header`.
  func open(fastStart: Bool, options extra: [(name: String, value: String)] = [])
    throws(FFmpegError)
  {
    try check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open")
    var options: OpaquePointer?
    defer { av_dict_free(&options) }
    if fastStart {
      try check(av_dict_set(&options, "movflags", "+faststart", 0), "av_dict_set")
    }
    for option in extra {
      try check(av_dict_set(&options, option.name, option.value, 0), "av_dict_set(\(option.name))")
    }
    try check(avformat_write_header(context, &options), "avformat_write_header")
  }

  /// The time base the muxer chose for stream `index` (valid after ``open(fastStart:)``).
  func timeBase(ofStream index: Int32) -> AVRational {
    context.pointee.streams[Int(index)]?.pointee.time_base ?? AVRational(num: 1, den: 1)
  }

  /// Rescales `packet` from `timeBase` to the stream's time base and hands it to the
  /// interleaver, which takes its data. The corresponding C function is
  /// `av_interleaved_write_frame`.
  func write(
    _ packet: UnsafeMutablePointer<AVPacket>, stream index: Int32, from timeBase: AVRational
  )
    throws(FFmpegError)
  {
    packet.pointee.stream_index = index
    av_packet_rescale_ts(packet, timeBase, self.timeBase(ofStream: index))
    try check(av_interleaved_write_frame(context, packet), "av_interleaved_write_frame")
  }

  /// Flushes the interleaver and writes the trailer (the `moov` atom for MP4, which
  /// faststart then moves to the front). The corresponding C function is `av_write_trailer`.
  func finish() throws(FFmpegError) {
    try check(av_write_trailer(context), "av_write_trailer")
    let code = avio_closep(&context.pointee.pb)
    try check(code, "avio_closep")
  }

  /// Closes the file if it is open, ignoring errors (used when abandoning the output).
  func close() {
    if context.pointee.pb != nil {
      avio_closep(&context.pointee.pb)
    }
  }
}
