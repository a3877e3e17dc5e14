import CFFmpeg

extension Asset {
  /// Whether the file is a single still picture (PNG, JPEG, WebP, BMP, TIFF, …, read by one
  /// of FFmpeg's image demuxers), which has a picture but no timeline: such a file is shown by
  /// an image layer, not played as a clip.
  public var isStillImage: Bool {
    formatName.hasSuffix("_pipe") || formatName == "image2"
  }

  /// Checks that the tracks a render decodes can be decoded: opens (and closes) a decoder
  /// for each of `tracks`, so a file whose codec has no decoder in this FFmpeg build, or
  /// whose decoder refuses the stream's parameters, is reported before a render starts; and
  /// video frames larger than ``ImageDecoder/maximumSide`` or
  /// ``ImageDecoder/maximumPixelCount`` are refused, as for still images.
  /// (``checkData(covers:)`` checks that the part a render uses is present.) The decoders
  /// are opened from what the asset's probe found: the file is not opened again.
  ///
  /// - Parameter tracks: Tracks of this asset; nil for the first video track and the first
  ///   audio track (those a clip uses), whichever exist.
  /// - Throws: `MediaError.unsupportedCodec` when there is no decoder for a track's codec,
  ///   `.decodeFailed` when its decoder cannot be opened, `.invalidArgument` for video frames
  ///   above the picture limit or a track that is not in this file.
  public func checkDecoders(for tracks: [TrackInfo]? = nil) throws(MediaError) {
    let chosen = tracks ?? [videoTracks.first, audioTracks.first].compactMap { $0 }
    for track in chosen {
      if track.kind == .video {
        try ImageDecoder.checkSize(
          width: track.width ?? 0, height: track.height ?? 0, path: path, kind: "video")
      }
      guard probe.streams.indices.contains(track.index) else {
        throw MediaError.invalidArgument(
          path: path, reason: "no stream \(track.index) in this file")
      }
      _ = try DecoderContext(probed: probe.streams[track.index], path: path, threadCount: 1)
    }
  }

  /// Checks, before a render, that the file holds data for the part of it a render uses: a
  /// file cut short (a truncated download, whose container still declares the whole
  /// duration) fails when the part of `used` after its usable data is longer than
  /// ``MediaDamage/maximumGap`` or more than ``MediaDamage/maximumFraction`` of `used` — the
  /// rule the readers apply while rendering. A range inside the intact part passes.
  ///
  /// - Parameter used: The range of the file a render reads, in seconds from the file's
  ///   start (a clip's or a segment's source range, a soundtrack's trim range).
  /// The file's end is looked at once per asset (and its copies), however many ranges are
  /// checked, and readers made from the asset reuse the answer.
  ///
  /// - Throws: `MediaError.damaged` naming where the usable data ends, and the errors of
  ///   opening the file.
  public func checkData(covers used: TimeRange) throws(MediaError) {
    guard let cut = try probe.cutShort() else { return }
    let second = Double(AV_TIME_BASE)
    // Int128: the times come from the file and may be anywhere in Int64's range.
    let dataEndTicks =
      cut.usableEnd.map { Int128($0) }
      ?? max(Int128(cut.start), Int128(cut.declaredEnd) - 2 * Int128(AV_TIME_BASE))
    let dataEnd = Double(dataEndTicks - Int128(cut.start)) / second
    let usedEnd = used.end.seconds
    let missing = usedEnd - max(dataEnd, used.start.seconds)
    guard MediaDamage.isTooMuchMissing(missing, of: used.duration.seconds) else { return }
    let end =
      cut.usableEnd == nil
      ? "before \(MediaDamage.seconds(dataEnd)) s" : "at about \(MediaDamage.seconds(dataEnd)) s"
    throw MediaError.damaged(
      path: path,
      reason:
        "the file declares \(MediaDamage.seconds(Double(Int128(cut.declaredEnd) - Int128(cut.start)) / second)) s but its data ends \(end) (a cut or damaged file), and the movie uses it up to \(MediaDamage.seconds(usedEnd)) s: use only the part before \(MediaDamage.seconds(dataEnd)) s or a whole copy of the file"
    )
  }

  /// Where a file cut short ends: seeks to two seconds before the end its container declares
  /// and reads the packets there. A file whose data ends more than ``MediaDamage/maximumGap``
  /// earlier (a truncated download) is cut short; the times are in microseconds on the
  /// container's clock, with the container's start; `usableEnd` is nil when no packet was
  /// found after the seek (the data ends before it).
  ///
  /// Nil when the data reaches the declared end, when the container declares no duration
  /// (or only estimated one from the bit rate, as for some MP3 files), or when it cannot
  /// seek there. The container's read position is left wherever the
  /// check ended.
  static func cutShort(_ container: InputContainer) -> ContainerProbe.CutShort? {
    guard let (start, declaredEnd) = declaredSpan(container.probe) else { return nil }
    let context = container.context
    let noTimestamp = reel_AV_NOPTS_VALUE()
    let second = Int64(AV_TIME_BASE)
    let target = Int64(clamping: max(Int128(start), Int128(declaredEnd) - 2 * Int128(second)))
    guard avformat_seek_file(context, -1, Int64.min, target, target, AVSEEK_FLAG_BACKWARD) >= 0
    else { return nil }
    guard let packet = FFPacket() else { return nil }
    var lastEnd: Int64?
    var count = 0
    // A few thousand packets cover the last two seconds of any real file.
    while count < 5_000 {
      let more: Bool
      do {
        more = try container.readPacket(into: packet)
      } catch {
        break
      }
      guard more else { break }
      count += 1
      let raw = packet.pointer.pointee
      let index = Int(raw.stream_index)
      guard index >= 0, index < container.streamCount else { continue }
      let timeBase = container.stream(at: index).pointee.time_base
      let stamp = raw.pts != noTimestamp ? raw.pts : raw.dts
      guard stamp != noTimestamp, timeBase.num > 0, timeBase.den > 0 else { continue }
      let end = av_rescale_q(
        Int64(clamping: Int128(stamp) + Int128(max(raw.duration, 0))), timeBase,
        reel_AV_TIME_BASE_Q())
      // A time that does not fit (av_rescale_q gives INT64_MIN) or lies before the start
      // says nothing about where the data ends.
      guard end != noTimestamp, end >= start else { continue }
      lastEnd = max(lastEnd ?? end, end)
    }
    guard Int128(declaredEnd) - Int128(lastEnd ?? target) > Int128(second) else { return nil }
    return ContainerProbe.CutShort(declaredEnd: declaredEnd, usableEnd: lastEnd, start: start)
  }

  /// The container's start and declared end in microseconds, when it declares a duration
  /// (not one only estimated from the bit rate): the span ``cutShort(_:)`` checks.
  static func declaredSpan(_ probe: ContainerProbe) -> (start: Int64, end: Int64)? {
    let noTimestamp = reel_AV_NOPTS_VALUE()
    guard probe.duration != noTimestamp, probe.duration > 0, !probe.durationIsFromBitRate else {
      return nil
    }
    let start = probe.startTime == noTimestamp ? 0 : probe.startTime
    return (start, Int64(clamping: Int128(start) + Int128(probe.duration)))
  }

  /// The end the container declares, in seconds on the container's clock, when the file is
  /// cut short (``cutShort(_:)``); nil for a whole file or one that cannot be checked. A
  /// track without a duration of its own is missing data up to this end.
  var declaredEndOfCutFile: Time? {
    guard let cut = try? probe.cutShort() else { return nil }
    return Time(value: cut.declaredEnd, timescale: Int32(AV_TIME_BASE))
  }
}
