internal import ReelCore
internal import ReelMedia

/// An input's output settings, read from Apple's dictionary into Reel's writer settings.
/// Every key is either used, accepted as Apple uses it (a hint), or refused naming it.
enum WriterSettings {
  /// The time base of every video track Reel writes for ported code: 90 000 ticks a second
  /// holds frame times in 1/600, 1/1000 and every usual frame rate (24, 25, 30, 60,
  /// 30000/1001) exactly.
  static let videoTimeScale: Int32 = 90_000

  /// A video input's settings: codec, size, quality or bit rate, colour matrix.
  static func video(_ settings: [String: Any]?, timeScale: Int32?) throws(CompatFailure)
    -> VideoOutputSettings
  {
    let where_ = "AVAssetWriterInput(mediaType: .video, outputSettings:)"
    guard let settings else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): nil output settings (pass-through of compressed samples) is not supported by Reel; give AVVideoCodecKey, AVVideoWidthKey and AVVideoHeightKey"
      )
    }
    let dictionary = AttributeDictionary(settings)
    let known: Set<String> = [
      AVVideoCodecKey, AVVideoWidthKey, AVVideoHeightKey, AVVideoCompressionPropertiesKey,
      AVVideoScalingModeKey, AVVideoColorPropertiesKey, AVVideoPixelAspectRatioKey,
      AVVideoCleanApertureKey,
    ]
    try refuseUnknown(dictionary, known: known, in: where_)
    let codec: VideoCodec
    switch dictionary.string(AVVideoCodecKey) {
    case .none, .some(AVVideoCodecType.h264.rawValue): codec = .h264
    case .some(AVVideoCodecType.hevc.rawValue): codec = .hevc
    case .some(let other):
      throw CompatFailure(
        .encoderNotFound,
        "\(where_): AVVideoCodecKey \(other.map { "\"\($0)\"" } ?? "(not a string)") is not encoded by Reel; use AVVideoCodecType.h264 or .hevc"
      )
    }
    guard let width = dictionary.integer(AVVideoWidthKey) ?? nil, width > 0,
      let height = dictionary.integer(AVVideoHeightKey) ?? nil, height > 0
    else {
      throw CompatFailure(
        .exportFailed,
        "\(where_): AVVideoWidthKey and AVVideoHeightKey must be positive whole numbers of pixels")
    }
    var frameRate = 30.0
    var result = VideoOutputSettings(
      codec: codec, width: width, height: height, frameDuration: Time(value: 1, timescale: 30))
    if let properties = dictionary.dictionary(AVVideoCompressionPropertiesKey) {
      let propertiesWhere = "\(where_) AVVideoCompressionPropertiesKey"
      try refuseUnknown(
        properties,
        known: [
          AVVideoAverageBitRateKey, AVVideoQualityKey, AVVideoMaxKeyFrameIntervalKey,
          AVVideoMaxKeyFrameIntervalDurationKey, AVVideoAllowFrameReorderingKey,
          AVVideoProfileLevelKey, AVVideoH264EntropyModeKey, AVVideoExpectedSourceFrameRateKey,
          AVVideoAverageNonDroppableFrameRateKey,
        ], in: propertiesWhere)
      if let present = properties.integer(AVVideoAverageBitRateKey) {
        guard let bitRate = present, bitRate > 0 else {
          throw CompatFailure(
            .exportFailed,
            "\(propertiesWhere): AVVideoAverageBitRateKey must be a positive number of bits a second"
          )
        }
        result.bitRate = bitRate
      }
      if let present = properties.number(AVVideoQualityKey) {
        guard let quality = present, (0...1).contains(quality) else {
          throw CompatFailure(.exportFailed, "\(propertiesWhere): AVVideoQualityKey must be 0…1")
        }
        result.crf = crf(forQuality: quality)
      }
      if let present = properties.number(AVVideoExpectedSourceFrameRateKey) {
        guard let rate = present, rate > 0, rate <= 1000 else {
          throw CompatFailure(
            .exportFailed,
            "\(propertiesWhere): AVVideoExpectedSourceFrameRateKey must be 0…1000 frames a second")
        }
        frameRate = rate
      }
      if let profile = properties.string(AVVideoProfileLevelKey) ?? nil, codec == .h264,
        !profile.hasPrefix("H264_High")
      {
        CompatWarnings.warnOnce(
          key: "writer.profile|\(profile)",
          "AVVideoProfileLevelKey \(profile): Reel writes H.264 High profile at the lowest level the size and rate need (players that take \(profile) take it)"
        )
      }
      if properties[AVVideoMaxKeyFrameIntervalKey] != nil
        || properties[AVVideoMaxKeyFrameIntervalDurationKey] != nil
      {
        CompatWarnings.warnOnce(
          key: "writer.keyframes",
          "AVVideoMaxKeyFrameIntervalKey: accepted; x264 places keyframes itself (at most 250 frames apart, and at scene cuts)"
        )
      }
    }
    if let colors = dictionary.dictionary(AVVideoColorPropertiesKey) {
      switch colors.string(AVVideoYCbCrMatrixKey) {
      case .none: break
      case .some(AVVideoYCbCrMatrix_ITU_R_709_2): result.colorMatrix = .bt709
      case .some(AVVideoYCbCrMatrix_ITU_R_601_4): result.colorMatrix = .bt601
      case .some(let other):
        throw CompatFailure(
          .exportFailed,
          "\(where_): AVVideoYCbCrMatrixKey \(other ?? "?") is not written by Reel; use ITU_R_709_2 or ITU_R_601_4"
        )
      }
    }
    // The nominal frame: 1/rate, in the writer's time base.
    let ticks = (Double(videoTimeScale) / frameRate).rounded()
    result.frameDuration = Time(value: Int64(max(ticks, 1)), timescale: videoTimeScale)
    result.timeScale = timeScale ?? videoTimeScale
    return result
  }

  /// Apple's quality (0 worst … 1 best) as an x264/x265 constant rate factor:
  /// `51 − 33·quality`, rounded: 1 → 18 (visually lossless), 0.85 → 23 (x264's default).
  static func crf(forQuality quality: Double) -> Int {
    Int((51 - 33 * quality).rounded())
  }

  /// An audio input's settings: AAC, sample rate, channels, bit rate.
  ///
  /// - Parameter where_: The API the settings were given to, for messages.
  static func audio(
    _ settings: [String: Any]?,
    in where_: String = "AVAssetWriterInput(mediaType: .audio, outputSettings:)"
  ) throws(CompatFailure) -> AudioOutputSettings {
    guard let settings else {
      throw CompatFailure(
        .operationNotSupportedForAsset,
        "\(where_): nil output settings (pass-through of compressed samples) is not supported by Reel; give AVFormatIDKey kAudioFormatMPEG4AAC, AVSampleRateKey and AVNumberOfChannelsKey"
      )
    }
    let dictionary = AttributeDictionary(settings)
    try refuseUnknown(
      dictionary,
      known: [
        AVFormatIDKey, AVSampleRateKey, AVNumberOfChannelsKey, AVEncoderBitRateKey,
        AVEncoderBitRatePerChannelKey, AVEncoderBitRateStrategyKey, AVEncoderAudioQualityKey,
        AVChannelLayoutKey,
      ], in: where_)
    switch dictionary.integer(AVFormatIDKey) {
    case .some(.some(let id)) where id == Int(kAudioFormatMPEG4AAC): break
    case .some(let other):
      throw CompatFailure(
        .encoderNotFound,
        "\(where_): AVFormatIDKey \(other.map { PixelLayout.name(OSType(truncatingIfNeeded: $0)) } ?? "?") is not written by Reel into this file; use kAudioFormatMPEG4AAC"
      )
    case .none:
      throw CompatFailure(
        .exportFailed, "\(where_): AVFormatIDKey is required (kAudioFormatMPEG4AAC)")
    }
    let rate = (dictionary.number(AVSampleRateKey) ?? nil) ?? 44_100
    guard let sampleRate = Int(exactly: rate), (8_000...192_000).contains(sampleRate) else {
      throw CompatFailure(
        .exportFailed, "\(where_): AVSampleRateKey \(rate) must be a whole 8000…192000 Hz")
    }
    let channels = (dictionary.integer(AVNumberOfChannelsKey) ?? nil) ?? 2
    guard (1...8).contains(channels) else {
      throw CompatFailure(.exportFailed, "\(where_): AVNumberOfChannelsKey \(channels) must be 1…8")
    }
    var result = AudioOutputSettings(
      codec: .aac, format: AudioFormat(sampleRate: sampleRate, channelCount: channels))
    if let present = dictionary.integer(AVEncoderBitRateKey) {
      guard let bitRate = present, bitRate > 0 else {
        throw CompatFailure(
          .exportFailed, "\(where_): AVEncoderBitRateKey must be positive bits a second")
      }
      result.bitRate = bitRate
    } else if let present = dictionary.integer(AVEncoderBitRatePerChannelKey) {
      guard let perChannel = present, perChannel > 0 else {
        throw CompatFailure(
          .exportFailed, "\(where_): AVEncoderBitRatePerChannelKey must be positive")
      }
      result.bitRate = perChannel * channels
    }
    return result
  }

  /// Throws naming the first key of `dictionary` that Reel does not know.
  static func refuseUnknown(
    _ dictionary: AttributeDictionary, known: Set<String>, in where_: String
  )
    throws(CompatFailure)
  {
    if let unknown = dictionary.keys.sorted().first(where: { !known.contains($0) }) {
      throw CompatFailure(
        .exportFailed,
        "\(where_): setting \"\(unknown)\" is not supported by Reel; the keys it reads are \(known.sorted().joined(separator: ", "))"
      )
    }
  }
}
