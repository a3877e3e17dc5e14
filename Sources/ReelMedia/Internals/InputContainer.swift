import CFFmpeg
import Foundation

/// Owns an opened input `AVFormatContext` for one local file.
///
/// Opening checks the path first (missing, directory, empty, unreadable), then opens it with
/// FFmpeg restricted to the `file` protocol, so a media file cannot make Reel read a network
/// resource or another file (no `concat:`, `subfile:`, HLS playlists of URLs, …). Failures
/// become ``MediaError`` values that name the path.
///
/// Not Sendable: one reader owns one container and uses it from one thread at a time.
final class InputContainer {
  /// The path as the caller gave it (used in error messages).
  let path: String
  /// The demuxer context; never nil after a successful `init`.
  let context: UnsafeMutablePointer<AVFormatContext>

  /// Opens `path` and reads its stream information.
  ///
  /// - Throws: `MediaError.fileNotFound`, `.isDirectory`, `.emptyFile`, `.unreadable`,
  ///   `.notMedia` (no container recognised) or `.corrupt` (recognised but unreadable).
  init(path: String) throws(MediaError) {
    self.path = path
    try InputContainer.checkReadableFile(path)
    FFmpegLogging.configure()

    var options: OpaquePointer? = nil
    av_dict_set(&options, "protocol_whitelist", "file", 0)
    defer { av_dict_free(&options) }

    var formatContext: UnsafeMutablePointer<AVFormatContext>? = nil
    // FFmpeg reads a leading `name:` as a protocol, so a relative `clip:1.mp4` would fail
    // with "Protocol not found". The explicit `file:` prefix makes FFmpeg open exactly the
    // path checked above.
    let openCode = avformat_open_input(&formatContext, "file:" + path, nil, &options)
    guard openCode >= 0, let opened = formatContext else {
      throw InputContainer.classifyOpenFailure(path: path, code: openCode)
    }
    context = opened

    // Every stored property is set now, so a throw from here on runs `deinit`, which
    // closes the context: closing it here as well would free it twice.
    let infoCode = avformat_find_stream_info(opened, nil)
    if infoCode < 0 {
      throw MediaError.corrupt(path: path, reason: FFmpegError.message(for: infoCode))
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

  /// Checks the path names a non-empty regular file this process may read.
  static func checkReadableFile(_ path: String) throws(MediaError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw MediaError.fileNotFound(path: path)
    }
    if isDirectory.boolValue { throw MediaError.isDirectory(path: path) }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw MediaError.unreadable(path: path, reason: "permission denied")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?
      .int64Value
    if size == 0 { throw MediaError.emptyFile(path: path) }
  }

  /// Tells a file FFmpeg does not recognise at all from a recognised container that is damaged.
  ///
  /// The content (not the file name) is probed: a file whose first bytes look like a known
  /// container but fails to open is corrupt or truncated; anything else is not media.
  static func classifyOpenFailure(path: String, code: Int32) -> MediaError {
    if code == reel_AVERROR(EACCES) {
      return .unreadable(path: path, reason: "permission denied")
    }
    if code == reel_AVERROR(ENOENT) {
      return .fileNotFound(path: path)
    }
    if let name = probeFormatName(path: path) {
      return .corrupt(path: path, reason: "\(name): \(FFmpegError.message(for: code))")
    }
    return .notMedia(path: path)
  }

  /// The short name of the container FFmpeg recognises from the file's first bytes alone,
  /// or nil when no demuxer claims them with confidence.
  static func probeFormatName(path: String) -> String? {
    FFmpegLogging.configure()
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 1 << 16)) ?? Data()
    guard !head.isEmpty else { return nil }
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
}
