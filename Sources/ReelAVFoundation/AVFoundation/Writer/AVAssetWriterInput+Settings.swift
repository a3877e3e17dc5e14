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
    _ = try AppendedFrameScaling.of(dictionary, in: where_)
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
    var maxKeyframeInterval: Int?
    var maxKeyframeDuration: Double?
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
          String(kVTCompressionPropertyKey_HDRMetadataInsertionMode),
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
      if let present = properties.string(AVVideoProfileLevelKey) {
        guard let name = present else {
          throw CompatFailure(
            .exportFailed, "\(propertiesWhere): AVVideoProfileLevelKey must be a string")
        }
        result.profileLevel = try profileLevel(name, codec: codec, in: propertiesWhere)
      }
      if let present = properties.integer(AVVideoMaxKeyFrameIntervalKey) {
        guard let frames = present, frames >= 0 else {
          throw CompatFailure(
            .exportFailed,
            "\(propertiesWhere): AVVideoMaxKeyFrameIntervalKey must be a whole number of frames ≥ 0 (0: no limit)"
          )
        }
        maxKeyframeInterval = frames > 0 ? frames : nil
      }
      if let present = properties.number(AVVideoMaxKeyFrameIntervalDurationKey) {
        guard let seconds = present, seconds >= 0, seconds.isFinite else {
          throw CompatFailure(
            .exportFailed,
            "\(propertiesWhere): AVVideoMaxKeyFrameIntervalDurationKey must be seconds ≥ 0")
        }
        maxKeyframeDuration = seconds > 0 ? seconds : nil
      }
    }
    if let colors = dictionary.dictionary(AVVideoColorPropertiesKey) {
      for key in [AVVideoTransferFunctionKey, AVVideoColorPrimariesKey, AVVideoYCbCrMatrixKey] {
        if case .some(.some(let value)) = colors.string(key),
          [
            AVVideoTransferFunction_ITU_R_2100_HLG, AVVideoTransferFunction_SMPTE_ST_2084_PQ,
            AVVideoColorPrimaries_ITU_R_2020,
          ].contains(value)
        {
          throw CompatFailure(
            .encoderNotFound,
            "\(where_): AVVideoColorPropertiesKey \(key) \(value) asks for HDR / BT.2020 video, which Reel does not encode (it writes 8-bit BT.709 or BT.601 SDR); leave out the colour properties or use ITU_R_709_2"
          )
        }
      }
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
    // Both limits hold: the interval in frames, the duration at the expected frame rate.
    let durationFrames = maxKeyframeDuration.map {
      max(1, Int(min($0 * frameRate, 1_000_000).rounded(.down)))
    }
    result.maxKeyframeInterval = [maxKeyframeInterval, durationFrames].compactMap { $0 }.min()
    return result
  }

  /// An `AVVideoProfileLevelKey` value (`"H264_High_4_1"`, `"H264_Main_AutoLevel"`,
  /// `"HEVC_Main_AutoLevel"`) as Reel's H.264 profile and level; nil for HEVC Main, which
  /// is what x265 encodes.
  ///
  /// - Throws: ``CompatFailure`` naming a profile Reel does not encode (10-bit and 4:2:2
  ///   profiles, HEVC Main 10) or a malformed value.
  static func profileLevel(_ name: String, codec: VideoCodec, in where_: String)
    throws(CompatFailure) -> H264ProfileLevel?
  {
    let parts = name.split(separator: "_").map(String.init)
    let refusal = CompatFailure(
      .encoderNotFound,
      "\(where_): AVVideoProfileLevelKey \"\(name)\" is not encoded by Reel for \(codec == .h264 ? "H.264" : "HEVC"); Reel encodes 8-bit 4:2:0 H.264 Baseline, Main or High (AutoLevel or a level such as H264_High_4_1) and HEVC Main (HEVC_Main_AutoLevel); 10-bit (HDR) video is not encoded"
    )
    switch codec {
    case .hevc:
      guard name == "HEVC_Main_AutoLevel" else { throw refusal }
      return nil
    case .h264:
      guard parts.count >= 3, parts[0] == "H264" else { throw refusal }
      let profile: H264ProfileLevel.Profile
      switch parts[1] {
      case "Baseline", "ConstrainedBaseline": profile = .baseline
      case "Main": profile = .main
      case "High": profile = .high
      default: throw refusal
      }
      let level = parts[2...].joined(separator: "_")
      if level == "AutoLevel" { return H264ProfileLevel(profile: profile) }
      guard parts.count == 4, let major = Int(parts[2]), let minor = Int(parts[3]),
        (0...9).contains(minor), H264ProfileLevel.knownLevels.contains(major * 10 + minor)
      else { throw refusal }
      return H264ProfileLevel(profile: profile, levelIDC: major * 10 + minor)
    default:
      throw refusal
    }
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
