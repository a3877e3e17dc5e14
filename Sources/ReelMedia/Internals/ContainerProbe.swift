import CFFmpeg
import Synchronization

/// What probing a file found: the demuxer that reads it, each stream's codec parameters and
/// the timings `avformat_find_stream_info` works out (which the container header alone does
/// not give), kept so that readers of the same ``Asset`` reopen the file without probing it
/// again (see ``InputContainer/init(reopening:)``).
///
/// Also keeps the answer of the cut-file check (``Asset/cutShort(_:)``), found on first need,
/// so validating many clips of one file, and every reader of it, looks at its end once.
///
/// Sendable: every stored property is set in `init` and never changed (the codec parameters
/// are copies this object owns and only reads, with `avcodec_parameters_to_context`); the
/// cut-file answer is behind a mutex.
final class ContainerProbe: @unchecked Sendable {
  /// One stream as the probe left it.
  struct Stream {
    /// The codec parameters (a copy, owned by the probe).
    let parameters: UnsafePointer<AVCodecParameters>
    let codecType: AVMediaType
    let codecID: AVCodecID
    let timeBase: AVRational
    /// Presentation time of the first frame in `timeBase`, or `AV_NOPTS_VALUE`.
    let startTime: Int64
    /// Duration in `timeBase`, or `AV_NOPTS_VALUE`.
    let duration: Int64
    /// The decoder to open instead of the codec's default one (libvpx's, for VP8/VP9 with
    /// alpha: ``AlphaSideChannel``); nil for the default.
    let decoderName: String?
  }

  /// Where a file cut short ends (see ``Asset/cutShort(_:)``), in microseconds on the
  /// container's clock.
  struct CutShort: Sendable {
    var declaredEnd: Int64
    var usableEnd: Int64?
    var start: Int64
  }

  /// The path the probe opened (for error messages).
  let path: String
  /// The file, held open since the probe when the asset asked for it; readers then reopen
  /// it through this, never by the path.
  let keptFile: KeptFile?
  /// The demuxer FFmpeg chose from the file's bytes (static data inside FFmpeg).
  let format: UnsafePointer<AVInputFormat>
  /// The container's start time in microseconds, or `AV_NOPTS_VALUE`.
  let startTime: Int64
  /// The container's duration in microseconds, or `AV_NOPTS_VALUE`.
  let duration: Int64
  /// Whether `duration` was only estimated from the bit rate (as for some MP3 files).
  let durationIsFromBitRate: Bool
  /// Every stream, in index order.
  let streams: [Stream]
  /// Whether a reader may open the file with these results instead of probing it again:
  /// true for containers whose header describes every stream and gives every packet its
  /// timestamps (MP4/QuickTime, Matroska/WebM, WAV), so that what the probe adds (the
  /// timings above and codec parameters learned by decoding a little) changes nothing in how
  /// packets are read. Other demuxers (MPEG-TS, raw streams, MP3, …) build part of their
  /// state while probing, and their readers probe again.
  let reopensWithoutProbing: Bool

  private let cut = Mutex<CutShort??>(nil)

  /// Demuxers whose files a reader may open without probing again.
  private static let headerComplete: Set<String> = [
    "mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "wav",
  ]

  /// Copies what a probed container found.
  ///
  /// - Parameters:
  ///   - context: A context after `avformat_find_stream_info`.
  ///   - format: The demuxer it was opened with.
  ///   - path: The file's path, for messages.
  ///   - keptFile: The file held open for later readers, if any.
  /// - Throws: `MediaError.decodeFailed` when memory for the copies runs out.
  init(
    context: UnsafeMutablePointer<AVFormatContext>, format: UnsafePointer<AVInputFormat>,
    path: String, keptFile: KeptFile? = nil
  ) throws(MediaError) {
    self.path = path
    self.keptFile = keptFile
    self.format = format
    startTime = context.pointee.start_time
    duration = context.pointee.duration
    durationIsFromBitRate =
      context.pointee.duration_estimation_method == AVFMT_DURATION_FROM_BITRATE
    var streams: [Stream] = []
    let count = Int(context.pointee.nb_streams)
    streams.reserveCapacity(count)
    var failed = false
    for index in 0..<count {
      // `streams` holds `nb_streams` non-nil entries once the file is open.
      guard let stream = context.pointee.streams[index], let source = stream.pointee.codecpar,
        let copy = avcodec_parameters_alloc()
      else {
        failed = true
        break
      }
      if avcodec_parameters_copy(copy, source) < 0 {
        var toFree: UnsafeMutablePointer<AVCodecParameters>? = copy
        avcodec_parameters_free(&toFree)
        failed = true
        break
      }
      streams.append(
        Stream(
          parameters: UnsafePointer(copy), codecType: source.pointee.codec_type,
          codecID: source.pointee.codec_id, timeBase: stream.pointee.time_base,
          startTime: stream.pointee.start_time, duration: stream.pointee.duration,
          decoderName: AlphaSideChannel.decoderName(
            codecID: source.pointee.codec_id, metadata: stream.pointee.metadata)))
    }
    self.streams = streams
    let name = String(cString: format.pointee.name)
    reopensWithoutProbing =
      Self.headerComplete.contains(name) && context.pointee.ctx_flags & AVFMTCTX_NOHEADER == 0
    if failed {
      // `deinit` frees the copies made so far.
      throw MediaError.decodeFailed(path: path, reason: "out of memory copying stream parameters")
    }
  }

  deinit {
    for stream in streams {
      var toFree: UnsafeMutablePointer<AVCodecParameters>? = UnsafeMutablePointer(
        mutating: stream.parameters)
      avcodec_parameters_free(&toFree)
    }
  }

  /// Whether an opened container holds the streams this probe found (same count, kinds,
  /// codecs and time bases): the same file, so the probe's results apply to it.
  func matches(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
    guard Int(context.pointee.nb_streams) == streams.count else { return false }
    for (index, probed) in streams.enumerated() {
      guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar
      else { return false }
      let timeBase = stream.pointee.time_base
      guard parameters.pointee.codec_type == probed.codecType,
        parameters.pointee.codec_id == probed.codecID, timeBase.num == probed.timeBase.num,
        timeBase.den == probed.timeBase.den
      else { return false }
    }
    return true
  }

  /// The cut-file check's answer (see ``Asset/cutShort(_:)``): found the first time it is
  /// asked for, with a container of its own that only reads packets (so the file is not
  /// probed again, whatever its container), then remembered.
  ///
  /// - Throws: The errors of opening the file, the first time.
  func cutShort() throws(MediaError) -> CutShort? {
    try cut.withLock { (known: inout CutShort??) throws(MediaError) -> CutShort? in
      if let known { return known }
      // A container that declares no duration has no declared end to fall short of.
      let found =
        Asset.declaredSpan(self) == nil
        ? nil : Asset.cutShort(try InputContainer(scanningPacketsOf: self))
      known = .some(found)
      return found
    }
  }
}
