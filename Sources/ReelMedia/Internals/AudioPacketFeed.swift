import CFFmpeg

/// One file's first audio stream copied packet by packet into an output, interleaved with
/// video by decode time: ``write(before:in:to:path:)`` writes the packets that decode no
/// later than a video packet about to be written.
///
/// Not Sendable: it belongs to the one remux that reads it.
struct AudioPacketFeed {
  let input: InputContainer
  let sourceIndex: Int32
  let timeBase: AVRational
  private(set) var outputIndex: Int32 = -1
  /// Audio packets written.
  private(set) var count = 0
  private var pending = false
  private var done = false
  private let packet: FFPacket

  /// - Throws: ``MediaError/noAudioTrack(path:)`` when the file has no audio stream.
  init(input: InputContainer) throws(MediaError) {
    guard
      let index = (0..<input.streamCount).first(where: {
        input.stream(at: $0).pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
      })
    else { throw .noAudioTrack(path: input.path) }
    guard let packet = FFPacket() else {
      throw .corrupt(path: input.path, reason: "out of memory allocating a packet")
    }
    self.input = input
    self.packet = packet
    sourceIndex = Int32(index)
    timeBase = input.stream(at: index).pointee.time_base
  }

  /// Adds the output stream, a copy of the source's; call before the muxer opens.
  mutating func addStream(to muxer: OutputMuxer, container: OutputContainer, path: String)
    throws
  {
    let stream = input.stream(at: Int(sourceIndex))
    guard container.allowsStreamCopy(of: stream.pointee.codecpar.pointee.codec_id) else {
      let codec = stream.pointee.codecpar.pointee.codec_id
      throw MediaError.codecNotAllowed(
        path: path, codec: avcodec_get_name(codec).map { String(cString: $0) } ?? "unknown",
        container: container.rawValue)
    }
    outputIndex = try muxer.addStream(
      copying: stream, codecTag: container.streamCopyTag(for: stream.pointee.codecpar))
  }

  /// Writes the packets that decode at or before `limit` (in `limitBase`), or all that are
  /// left when `limit` is nil.
  mutating func write(
    before limit: Int64?, in limitBase: AVRational, to muxer: OutputMuxer, path: String
  ) throws(MediaError) {
    while !done {
      if !pending {
        var found = false
        while try input.readPacket(into: packet) {
          if packet.pointer.pointee.stream_index == sourceIndex {
            found = true
            break
          }
        }
        if !found {
          done = true
          return
        }
        pending = true
      }
      let none = reel_AV_NOPTS_VALUE()
      let dts =
        packet.pointer.pointee.dts != none ? packet.pointer.pointee.dts : packet.pointer.pointee.pts
      if let limit, dts != none, av_compare_ts(dts, timeBase, limit, limitBase) > 0 { return }
      packet.pointer.pointee.pos = -1
      do {
        try muxer.write(packet.pointer, stream: outputIndex, from: timeBase)
      } catch {
        throw MediaWriter.mediaError(error, path: path)
      }
      pending = false
      count += 1
    }
  }
}
