import CFFmpeg
import Foundation

/// Copies a file's first video and first audio track into a new container without
/// re-encoding ("passthrough"): the packets are byte-identical to the source's.
///
/// The output container comes from the destination's extension: `.mp4`, `.m4v`, `.mov`,
/// `.mkv`, `.webm` or `.m4a` (audio only). Codec parameters, colour tags, the display matrix
/// (rotation), frame rates and stream metadata are copied; timestamps are rescaled to the
/// output's time bases. MP4-family files get `moov` before `mdat` unless
/// ``RemuxOptions/fastStart`` is off.
///
/// A time range cuts at keyframes (see ``RemuxOptions/timeRange``).
///
/// Output is atomic: packets go to a hidden temporary file beside the destination
/// (`.<name>.reel-XXXXXX.tmp`), renamed onto it at the end. A failure or cancellation
/// removes the temporary file; an existing destination is never touched unless
/// ``RemuxOptions/overwrite`` is set and the remux succeeds.
///
///     let summary = try Remuxer.remux(
///       from: "in.mkv", to: URL(fileURLWithPath: "out.mp4"),
///       options: RemuxOptions(timeRange: TimeRange(start: Time(value: 2, timescale: 1),
///                                                  duration: Time(value: 3, timescale: 1))))
public enum Remuxer {
  /// Copies packets from `source` into `destination`.
  ///
  /// - Parameters:
  ///   - source: Path of a local media file (opened with only the `file` protocol allowed).
  ///   - destination: The file to write; its extension chooses the container.
  ///   - options: The time range, tracks, overwrite and fast-start choices.
  ///   - progress: Called on the calling thread with the fraction done (0…1, by the
  ///     timestamps copied), at most about a hundred times, and with 1 at the end.
  ///   - isCancelled: Asked before each packet; returning true stops the remux.
  /// - Returns: What was written.
  /// - Throws: ``MediaError/unsupportedContainer(path:fileExtension:)`` for an unknown
  ///   extension; ``MediaError/invalidArgument(path:reason:)`` for an invalid or empty time
  ///   range, or when neither video nor audio is asked for; the source's errors from opening
  ///   and reading (``MediaError/fileNotFound(path:)``, ``MediaError/notMedia(path:)``,
  ///   ``MediaError/corrupt(path:reason:)``, …); ``MediaError/noVideoTrack(path:)`` or
  ///   ``MediaError/noAudioTrack(path:)`` when the source has none of the tracks asked for;
  ///   ``MediaError/codecNotAllowed(path:codec:container:)`` when a track's codec cannot go
  ///   in the destination's container; ``MediaError/isDirectory(path:)`` and
  ///   ``MediaError/fileExists(path:)`` for an existing destination (there at the start or
  ///   appeared while copying) without `overwrite`; ``MediaError/unwritable(path:reason:)``
  ///   for a destination that cannot be written; ``MediaError/encodeFailed(path:reason:)`` when the muxer
  ///   refuses; ``MediaError/cancelled(path:)`` when `isCancelled` returned true.
  public static func remux(
    from source: String, to destination: URL, options: RemuxOptions = .init(),
    progress: ((Double) -> Void)? = nil, isCancelled: () -> Bool = { false }
  ) throws(MediaError) -> RemuxSummary {
    FFmpegLogging.configure()
    let path = destination.path
    let fileExtension = destination.pathExtension
    guard let container = OutputContainer(fileExtension: fileExtension) else {
      throw .unsupportedContainer(path: path, fileExtension: fileExtension)
    }
    guard options.includeVideo || options.includeAudio else {
      throw .invalidArgument(
        path: path, reason: "neither video nor audio was asked for; include at least one track")
    }
    if let range = options.timeRange {
      try checkRange(range, path: path)
    }

    let input = try InputContainer(path: source)
    let wantsVideo = options.includeVideo && container != .m4a
    let videoIndex = wantsVideo ? firstStream(of: AVMEDIA_TYPE_VIDEO, in: input) : nil
    let audioIndex = options.includeAudio ? firstStream(of: AVMEDIA_TYPE_AUDIO, in: input) : nil
    if videoIndex == nil && audioIndex == nil {
      throw wantsVideo ? .noVideoTrack(path: source) : .noAudioTrack(path: source)
    }
    for index in [videoIndex, audioIndex].compactMap({ $0 }) {
      let codecID = input.stream(at: index).pointee.codecpar.pointee.codec_id
      guard container.allowsStreamCopy(of: codecID) else {
        throw .codecNotAllowed(
          path: path, codec: codecName(codecID), container: fileExtension.lowercased())
      }
    }

    if let videoIndex, !container.supportsFastStart {
      // FFmpeg 5.1's Matroska muxer drops the display matrix; refuse rather than turn the
      // picture sideways without a word.
      let rotation = Asset.clockwiseRotation(of: input.stream(at: videoIndex))
      if rotation != 0 {
        throw .invalidArgument(
          path: path,
          reason:
            "the video in \(source) is shown rotated \(rotation)° clockwise, which a .\(fileExtension.lowercased()) file cannot record here; write .mp4, .m4v or .mov instead"
        )
      }
    }
    try MediaWriter.checkTarget(path: path, overwrite: options.overwrite)
    let temporaryPath = try MediaWriter.makeTemporaryFile(beside: path)
    do throws(MediaError) {
      let summary = try copy(
        input: input, videoIndex: videoIndex, audioIndex: audioIndex, container: container,
        options: options, temporaryPath: temporaryPath, path: path, progress: progress,
        isCancelled: isCancelled)
      try MediaWriter.commitTemporaryFile(temporaryPath, to: path, overwrite: options.overwrite)
      progress?(1)
      return summary
    } catch {
      unlink(temporaryPath)
      throw error
    }
  }

  // MARK: - Copying

  /// Writes the selected streams' packets into `temporaryPath`.
  private static func copy(
    input: InputContainer, videoIndex: Int?, audioIndex: Int?, container: OutputContainer,
    options: RemuxOptions, temporaryPath: String, path: String,
    progress: ((Double) -> Void)?, isCancelled: () -> Bool
  ) throws(MediaError) -> RemuxSummary {
    let muxer: OutputMuxer
    var tracks: [RemuxTrack] = []
    do {
      muxer = try OutputMuxer(muxerName: container.muxerName, path: temporaryPath)
      for (index, isVideo) in [(videoIndex, true), (audioIndex, false)] {
        guard let index else { continue }
        let stream = input.stream(at: index)
        let outputIndex = try muxer.addStream(
          copying: stream, codecTag: container.streamCopyTag(for: stream.pointee.codecpar))
        let window = window(for: stream, in: input, range: options.timeRange)
        tracks.append(
          RemuxTrack(
            isVideo: isVideo, sourceIndex: Int32(index), timeBase: stream.pointee.time_base,
            outputIndex: outputIndex, origin: window.origin, end: window.end,
            dropsLeadIn: options.timeRange != nil && !isVideo))
      }
      try muxer.open(fastStart: options.fastStart && container.supportsFastStart)
    } catch {
      throw MediaWriter.mediaError(error, path: path)
    }

    if let range = options.timeRange, range.start > Time.zero, let seekTrack = tracks.first {
      try input.seek(
        streamIndex: Int(seekTrack.sourceIndex), toKeyframeBefore: seekTrack.origin)
    }

    let length = windowLength(of: input, range: options.timeRange)
    var reported = 0.0
    guard let packet = FFPacket() else {
      throw .encodeFailed(path: path, reason: "out of memory allocating a packet")
    }
    while try input.readPacket(into: packet) {
      if isCancelled() { throw .cancelled(path: path) }
      guard
        let track = tracks.first(where: { $0.sourceIndex == packet.pointer.pointee.stream_index })
      else { continue }
      guard track.admit(packet.pointer) else {
        if tracks.allSatisfy(\.isFinished) { break }
        continue
      }
      let decodeTicks =
        packet.pointer.pointee.dts != reel_AV_NOPTS_VALUE()
        ? packet.pointer.pointee.dts : packet.pointer.pointee.pts
      do {
        try muxer.write(packet.pointer, stream: track.outputIndex, from: track.timeBase)
      } catch {
        throw MediaWriter.mediaError(error, path: path)
      }
      if let progress, length > 0, decodeTicks != reel_AV_NOPTS_VALUE() {
        let fraction = min(1, max(0, track.time(decodeTicks).seconds / length))
        if fraction >= reported + 0.01 {
          reported = fraction
          progress(fraction)
        }
      }
    }
    tracks.forEach { $0.finish() }

    // A window after the last packet still seeks back to the last keyframe: only lead-in
    // before the requested start would be written.
    guard tracks.contains(where: { $0.packetCount > 0 && $0.latestEnd > 0 }) else {
      throw .invalidArgument(
        path: path,
        reason:
          "the time range \(describe(options.timeRange)) holds no media in \(input.path); choose a range inside the file"
      )
    }
    do {
      try muxer.finish()
    } catch {
      throw MediaWriter.mediaError(error, path: path)
    }
    return summary(of: tracks, input: input, container: container)
  }

  // MARK: - Helpers

  /// Checks a time range is usable: valid, a numeric start ≥ 0, a duration > 0.
  private static func checkRange(_ range: TimeRange, path: String) throws(MediaError) {
    guard range.isValid, range.start.isNumeric, range.start >= Time.zero,
      !range.duration.isNumeric || range.duration > Time.zero
    else {
      throw .invalidArgument(
        path: path,
        reason:
          "time range \(describe(range)) is not usable; give a start ≥ 0 s and a duration > 0 s")
    }
  }

  /// The first stream of `type` that is not an attached picture (cover art).
  private static func firstStream(of type: AVMediaType, in input: InputContainer) -> Int? {
    (0..<input.streamCount).first { index in
      let stream = input.stream(at: index)
      return stream.pointee.codecpar.pointee.codec_type == type
        && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
    }
  }

  /// The source time that becomes 0 in the output and the first decode time not copied,
  /// both in `stream`'s time base. Asset time 0 is the file's `start_time`.
  private static func window(
    for stream: UnsafeMutablePointer<AVStream>, in input: InputContainer, range: TimeRange?
  ) -> (origin: Int64, end: Int64) {
    let timeBase = stream.pointee.time_base
    let fileStart = input.context.pointee.start_time
    var origin =
      fileStart == reel_AV_NOPTS_VALUE()
      ? 0 : av_rescale_q(fileStart, reel_AV_TIME_BASE_Q(), timeBase)
    guard let range else { return (origin, Int64.max) }
    origin += ticks(range.start, in: timeBase)
    guard range.duration.isNumeric else { return (origin, Int64.max) }
    return (origin, origin + ticks(range.duration, in: timeBase))
  }

  /// A numeric time in ticks of `timeBase`, rounded to the nearest tick.
  private static func ticks(_ time: Time, in timeBase: AVRational) -> Int64 {
    av_rescale_q_rnd(
      time.value, AVRational(num: 1, den: time.timescale), timeBase, AV_ROUND_NEAR_INF)
  }

  /// The length in seconds progress is measured against (0 when unknown).
  private static func windowLength(of input: InputContainer, range: TimeRange?) -> Double {
    let fileDuration =
      input.context.pointee.duration > 0 ? Double(input.context.pointee.duration) / 1e6 : 0
    guard let range else { return fileDuration }
    if range.duration.isNumeric { return range.duration.seconds }
    return max(0, fileDuration - range.start.seconds)
  }

  private static func summary(
    of tracks: [RemuxTrack], input: InputContainer, container: OutputContainer
  ) -> RemuxSummary {
    let video = tracks.first(where: \.isVideo)
    let audio = tracks.first(where: { !$0.isVideo })
    let written = tracks.filter { $0.packetCount > 0 && $0.latestEnd > Int64.min }
    let end = written.map { $0.time($0.latestEnd) }.max() ?? .zero
    var start = Time.zero
    if !container.supportsFastStart {
      // No edit list: a lead-in before the requested start plays.
      start = min(Time.zero, written.map { $0.time($0.earliestStart) }.min() ?? .zero)
    }
    let keyframeTime = video?.firstPresentation.map { first -> Time in
      let fileStart = input.context.pointee.start_time
      let startTicks =
        fileStart == reel_AV_NOPTS_VALUE()
        ? 0 : av_rescale_q(fileStart, reel_AV_TIME_BASE_Q(), video?.timeBase ?? AVRational())
      return video?.time(first - startTicks) ?? .zero
    }
    func name(_ track: RemuxTrack?) -> String? {
      track.map {
        codecName(input.stream(at: Int($0.sourceIndex)).pointee.codecpar.pointee.codec_id)
      }
    }
    return RemuxSummary(
      videoPacketCount: video?.packetCount ?? 0, audioPacketCount: audio?.packetCount ?? 0,
      videoCodec: name(video), audioCodec: name(audio), firstVideoKeyframeTime: keyframeTime,
      duration: end - start)
  }

  /// FFmpeg's short name for a codec (`h264`, `aac`, …).
  private static func codecName(_ codecID: AVCodecID) -> String {
    avcodec_get_name(codecID).map { String(cString: $0) } ?? "unknown"
  }

  private static func describe(_ range: TimeRange?) -> String {
    guard let range else { return "of the whole file" }
    return "[\(range.start.seconds) s, \(range.end.seconds) s)"
  }
}
