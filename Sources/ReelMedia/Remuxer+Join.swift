import CFFmpeg
import Foundation

extension Remuxer {
  /// One video piece to join: a file and the movie frame its first frame is.
  public struct JoinPiece: Sendable, Hashable {
    /// The piece's file.
    public var path: String
    /// The movie frame index (from 0) of the piece's first frame.
    public var firstFrame: Int

    /// Makes a piece.
    public init(path: String, firstFrame: Int) {
      self.path = path
      self.firstFrame = firstFrame
    }
  }

  /// What ``join(_:frameDuration:audio:to:overwrite:)`` wrote.
  public struct JoinSummary: Sendable, Hashable {
    /// Video packets written, per piece in order.
    public var videoPacketCounts: [Int]
    /// Audio packets written.
    public var audioPacketCount: Int
  }

  /// Joins separately encoded video pieces, and optionally one audio file, into one file
  /// without re-encoding.
  ///
  /// Each piece's timestamps are moved by its first frame's time — `firstFrame` frame
  /// durations, converted exactly to the stream's time base — never by adding up the
  /// pieces' lengths, so rounding cannot accumulate; decode timestamps (which run ahead of
  /// presentation with B-frames) move by the same amount. The audio packets are copied
  /// unchanged and interleaved by time. The video stream's parameters are the first piece's:
  /// the caller checks the pieces agree (see ``EncodedPiece/VideoParameters``). MP4-family
  /// files get `moov` first; the output is written beside the destination and renamed.
  ///
  /// - Parameters:
  ///   - pieces: The pieces in movie order.
  ///   - frameDuration: Seconds per frame (the pieces' frame rate).
  ///   - audio: A file whose first audio stream is copied, or nil for none.
  ///   - destination: The file to write; its extension chooses the container.
  ///   - overwrite: Replace an existing destination.
  /// - Returns: The packets written.
  /// - Throws: ``MediaError/invalidArgument(path:reason:)`` for no pieces, a piece without
  ///   video, or timestamps out of range; the opening and reading errors of the inputs;
  ///   ``MediaError/codecNotAllowed(path:codec:container:)``,
  ///   ``MediaError/fileExists(path:)``, ``MediaError/unwritable(path:reason:)`` and
  ///   ``MediaError/encodeFailed(path:reason:)`` (the muxer refused a packet, such as decode
  ///   timestamps that do not increase across a joint) for the output.
  public static func join(
    _ pieces: [JoinPiece], frameDuration: Time, audio: String?, to destination: URL,
    overwrite: Bool
  ) throws(MediaError) -> JoinSummary {
    FFmpegLogging.configure()
    let path = destination.path
    let fileExtension = destination.pathExtension
    guard let container = OutputContainer(fileExtension: fileExtension) else {
      throw .unsupportedContainer(path: path, fileExtension: fileExtension)
    }
    guard let first = pieces.first else {
      throw .invalidArgument(path: path, reason: "there are no pieces to join")
    }
    guard frameDuration.value > 0, frameDuration.timescale > 0 else {
      throw .invalidArgument(path: path, reason: "the frame duration must be positive")
    }
    try MediaWriter.checkTarget(path: path, overwrite: overwrite)
    let firstInput = try InputContainer(path: first.path)
    let audioInput = try audio.map { (audioPath) throws(MediaError) in
      try InputContainer(path: audioPath)
    }
    let temporaryPath = try MediaWriter.makeTemporaryFile(beside: path)
    do throws(MediaError) {
      let summary = try write(
        pieces, firstInput: firstInput, frameDuration: frameDuration, audioInput: audioInput,
        container: container, temporaryPath: temporaryPath, path: path)
      try MediaWriter.commitTemporaryFile(temporaryPath, to: path, overwrite: overwrite)
      return summary
    } catch {
      unlink(temporaryPath)
      throw error
    }
  }

  private static func videoStream(in input: InputContainer) throws(MediaError) -> Int {
    guard
      let index = (0..<input.streamCount).first(where: {
        input.stream(at: $0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
      })
    else { throw .noVideoTrack(path: input.path) }
    return index
  }

  private static func write(
    _ pieces: [JoinPiece], firstInput: InputContainer, frameDuration: Time,
    audioInput: InputContainer?, container: OutputContainer, temporaryPath: String, path: String
  ) throws(MediaError) -> JoinSummary {
    let muxer: OutputMuxer
    let videoOutput: Int32
    var audioTrack: (input: InputContainer, source: Int32, output: Int32, timeBase: AVRational)?
    do {
      muxer = try OutputMuxer(muxerName: container.muxerName, path: temporaryPath)
      let videoSource = firstInput.stream(at: try videoStream(in: firstInput))
      videoOutput = try muxer.addStream(
        copying: videoSource, codecTag: container.streamCopyTag(for: videoSource.pointee.codecpar))
      if let audioInput {
        guard
          let index = (0..<audioInput.streamCount).first(where: {
            audioInput.stream(at: $0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
          })
        else { throw MediaError.noAudioTrack(path: audioInput.path) }
        let stream = audioInput.stream(at: index)
        guard container.allowsStreamCopy(of: stream.pointee.codecpar.pointee.codec_id) else {
          let codec = stream.pointee.codecpar.pointee.codec_id
          throw MediaError.codecNotAllowed(
            path: path, codec: avcodec_get_name(codec).map { String(cString: $0) } ?? "unknown",
            container: container.rawValue)
        }
        let output = try muxer.addStream(
          copying: stream, codecTag: container.streamCopyTag(for: stream.pointee.codecpar))
        audioTrack = (audioInput, Int32(index), output, stream.pointee.time_base)
      }
      try muxer.open(fastStart: container.supportsFastStart)
    } catch let error as MediaError {
      throw error
    } catch let error as FFmpegError {
      throw MediaWriter.mediaError(error, path: path)
    } catch {
      throw .encodeFailed(path: path, reason: "\(error)")
    }

    guard let packet = FFPacket(), let audioPacket = FFPacket() else {
      throw .encodeFailed(path: path, reason: "out of memory allocating a packet")
    }
    var audioPending = false
    var audioDone = audioTrack == nil
    var audioCount = 0
    /// Writes the audio packets that decode before `limit` (in `limitBase`), or all of them.
    func writeAudio(before limit: Int64?, in limitBase: AVRational) throws(MediaError) {
      guard let track = audioTrack else { return }
      while !audioDone {
        if !audioPending {
          var found = false
          while try track.input.readPacket(into: audioPacket) {
            if audioPacket.pointer.pointee.stream_index == track.source {
              found = true
              break
            }
          }
          if !found {
            audioDone = true
            return
          }
          audioPending = true
        }
        let none = reel_AV_NOPTS_VALUE()
        let dts =
          audioPacket.pointer.pointee.dts != none
          ? audioPacket.pointer.pointee.dts : audioPacket.pointer.pointee.pts
        if let limit, dts != none, av_compare_ts(dts, track.timeBase, limit, limitBase) > 0 {
          return
        }
        audioPacket.pointer.pointee.pos = -1
        do {
          try muxer.write(audioPacket.pointer, stream: track.output, from: track.timeBase)
        } catch {
          throw MediaWriter.mediaError(error, path: path)
        }
        audioPending = false
        audioCount += 1
      }
    }

    var counts: [Int] = []
    for (number, piece) in pieces.enumerated() {
      let input = number == 0 ? firstInput : try InputContainer(path: piece.path)
      let index = try videoStream(in: input)
      let timeBase = input.stream(at: index).pointee.time_base
      let (ticks, overflow) = Int64(piece.firstFrame).multipliedReportingOverflow(
        by: frameDuration.value)
      guard !overflow, piece.firstFrame >= 0 else {
        throw .invalidArgument(
          path: path, reason: "frame \(piece.firstFrame) of \(piece.path) is out of range")
      }
      // The piece's start in its own time base, from its absolute first frame.
      let offset = av_rescale_q_rnd(
        ticks, AVRational(num: 1, den: frameDuration.timescale), timeBase, AV_ROUND_NEAR_INF)
      var count = 0
      while try input.readPacket(into: packet) {
        guard packet.pointer.pointee.stream_index == Int32(index) else { continue }
        let none = reel_AV_NOPTS_VALUE()
        if packet.pointer.pointee.pts != none { packet.pointer.pointee.pts += offset }
        if packet.pointer.pointee.dts != none { packet.pointer.pointee.dts += offset }
        packet.pointer.pointee.pos = -1
        let decodeTime =
          packet.pointer.pointee.dts != none
          ? packet.pointer.pointee.dts : packet.pointer.pointee.pts
        try writeAudio(before: decodeTime == none ? nil : decodeTime, in: timeBase)
        do {
          try muxer.write(packet.pointer, stream: videoOutput, from: timeBase)
        } catch {
          throw .encodeFailed(
            path: path,
            reason:
              "the muxer refused packet \(count) of \(piece.path): \(FFmpegError.message(for: error.code))"
          )
        }
        count += 1
      }
      counts.append(count)
    }
    try writeAudio(before: nil, in: AVRational(num: 1, den: 1))
    do {
      try muxer.finish()
    } catch {
      throw MediaWriter.mediaError(error, path: path)
    }
    return JoinSummary(videoPacketCounts: counts, audioPacketCount: audioCount)
  }
}
