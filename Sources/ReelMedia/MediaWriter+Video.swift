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
      let codec = VideoCodec.chosen(settings.codec, in: container)
      let descriptor = codec.descriptor
      guard container.allows(codec) else {
        throw .codecNotAllowed(path: path, codec: codec.rawValue, container: container.rawValue)
      }
      for (isSet, what) in [
        (settings.pinned != nil, "pinned encoder settings"),
        (settings.keptFrameCount != nil, "frames kept out of those appended"),
      ] where isSet && !descriptor.supportsPinnedEncoding {
        let names = VideoCodec.allCases.filter(\.descriptor.supportsPinnedEncoding)
          .map(\.descriptor.displayName).joined(separator: " or ")
        throw .invalidArgument(
          path: path,
          reason:
            "\(what) are for \(names) only (the codec is \(codec.rawValue)); encode \(names) or leave them out"
        )
      }
      if let crf = settings.crf, let problem = descriptor.crfProblem(crf, codecName: codec.rawValue)
      {
        throw .invalidArgument(path: path, reason: problem)
      }
      if let problem = settings.pinned?.problem {
        throw .invalidArgument(path: path, reason: "pinned encoder settings: \(problem)")
      }
      if settings.profileLevel != nil, codec != .h264 {
        throw .invalidArgument(
          path: path,
          reason:
            "an H.264 profile and level was given for \(codec.rawValue) video; leave profileLevel nil or encode H.264"
        )
      }
      if let interval = settings.maxKeyframeInterval, interval < 1 {
        throw .invalidArgument(
          path: path,
          reason: "the longest keyframe distance must be at least 1 frame (got \(interval))")
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
      if let problem = descriptor.levelProblem(pictureRate) {
        throw .invalidArgument(path: path, reason: problem)
      }
      if let asked = settings.profileLevel?.levelIDC {
        guard H264ProfileLevel.knownLevels.contains(asked) else {
          throw .invalidArgument(
            path: path, reason: "H.264 level_idc \(asked) is not a level of the standard")
        }
        if let needed = H264Level.minimum(pictureRate), needed > asked {
          throw .invalidArgument(
            path: path,
            reason:
              "H.264 level \(asked / 10).\(asked % 10) cannot hold \(width)×\(height) at this frame rate and bit rate (level \(needed / 10).\(needed % 10) is the lowest that can); ask for a higher level or let the level be chosen"
          )
        }
      }
    }

    /// The coded size, frame rate and bit rate, for the codec's level limits.
    var pictureRate: EncodedPictureRate {
      EncodedPictureRate(
        width: width, height: height, frameDuration: (frameTicks, timeBaseDenominator),
        bitRate: settings.bitRate)
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
  }

  /// The muxer options that make an animated image play `plays` times (0: for ever): GIF's
  /// `loop` counts repeats after the first play (-1: none), WebP's `loop` and APNG's
  /// `plays` count plays. None for video containers.
  static func loopOptions(_ container: OutputContainer, plays: Int) -> [(
    name: String, value: String
  )] {
    let plays = max(0, plays)
    switch container {
    case .gif: return [("loop", plays == 0 ? "0" : String(plays - 1 == 0 ? -1 : plays - 1))]
    case .webp: return [("loop", String(plays))]
    case .apng: return [("plays", String(plays))]
    case .mp4, .mov, .m4v, .mkv, .webm, .m4a: return []
    }
  }

  /// A four-character code (`hvc1`) as FFmpeg's `MKTAG` packs it; 0 unless it is four ASCII
  /// characters.
  static func fourCharacterCode(_ text: String) -> UInt32 {
    let bytes = Array(text.utf8)
    guard bytes.count == 4, bytes.allSatisfy({ $0 < 0x80 }) else { return 0 }
    return bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The video encoder, its converter and its stream.
  final class VideoTrack {
    let plan: VideoPlan
    let encoder: EncoderContext
    let converter: PixelConverter
    /// The palette quantiser GIF frames go through before the encoder; nil for other codecs.
    let quantiser: PaletteQuantiser?
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
      let encoder = try EncoderContext(encoderName: plan.codec.descriptor.encoderName)
      let context = encoder.pointer
      context.pointee.width = Int32(plan.width)
      context.pointee.height = Int32(plan.height)
      context.pointee.pix_fmt = plan.codec.descriptor.pixelFormat.avPixelFormat
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
      try plan.codec.descriptor.configure(encoder, plan)
      try encoder.open(for: muxer)
      self.encoder = encoder
      let entry = container.isISOMediaFamily ? plan.codec.descriptor.isoSampleEntry : nil
      let tag = entry.map(MediaWriter.fourCharacterCode) ?? 0
      streamIndex = try muxer.addStream(for: encoder, codecTag: tag)
      if let matrix = plan.settings.displayMatrix, matrix != .identity {
        try muxer.setDisplayMatrix(matrix, stream: streamIndex)
      }
      converter = try PixelConverter(
        sourceWidth: plan.sourceWidth, sourceHeight: plan.sourceHeight, width: plan.width,
        height: plan.height,
        matrix: plan.matrix, format: plan.codec.descriptor.pixelFormat)
      quantiser =
        plan.codec.descriptor.pixelFormat == .pal8
        ? try PaletteQuantiser(
          width: plan.width, height: plan.height, timeBaseDenominator: plan.timeBaseDenominator)
        : nil
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
      if let quantiser {
        // The palette needs every frame: the quantiser counts each one now and maps them all
        // at the flush.
        try quantiser.push(frame.pointer)
        return
      }
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
      if let quantiser {
        try quantiser.finish { (frame) throws(FFmpegError) in try send(frame, muxer: muxer) }
      }
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
}
