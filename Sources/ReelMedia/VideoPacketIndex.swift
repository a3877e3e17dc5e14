import CFFmpeg
import ReelCore

/// A file's first video stream as its packets, read from the container without decoding:
/// each packet's presentation and decode times, whether it is a keyframe and (for H.264)
/// an IDR frame, grouped into groups of pictures. Smart rendering decides from this which
/// stretches of a source can be copied as they are.
///
/// Times are in ticks of the stream's time base (``timeBaseNumerator`` /
/// ``timeBaseDenominator`` seconds per tick) measured from the file's start (`start_time`),
/// the origin of asset time, so tick 0 is asset time 0.
///
///     let index = try VideoPacketIndex(path: "clip.mp4")
///     for group in index.groups where group.isClosed { print(group.presentationTicks.first!) }
public struct VideoPacketIndex: Sendable {
  /// One packet, in decode order.
  public struct Packet: Sendable, Hashable {
    /// Presentation time in ticks from the file's start.
    public var presentationTicks: Int64
    /// Decode time in ticks from the file's start.
    public var decodeTicks: Int64
    /// The container marks it a sync sample.
    public var isKeyframe: Bool
    /// It holds an IDR slice (H.264 only; false for other codecs).
    public var isIDR: Bool
  }

  /// A keyframe and the packets after it up to the next keyframe, in decode order.
  public struct Group: Sendable, Hashable {
    /// The index in ``VideoPacketIndex/packets`` of its first (key) packet.
    public var firstPacket: Int
    /// How many packets it has.
    public var packetCount: Int
    /// Its packets' presentation times, sorted.
    public var presentationTicks: [Int64]
    /// It starts with an IDR frame and none of its pictures is shown before that frame, so
    /// it decodes without the packets before it and the packets after it need none of it
    /// once the next group starts with an IDR frame (a closed group).
    public var isClosed: Bool
  }

  /// The file.
  public let path: String
  /// The stream's index in the file.
  public let streamIndex: Int
  /// The stream's codec parameters (codec, profile, size, pixel format, colour tags,
  /// extradata).
  public let parameters: EncodedPiece.VideoParameters
  /// The stream's time base: seconds per tick is numerator / denominator.
  public var timeBaseNumerator: Int { parameters.timeBaseNumerator }
  /// See ``timeBaseNumerator``.
  public var timeBaseDenominator: Int { parameters.timeBaseDenominator }
  /// The display rotation in degrees clockwise (0, 90, 180, 270).
  public let rotation: Int
  /// Every packet in decode order.
  public let packets: [Packet]
  /// The groups of pictures in decode order.
  public let groups: [Group]
  /// The largest number of frames a packet is decoded before its place in presentation
  /// order (0 without B-frames): the decode times of a splice are set this many frames
  /// before the presentation times.
  public let reorderDepth: Int

  /// Reads the packets of `path`'s first video stream.
  ///
  /// - Parameter path: A local media file.
  /// - Throws: The opening and reading errors of ``Asset/init(path:)``;
  ///   ``MediaError/noVideoTrack(path:)`` when it has no video stream;
  ///   ``MediaError/corrupt(path:reason:)`` for a packet without timestamps or an H.264
  ///   stream whose headers cannot be read.
  public init(path: String) throws(MediaError) {
    FFmpegLogging.configure()
    let input = try InputContainer(path: path)
    guard
      let index = (0..<input.streamCount).first(where: {
        let stream = input.stream(at: $0)
        return stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
          && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
      })
    else { throw .noVideoTrack(path: path) }
    let stream = input.stream(at: index)
    let parameters = EncodedPiece.parameters(of: stream)
    let isH264 = stream.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_H264
    let lengthSize = isH264 ? try H264ParameterSets(avcC: parameters.extradata).lengthSize : 0
    let fileStart = input.context.pointee.start_time
    let origin =
      fileStart == reel_AV_NOPTS_VALUE()
      ? 0 : av_rescale_q(fileStart, reel_AV_TIME_BASE_Q(), stream.pointee.time_base)
    guard let packet = FFPacket() else {
      throw .corrupt(path: path, reason: "out of memory allocating a packet")
    }
    var packets: [Packet] = []
    while try input.readPacket(into: packet) {
      let pointee = packet.pointer.pointee
      guard pointee.stream_index == Int32(index) else { continue }
      let none = reel_AV_NOPTS_VALUE()
      guard pointee.pts != none else {
        throw .corrupt(
          path: path,
          reason: "video packet \(packets.count) has no presentation time; remux the file first")
      }
      var isIDR = false
      if isH264, let data = pointee.data {
        let bytes = UnsafeBufferPointer(start: data, count: Int(pointee.size))
        isIDR = H264ParameterSets.slices(in: bytes, lengthSize: lengthSize)?.isIDR ?? false
      }
      packets.append(
        Packet(
          presentationTicks: pointee.pts - origin,
          decodeTicks: (pointee.dts != none ? pointee.dts : pointee.pts) - origin,
          isKeyframe: pointee.flags & AV_PKT_FLAG_KEY != 0, isIDR: isIDR))
    }
    self.path = path
    streamIndex = index
    self.parameters = parameters
    rotation = Asset.clockwiseRotation(of: stream)
    self.packets = packets
    groups = Self.groups(of: packets)
    reorderDepth = Self.reorderDepth(of: packets)
  }

  /// The time of `ticks` in seconds, exactly.
  public func time(ofTicks ticks: Int64) -> (numerator: Int64, denominator: Int64) {
    (ticks * Int64(timeBaseNumerator), Int64(timeBaseDenominator))
  }

  private static func groups(of packets: [Packet]) -> [Group] {
    var groups: [Group] = []
    var start = 0
    for index in packets.indices where index > 0 && packets[index].isKeyframe {
      groups.append(group(packets, start..<index))
      start = index
    }
    if !packets.isEmpty { groups.append(group(packets, start..<packets.count)) }
    return groups
  }

  private static func group(_ packets: [Packet], _ range: Range<Int>) -> Group {
    let first = packets[range.lowerBound]
    let times = packets[range].map(\.presentationTicks).sorted()
    let closed = first.isKeyframe && first.isIDR && times.first == first.presentationTicks
    return Group(
      firstPacket: range.lowerBound, packetCount: range.count, presentationTicks: times,
      isClosed: closed)
  }

  /// The most places a packet comes before its rank in presentation order.
  private static func reorderDepth(of packets: [Packet]) -> Int {
    let ranks = packets.indices.sorted {
      packets[$0].presentationTicks < packets[$1].presentationTicks
    }
    var rankOf = [Int](repeating: 0, count: packets.count)
    for (rank, index) in ranks.enumerated() { rankOf[index] = rank }
    var depth = 0
    for index in packets.indices { depth = max(depth, index - rankOf[index]) }
    return depth
  }
}

extension VideoPacketIndex {
  /// The Y′CbCr matrix ``VideoReader`` decodes this stream's pictures with when it keeps
  /// them in 4:2:0 (as `FrameConverter.colorMatrix(of:)` reads a frame's tags: BT.709 or
  /// BT.601 by tag, by size when untagged), or nil when it does not keep them (full range,
  /// another pixel format or another matrix).
  public var decodedMatrix: ColorMatrix? {
    guard parameters.pixelFormat == "yuv420p", parameters.colorTags.count == 4,
      parameters.colorTags[3] != Int(AVCOL_RANGE_JPEG.rawValue)
    else { return nil }
    switch parameters.colorTags[2] {
    case Int(AVCOL_SPC_BT709.rawValue): return .bt709
    case Int(AVCOL_SPC_BT470BG.rawValue), Int(AVCOL_SPC_SMPTE170M.rawValue): return .bt601
    case Int(AVCOL_SPC_UNSPECIFIED.rawValue):
      return parameters.height > 576 || parameters.width > 1024 ? .bt709 : .bt601
    default: return nil
    }
  }
}
