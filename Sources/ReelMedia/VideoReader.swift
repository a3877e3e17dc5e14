import CFFmpeg
import ReelCore

/// Decodes one video track of an ``Asset`` into premultiplied BGRA ``VideoFrame``s, in
/// presentation order or at any time.
///
///     let reader = try VideoReader(asset: try Asset(path: "clip.mp4"))
///     while let frame = try reader.nextFrame() {
///         print(frame.time, frame.image.width)
///     }
///
/// **Times.** Each frame's time is its best-effort presentation timestamp times the stream's
/// time base, exact, minus the file's start time (the earliest start of any stream in the
/// container). That is what the `ffmpeg` tool does without `-copyts`, and equals `ffprobe`'s
/// `best_effort_timestamp_time` minus the format's `start_time`. So a file's first frame is
/// usually at 0; a video stream that starts after the audio (an offset or empty edit) starts
/// later by that amount. Edit lists are honoured: frames the edit list cuts are not returned.
/// Variable frame rate video keeps its real timestamps.
///
/// **Pictures.** Every frame is converted to BGRA at the track's coded size (a mid-stream
/// size change is scaled back to it) with the matrix and range the frame is tagged with
/// (untagged: BT.709 for HD, BT.601 otherwise, limited range); opaque video has alpha 255,
/// sources with alpha keep it, premultiplied. With `applyRotation` the picture is turned
/// upright by the track's display-matrix rotation, as the `ffmpeg` tool's autorotate does.
/// The pixel aspect ratio is not applied.
///
/// **Errors.** A packet the codec rejects as damaged is skipped, as the `ffmpeg` tool does (the
/// codec conceals the loss). A demuxer error (a cut or damaged file) ends the stream: the
/// frames still in the decoder are returned first, then `MediaError.corrupt` is thrown. Other
/// codec failures throw `MediaError.decodeFailed`.
///
/// Memory stays flat: the reader holds at most two decoded frames.
///
/// Not Sendable: use a reader from one thread at a time (it owns its own demuxer and decoder,
/// so separate readers of one asset can run in parallel).
public final class VideoReader {
  /// The asset being read.
  public let asset: Asset
  /// The track being decoded.
  public let track: TrackInfo
  /// The clockwise rotation, in degrees (0, 90, 180 or 270), applied to every picture.
  public let appliedRotation: Int
  /// Width of the returned images in pixels: after rotation when it is applied, the coded
  /// width otherwise.
  public var outputWidth: Int { converter.outputWidth }
  /// Height of the returned images in pixels: after rotation when it is applied, the coded
  /// height otherwise.
  public var outputHeight: Int { converter.outputHeight }
  /// How many times the reader has seeked the demuxer (for tests: sequential access makes
  /// none).
  package private(set) var seekCount = 0
  /// How many pictures the decoder has returned (for tests: decoding forward after a seek
  /// skips the unreferenced ones).
  package private(set) var decodedPictureCount = 0

  private let container: InputContainer
  private let decoder: DecoderContext
  private let converter: FrameConverter
  private let streamIndex: Int
  private let timeBase: AVRational
  private let origin: Time
  private let packet: FFPacket

  /// A decoded frame, converted on first use.
  private final class DecodedFrame {
    var raw: FFFrame?
    let time: Time
    let duration: Time?
    /// Whether damaged packets were skipped between the previous frame and this one, or this
    /// frame was concealed.
    let damagedBefore: Bool
    var converted: VideoFrame?
    /// The frame as a ``YUVImage`` sharing the decoder's planes, once asked for.
    var wrapped: YUVImage?

    init(raw: FFFrame, time: Time, duration: Time?, damagedBefore: Bool) {
      self.raw = raw
      self.time = time
      self.duration = duration
      self.damagedBefore = damagedBefore
    }
  }

  /// The last frame returned or passed over.
  private var current: DecodedFrame?
  /// The frame after `current`, decoded to learn that it comes after a requested time.
  private var upcoming: DecodedFrame?
  /// True when the decoder position is the start of the stream and no frame was passed over.
  private var atStreamStart = true
  /// All packets have been sent (end of file or a demuxer error).
  private var inputEnded = false
  /// The decoder has returned its last frame.
  private var decoderDrained = false
  /// A demuxer error to report once the decoder has returned the frames it holds.
  private var pendingError: MediaError?
  /// A packet the decoder did not take yet.
  private var packetPending = false
  private var lastTicks: Int64?
  /// After a seek to the keyframe before a requested time: packets shown before this
  /// timestamp (stream ticks) are never returned, so the pictures among them that nothing
  /// refers to are not decoded (see ``startPreroll(before:)``).
  private var prerollEnd: Int64?
  /// The time of the first frame decoded since the last seek: the keyframe's, or a leading
  /// picture's just before it.
  private var firstFrameTimeSinceSeek: Time?
  /// A frame came out concealed (damaged) since the last seek.
  private var concealedSinceSeek = false
  /// Set for good once damage showed after a seek (see ``find(_:)``): from then on a seek
  /// decodes every picture, since FFmpeg conceals a damaged picture with the ones decoded
  /// before it and skipping some changes the result.
  private var decodesEveryPicture = false
  /// The time of the last `frame(at:)` or `picture(at:)` request.
  private var lastRequest: Time?
  /// Where the file says the track ends (reader time): the stream's own duration, else the
  /// container's when the file is cut short; nil when neither applies. Found on first need.
  private lazy var declaredEnd: Time? =
    ownDeclaredEnd
    ?? asset.declaredEndOfCutFile.map { ExactTime.difference($0, origin) }
  private let ownDeclaredEnd: Time?
  /// How long a frame lasts when its packet does not say (the nominal frame rate's frame).
  private let nominalFrameDuration: Time
  /// Half a nominal frame: a request this far after the end of the frame found is late.
  private let lateSlack: Time
  /// The log the reader reports damage to (see ``DamageLog``); nil for none.
  private let damageLog: DamageLog?
  /// Skipped packets already reported, and concealed frames not yet reported.
  private var reportedDrops = 0
  private var unreportedConcealed = 0
  /// Skipped packets seen when the last frame was decoded.
  private var dropsAtLastFrame = 0
  /// The time of the last frame decoded (since the last seek).
  private var lastFrameTime: Time?
  /// Whether the track's average frame rate is its nominal one (within 1 %): constant-rate
  /// video, whose frames never stop for long.
  private let isConstantRate: Bool

  /// Opens a reader for a video track of `asset`.
  ///
  /// - Parameters:
  ///   - asset: The file to read.
  ///   - track: The video track to decode; nil for the first video track.
  ///   - applyRotation: Whether to turn pictures upright by the track's rotation metadata.
  /// - Throws: `MediaError.noVideoTrack` when the asset has no video track (or `track` is
  ///   not one of its video tracks), `.unsupportedCodec` when FFmpeg has no decoder for it,
  ///   and the errors of opening the file (`.fileNotFound`, `.corrupt`, …).
  public convenience init(asset: Asset, track: TrackInfo? = nil, applyRotation: Bool = true)
    throws(MediaError)
  {
    try self.init(
      asset: asset, track: track, applyRotation: applyRotation, decoderThreadCount: 0,
      damageLog: nil)
  }

  /// Opens a reader with a chosen number of decoder threads.
  ///
  /// - Parameters:
  ///   - asset: The file to read.
  ///   - track: The video track to decode; nil for the first video track.
  ///   - applyRotation: Whether to turn pictures upright by the track's rotation metadata.
  ///   - decoderThreadCount: Decoder threads; 0 lets FFmpeg choose (one more than the cores,
  ///     frame threading). Each frame thread keeps its own pictures, so fewer threads use
  ///     less memory: a pipeline that decodes on its own thread beside an encoder uses 1.
  ///   - damageLog: Where the reader reports what it could not decode (an export's log);
  ///     nil reports nothing (long gaps still throw).
  /// - Throws: As ``init(asset:track:applyRotation:)``.
  package init(
    asset: Asset, track: TrackInfo?, applyRotation: Bool, decoderThreadCount: Int,
    damageLog: DamageLog?
  ) throws(MediaError) {
    let chosen: TrackInfo
    if let track {
      guard track.kind == .video, asset.tracks.indices.contains(track.index) else {
        throw MediaError.noVideoTrack(path: asset.path)
      }
      chosen = track
    } else {
      chosen = try asset.firstVideoTrack()
    }
    try ImageDecoder.checkSize(
      width: chosen.width ?? 0, height: chosen.height ?? 0, path: asset.path, kind: "video")
    self.asset = asset
    self.track = chosen
    container = try asset.openContainer()
    guard chosen.index < container.streamCount else {
      throw MediaError.noVideoTrack(path: asset.path)
    }
    streamIndex = chosen.index
    for index in 0..<container.streamCount where index != streamIndex {
      container.stream(at: index).pointee.discard = AVDISCARD_ALL
    }
    // Parameters and timings as the probe found them (the container may not have probed).
    let stream = container.probe.streams[streamIndex]
    timeBase = stream.timeBase
    guard timeBase.num > 0, timeBase.den > 0 else {
      throw MediaError.corrupt(path: asset.path, reason: "video stream has no time base")
    }
    decoder = try DecoderContext(
      probed: stream, path: asset.path,
      threadCount: Int32(clamping: max(0, decoderThreadCount)))
    let width = Int(stream.parameters.pointee.width)
    let height = Int(stream.parameters.pointee.height)
    guard width > 0, height > 0 else {
      throw MediaError.corrupt(path: asset.path, reason: "video stream has no picture size")
    }
    // Every decoded picture is scaled to this size, so a header that claims a picture
    // FFmpeg itself would refuse must not size Reel's images.
    guard av_image_check_size(UInt32(width), UInt32(height), 0, nil) >= 0 else {
      throw MediaError.corrupt(
        path: asset.path, reason: "video stream claims an impossible size \(width)×\(height)")
    }
    appliedRotation =
      applyRotation ? Asset.clockwiseRotation(of: container.stream(at: streamIndex)) : 0
    converter = FrameConverter(codedWidth: width, codedHeight: height, rotation: appliedRotation)
    origin = VideoReader.timeOrigin(of: container)
    nominalFrameDuration =
      chosen.nominalFrameDuration.flatMap { $0 > .zero ? $0 : nil }
      ?? Time(value: 1, timescale: 30)
    if let nominal = chosen.frameRate, let average = chosen.averageFrameRate, nominal > 0 {
      isConstantRate = abs(average - nominal) <= nominal * 0.01
    } else {
      isConstantRate = false
    }
    lateSlack = Time(seconds: nominalFrameDuration.seconds / 2, preferredTimescale: 90_000)
    ownDeclaredEnd = VideoReader.declaredEnd(of: stream, origin: origin)
    self.damageLog = damageLog
    guard let packet = FFPacket() else {
      throw MediaError.decodeFailed(path: asset.path, reason: "out of memory")
    }
    self.packet = packet
  }

  /// Returns the next frame in presentation order.
  ///
  /// After ``frame(at:)`` this continues with the frame after the one it returned.
  ///
  /// - Returns: The frame, or nil at the end of the track.
  /// - Throws: `MediaError.corrupt` when the file is damaged or cut short (after the frames
  ///   that could be decoded), `.decodeFailed` when the codec fails.
  public func nextFrame() throws(MediaError) -> VideoFrame? {
    guard let next = try advance() else { return nil }
    return try materialize(next)
  }

  /// The next decoded frame in presentation order (the one looked ahead at, if any), made
  /// the current one; nil at the end of the track.
  private func advance() throws(MediaError) -> DecodedFrame? {
    let next: DecodedFrame?
    if let upcoming {
      next = upcoming
      self.upcoming = nil
    } else {
      next = try decodeNext()
    }
    guard let next else { return nil }
    current = next
    atStreamStart = false
    return next
  }

  /// Returns the frame shown at `time`: the last frame whose presentation time is at or
  /// before it.
  ///
  /// Moving forward by up to 2 s decodes on from the current position without seeking, so
  /// sequential access never seeks; moving backward, or further forward, seeks to the keyframe
  /// before `time` and decodes forward from there.
  ///
  /// - Parameter time: A time in seconds, on the same origin as ``VideoFrame/time``.
  ///   `.positiveInfinity` asks for the last frame, `.negativeInfinity` is before the first.
  /// - Returns: The frame; the last frame when `time` is at or after the end; the first
  ///   frame when `time` is at or after the file's start (0) but before the first frame (a
  ///   video track that starts after the audio); nil when `time` is negative (or the track
  ///   has no frames).
  /// - Throws: `MediaError.corrupt` when the file is damaged or cannot seek, `.decodeFailed`
  ///   when the codec fails, `.invalidArgument` for an invalid or indefinite time.
  public func frame(at time: Time) throws(MediaError) -> VideoFrame? {
    guard let found = try locate(time) else { return nil }
    return try materialize(found)
  }

  /// Returns the picture shown at `time`, as ``frame(at:)`` finds it, without converting
  /// it when it can stay as the decoder made it: an 8-bit 4:2:0 limited-range frame
  /// (`yuv420p`) of the coded size with a BT.601 or BT.709 matrix (from its tags, or the
  /// size rule when untagged), and no rotation to apply, comes back as `.yuv`, sharing the
  /// decoder's memory (read-only; the first write copies it). Anything else comes back as
  /// `.bgra`, converted exactly as ``frame(at:)`` converts it.
  ///
  /// - Parameter time: A time in seconds, on the same origin as ``VideoFrame/time``.
  /// - Returns: The picture, or nil when `time` is before the first frame.
  /// - Throws: As ``frame(at:)``.
  package func picture(at time: Time) throws(MediaError) -> VideoPicture? {
    guard let found = try locate(time) else { return nil }
    return try picture(of: found)
  }

  /// The next frame in presentation order as ``picture(at:)`` hands pictures over (the
  /// decoder's own 4:2:0 planes when they can stay as they are, else BGRA), with its time and
  /// duration as ``nextFrame()`` gives them.
  ///
  /// - Returns: The picture, its time and duration in seconds; nil at the end of the track.
  /// - Throws: As ``nextFrame()``.
  package func nextPicture() throws(MediaError) -> (
    picture: VideoPicture, time: Time, duration: Time?
  )? {
    guard let next = try advance() else { return nil }
    return (try picture(of: next), next.time, next.duration)
  }

  /// `found` as a 4:2:0 picture sharing the decoder's planes when it can, else as BGRA.
  private func picture(of found: DecodedFrame) throws(MediaError) -> VideoPicture {
    if let wrapped = found.wrapped { return .yuv(wrapped) }
    if found.converted == nil, appliedRotation == 0, let raw = found.raw,
      let wrapped = VideoReader.wrap(
        raw, codedWidth: converter.codedWidth,
        codedHeight: converter.codedHeight)
    {
      found.wrapped = wrapped
      return .yuv(wrapped)
    }
    return .bgra(try materialize(found).image)
  }

  /// `raw` as a ``YUVImage`` sharing its planes, when it is `yuv420p` of the coded size,
  /// limited range, with a BT.601 or BT.709 matrix.
  static func wrap(_ raw: FFFrame, codedWidth: Int, codedHeight: Int) -> YUVImage? {
    let frame = raw.pointer
    guard frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue,
      frame.pointee.color_range != AVCOL_RANGE_JPEG,
      Int(frame.pointee.width) == codedWidth, Int(frame.pointee.height) == codedHeight,
      let luma = frame.pointee.data.0, let cb = frame.pointee.data.1,
      let cr = frame.pointee.data.2, frame.pointee.linesize.0 > 0,
      frame.pointee.linesize.1 > 0, frame.pointee.linesize.1 == frame.pointee.linesize.2
    else { return nil }
    let matrix: ColorMatrix
    switch FrameConverter.colorMatrix(of: frame).0 {
    case SWS_CS_ITU709: matrix = .bt709
    case SWS_CS_ITU601: matrix = .bt601
    default: return nil
    }
    let planes = YUVPlanes(
      width: codedWidth, height: codedHeight, luma: luma,
      lumaStride: Int(frame.pointee.linesize.0), cb: cb, cr: cr,
      chromaStride: Int(frame.pointee.linesize.1))
    return YUVImage(wrapping: planes, matrix: matrix, owner: SharedFrame(raw))
  }

  /// The decoded frame shown at `time` (see ``frame(at:)``), checked for damage: a request
  /// no frame could be decoded for (the data ends before the end the container declares, or
  /// damaged packets were skipped before the next frame) shows the frame before it again and
  /// is counted; more than ``MediaDamage/maximumGap`` of them in a row is an error.
  private func locate(_ time: Time) throws(MediaError) -> DecodedFrame? {
    let found = try find(time)
    guard time.isNumeric else { return found }
    var change = MediaDamage(path: asset.path, kind: .video)
    change.requested = 1
    if let found {
      let covered = found.time + (found.duration ?? nominalFrameDuration)
      // Half a frame of slack: output frame times rarely fall exactly on source frames.
      let late = ExactTime.compare(time, covered + lateSlack) >= 0
      if late {
        let drained = upcoming == nil && decoderDrained
        let endsEarly =
          drained
          && declaredEnd.map { ExactTime.compare(time, $0 - Self.declaredEndSlack) < 0 } ?? false
        let skippedBefore = upcoming?.damagedBefore ?? false
        if endsEarly || skippedBefore {
          change.missing = 1
          if endsEarly { change.dataEnd = covered }
          if ExactTime.compare(time - covered, MediaDamage.maximumGap) > 0 {
            report(change)
            throw MediaError.damaged(
              path: asset.path,
              reason:
                "no video frame can be decoded from \(MediaDamage.seconds(covered)) s to \(MediaDamage.seconds(time)) s, more than \(MediaDamage.seconds(MediaDamage.maximumGap)) s; the usable video data ends at \(MediaDamage.seconds(covered)) s"
            )
          }
        }
      }
    }
    report(change)
    return found
  }

  /// How far before the declared end a track may stop without being called damaged: the
  /// container's duration is often a little longer than the video (audio ends later).
  static let declaredEndSlack = Time(value: 1, timescale: 4)

  /// Adds `change` and the skipped packets and concealed frames not reported yet to the
  /// damage log.
  private func report(_ change: MediaDamage) {
    guard let damageLog else { return }
    var change = change
    change.droppedPackets = decoder.droppedPackets - reportedDrops
    change.concealed = unreportedConcealed
    reportedDrops = decoder.droppedPackets
    unreportedConcealed = 0
    damageLog.add(change)
  }

  /// The decoded frame shown at `time` (see ``frame(at:)``).
  private func find(_ time: Time) throws(MediaError) -> DecodedFrame? {
    if time.isNegativeInfinity { return nil }
    if time.isPositiveInfinity { return try locate(Time(value: .max, timescale: 1)) }
    guard time.isNumeric else {
      throw MediaError.invalidArgument(
        path: asset.path, reason: "frame(at:) needs a numeric time, got \(time)")
    }
    // "Far ahead" is measured from the later of the current frame and the last request:
    // requests that move on in small steps decode forward even when the frames found lag
    // behind them (a stream cut short, or timestamps that jump back in a damaged file), where
    // seeking again for every frame would decode the same stretch over and over.
    let previousRequest = lastRequest
    lastRequest = time
    if let current, ExactTime.compare(time, current.time) >= 0 {
      var reference = current.time
      if let previousRequest, ExactTime.compare(previousRequest, reference) > 0,
        ExactTime.compare(previousRequest, time) <= 0
      {
        reference = previousRequest
      }
      if !VideoReader.isFarAhead(time, of: reference) { return try advance(to: time) }
    }
    if current == nil, atStreamStart {
      if upcoming == nil { upcoming = try decodeNext() }
      guard let first = upcoming else { return nil }
      if ExactTime.compare(time, first.time) < 0 { return try firstFrame(ifShownAt: time) }
      if !VideoReader.isFarAhead(time, of: first.time) { return try advance(to: time) }
    }
    let concealedBefore = unreportedConcealed
    let dropsBefore = decoder.droppedPackets
    try seek(toKeyframeBefore: time)
    var found = try advance(to: time)
    if concealedSinceSeek, let keyframe = firstFrameTimeSinceSeek {
      // FFmpeg conceals damage with the pictures decoded before it, back across the
      // keyframe: decoding from the file's start would have used the group before that
      // keyframe. Decode again from the keyframe before it, every picture, which gives the
      // same pictures (checked against ffmpeg's own decode); the damage is counted once.
      decodesEveryPicture = true
      unreportedConcealed = concealedBefore
      reportedDrops += decoder.droppedPackets - dropsBefore
      let earlier = ExactTime.difference(keyframe, nominalFrameDuration)
      if ExactTime.compare(earlier, Time(value: 0, timescale: 1)) < 0 {
        try seekToStart()
      } else {
        try seek(toKeyframeBefore: earlier)
      }
      found = try advance(to: time)
    }
    if let found { return found }
    // The keyframe found was after `time` (a sparse index) or `time` is before the first
    // frame: start over from the beginning of the stream.
    try seekToStart()
    if let found = try advance(to: time) { return found }
    return try firstFrame(ifShownAt: time)
  }

  /// The track's first frame for a request before it, right after a seek to the stream's
  /// start: a video track that starts a little after the file does (after an audio
  /// encoder's priming, a muxer's offset) shows its first frame from the file's start, as
  /// players do, rather than nothing. Before the file's start (a negative time) there is no
  /// frame.
  private func firstFrame(ifShownAt time: Time) throws(MediaError) -> DecodedFrame? {
    guard ExactTime.compare(time, Time(value: 0, timescale: 1)) >= 0 else { return nil }
    if upcoming == nil { upcoming = try decodeNext() }
    guard let first = upcoming else { return nil }
    return try advance(to: first.time)
  }

  /// How far ahead a request may be and still be reached by decoding forward; beyond it the
  /// reader seeks to the keyframe before the requested time instead, in seconds.
  static let forwardDecodeLimit = Time(value: 2, timescale: 1)

  /// Whether `time` is more than ``forwardDecodeLimit`` after `position`.
  static func isFarAhead(_ time: Time, of position: Time) -> Bool {
    ExactTime.compare(ExactTime.difference(time, position), forwardDecodeLimit) > 0
  }

  // MARK: - Decoding

  /// Decodes forward until the frame after `current` is later than `time`; returns `current`.
  private func advance(to time: Time) throws(MediaError) -> DecodedFrame? {
    while true {
      if upcoming == nil { upcoming = try decodeNext() }
      guard let next = upcoming, ExactTime.compare(next.time, time) <= 0 else { break }
      if let passed = current, passed !== next {
        passed.raw = nil
        passed.wrapped = nil
      }
      current = next
      upcoming = nil
      atStreamStart = false
    }
    return current
  }

  private func materialize(_ frame: DecodedFrame) throws(MediaError) -> VideoFrame {
    if let converted = frame.converted { return converted }
    guard let raw = frame.raw else {
      throw MediaError.decodeFailed(path: asset.path, reason: "frame buffer was released")
    }
    let image: Image
    do {
      image = try converter.convert(raw.pointer)
    } catch {
      throw error.mediaError(path: asset.path)
    }
    let result = VideoFrame(image: image, time: frame.time, duration: frame.duration)
    frame.converted = result
    frame.raw = nil
    return result
  }

  /// Decodes the next frame of the stream, or nil at its end.
  private func decodeNext() throws(MediaError) -> DecodedFrame? {
    var emptyDrains = 0
    while !decoderDrained {
      guard let frame = FFFrame() else {
        throw MediaError.decodeFailed(path: asset.path, reason: "out of memory")
      }
      switch try decoder.receive(into: frame) {
      case .frame:
        return decoded(frame)
      case .endOfStream:
        decoderDrained = true
      case .needsInput:
        if inputEnded {
          // Draining only reports "needs input" after skipping damaged data; give up
          // after many in a row rather than spin.
          emptyDrains += 1
          if emptyDrains > 64 { decoderDrained = true }
        } else {
          try feedDecoder()
        }
      }
    }
    if let error = pendingError {
      pendingError = nil
      throw error
    }
    return nil
  }

  /// Sends the next packet of the stream to the decoder (or the end-of-stream signal).
  private func feedDecoder() throws(MediaError) {
    if !packetPending {
      var hasPacket = false
      repeat {
        do {
          hasPacket = try container.readPacket(into: packet)
        } catch {
          pendingError = error
          hasPacket = false
        }
      } while hasPacket && packet.pointer.pointee.stream_index != Int32(streamIndex)
      if !hasPacket {
        inputEnded = true
        try decoder.sendEndOfStream()
        return
      }
      if let prerollEnd {
        let pts = packet.pointer.pointee.pts
        let beforeWanted = pts != reel_AV_NOPTS_VALUE() && pts < prerollEnd
        decoder.skipsUnreferencedPictures = beforeWanted
        if !beforeWanted { self.prerollEnd = nil }
      }
    }
    packetPending = !(try decoder.send(packet))
  }

  private func decoded(_ frame: FFFrame) -> DecodedFrame {
    decodedPictureCount += 1
    let noTimestamp = reel_AV_NOPTS_VALUE()
    var ticks = frame.pointer.pointee.best_effort_timestamp
    if ticks == noTimestamp { ticks = frame.pointer.pointee.pts }
    if ticks == noTimestamp {
      // No timestamp at all: one tick (or one packet duration) after the previous frame.
      // Saturating: a damaged file's durations must not overflow the tick count.
      let step = max(frame.pointer.pointee.pkt_duration, lastTicks == nil ? 0 : 1)
      ticks = Int64(clamping: Int128(lastTicks ?? 0) + Int128(step))
    }
    lastTicks = ticks
    let durationTicks = frame.pointer.pointee.pkt_duration
    let duration = durationTicks > 0 ? Asset.exactTime(durationTicks, timeBase) : nil
    let time = ExactTime.difference(Asset.exactTime(ticks, timeBase), origin)
    let concealed =
      frame.pointer.pointee.decode_error_flags != 0
      || frame.pointer.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0
    if concealed {
      unreportedConcealed += 1
      concealedSinceSeek = true
    }
    if firstFrameTimeSinceSeek == nil { firstFrameTimeSinceSeek = time }
    // A frame after skipped packets, or one the decoder had to conceal (its references were
    // lost, as after a stretch the demuxer skipped), ends a damaged stretch: requests in
    // the gap before it show the previous frame again.
    // In constant-rate video a jump of more than the tolerated gap is data the demuxer
    // skipped (it resynchronises past damage without an error); variable-rate video may
    // legitimately hold a picture that long.
    let jumped =
      isConstantRate
      && lastFrameTime.map {
        ExactTime.compare(ExactTime.difference(time, $0), MediaDamage.maximumGap) > 0
      } ?? false
    let damagedBefore = concealed || jumped || decoder.droppedPackets != dropsAtLastFrame
    dropsAtLastFrame = decoder.droppedPackets
    lastFrameTime = time
    return DecodedFrame(
      raw: frame, time: time, duration: duration, damagedBefore: damagedBefore)
  }

  // MARK: - Seeking

  private func seek(toKeyframeBefore time: Time) throws(MediaError) {
    let target = ExactTime.ticks(time, plus: origin, in: timeBase)
    try container.seek(streamIndex: streamIndex, toKeyframeBefore: target)
    MediaAccessCounter.record(.keyframeSeek, path: asset.path)
    resetAfterSeek()
    atStreamStart = false
    startPreroll(before: time)
  }

  /// Lets the decoder skip the unreferenced pictures (B-frames, mostly) between the keyframe
  /// just seeked to and `time`. Only in constant-rate video, and only pictures shown at least
  /// ``prerollMargin`` (or two nominal frames, when longer) before `time`, until the first
  /// packet shown later. A skipped B-frame was sent after a later picture (its anchor) shown
  /// before that limit, so it cannot be the frame at `time`; for unreferenced P-frames
  /// (streams with temporal layers) the margin is what keeps a later picture in between,
  /// even where a camera dropped a few frames in a row. Not once damage showed after a seek
  /// (``decodesEveryPicture``): skipped pictures change how damage is concealed.
  private func startPreroll(before time: Time) {
    guard isConstantRate, !decodesEveryPicture else { return }
    let twoFrames = nominalFrameDuration + nominalFrameDuration
    let margin =
      ExactTime.compare(twoFrames, Self.prerollMargin) > 0 ? twoFrames : Self.prerollMargin
    prerollEnd = ExactTime.ticks(ExactTime.difference(time, margin), plus: origin, in: timeBase)
  }

  /// How long before a requested time decoding forward starts decoding every picture again
  /// (see ``startPreroll(before:)``): a quarter of a second, so frames a phone dropped
  /// (a few in a row) never make the frame shown at a time one that was skipped.
  static let prerollMargin = Time(value: 1, timescale: 4)

  private func seekToStart() throws(MediaError) {
    let start = container.probe.streams[streamIndex].startTime
    let target = start == reel_AV_NOPTS_VALUE() ? Int64.min + 1 : start
    try container.seek(streamIndex: streamIndex, toKeyframeBefore: target)
    resetAfterSeek()
    atStreamStart = true
  }

  private func resetAfterSeek() {
    seekCount += 1
    decoder.flush()
    decoder.skipsUnreferencedPictures = false
    prerollEnd = nil
    firstFrameTimeSinceSeek = nil
    concealedSinceSeek = false
    current = nil
    upcoming = nil
    inputEnded = false
    decoderDrained = false
    pendingError = nil
    packetPending = false
    lastTicks = nil
    lastFrameTime = nil
  }
}
