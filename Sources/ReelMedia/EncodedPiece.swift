import CFFmpeg

/// What an encoded video piece (a chunk of a movie rendered on its own) holds, read from
/// its container without decoding: the video stream's codec parameters, its packets, and
/// the container's tags. ``Remuxer/join(_:frameDuration:audio:to:overwrite:)`` needs the
/// parameters of every piece to be equal.
///
///     let piece = try EncodedPiece(path: "chunk-0000.mp4")
///     print(piece.videoPacketCount, piece.startsWithKeyframe)
public struct EncodedPiece: Sendable {
  /// The codec parameters that must be equal for pieces to be joined without re-encoding.
  public struct VideoParameters: Sendable, Hashable {
    /// FFmpeg's codec name (`h264`).
    public var codec: String
    /// The codec's profile number (`AV_PROFILE_*`; 100 for H.264 High, 244 for High 4:4:4).
    public var profile: Int
    /// FFmpeg's name of the profile (`High`, `Constrained Baseline`), when it has one.
    public var profileName: String?
    /// The codec level (`level_idc`; 30 for 3.0).
    public var level: Int
    /// Coded width in pixels.
    public var width: Int
    /// Coded height in pixels.
    public var height: Int
    /// FFmpeg's pixel format name (`yuv420p`).
    public var pixelFormat: String
    /// The stream's time base, `numerator / denominator` seconds per tick.
    public var timeBaseNumerator: Int
    /// See ``timeBaseNumerator``.
    public var timeBaseDenominator: Int
    /// Colour tags as FFmpeg numbers: primaries, transfer, matrix and range.
    public var colorTags: [Int]
    /// The codec's global headers (for H.264 the `avcC` record: SPS and PPS).
    public var extradata: [UInt8]

    /// The first field in which `other` differs, described for a message, or nil when the
    /// two are equal.
    public func difference(from other: VideoParameters) -> String? {
      if codec != other.codec { return "codec \(codec) instead of \(other.codec)" }
      if profile != other.profile { return "profile \(profile) instead of \(other.profile)" }
      if level != other.level { return "level \(level) instead of \(other.level)" }
      if width != other.width || height != other.height {
        return "size \(width)×\(height) instead of \(other.width)×\(other.height)"
      }
      if pixelFormat != other.pixelFormat {
        return "pixel format \(pixelFormat) instead of \(other.pixelFormat)"
      }
      if timeBaseNumerator != other.timeBaseNumerator
        || timeBaseDenominator != other.timeBaseDenominator
      {
        return
          "time base \(timeBaseNumerator)/\(timeBaseDenominator) instead of \(other.timeBaseNumerator)/\(other.timeBaseDenominator)"
      }
      if colorTags != other.colorTags {
        return "colour tags \(colorTags) instead of \(other.colorTags)"
      }
      if extradata != other.extradata {
        return "codec headers (extradata, \(extradata.count) bytes) differ from the first chunk's"
      }
      return nil
    }
  }

  /// The file.
  public let path: String
  /// The first video stream's parameters; nil when the file has no video.
  public let video: VideoParameters?
  /// Video packets (one per frame for the codecs Reel writes).
  public let videoPacketCount: Int
  /// Whether the first video packet in decode order is a keyframe.
  public let startsWithKeyframe: Bool
  /// Whether the file has an audio stream.
  public let hasAudio: Bool
  /// The container's tags (`comment`, …).
  public let metadata: [String: String]

  /// Reads a piece: opens the container and reads every packet (no decoding).
  ///
  /// - Parameter path: A local media file.
  /// - Throws: The opening errors of ``Asset/init(path:)`` (``MediaError/fileNotFound(path:)``,
  ///   ``MediaError/notMedia(path:)``, …) and ``MediaError/corrupt(path:reason:)`` for a
  ///   damaged file.
  public init(path: String) throws(MediaError) {
    FFmpegLogging.configure()
    let input = try InputContainer(path: path)
    self.path = path
    let streams = (0..<input.streamCount).map { input.stream(at: $0) }
    let videoIndex = streams.firstIndex {
      $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
        && $0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
    }
    hasAudio = streams.contains { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
    var tags: [String: String] = [:]
    var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
    while let next = av_dict_get(input.context.pointee.metadata, "", entry, AV_DICT_IGNORE_SUFFIX) {
      tags[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
      entry = next
    }
    metadata = tags
    guard let videoIndex else {
      video = nil
      videoPacketCount = 0
      startsWithKeyframe = false
      return
    }
    let stream = streams[videoIndex]
    video = Self.parameters(of: stream)
    guard let packet = FFPacket() else {
      throw .corrupt(path: path, reason: "out of memory allocating a packet")
    }
    var count = 0
    var firstIsKey = false
    while try input.readPacket(into: packet) {
      guard packet.pointer.pointee.stream_index == Int32(videoIndex) else { continue }
      if count == 0 { firstIsKey = packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }
      count += 1
    }
    videoPacketCount = count
    startsWithKeyframe = firstIsKey
  }

  static func parameters(of stream: UnsafeMutablePointer<AVStream>) -> VideoParameters {
    let parameters = stream.pointee.codecpar.pointee
    let extradata: [UInt8]
    if let bytes = parameters.extradata, parameters.extradata_size > 0 {
      extradata = Array(UnsafeBufferPointer(start: bytes, count: Int(parameters.extradata_size)))
    } else {
      extradata = []
    }
    let format = av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format))
    return VideoParameters(
      codec: avcodec_get_name(parameters.codec_id).map { String(cString: $0) } ?? "unknown",
      profile: Int(parameters.profile),
      profileName: avcodec_profile_name(parameters.codec_id, parameters.profile).map {
        String(cString: $0)
      },
      level: Int(parameters.level),
      width: Int(parameters.width), height: Int(parameters.height),
      pixelFormat: format.map { String(cString: $0) } ?? "unknown",
      timeBaseNumerator: Int(stream.pointee.time_base.num),
      timeBaseDenominator: Int(stream.pointee.time_base.den),
      colorTags: [
        Int(parameters.color_primaries.rawValue), Int(parameters.color_trc.rawValue),
        Int(parameters.color_space.rawValue), Int(parameters.color_range.rawValue),
      ],
      extradata: extradata)
  }
}
