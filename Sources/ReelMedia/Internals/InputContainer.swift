import CFFmpeg
import Foundation

/// Owns an opened input `AVFormatContext` for one local file.
///
/// Opening reads only the file that was named:
/// - the path must be a regular file (``LocalFile``: a FIFO, device, socket or directory is
///   refused before anything opens it);
/// - Reel opens that one file itself and hands FFmpeg the descriptor (``FileIO``), so FFmpeg
///   never resolves the path;
/// - the container format is probed from the file's bytes alone (not its name), and formats
///   that read other files (HLS and DASH playlists, concat lists, image-sequence patterns,
///   SDP, IMF, …) are refused with `MediaError.notSingleFile`;
/// - every further open a demuxer attempts (a playlist segment, a QuickTime reference, …)
///   goes through `io_open`, which refuses it, and the protocol whitelist is `file` only.
///
/// Failures become ``MediaError`` values that name the path.
///
/// Not Sendable: one reader owns one container and uses it from one thread at a time.
final class InputContainer {
  /// The path as the caller gave it (used in error messages).
  let path: String
  /// The demuxer context; never nil after a successful `init`.
  let context: UnsafeMutablePointer<AVFormatContext>
  /// What probing the file found: the streams' codec parameters and timings. Readers take
  /// these from here, not from `context`, whose timings stay unset when the container was
  /// reopened without probing.
  let probe: ContainerProbe
  /// The one file the demuxer reads. Declared after `context`, so it is released after the
  /// context is closed in `deinit`.
  private let file: FileIO
  /// Set by the `io_open` callback when the demuxer tried to open another file.
  private let refusal: RefusedOpen

  /// Opens `path` and probes it: reads its stream information
  /// (`avformat_find_stream_info`, which decodes a little of each stream).
  ///
  /// - Throws: `MediaError.fileNotFound`, `.isDirectory`, `.notRegularFile`, `.emptyFile`,
  ///   `.unreadable`, `.notSingleFile` (a playlist or list of other files), `.notMedia` (no
  ///   container recognised) or `.corrupt` (recognised but unreadable).
  /// - Parameter keepingFileOpen: Whether the probe keeps the file open (``KeptFile``) for
  ///   every later reader, which then reads this very file whatever happens to the path.
  convenience init(path: String, keepingFileOpen: Bool = false) throws(MediaError) {
    try InputContainer.checkReadableFile(path)
    if let kind = InputContainer.multiFileKind(ofHead: try InputContainer.head(of: path)) {
      throw MediaError.notSingleFile(path: path, kind: kind)
    }
    FFmpegLogging.configure()
    let file = try FileIO(path: path)

    // Probe the bytes only: a name such as `img%03d.png` must not select the image-sequence
    // demuxer, and a file's extension is not evidence of its content.
    var probed: UnsafePointer<AVInputFormat>? = nil
    let probeCode = av_probe_input_buffer2(file.context, &probed, "", nil, 0, 0)
    guard probeCode >= 0, let format = probed else {
      throw InputContainer.classifyOpenFailure(path: path, code: probeCode)
    }
    let formatName = String(cString: format.pointee.name)
    if let kind = InputContainer.multiFileKind(ofFormat: formatName, flags: format.pointee.flags) {
      throw MediaError.notSingleFile(path: path, kind: kind)
    }
    let kept = keepingFileOpen ? KeptFile(duplicating: file.descriptor) : nil
    try self.init(path: path, file: file, format: format, probe: nil, keeping: kept)
  }

  /// The file a probe describes, opened again: through the file it keeps open when it
  /// keeps one, else by its path (checked again).
  private static func reopenFile(_ probe: ContainerProbe) throws(MediaError) -> FileIO {
    if let kept = probe.keptFile { return try FileIO(reopening: kept, path: probe.path) }
    try InputContainer.checkReadableFile(probe.path)
    return try FileIO(path: probe.path)
  }

  /// Opens the file a probe describes again, for another reader, with the demuxer the probe
  /// chose and without probing it again when the probe says that is safe
  /// (``ContainerProbe/reopensWithoutProbing``): the reader takes the codec parameters and
  /// timings from the probe. Other files are probed again.
  ///
  /// - Throws: As ``init(path:)``; `MediaError.corrupt` when the file no longer holds the
  ///   streams the probe found (it was replaced since).
  convenience init(reopening probe: ContainerProbe) throws(MediaError) {
    FFmpegLogging.configure()
    let file = try InputContainer.reopenFile(probe)
    try self.init(path: probe.path, file: file, format: probe.format, probe: probe)
  }

  /// Opens the file a probe describes again for reading packets only (their streams and
  /// timestamps, never decoding them), without probing, whatever the container: a demuxer
  /// that finds its streams while reading (MPEG-TS) adds them as their packets come. The
  /// cut-file check reads a file's end this way.
  ///
  /// - Throws: As ``init(path:)``.
  convenience init(scanningPacketsOf probe: ContainerProbe) throws(MediaError) {
    FFmpegLogging.configure()
    let file = try InputContainer.reopenFile(probe)
    try self.init(
      path: probe.path, file: file, format: probe.format, probe: probe, packetsOnly: true)
  }

  /// Opens the demuxer `format` on `file`; probes the streams unless `probe` already
  /// describes them and may be reused.
  private init(
    path: String, file: FileIO, format: UnsafePointer<AVInputFormat>, probe known: ContainerProbe?,
    packetsOnly: Bool = false, keeping kept: KeptFile? = nil
  ) throws(MediaError) {
    self.path = path
    let formatName = String(cString: format.pointee.name)
    let refusal = RefusedOpen()
    guard let allocated = avformat_alloc_context() else {
      throw MediaError.decodeFailed(path: path, reason: "out of memory")
    }
    allocated.pointee.pb = file.context
    allocated.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
    allocated.pointee.opaque = Unmanaged.passUnretained(refusal).toOpaque()
    allocated.pointee.io_open = InputContainer.refuseOpen
    var options: OpaquePointer? = nil
    av_dict_set(&options, "protocol_whitelist", "file", 0)
    // Copied to any context a demuxer opens inside this one: only the same format.
    av_dict_set(&options, "format_whitelist", formatName, 0)
    defer { av_dict_free(&options) }

    var formatContext: UnsafeMutablePointer<AVFormatContext>? = allocated
    // On failure FFmpeg frees the context (not the custom I/O, which `file` owns).
    let openCode = avformat_open_input(&formatContext, path, format, &options)
    guard openCode >= 0, let opened = formatContext else {
      if let url = refusal.url {
        throw MediaError.notSingleFile(path: path, kind: "a file that refers to \(url)")
      }
      throw MediaError.corrupt(
        path: path, reason: "\(formatName): \(FFmpegError.message(for: openCode))")
    }
    let reusesProbe =
      known.map { packetsOnly || ($0.reopensWithoutProbing && $0.matches(opened)) } ?? false
    var infoCode: Int32 = 0
    if reusesProbe {
      MediaAccessCounter.record(.open, path: path)
    } else {
      MediaAccessCounter.record(.probe, path: path)
      infoCode = avformat_find_stream_info(opened, nil)
    }
    // What readers use: the probe given, else what this one found.
    guard
      let probe = known
        ?? (try? ContainerProbe(context: opened, format: format, path: path, keptFile: kept))
    else {
      var toClose: UnsafeMutablePointer<AVFormatContext>? = opened
      avformat_close_input(&toClose)
      throw MediaError.decodeFailed(path: path, reason: "out of memory copying stream parameters")
    }
    context = opened
    self.probe = probe
    self.file = file
    self.refusal = refusal

    // Every stored property is set now, so a throw from here on runs `deinit`, which
    // closes the context: closing it here as well would free it twice.
    if let url = refusal.url {
      throw MediaError.notSingleFile(path: path, kind: "a file that refers to \(url)")
    }
    if infoCode < 0 {
      throw MediaError.corrupt(path: path, reason: FFmpegError.message(for: infoCode))
    }
    if !reusesProbe, known != nil, !probe.matches(opened) {
      throw MediaError.corrupt(
        path: path,
        reason: "the file changed after it was opened (its streams differ): open it again")
    }
  }

  deinit {
    var toClose: UnsafeMutablePointer<AVFormatContext>? = context
    avformat_close_input(&toClose)
  }

  /// Number of streams in the file.
  var streamCount: Int { Int(context.pointee.nb_streams) }

  /// The stream at `index` (0 ≤ index < `streamCount`); borrowed, valid while `self` lives.
  func stream(at index: Int) -> UnsafeMutablePointer<AVStream> {
    precondition(index >= 0 && index < streamCount, "stream index \(index) out of range")
    // `streams` is non-nil and holds `nb_streams` non-nil entries once the file is open.
    return context.pointee.streams[index]!
  }

  /// Reads the next packet of any stream into `packet`.
  ///
  /// - Returns: false at the end of the file.
  /// - Throws: `MediaError.corrupt` when the demuxer reports damaged data.
  func readPacket(into packet: FFPacket) throws(MediaError) -> Bool {
    packet.unref()
    let code = av_read_frame(context, packet.pointer)
    if code == FFmpegError.endOfFileCode { return false }
    if code < 0 {
      throw MediaError.corrupt(path: path, reason: FFmpegError.message(for: code))
    }
    return true
  }

  /// Seeks `streamIndex` to the last keyframe at or before `timestamp`.
  ///
  /// - Parameters:
  ///   - streamIndex: The stream whose time base `timestamp` is in.
  ///   - timestamp: A presentation time in the stream's time base.
  /// - Throws: `MediaError.corrupt` when the demuxer cannot seek.
  func seek(streamIndex: Int, toKeyframeBefore timestamp: Int64) throws(MediaError) {
    let code = avformat_seek_file(
      context, Int32(streamIndex), Int64.min, timestamp, timestamp, AVSEEK_FLAG_BACKWARD)
    if code < 0 {
      // Some demuxers only support the older API; try it before giving up.
      let fallback = av_seek_frame(context, Int32(streamIndex), timestamp, AVSEEK_FLAG_BACKWARD)
      if fallback < 0 {
        throw MediaError.corrupt(
          path: path, reason: "cannot seek: \(FFmpegError.message(for: fallback))")
      }
    }
  }

  // MARK: - Opening checks

  /// Checks the path names a non-empty regular file (see ``LocalFile``), without opening it.
  static func checkReadableFile(_ path: String) throws(MediaError) {
    let size: Int64
    do {
      size = try LocalFile.checkRegular(path)
    } catch {
      throw MediaError(path: path, fileProblem: error)
    }
    if size == 0 { throw MediaError.emptyFile(path: path) }
  }

  /// The first 64 KB of the regular file at `path`.
  static func head(of path: String) throws(MediaError) -> Data {
    do {
      return try LocalFile.read(path, upTo: 1 << 16)
    } catch {
      throw MediaError(path: path, fileProblem: error)
    }
  }

  /// What a file is when its first bytes show a text format that lists other files
  /// (`an HLS playlist`, `an ffconcat list`, `a DASH manifest`), else nil. Checked before
  /// FFmpeg sees the file, so such a file is named for what it is even when no demuxer
  /// would claim it.
  static func multiFileKind(ofHead head: Data) -> String? {
    var text = Substring(String(decoding: head.prefix(4096), as: UTF8.self))
    if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
    text = text.drop { $0.isWhitespace }
    if text.hasPrefix("#EXTM3U") { return "an HLS playlist" }
    if text.hasPrefix("ffconcat version") { return "an ffconcat list" }
    if text.hasPrefix("<"), text.contains("<MPD") { return "a DASH manifest" }
    return nil
  }

  /// What a file is when the demuxer FFmpeg chose for it reads other files or resources,
  /// else nil.
  static func multiFileKind(ofFormat name: String, flags: Int32) -> String? {
    switch name {
    case "hls", "applehttp": return "an HLS playlist"
    case "concat": return "a concat list"
    case "dash": return "a DASH manifest"
    case "imf": return "an IMF composition playlist"
    case "image2": return "an image-sequence pattern"
    case "sdp", "rtsp", "rtp": return "a network session description"
    default:
      // A demuxer that opens its input itself cannot read the one file Reel opened.
      return flags & AVFMT_NOFILE != 0 ? "a \(name) source, which reads other files" : nil
    }
  }

  /// Tells a file FFmpeg does not recognise at all from one it cannot read.
  static func classifyOpenFailure(path: String, code: Int32) -> MediaError {
    if code == reel_AVERROR(EACCES) {
      return .unreadable(path: path, reason: "permission denied")
    }
    if code == reel_AVERROR(EIO) {
      return .unreadable(path: path, reason: FFmpegError.message(for: code))
    }
    return .notMedia(path: path)
  }

  /// The short name of the container FFmpeg recognises from the file's first bytes alone,
  /// or nil when no demuxer claims them with confidence (or the file cannot be read).
  static func probeFormatName(path: String) -> String? {
    FFmpegLogging.configure()
    guard let head = try? head(of: path), !head.isEmpty else { return nil }
    var buffer = [UInt8](head)
    buffer.append(contentsOf: repeatElement(0, count: Int(AVPROBE_PADDING_SIZE)))
    return buffer.withUnsafeMutableBufferPointer { bytes -> String? in
      var probe = AVProbeData()
      probe.buf = bytes.baseAddress
      probe.buf_size = Int32(head.count)
      probe.filename = nil
      var score: Int32 = 0
      guard let format = av_probe_input_format2(&probe, 1, &score),
        score >= AVPROBE_SCORE_EXTENSION
      else { return nil }
      return String(cString: format.pointee.name)
    }
  }

  /// The `io_open` of every container: refuses each open and records the first URL asked
  /// for, so the error can say what the file refers to.
  private static let refuseOpen:
    @convention(c) (
      UnsafeMutablePointer<AVFormatContext>?,
      UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?, UnsafePointer<CChar>?, Int32,
      UnsafeMutablePointer<OpaquePointer?>?
    ) -> Int32 = { context, _, url, _, _ in
      if let opaque = context?.pointee.opaque {
        let refusal = Unmanaged<RefusedOpen>.fromOpaque(opaque).takeUnretainedValue()
        if refusal.url == nil { refusal.url = url.map { String(cString: $0) } ?? "another file" }
      }
      return reel_AVERROR(EPERM)
    }
}

/// The first other file a demuxer tried to open (written by the `io_open` callback on the
/// container's thread).
final class RefusedOpen {
  var url: String?
}
