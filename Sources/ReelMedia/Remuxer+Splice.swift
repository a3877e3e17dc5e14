import CFFmpeg
import Foundation

extension Remuxer {
  /// A run of one file's video packets that becomes consecutive frames of a spliced movie.
  public struct SplicePiece: Sendable, Hashable {
    /// The file (a source, or a piece Reel encoded).
    public var path: String
    /// How many packets the run has.
    public var packetCount: Int
    /// The movie frame index (from 0) of the run's earliest-shown frame.
    public var firstFrame: Int
    /// The first packet's decode and presentation times, and the run's earliest
    /// presentation time, in ticks of the file's time base from its start.
    var firstDecodeTicks: Int64
    var firstPresentationTicks: Int64
    var earliestPresentationTicks: Int64
    /// Whether the run starts at the file's first packet (no seek needed).
    var startsAtFileStart: Bool

    /// Makes a piece of the packets `packets` (indices into `index`'s packets, in decode
    /// order) whose earliest-shown frame is movie frame `firstFrame`.
    ///
    /// - Throws: ``MediaError/invalidArgument(path:reason:)`` when the run is empty, out of
    ///   the file's packets or does not start at a keyframe.
    public init(_ index: VideoPacketIndex, packets: Range<Int>, firstFrame: Int)
      throws(MediaError)
    {
      guard packets.lowerBound >= 0, packets.upperBound <= index.packets.count, !packets.isEmpty,
        index.packets[packets.lowerBound].isKeyframe, firstFrame >= 0
      else {
        throw .invalidArgument(
          path: index.path,
          reason:
            "packets \(packets) are not a run starting at a keyframe of its \(index.packets.count) packets"
        )
      }
      let first = index.packets[packets.lowerBound]
      path = index.path
      packetCount = packets.count
      self.firstFrame = firstFrame
      firstDecodeTicks = first.decodeTicks
      firstPresentationTicks = first.presentationTicks
      earliestPresentationTicks =
        index.packets[packets].map(\.presentationTicks).min() ?? first.presentationTicks
      startsAtFileStart = packets.lowerBound == 0
    }
  }

  /// Splices runs of H.264 packets from several files — a source's untouched groups of
  /// pictures and the pieces encoded in between — into one video stream, with no decoding,
  /// and interleaves one audio file.
  ///
  /// Every piece's frames are shown at their movie frame times (`firstFrame` frame
  /// durations plus the packet's place after the piece's earliest frame, converted exactly);
  /// decode times are set again for the whole stream: packet *n* (in decode order, counted
  /// over the pieces) decodes at frame time *n* − `reorderDepth`, so they increase across
  /// every seam and never come after a packet's presentation. The stream's parameters are
  /// the first piece's, with `parameterSets` as its `avcC` (every piece's SPS and PPS,
  /// numbered apart). MP4-family files get `moov` first; the output is written beside the
  /// destination and renamed.
  ///
  /// - Parameters:
  ///   - pieces: The runs in movie order; together they must be whole consecutive frames.
  ///   - frameDuration: Seconds per frame; every piece's frames are this far apart.
  ///   - reorderDepth: The largest reorder depth of the pieces (``VideoPacketIndex/reorderDepth``).
  ///   - parameterSets: The `avcC` the stream carries.
  ///   - audio: A file whose first audio stream is copied whole, or nil for none.
  ///   - destination: The file to write (`.mp4`, `.m4v`, `.mov`).
  ///   - overwrite: Replace an existing destination.
  /// - Returns: The packets written.
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` for no pieces or a packet
  ///   reordered deeper than `reorderDepth`; ``MediaError/corrupt(path:reason:)`` when a
  ///   file has fewer packets than its piece;
  ///   ``MediaError/unsupportedContainer(path:fileExtension:)`` for a container other than
  ///   the MP4 family; the opening and reading errors of the inputs; the writing errors of
  ///   ``join(_:frameDuration:audio:to:overwrite:)``.
  public static func splice(
    _ pieces: [SplicePiece], frameDuration: Time, reorderDepth: Int,
    parameterSets: H264ParameterSets, audio: String?, to destination: URL, overwrite: Bool
  ) throws(MediaError) -> JoinSummary {
    FFmpegLogging.configure()
    let path = destination.path
    let fileExtension = destination.pathExtension
    guard let container = OutputContainer(fileExtension: fileExtension),
      container.supportsFastStart, container != .m4a
    else {
      throw .unsupportedContainer(path: path, fileExtension: fileExtension)
    }
    guard let first = pieces.first else {
      throw .invalidArgument(path: path, reason: "there are no pieces to splice")
    }
    guard frameDuration.value > 0, frameDuration.timescale > 0, reorderDepth >= 0 else {
      throw .invalidArgument(
        path: path, reason: "the frame duration must be positive and the reorder depth ≥ 0")
    }
    try MediaWriter.checkTarget(path: path, overwrite: overwrite)
    let firstInput = try InputContainer(path: first.path)
    let audioFeed = try audio.map { (audioPath) throws(MediaError) in
      try AudioPacketFeed(input: InputContainer(path: audioPath))
    }
    let temporaryPath = try MediaWriter.makeTemporaryFile(beside: path)
    do throws(MediaError) {
      var splicer = try Splicer(
        firstInput: firstInput, container: container, parameterSets: parameterSets,
        audioFeed: audioFeed, frameDuration: frameDuration, reorderDepth: reorderDepth,
        temporaryPath: temporaryPath, path: path)
      var counts: [Int] = []
      for (number, piece) in pieces.enumerated() {
        let input = number == 0 ? firstInput : try InputContainer(path: piece.path)
        counts.append(try splicer.copy(piece, from: input))
      }
      let audioCount = try splicer.finish()
      try MediaWriter.commitTemporaryFile(temporaryPath, to: path, overwrite: overwrite)
      return JoinSummary(videoPacketCounts: counts, audioPacketCount: audioCount)
    } catch {
      unlink(temporaryPath)
      throw error
    }
  }
}

/// The output side of ``Remuxer/splice(_:frameDuration:reorderDepth:parameterSets:audio:to:overwrite:)``.
private struct Splicer {
  let muxer: OutputMuxer
  let videoOutput: Int32
  /// The time base the spliced timestamps are computed in: the first piece's.
  let timeBase: AVRational
  let frameDuration: Time
  let reorderDepth: Int
  let path: String
  var audioFeed: AudioPacketFeed?
  /// Video packets written so far: the next packet's place in decode order.
  var written = 0
  let packet: FFPacket

  init(
    firstInput: InputContainer, container: OutputContainer, parameterSets: H264ParameterSets,
    audioFeed: AudioPacketFeed?, frameDuration: Time, reorderDepth: Int, temporaryPath: String,
    path: String
  ) throws(MediaError) {
    guard let packet = FFPacket() else {
      throw .encodeFailed(path: path, reason: "out of memory allocating a packet")
    }
    self.packet = packet
    self.frameDuration = frameDuration
    self.reorderDepth = reorderDepth
    self.path = path
    var feed = audioFeed
    let videoSource = firstInput.stream(at: try Splicer.videoStream(in: firstInput))
    guard videoSource.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_H264 else {
      throw .invalidArgument(path: path, reason: "only H.264 video can be spliced")
    }
    timeBase = videoSource.pointee.time_base
    do {
      muxer = try OutputMuxer(muxerName: container.muxerName, path: temporaryPath)
      videoOutput = try muxer.addStream(
        copying: videoSource, codecTag: container.streamCopyTag(for: videoSource.pointee.codecpar))
      try Splicer.setExtradata(
        parameterSets.avcC, of: muxer.context.pointee.streams[Int(videoOutput)])
      try feed?.addStream(to: muxer, container: container, path: path)
      try muxer.open(fastStart: true)
    } catch let error as MediaError {
      throw error
    } catch let error as FFmpegError {
      throw MediaWriter.mediaError(error, path: path)
    } catch {
      throw .encodeFailed(path: path, reason: "\(error)")
    }
    self.audioFeed = feed
  }

  static func videoStream(in input: InputContainer) throws(MediaError) -> Int {
    guard
      let index = (0..<input.streamCount).first(where: {
        let stream = input.stream(at: $0)
        return stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
          && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
      })
    else { throw .noVideoTrack(path: input.path) }
    return index
  }

  /// Replaces a stream's extradata with `bytes` (padded as FFmpeg requires).
  static func setExtradata(_ bytes: [UInt8], of stream: UnsafeMutablePointer<AVStream>?)
    throws(FFmpegError)
  {
    guard let parameters = stream?.pointee.codecpar,
      let buffer = av_mallocz(bytes.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))
    else { throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_mallocz") }
    let data = buffer.assumingMemoryBound(to: UInt8.self)
    data.update(from: bytes, count: bytes.count)
    av_freep(&parameters.pointee.extradata)
    parameters.pointee.extradata = data
    parameters.pointee.extradata_size = Int32(bytes.count)
  }

  /// Ticks of the splice's time base at movie frame `frame` (may be negative), rounded.
  func ticks(ofFrame frame: Int) -> Int64 {
    av_rescale_q_rnd(
      Int64(frame) * frameDuration.value, AVRational(num: 1, den: frameDuration.timescale),
      timeBase, AV_ROUND_NEAR_INF)
  }

  /// Copies one piece's packets; returns how many.
  mutating func copy(_ piece: Remuxer.SplicePiece, from input: InputContainer)
    throws(MediaError) -> Int
  {
    let index = try Splicer.videoStream(in: input)
    let stream = input.stream(at: index)
    let pieceBase = stream.pointee.time_base
    let fileStart = input.context.pointee.start_time
    let origin =
      fileStart == reel_AV_NOPTS_VALUE()
      ? 0 : av_rescale_q(fileStart, reel_AV_TIME_BASE_Q(), pieceBase)
    // Find the piece's first packet by its decode time after seeking to its keyframe.
    let earliest = piece.earliestPresentationTicks
    if !piece.startsAtFileStart {
      try input.seek(
        streamIndex: index, toKeyframeBefore: piece.firstPresentationTicks + origin)
    }
    let pieceOffset = ticks(ofFrame: piece.firstFrame)
    let none = reel_AV_NOPTS_VALUE()
    let oneFrame = ticks(ofFrame: 1)
    var copied = 0
    var started = false
    while copied < piece.packetCount, try input.readPacket(into: packet) {
      guard packet.pointer.pointee.stream_index == Int32(index) else { continue }
      let pts = packet.pointer.pointee.pts
      let dts = packet.pointer.pointee.dts != none ? packet.pointer.pointee.dts : pts
      if !started {
        guard dts - origin == piece.firstDecodeTicks else { continue }
        started = true
      }
      guard pts != none else {
        throw .corrupt(path: piece.path, reason: "a video packet has no presentation time")
      }
      let shown = av_rescale_q_rnd(pts - origin - earliest, pieceBase, timeBase, AV_ROUND_NEAR_INF)
      packet.pointer.pointee.pts = pieceOffset + shown
      packet.pointer.pointee.dts = ticks(ofFrame: written - reorderDepth)
      packet.pointer.pointee.duration = oneFrame
      packet.pointer.pointee.pos = -1
      guard packet.pointer.pointee.dts <= packet.pointer.pointee.pts else {
        throw .invalidArgument(
          path: path,
          reason:
            "packet \(copied) of the run from \(piece.path) is reordered deeper than \(reorderDepth) frames"
        )
      }
      try audioFeed?.write(before: packet.pointer.pointee.dts, in: timeBase, to: muxer, path: path)
      do {
        try muxer.write(packet.pointer, stream: videoOutput, from: timeBase)
      } catch {
        throw .encodeFailed(
          path: path,
          reason:
            "the muxer refused packet \(copied) of \(piece.path): \(FFmpegError.message(for: error.code))"
        )
      }
      copied += 1
      written += 1
    }
    guard copied == piece.packetCount else {
      throw .corrupt(
        path: piece.path,
        reason: "it ended after \(copied) of the \(piece.packetCount) packets to copy")
    }
    return copied
  }

  /// Writes the rest of the audio and the trailer; returns the audio packets written.
  mutating func finish() throws(MediaError) -> Int {
    try audioFeed?.write(before: nil, in: timeBase, to: muxer, path: path)
    do {
      try muxer.finish()
    } catch {
      throw MediaWriter.mediaError(error, path: path)
    }
    return audioFeed?.count ?? 0
  }
}
