import CFFmpeg

/// Decodes one audio track of an ``Asset`` and converts it to interleaved float PCM in a
/// chosen ``AudioFormat`` (48 kHz stereo by default), in order or from any sample position.
///
///     let reader = try AudioReader(asset: try Asset(path: "clip.mp4"))
///     try reader.seek(toFrame: 48_000)                 // 1 s in
///     while let buffer = try reader.read(frameCount: 4096) { mix(buffer) }
///
/// Positions are counted in output sample frames. Frame 0 is the track's first decoded
/// sample, after the codec's priming samples are dropped (what
/// `ffmpeg -i FILE -f f32le -ac 2 -ar 48000 -` writes first); samples then follow each
/// other without gaps, as in that command's output.
///
/// Channel mixing uses libswresample's standard matrix (a centre channel goes to left and
/// right at −3 dB, surrounds likewise, LFE is dropped) without normalisation, except that
/// mono is copied to both stereo channels at unity gain. Unknown input layouts are taken to
/// be FFmpeg's default layout for their channel count.
///
/// Not Sendable: a reader owns a demuxer and a decoder; use it from one thread at a time.
public final class AudioReader {
  /// The track being read.
  public let track: TrackInfo
  /// The format of the buffers ``read(frameCount:)`` returns.
  public let format: AudioFormat

  private let path: String
  private var container: InputContainer
  private var decoder: DecoderContext
  private var resampler: Resampler?
  private let packet: FFPacket
  private let frame: FFFrame

  /// Presentation time (stream time base) of the first decoded frame: sample position 0.
  private var originTimestamp: Int64?
  /// Samples in the first decoded frame (shorter than the rest when priming was trimmed).
  private var firstFrameSampleCount: Int64?
  /// After a seek: input samples before this position are dropped and the resampler starts
  /// here. Nil when reading in order.
  private var inputStart: Int64?
  /// Output position of the next sample the resampler produces.
  private var outputCursor: Int64 = 0
  /// Output samples before this position are dropped (the seek target).
  private var discardBefore: Int64 = 0
  /// Output samples ready to hand out, interleaved, starting at `pendingStart`.
  private var pending: [Float] = []
  private var pendingStart: Int64 = 0
  private var demuxerEnded = false
  private var finished = false
  /// Set when a seek landed after the wanted input position, or where the timestamps cannot
  /// place the samples exactly.
  private var overshot = false
  /// "Needs input" answers in a row after the end of the file (each one a damaged packet the
  /// decoder skipped while draining); bounded so a damaged file cannot spin.
  private var idleDrains = 0
  /// Where the file says the track ends, in output sample frames: the track's own duration,
  /// else the container's when the file is cut short; nil when neither applies. Found on
  /// first need.
  private lazy var declaredEnd: Int64? = {
    guard
      let end = ownDeclaredEnd
        ?? asset.declaredEndOfCutFile.map({ $0 - containerStart })
    else { return nil }
    guard end.seconds.isFinite, end.seconds > 0 else { return nil }
    return Int64(exactly: (end.seconds * Double(format.sampleRate)).rounded(.down))
  }()
  private let ownDeclaredEnd: Time?
  /// The file, whose probe reopens it (``restart(discardingBefore:)``) and knows whether it
  /// is cut short.
  private let asset: Asset
  private let containerStart: Time
  /// The output position after the last sample, once reading in order reached the end.
  private var dataEnd: Int64?
  /// Missing samples before this position are already counted.
  private var missingCountedUntil: Int64 = 0
  /// The log the reader reports damage to (see ``DamageLog``); nil for none.
  private let damageLog: DamageLog?
  private var reportedDrops = 0

  /// Opens `track` (or the asset's first audio track) for reading.
  ///
  /// - Parameters:
  ///   - asset: The file to read.
  ///   - track: An audio track of `asset`; nil for the first one.
  ///   - format: The sample rate (Hz, 1…768 000) and channel count (1…8) to deliver.
  /// - Throws: `MediaError.noAudioTrack` when the asset has no audio track,
  ///   `.unsupportedCodec` when FFmpeg cannot decode it, `.invalidArgument` for a track that
  ///   is not audio or a format out of range, and the errors of opening a file.
  public convenience init(
    asset: Asset, track: TrackInfo? = nil, format: AudioFormat = .standard
  ) throws(MediaError) {
    try self.init(asset: asset, track: track, format: format, damageLog: nil)
  }

  /// Opens `track` (or the asset's first audio track) for reading, reporting what cannot be
  /// decoded to `damageLog`.
  ///
  /// - Parameters:
  ///   - asset: The file to read.
  ///   - track: An audio track of `asset`; nil for the first one.
  ///   - format: The sample rate and channel count to deliver.
  ///   - damageLog: Where the reader reports damage (an export's log); nil for nowhere.
  /// - Throws: As ``init(asset:track:format:)``.
  package init(asset: Asset, track: TrackInfo?, format: AudioFormat, damageLog: DamageLog?)
    throws(MediaError)
  {
    path = asset.path
    self.asset = asset
    guard format.sampleRate > 0 && format.sampleRate <= 768_000,
      format.channelCount >= 1 && format.channelCount <= 8
    else {
      throw MediaError.invalidArgument(
        path: asset.path,
        reason:
          "audio format \(format.sampleRate) Hz × \(format.channelCount) channels is out of range (1…768000 Hz, 1…8 channels)"
      )
    }
    let chosen: TrackInfo
    if let track {
      guard asset.tracks.contains(where: { $0.index == track.index && $0.kind == .audio }) else {
        throw MediaError.invalidArgument(
          path: asset.path, reason: "track \(track.index) is not an audio track of this file")
      }
      chosen = track
    } else {
      chosen = try asset.firstAudioTrack()
    }
    self.track = chosen
    self.format = format
    guard let packet = FFPacket(), let frame = FFFrame() else {
      throw MediaError.decodeFailed(path: asset.path, reason: "out of memory")
    }
    self.packet = packet
    self.frame = frame
    (container, decoder) = try AudioReader.open(asset, streamIndex: chosen.index)
    ownDeclaredEnd = chosen.duration
    let start = container.probe.startTime
    containerStart =
      start == reel_AV_NOPTS_VALUE()
      ? .zero : Time(value: start, timescale: Int32(AV_TIME_BASE))
    self.damageLog = damageLog
  }

  /// Opens the asset's file again from its probe, with a decoder for stream `streamIndex`.
  private static func open(_ asset: Asset, streamIndex: Int) throws(MediaError) -> (
    InputContainer, DecoderContext
  ) {
    let path = asset.path
    let container = try asset.openContainer()
    guard streamIndex < container.streamCount else {
      throw MediaError.invalidArgument(path: path, reason: "no stream \(streamIndex) in this file")
    }
    for index in 0..<container.streamCount where index != streamIndex {
      container.stream(at: index).pointee.discard = AVDISCARD_ALL
    }
    let decoder = try DecoderContext(probed: container.probe.streams[streamIndex], path: path)
    return (container, decoder)
  }

  /// Reads the next samples in order.
  ///
  /// - Parameter frameCount: The number of sample frames wanted (> 0).
  /// - Returns: A buffer of `frameCount` frames, fewer at the end of the track, or nil when
  ///   the track is exhausted. Its `startFrame` is its position in output sample frames.
  /// - Throws: `MediaError.decodeFailed` or `.corrupt` when the file cannot be decoded,
  ///   `.invalidArgument` for a non-positive count.
  public func read(frameCount: Int) throws(MediaError) -> AudioBuffer? {
    guard frameCount > 0 else {
      throw MediaError.invalidArgument(
        path: path, reason: "read(frameCount:) needs a positive count, got \(frameCount)")
    }
    let channels = format.channelCount
    while pending.count < frameCount * channels && !finished {
      try step()
    }
    let available = min(frameCount, pending.count / channels)
    try account(asked: frameCount, delivered: available)
    guard available > 0 else { return nil }
    let samples = Array(pending[0..<(available * channels)])
    pending.removeSubrange(0..<(available * channels))
    let buffer = AudioBuffer(format: format, samples: samples, startFrame: pendingStart)
    pendingStart += Int64(available)
    return buffer
  }

  /// Counts a read for the damage rule: samples asked for that the file should hold (before
  /// the end the container declares) but could not be decoded are missing; a stretch of
  /// more than ``MediaDamage/maximumGap`` after the usable data ends is an error.
  private func account(asked: Int, delivered: Int) throws(MediaError) {
    var change = MediaDamage(path: path, kind: .audio)
    change.sampleRate = format.sampleRate
    change.requested = Int64(delivered)
    change.droppedPackets = decoder.droppedPackets - reportedDrops
    reportedDrops = decoder.droppedPackets
    if delivered < asked, finished {
      // Saturating: a caller may seek to any frame, up to Int64.max.
      let end = Int64(clamping: Int128(pendingStart) + Int128(delivered))
      if dataEnd == nil { dataEnd = min(end, outputCursor) }
      let usableEnd = dataEnd ?? end
      // A quarter second of slack: containers often declare a little more than the track.
      let limit = (declaredEnd ?? 0) - Int64(format.sampleRate / 4)
      let from = max(end, usableEnd, missingCountedUntil)
      let to = min(Int64(clamping: Int128(pendingStart) + Int128(asked)), limit)
      if to > from, from >= 0 {
        change.missing = to - from
        change.requested += to - from
        change.dataEnd = Time(value: usableEnd, timescale: Int32(format.sampleRate))
        missingCountedUntil = to
        if to - usableEnd > Int64(format.sampleRate) * MediaDamage.maximumGap.value
          / Int64(MediaDamage.maximumGap.timescale)
        {
          damageLog?.add(change)
          let rate = Double(format.sampleRate)
          throw MediaError.damaged(
            path: path,
            reason:
              "no audio can be decoded from \(MediaDamage.seconds(Double(usableEnd) / rate)) s to \(MediaDamage.seconds(Double(to) / rate)) s, more than \(MediaDamage.seconds(MediaDamage.maximumGap)) s; the usable audio data ends at \(MediaDamage.seconds(Double(usableEnd) / rate)) s"
          )
        }
      }
    }
    if change.requested > 0 || !change.isEmpty { damageLog?.add(change) }
  }

  /// Reads everything from the current position to the end of the track.
  ///
  /// Meant for short files: the whole track is held in memory.
  ///
  /// - Returns: One buffer (empty at the end of the track) starting at the current position.
  /// - Throws: As ``read(frameCount:)``.
  public func readAll() throws(MediaError) -> AudioBuffer {
    var samples: [Float] = []
    var start: Int64?
    while let buffer = try read(frameCount: 65_536) {
      if start == nil { start = buffer.startFrame }
      samples.append(contentsOf: buffer.samples)
    }
    return AudioBuffer(format: format, samples: samples, startFrame: start ?? pendingStart)
  }

  /// Positions the reader so the next buffer starts exactly at output sample frame `frame`.
  ///
  /// The demuxer is moved to a packet at least 0.2 s before the target (so codecs with
  /// overlapping frames, such as AAC and MP3, are fully primed), decoding restarts there,
  /// and a fresh resampler starts on an input sample that falls exactly on an output sample
  /// of the in-order grid, more than a filter length before the target; samples before the
  /// target are dropped. The samples then equal those of an in-order read: exactly for PCM
  /// sources, resampled or not; a lossy decoder restarted mid-stream (AAC, MP3) differs by
  /// up to about 4e-5, because its state from before the preroll is not reproduced. When
  /// the target is near the start, or the demuxer cannot seek precisely enough, the file is
  /// decoded again from its start. Timestamps coarser than a sample (Matroska/WebM store
  /// milliseconds) are snapped to the frame grid of codecs with a fixed frame size (AAC,
  /// MP3); for other codecs in such files (Opus in WebM) every seek decodes from the start,
  /// which is exact but costs time proportional to the position.
  ///
  /// - Parameter frame: Output sample frame (≥ 0) at the output sample rate. A position
  ///   beyond the end makes the next ``read(frameCount:)`` return nil.
  /// - Throws: `MediaError.invalidArgument` for a negative position, `.corrupt` or
  ///   `.decodeFailed` when the file cannot be read there.
  public func seek(toFrame frame: Int64) throws(MediaError) {
    guard frame >= 0 else {
      throw MediaError.invalidArgument(
        path: path, reason: "cannot seek to a negative sample frame (\(frame))")
    }
    // Past the end of data already found by reading in order, there is nothing to decode:
    // stay at the end (decoding the file again from its start for every later read of a
    // file cut short would cost time proportional to the file for each buffer).
    if let dataEnd, finished, frame >= dataEnd {
      pending.removeAll(keepingCapacity: true)
      pendingStart = frame
      return
    }
    // Sample position 0 is the first decoded frame's time: find it first.
    while originTimestamp == nil && !finished { try step() }
    let inputRate = Int64(resampler?.input.sampleRate ?? decoder.context.pointee.sample_rate)
    let outputRate = Int64(format.sampleRate)
    guard let origin = originTimestamp, inputRate > 0 else {
      try restart(discardingBefore: frame)
      return
    }
    let divisor = greatestCommonDivisor(inputRate, outputRate)
    let inputStep = inputRate / divisor
    let outputStep = outputRate / divisor
    // Input samples the resampler needs before the target to reach its steady state.
    let filterPreroll = 256 + 64 * (inputRate / outputRate + 1)
    // Positions are computed in 128 bits and clamped: a caller may ask for any frame, and
    // a damaged file's timestamps may be anywhere in Int64.
    let targetInput = Int64(clamping: Int128(frame) * Int128(inputRate) / Int128(outputRate))
    let alignedStart = max(0, (targetInput - filterPreroll) / inputStep) * inputStep
    let decoderPreroll = inputRate / 5

    guard alignedStart - decoderPreroll > 0 else {
      try restart(discardingBefore: frame)
      return
    }
    let stream = container.stream(at: track.index)
    let timeBase = stream.pointee.time_base
    for prerollSeconds in [Int64(0), 2, 10] {
      let seekInput = alignedStart - decoderPreroll - prerollSeconds * inputRate
      if seekInput <= 0 { break }
      let offset = av_rescale_q(seekInput, AVRational(num: 1, den: Int32(inputRate)), timeBase)
      let timestamp = Int64(clamping: Int128(origin) + Int128(offset))
      try container.seek(streamIndex: track.index, toKeyframeBefore: timestamp)
      decoder.flush()
      resetPipeline()
      inputStart = alignedStart
      outputCursor = Int64(clamping: Int128(alignedStart / inputStep) * Int128(outputStep))
      discardBefore = frame
      pendingStart = frame
      while pending.isEmpty && !finished && !overshot { try step() }
      if !overshot { return }
    }
    try restart(discardingBefore: frame)
  }

  // MARK: - Pipeline

  private func resetPipeline() {
    resampler = nil
    pending.removeAll(keepingCapacity: true)
    demuxerEnded = false
    finished = false
    overshot = false
    idleDrains = 0
    inputStart = nil
  }

  /// Reopens the file and decodes from its start, dropping output before `target`.
  private func restart(discardingBefore target: Int64) throws(MediaError) {
    (container, decoder) = try AudioReader.open(asset, streamIndex: track.index)
    reportedDrops = 0
    resetPipeline()
    originTimestamp = nil
    firstFrameSampleCount = nil
    outputCursor = 0
    discardBefore = target
    pendingStart = target
  }

  /// Advances the decode by one packet, one frame or the final drain.
  private func step() throws(MediaError) {
    switch try decoder.receive(into: frame) {
    case .frame:
      try consume(frame.pointer)
    case .needsInput:
      if demuxerEnded {
        idleDrains += 1
        if idleDrains > 64 { try endStream() }
      } else {
        try feedDecoder()
      }
    case .endOfStream:
      try endStream()
    }
  }

  /// Hands out what the resampler still holds and marks the track finished.
  private func endStream() throws(MediaError) {
    if let resampler, inputStart == nil {
      var output: [Float] = []
      try resampler.convert(nil, appendingTo: &output)
      append(output)
    }
    finished = true
  }

  private func feedDecoder() throws(MediaError) {
    if demuxerEnded { return }
    while try container.readPacket(into: packet) {
      guard Int(packet.pointer.pointee.stream_index) == track.index else { continue }
      while try !decoder.send(packet) {
        // The decoder is full: take one frame out before sending again.
        guard case .frame = try decoder.receive(into: frame) else { return }
        try consume(frame.pointer)
      }
      return
    }
    demuxerEnded = true
    try decoder.sendEndOfStream()
  }

  /// Places one decoded frame on the sample grid and resamples the part that is wanted.
  private func consume(_ decoded: UnsafeMutablePointer<AVFrame>) throws(MediaError) {
    let sampleCount = Int64(decoded.pointee.nb_samples)
    guard sampleCount > 0, decoded.pointee.sample_rate > 0 else { return }
    let timestamp = decoded.pointee.best_effort_timestamp
    let hasTimestamp = timestamp != reel_AV_NOPTS_VALUE()
    if originTimestamp == nil {
      originTimestamp = hasTimestamp ? timestamp : 0
      firstFrameSampleCount = sampleCount
    }

    var offset: Int64 = 0
    if let start = inputStart {
      guard hasTimestamp, let origin = originTimestamp else {
        overshot = true
        return
      }
      let timeBase = container.stream(at: track.index).pointee.time_base
      let relative = Int64(clamping: Int128(timestamp) - Int128(origin))
      var position = av_rescale_q(
        relative, timeBase, AVRational(num: 1, den: decoded.pointee.sample_rate))
      if Int64(timeBase.num) * Int64(decoded.pointee.sample_rate) > Int64(timeBase.den) {
        // Timestamps coarser than a sample (Matroska's milliseconds): snap to the frame grid
        // of a fixed-frame-size codec, whose frames after the first follow each other.
        let frameSize = Int64(decoder.context.pointee.frame_size)
        guard frameSize > 0, sampleCount == frameSize, let firstCount = firstFrameSampleCount
        else {
          overshot = true
          return
        }
        let frames = (Int128(position) - Int128(firstCount) + Int128(frameSize / 2))
          .dividedFloor(by: Int128(frameSize))
        position =
          frames < 0 ? 0 : Int64(clamping: Int128(firstCount) + frames * Int128(frameSize))
      }
      // Written as a difference so that no sum can overflow; `start` is ≥ 0.
      if position <= start - sampleCount { return }
      if position > start {
        overshot = true
        return
      }
      offset = start - position
      inputStart = nil
    }

    if let current = resampler, !current.accepts(decoded) {
      // The stream changed format mid-way: drain the old filter, continue with a new one.
      var output: [Float] = []
      try current.convert(nil, appendingTo: &output)
      append(output)
      resampler = nil
    }
    let active: Resampler
    if let current = resampler {
      active = current
    } else {
      active = try Resampler(inputLike: decoded, output: format, path: path)
      resampler = active
    }
    var output: [Float] = []
    try active.convert(
      decoded, offset: Int(offset), count: Int(sampleCount - offset), appendingTo: &output)
    append(output)
  }

  /// Appends resampled output produced at `outputCursor`, dropping what precedes the target.
  private func append(_ output: [Float]) {
    let channels = format.channelCount
    let produced = Int64(output.count / channels)
    let first = outputCursor
    outputCursor += produced
    let skip = max(0, min(produced, discardBefore - first))
    guard skip < produced else { return }
    if pending.isEmpty { pendingStart = first + skip }
    pending.append(contentsOf: output[Int(skip) * channels..<output.count])
  }
}
