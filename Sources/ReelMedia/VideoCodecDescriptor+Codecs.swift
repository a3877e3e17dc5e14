import CFFmpeg

extension VideoCodecDescriptor {
  /// H.264 with libx264: High profile, the lowest level that fits, pinnable.
  static let h264 = VideoCodecDescriptor(
    displayName: "H.264", encoderName: "libx264", crfRange: 1...51,
    crfRangeReason: "0 is lossless, which the High profile cannot carry", defaultCRF: 23,
    presetCRFOffset: 0, containers: [.mp4, .mov, .m4v, .mkv], preferredContainer: .mp4,
    pixelFormat: .yuv420p, supportsPinnedEncoding: true, isoSampleEntry: nil,
    speedOptions: { [("preset", $0.rawValue)] },
    levelProblem: { rate in
      guard H264Level.minimum(rate) == nil else { return nil }
      return
        "\(rate.width)×\(rate.height) at this frame rate and bit rate exceeds H.264 level 6.2 (at most 139264 macroblocks of 16×16 a frame, such as 8192×4352, and 16711680 a second); choose a smaller size or frame rate, or the hevc or vp9 codec"
    },
    configure: { (encoder, plan) throws(FFmpegError) in
      let settings = plan.settings
      let context = encoder.pointer
      try setSpeed(of: encoder, for: plan)
      try encoder.setPrivateOption("profile", settings.h264ProfileName)
      if let asked = settings.profileLevel?.levelIDC {
        context.pointee.level = Int32(asked)
      } else if let level = H264Level.minimum(plan.pictureRate) {
        context.pointee.level = level
      }
      setKeyframeInterval(of: encoder, for: plan)
      if let pinned = settings.pinned {
        context.pointee.thread_count = Int32(pinned.threadCount)
        context.pointee.gop_size = Int32(pinned.keyframeInterval)
        context.pointee.keyint_min = Int32(pinned.minimumKeyframeInterval)
        context.pointee.max_b_frames = Int32(pinned.bFrames)
        try encoder.setPrivateOption("x264-params", pinned.x264Parameters)
      }
      // Lossless pinned encoding: x264-params carries qp=0, no CRF or bit rate.
      if settings.pinned?.lossless != true {
        try setRate(of: encoder, for: plan)
      }
    })

  /// HEVC with libx265: Main profile, tagged `hvc1` in MP4-family files.
  static let hevc = VideoCodecDescriptor(
    displayName: "HEVC", encoderName: "libx265", crfRange: 0...51, crfRangeReason: nil,
    defaultCRF: 23, presetCRFOffset: 5, containers: [.mp4, .mov, .mkv], preferredContainer: .mp4,
    pixelFormat: .yuv420p, supportsPinnedEncoding: false, isoSampleEntry: "hvc1",
    speedOptions: { [("preset", $0.rawValue)] },
    levelProblem: { _ in nil },
    configure: { (encoder, plan) throws(FFmpegError) in
      try setSpeed(of: encoder, for: plan)
      try encoder.setPrivateOption("x265-params", "log-level=error")
      setKeyframeInterval(of: encoder, for: plan)
      try setRate(of: encoder, for: plan)
    })

  /// VP9 with libvpx-vp9: profile 0, row multithreading.
  static let vp9 = VideoCodecDescriptor(
    displayName: "VP9", encoderName: "libvpx-vp9", crfRange: 0...63, crfRangeReason: nil,
    defaultCRF: 32, presetCRFOffset: 0, containers: [.webm, .mkv], preferredContainer: .webm,
    pixelFormat: .yuv420p, supportsPinnedEncoding: false, isoSampleEntry: nil,
    speedOptions: { speed in
      // The fast presets use the real-time mode, the middle ones "good" with decreasing
      // `cpu-used`, the slowest "best".
      let (deadline, cpuUsed): (String, Int)
      switch speed {
      case .ultrafast: (deadline, cpuUsed) = ("realtime", 8)
      case .superfast: (deadline, cpuUsed) = ("realtime", 7)
      case .veryfast: (deadline, cpuUsed) = ("good", 5)
      case .faster: (deadline, cpuUsed) = ("good", 4)
      case .fast: (deadline, cpuUsed) = ("good", 3)
      case .medium: (deadline, cpuUsed) = ("good", 2)
      case .slow: (deadline, cpuUsed) = ("good", 1)
      case .slower: (deadline, cpuUsed) = ("good", 0)
      case .veryslow: (deadline, cpuUsed) = ("best", 0)
      }
      return [("deadline", deadline), ("cpu-used", String(cpuUsed))]
    },
    levelProblem: { _ in nil },
    configure: { (encoder, plan) throws(FFmpegError) in
      try setSpeed(of: encoder, for: plan)
      try encoder.setPrivateOption("row-mt", "1")
      setKeyframeInterval(of: encoder, for: plan)
      try setRate(of: encoder, for: plan)
      // libvpx is in constant-quality mode only with no target bit rate at all.
      if plan.settings.bitRate == nil { encoder.pointer.pointee.bit_rate = 0 }
    })

  /// VP9 with alpha: VP9's encoder and options, given `yuva420p`; libvpx codes the alpha
  /// plane as a second stream that WebM and Matroska carry in each block's additional data
  /// (the muxer marks the track `alpha_mode` = 1 for this pixel format).
  static let vp9Alpha = VideoCodecDescriptor(
    displayName: "VP9 with alpha", encoderName: vp9.encoderName, crfRange: vp9.crfRange,
    crfRangeReason: vp9.crfRangeReason, defaultCRF: vp9.defaultCRF,
    presetCRFOffset: vp9.presetCRFOffset, containers: vp9.containers,
    preferredContainer: vp9.preferredContainer, pixelFormat: .yuva420p,
    supportsPinnedEncoding: false, isoSampleEntry: nil, speedOptions: vp9.speedOptions,
    levelProblem: vp9.levelProblem, configure: vp9.configure)

  /// ProRes 4444 with alpha, with prores_ks: profile 4444, 16-bit alpha coding (prores_ks's
  /// default, lossless for the 10-bit plane), `apl0` vendor as Apple's encoder writes,
  /// `ap4h` in QuickTime. ProRes has no constant rate factor: its quality scale is prores_ks's
  /// fixed quantiser (1 best … 63, the `crf` here), and it takes no target bit rate.
  static let prores4444 = VideoCodecDescriptor(
    displayName: "ProRes 4444", encoderName: "prores_ks", crfRange: 1...63,
    crfRangeReason: "the ProRes quantiser starts at 1", defaultCRF: 4,
    presetCRFOffset: -14, containers: [.mov], preferredContainer: .mov,
    pixelFormat: .yuva444p10, supportsPinnedEncoding: false, isoSampleEntry: "ap4h",
    // ProRes is intra-only and has one speed.
    speedOptions: { _ in [] },
    levelProblem: { rate in
      guard rate.bitRate != nil else { return nil }
      return
        "ProRes 4444 takes a quality (crf: the ProRes quantiser, 1 best … 63), not a target bit rate; give crf or leave both out"
    },
    configure: { (encoder, plan) throws(FFmpegError) in
      try encoder.setPrivateOption("profile", "4444")
      try encoder.setPrivateOption("vendor", "apl0")
      try encoder.setPrivateOption("alpha_bits", "16")
      let quantiser = plan.settings.crf ?? plan.codec.descriptor.defaultCRF
      encoder.pointer.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
      encoder.pointer.pointee.global_quality = Int32(quantiser) * Int32(FF_QP2LAMBDA)
    })

  /// Sets the speed preset's options (``speedOptions``).
  private static func setSpeed(of encoder: EncoderContext, for plan: MediaWriter.VideoPlan)
    throws(FFmpegError)
  {
    for option in plan.codec.descriptor.speedOptions(plan.settings.speed) {
      try encoder.setPrivateOption(option.name, option.value)
    }
  }

  /// Sets the longest keyframe distance (``VideoOutputSettings/maxKeyframeInterval``) as
  /// the encoder's GOP size; the shortest distance a scene cut may make is kept within it
  /// (x264 needs it at most half the GOP plus one).
  private static func setKeyframeInterval(
    of encoder: EncoderContext, for plan: MediaWriter.VideoPlan
  ) {
    guard let interval = plan.settings.maxKeyframeInterval, interval >= 1 else { return }
    let gop = Int32(clamping: interval)
    encoder.pointer.pointee.gop_size = gop
    encoder.pointer.pointee.keyint_min = min(encoder.pointer.pointee.keyint_min, gop / 2 + 1)
  }

  /// Sets the rate control: the target bit rate when one is given, else the CRF (the
  /// codec's ``defaultCRF`` when the settings give none).
  private static func setRate(of encoder: EncoderContext, for plan: MediaWriter.VideoPlan)
    throws(FFmpegError)
  {
    if let bitRate = plan.settings.bitRate {
      encoder.pointer.pointee.bit_rate = Int64(bitRate)
    } else {
      try encoder.setPrivateOption(
        "crf", String(plan.settings.crf ?? plan.codec.descriptor.defaultCRF))
    }
  }
}

extension EncodedPixelFormat {
  /// The FFmpeg pixel format.
  var avPixelFormat: AVPixelFormat {
    switch self {
    case .yuv420p: AV_PIX_FMT_YUV420P
    case .yuva420p: AV_PIX_FMT_YUVA420P
    case .yuva444p10: AV_PIX_FMT_YUVA444P10LE
    case .pal8: AV_PIX_FMT_PAL8
    case .bgra: AV_PIX_FMT_BGRA
    case .rgba: AV_PIX_FMT_RGBA
    }
  }

  /// The format pictures are converted to before the encoder: the encoder's own, except
  /// palette frames, made from BGRA by the quantiser.
  var convertedPixelFormat: AVPixelFormat {
    self == .pal8 ? AV_PIX_FMT_BGRA : avPixelFormat
  }

  /// Whether the format is Y′CbCr (converted with the writer's matrix and limited range).
  var isYCbCr: Bool {
    switch self {
    case .yuv420p, .yuva420p, .yuva444p10: true
    case .pal8, .bgra, .rgba: false
    }
  }
}
