internal import ReelMedia

extension AVAssetTrack {
  /// The track's format: one description with the codec's four-character code, the stored
  /// picture size (video) or the sample rate and channels (sound). `[Any]` as on Apple, so
  /// `track.formatDescriptions as! [CMFormatDescription]` works; empty for composition
  /// tracks.
  public var formatDescriptions: [Any] {
    guard let info = file?.info else { return [] }
    return [CMFormatDescription(track: info)]
  }
}

extension AVAsyncProperty where Root: AVAssetTrack, Value == [CMFormatDescription] {
  /// The track's format descriptions.
  public static var formatDescriptions: AVAsyncProperty<Root, [CMFormatDescription]> {
    .init { $0.formatDescriptions.compactMap { $0 as? CMFormatDescription } }
  }
}

extension CMFormatDescription {
  /// The description of a file track, from its probe.
  convenience init(track: TrackInfo) {
    switch track.kind {
    case .video:
      self.init(
        mediaType: kCMMediaType_Video, mediaSubType: Self.fourCharacterCode(codec: track.codec),
        dimensions: CMVideoDimensions(
          width: Int32(clamping: track.width ?? 0), height: Int32(clamping: track.height ?? 0)),
        extensions: track.color.map(Self.colourExtensions) ?? [:])
    case .audio:
      let code = Self.fourCharacterCode(codec: track.codec)
      let channels = UInt32(clamping: track.channelCount ?? 0)
      var stream = AudioStreamBasicDescription()
      stream.mSampleRate = Double(track.sampleRate ?? 0)
      stream.mFormatID = code
      stream.mChannelsPerFrame = channels
      if code == kAudioFormatMPEG4AAC { stream.mFramesPerPacket = 1024 }
      if code == kAudioFormatLinearPCM {
        let bits = UInt32(clamping: track.bitDepth ?? 16)
        stream.mBitsPerChannel = bits
        stream.mFramesPerPacket = 1
        stream.mBytesPerFrame = bits / 8 * channels
        stream.mBytesPerPacket = stream.mBytesPerFrame
        stream.mFormatFlags =
          (track.codec.hasPrefix("pcm_f")
            ? kAudioFormatFlagIsFloat : kAudioFormatFlagIsSignedInteger)
          | kAudioFormatFlagIsPacked
      }
      self.init(mediaType: kCMMediaType_Audio, mediaSubType: code, stream: stream)
    default:
      self.init(mediaType: 0, mediaSubType: 0)
    }
  }

  /// A file's colour tags (FFmpeg's names) under CoreVideo's keys and values; tags CoreVideo
  /// has no name for are left out.
  static func colourExtensions(_ color: ColorDescription) -> [String: String] {
    var extensions: [String: String] = [:]
    let primaries: [String: CFString] = [
      "bt709": kCVImageBufferColorPrimaries_ITU_R_709_2,
      "bt2020": kCVImageBufferColorPrimaries_ITU_R_2020,
      "smpte170m": kCVImageBufferColorPrimaries_SMPTE_C,
      "bt470bg": kCVImageBufferColorPrimaries_EBU_3213,
    ]
    let transfers: [String: CFString] = [
      "bt709": kCVImageBufferTransferFunction_ITU_R_709_2,
      "smpte170m": kCVImageBufferTransferFunction_ITU_R_709_2,
      "smpte2084": kCVImageBufferTransferFunction_SMPTE_ST_2084_PQ,
      "arib-std-b67": kCVImageBufferTransferFunction_ITU_R_2100_HLG,
    ]
    let matrices: [String: CFString] = [
      "bt709": kCVImageBufferYCbCrMatrix_ITU_R_709_2,
      "smpte170m": kCVImageBufferYCbCrMatrix_ITU_R_601_4,
      "bt470bg": kCVImageBufferYCbCrMatrix_ITU_R_601_4,
      "bt2020nc": kCVImageBufferYCbCrMatrix_ITU_R_2020,
    ]
    for (key, table, name) in [
      (kCVImageBufferColorPrimariesKey, primaries, color.primaries),
      (kCVImageBufferTransferFunctionKey, transfers, color.transfer),
      (kCVImageBufferYCbCrMatrixKey, matrices, color.matrix),
    ] {
      if let value = table[name] { extensions[String(key)] = String(value) }
    }
    return extensions
  }

  /// Apple's four-character code for an FFmpeg codec name (0 when Apple has none).
  static func fourCharacterCode(codec: String) -> FourCharCode {
    let text: String
    switch codec {
    case "h264": text = "avc1"
    case "hevc": text = "hvc1"
    case "prores": text = "apcn"
    case "mjpeg": text = "jpeg"
    case "vp9": text = "vp09"
    case "av1": text = "av01"
    case "mpeg4": text = "mp4v"
    case "aac": text = "aac "
    case "mp3": text = ".mp3"
    case "opus": text = "opus"
    case "alac": text = "alac"
    case "flac": text = "flac"
    case "ac3": text = "ac-3"
    case let pcm where pcm.hasPrefix("pcm_"): text = "lpcm"
    default: return 0
    }
    return text.utf8.reduce(0) { $0 << 8 | FourCharCode($1) }
  }
}
