import CFFmpeg

extension MediaWriter {
  /// Checked video settings: codec, sizes, matrix and time base.
  struct VideoPlan {
    let settings: VideoOutputSettings
    let codec: VideoCodec
    /// Size of the appended images.
    let sourceWidth: Int
    let sourceHeight: Int
    /// Size of the encoded pictures (even).
    let width: Int
    let height: Int
    let matrix: ColorMatrix
    /// The encoder time base is `1 / timeBaseDenominator` seconds: the frame duration's
    /// timescale after reducing the fraction.
    let timeBaseDenominator: Int64
    /// One frame in time-base ticks (the reduced frame duration's value).
    let frameTicks: Int64

    init(settings: VideoOutputSettings, container: OutputContainer, path: String) throws(MediaError)
    {
      guard let defaultCodec = container.defaultVideoCodec else {
        throw .codecNotAllowed(
          path: path, codec: (settings.codec ?? .h264).rawValue, container: container.rawValue)
      }
      let codec = settings.codec ?? defaultCodec
      guard container.allows(codec) else {
        throw .codecNotAllowed(path: path, codec: codec.rawValue, container: container.rawValue)
      }
      // Pinned settings and kept frames are libx264's.
      for (isSet, what) in [
        (settings.pinned != nil, "pinned encoder settings"),
        (settings.keptFrameCount != nil, "frames kept out of those appended"),
      ] where isSet && codec != .h264 {
        throw .invalidArgument(
          path: path,
          reason:
            "\(what) are for H.264 only (the codec is \(codec.rawValue)); encode H.264 or leave them out"
        )
      }
      if let problem = settings.pinned?.problem {
        throw .invalidArgument(path: path, reason: "pinned encoder settings: \(problem)")
      }
      if let kept = settings.keptFrameCount {
        guard kept >= 1 else {
          throw .invalidArgument(
            path: path, reason: "the kept frame count must be at least 1 (got \(kept))")
        }
      }
      let side = PixelLimits.maximumPictureSide
      guard settings.width > 0, settings.height > 0, settings.width <= side, settings.height <= side
      else {
        throw .invalidArgument(
          path: path,
          reason:
            "video size \(settings.width)×\(settings.height) is out of range (1…\(side) pixels per side)"
        )
      }
      let duration = settings.frameDuration
      guard duration.value > 0, duration.timescale > 0 else {
        throw .invalidArgument(
          path: path,
          reason:
            "frame duration \(duration.value)/\(duration.timescale) s must be positive (for example 1/30)"
        )
      }
      var width = settings.width
      var height = settings.height
      if width % 2 != 0 || height % 2 != 0 {
        guard settings.roundOddDimensions else {
          throw .oddDimensions(path: path, width: width, height: height)
        }
        width -= width % 2
        height -= height % 2
        guard width > 0, height > 0 else {
          throw .invalidArgument(
            path: path,
            reason:
              "video size \(settings.width)×\(settings.height) rounds down to an empty picture")
        }
      }
      let divisor = greatestCommonDivisor(duration.value, Int64(duration.timescale))
      guard duration.value / divisor <= Int64(Int32.max) else {
        throw .invalidArgument(
          path: path, reason: "frame duration \(duration.value)/\(duration.timescale) s is too long"
        )
      }
      self.settings = settings
      self.codec = codec
      self.sourceWidth = settings.width
      self.sourceHeight = settings.height
      self.width = width
      self.height = height
      self.matrix = settings.colorMatrix ?? .forSize(width: width, height: height)
      if let timeScale = settings.timeScale {
        guard timeScale > 0 else {
          throw .invalidArgument(
            path: path, reason: "the time scale must be positive (got \(timeScale) ticks a second)")
        }
        // The nominal frame in the finer base, rounded, at least one tick.
        let ticks = (Double(duration.value) * Double(timeScale) / Double(duration.timescale))
          .rounded()
        self.timeBaseDenominator = Int64(timeScale)
        self.frameTicks = ticks >= 1 && ticks <= Double(Int32.max) ? Int64(ticks) : 1
      } else {
        self.timeBaseDenominator = Int64(duration.timescale) / divisor
        self.frameTicks = duration.value / divisor
      }
      if codec == .h264,
        H264Level.minimum(
          width: width, height: height, frameDuration: (frameTicks, timeBaseDenominator),
          bitRate: settings.bitRate)
          == nil
      {
        throw .invalidArgument(
          path: path,
          reason:
            "\(width)×\(height) at this frame rate and bit rate exceeds H.264 level 6.2 (at most 139264 macroblocks of 16×16 a frame, such as 8192×4352, and 16711680 a second); choose a smaller size or frame rate, or the hevc or vp9 codec"
        )
      }
    }

    /// `time` in encoder ticks, rounded to the nearest tick (halves away from zero).
    func presentationTicks(for time: Time, path: String) throws(MediaError) -> Int64 {
      guard time.timescale > 0, time.value >= 0 else {
        throw .invalidArgument(
          path: path,
          reason:
            "frame time \(time.value)/\(time.timescale) s must be ≥ 0 with a positive timescale")
      }
      let scale = Int64(time.timescale)
      let (product, overflow) = time.value.multipliedReportingOverflow(by: timeBaseDenominator)
      guard !overflow else {
        throw .invalidArgument(
          path: path, reason: "frame time \(time.value)/\(time.timescale) s is too large")
      }
      // The rounding half is added in 128 bits: `product + scale / 2` can pass Int64.max.
      return Int64((Int128(product) + Int128(scale / 2)) / Int128(scale))
    }

    /// The libavcodec encoder name.
    var encoderName: String {
      switch codec {
      case .h264: return "libx264"
      case .hevc: return "libx265"
      case .vp9: return "libvpx-vp9"
      }
    }
  }

  /// The video encoder, its converter and its stream.
  final class VideoTrack {
    let plan: VideoPlan
    let encoder: EncoderContext
    let converter: PixelConverter
    let frame: FFFrame
    let streamIndex: Int32
    var lastPresentationTicks: Int64?
    /// Where the track ends, in encoder ticks, when the caller said
    /// (``MediaWriter/setVideoEndTime(_:)``): the last frame lasts until then.
    var endTicks: Int64?
    /// Frames handed to the encoder so far.
    private(set) var appendedFrameCount = 0
    /// Packets written to the file so far (one per frame).
    private(set) var writtenPacketCount = 0
    /// Frames the encoder held before its first packet came out (nil until then): it hands
    /// back its packet *n* when frame *n* + delay goes in.
    private(set) var encoderDelay: Int?

    /// Whether every frame ``VideoOutputSettings/keptFrameCount`` keeps has been written.
    var hasWrittenKeptFrames: Bool {
      plan.settings.keptFrameCount.map { writtenPacketCount >= $0 } ?? false
    }

    init(plan: VideoPlan, muxer: OutputMuxer, container: OutputContainer) throws(FFmpegError) {
      self.plan = plan
      let encoder = try EncoderContext(encoderName: plan.encoderName)
      let context = encoder.pointer
      context.pointee.width = Int32(plan.width)
      context.pointee.height = Int32(plan.height)
      context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
      context.pointee.time_base = AVRational(num: 1, den: Int32(plan.timeBaseDenominator))
      context.pointee.framerate = AVRational(
        num: Int32(plan.timeBaseDenominator), den: Int32(plan.frameTicks))
      context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
      context.pointee.color_range = AVCOL_RANGE_MPEG
      switch plan.matrix {
      case .bt709:
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
      case .bt601:
        context.pointee.colorspace = AVCOL_SPC_SMPTE170M
        context.pointee.color_primaries = AVCOL_PRI_SMPTE170M
        context.pointee.color_trc = AVCOL_TRC_SMPTE170M
      }
      try MediaWriter.configure(encoder, for: plan)
      try encoder.open(for: muxer)
      self.encoder = encoder
      let tag =
        plan.codec == .hevc && container.tagsHEVCAsHVC1 ? reel_MKTAG(0x68, 0x76, 0x63, 0x31) : 0
      streamIndex = try muxer.addStream(for: encoder, codecTag: tag)
      converter = try PixelConverter(
        sourceWidth: plan.sourceWidth, sourceHeight: plan.sourceHeight, width: plan.width,
        height: plan.height,
        matrix: plan.matrix)
      guard let frame = FFFrame() else {
        throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
      }
      self.frame = frame
    }

    /// Converts and encodes one picture at `presentationTicks` (encoder time base).
    func encode(_ image: Image, presentationTicks: Int64, muxer: OutputMuxer) throws(FFmpegError) {
      try converter.convert(image, into: frame)
      frame.pointer.pointee.pts = presentationTicks
      lastPresentationTicks = presentationTicks
      try send(frame.pointer, muxer: muxer)
    }

    /// Encodes a 4:2:0 picture of the encoded size at `presentationTicks` without converting
    /// it: the encoder is handed the picture's own planes, whose storage stays retained until
    /// the encoder lets go of them.
    func encode(_ picture: YUVImage, presentationTicks: Int64, muxer: OutputMuxer)
      throws(FFmpegError)
    {
      guard let wrapper = FFFrame() else {
        throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
      }
      let frame = wrapper.pointer
      let retained = Unmanaged.passRetained(picture.retainer).toOpaque()
      let buffer = picture.withUnsafePlanes { planes in
        // The encoder only reads the picture (the buffer is never made writable in place).
        av_buffer_create(
          UnsafeMutablePointer(mutating: planes.luma), planes.lumaStride * planes.height,
          { opaque, _ in
            if let opaque { Unmanaged<AnyObject>.fromOpaque(opaque).release() }
          }, retained, 0)
      }
      guard let buffer else {
        Unmanaged<AnyObject>.fromOpaque(retained).release()
        throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_buffer_create")
      }
      frame.pointee.buf.0 = buffer
      picture.withUnsafePlanes { planes in
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(planes.width)
        frame.pointee.height = Int32(planes.height)
        frame.pointee.data.0 = UnsafeMutablePointer(mutating: planes.luma)
        frame.pointee.data.1 = UnsafeMutablePointer(mutating: planes.cb)
        frame.pointee.data.2 = UnsafeMutablePointer(mutating: planes.cr)
        frame.pointee.linesize.0 = Int32(planes.lumaStride)
        frame.pointee.linesize.1 = Int32(planes.chromaStride)
        frame.pointee.linesize.2 = Int32(planes.chromaStride)
      }
      frame.pointee.color_range = encoder.pointer.pointee.color_range
      frame.pointee.colorspace = encoder.pointer.pointee.colorspace
      frame.pointee.color_primaries = encoder.pointer.pointee.color_primaries
      frame.pointee.color_trc = encoder.pointer.pointee.color_trc
      frame.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
      frame.pointee.pts = presentationTicks
      lastPresentationTicks = presentationTicks
      try send(frame, muxer: muxer)
    }

    /// Drains the encoder's delayed frames, unless every kept frame is already written (the
    /// frames still inside the encoder are then only lookahead, dropped when it is freed).
    func flush(muxer: OutputMuxer) throws(FFmpegError) {
      if hasWrittenKeptFrames { return }
      try send(nil, muxer: muxer)
    }

    /// Encodes `frame` (nil drains) and writes the packets that come out, up to the kept
    /// frames' count. The last kept frame is forced to be a P frame: x264 codes the B-frames
    /// before it after it, and every later frame after those, so the first packets in
    /// decode order are exactly the kept frames and none of them refers to a dropped one.
    private func send(_ frame: UnsafeMutablePointer<AVFrame>?, muxer: OutputMuxer)
      throws(FFmpegError)
    {
      let kept = plan.settings.keptFrameCount
      if let frame {
        let endsKeptFrames = appendedFrameCount > 0 && appendedFrameCount + 1 == kept
        frame.pointee.pict_type = endsKeptFrames ? AV_PICTURE_TYPE_P : AV_PICTURE_TYPE_NONE
        appendedFrameCount += 1
      }
      let timeBase = encoder.pointer.pointee.time_base
      try encoder.encode(frame) { (packet) throws(FFmpegError) in
        if encoderDelay == nil, frame != nil { encoderDelay = appendedFrameCount - 1 }
        if let kept, writtenPacketCount >= kept { return }
        // libx264 leaves the duration 0; without it the last frame drops out of the track.
        // With an end time, each packet lasts to it: MP4 and MOV keep only the last
        // packet's duration (the others' come from the next timestamps), so the last frame
        // is shown until the end.
        let pts = packet.pointee.pts
        packet.pointee.duration =
          endTicks.map { $0 > pts ? $0 - pts : plan.frameTicks } ?? plan.frameTicks
        try muxer.write(packet, stream: streamIndex, from: timeBase)
        writtenPacketCount += 1
      }
    }
  }

  /// Sets the codec-specific options: profile, level, preset and rate control.
  static func configure(_ encoder: EncoderContext, for plan: VideoPlan) throws(FFmpegError) {
    let settings = plan.settings
    let context = encoder.pointer
    switch plan.codec {
    case .h264:
      try encoder.setPrivateOption("preset", settings.speed.rawValue)
      try encoder.setPrivateOption("profile", settings.h264ProfileName)
      if let level = H264Level.minimum(
        width: plan.width, height: plan.height,
        frameDuration: (plan.frameTicks, plan.timeBaseDenominator),
        bitRate: settings.bitRate)
      {
        context.pointee.level = level
      }
      if let pinned = settings.pinned {
        context.pointee.thread_count = Int32(pinned.threadCount)
        context.pointee.gop_size = Int32(pinned.keyframeInterval)
        context.pointee.keyint_min = Int32(pinned.minimumKeyframeInterval)
        context.pointee.max_b_frames = Int32(pinned.bFrames)
        try encoder.setPrivateOption("x264-params", pinned.x264Parameters)
      }
      if settings.pinned?.lossless == true {
        // x264-params carries qp=0; no CRF.
      } else if let bitRate = settings.bitRate {
        context.pointee.bit_rate = Int64(bitRate)
      } else {
        try encoder.setPrivateOption("crf", String(settings.crf ?? 23))
      }
    case .hevc:
      try encoder.setPrivateOption("preset", settings.speed.rawValue)
      try encoder.setPrivateOption("x265-params", "log-level=error")
      if let bitRate = settings.bitRate {
        context.pointee.bit_rate = Int64(bitRate)
      } else {
        try encoder.setPrivateOption("crf", String(settings.crf ?? 23))
      }
    case .vp9:
      let (deadline, cpuUsed) = vp9Speed(settings.speed)
      try encoder.setPrivateOption("deadline", deadline)
      try encoder.setPrivateOption("cpu-used", String(cpuUsed))
      try encoder.setPrivateOption("row-mt", "1")
      if let bitRate = settings.bitRate {
        context.pointee.bit_rate = Int64(bitRate)
      } else {
        try encoder.setPrivateOption("crf", String(settings.crf ?? 32))
        context.pointee.bit_rate = 0
      }
    }
  }

  /// libvpx's `deadline` and `cpu-used` for a speed preset: the fast presets use the
  /// real-time mode, the middle ones "good" with decreasing `cpu-used`, the slowest "best".
  static func vp9Speed(_ speed: EncoderSpeed) -> (deadline: String, cpuUsed: Int) {
    switch speed {
    case .ultrafast: return ("realtime", 8)
    case .superfast: return ("realtime", 7)
    case .veryfast: return ("good", 5)
    case .faster: return ("good", 4)
    case .fast: return ("good", 3)
    case .medium: return ("good", 2)
    case .slow: return ("good", 1)
    case .slower: return ("good", 0)
    case .veryslow: return ("best", 0)
    }
  }
}
