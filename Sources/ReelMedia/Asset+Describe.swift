import CFFmpeg

extension Asset {
  /// Builds the description of one stream from its codec parameters and side data.
  static func describe(_ stream: UnsafeMutablePointer<AVStream>, index: Int) -> TrackInfo {
    guard let parameters = stream.pointee.codecpar else {
      return TrackInfo(index: index, kind: .other, codec: "none")
    }
    let codecID = parameters.pointee.codec_id
    let codecName = String(cString: avcodec_get_name(codecID))
    var track = TrackInfo(index: index, kind: kind(of: stream), codec: codecName)
    if let profile = avcodec_profile_name(codecID, parameters.pointee.profile) {
      track.profile = String(cString: profile)
    }
    let timeBase = stream.pointee.time_base
    if stream.pointee.duration != reel_AV_NOPTS_VALUE(), stream.pointee.duration > 0,
      timeBase.den > 0
    {
      track.duration = exactTime(stream.pointee.duration, timeBase)
    } else if let tagged = taggedDuration(stream) {
      track.duration = tagged
    }
    if parameters.pointee.bit_rate > 0 { track.bitRate = Int(parameters.pointee.bit_rate) }

    switch track.kind {
    case .video: describeVideo(stream, parameters, into: &track)
    case .audio: describeAudio(parameters, into: &track)
    default: break
    }
    return track
  }

  /// The `DURATION` tag that Matroska and WebM muxers write for each stream, whose header
  /// has no duration of its own; nil when absent or not `H:MM:SS[.fraction]`.
  static func taggedDuration(_ stream: UnsafeMutablePointer<AVStream>) -> Time? {
    guard let entry = av_dict_get(stream.pointee.metadata, "DURATION", nil, 0),
      let value = entry.pointee.value
    else { return nil }
    return clockDuration(String(cString: value))
  }

  /// `H:MM:SS[.fraction]` (up to nine fraction digits) as an exact time in nanoseconds;
  /// nil when malformed, zero or beyond a million hours.
  static func clockDuration(_ text: String) -> Time? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = Int64(parts[0]), let minutes = Int64(parts[1]),
      (0..<1_000_000).contains(hours), (0..<60).contains(minutes)
    else { return nil }
    let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(secondParts.count), let seconds = Int64(secondParts[0]),
      (0..<60).contains(seconds)
    else { return nil }
    var nanoseconds: Int64 = 0
    if secondParts.count == 2 {
      let digits = secondParts[1]
      guard (1...9).contains(digits.count), digits.allSatisfy({ $0 >= "0" && $0 <= "9" }),
        let fraction = Int64(digits)
      else { return nil }
      nanoseconds = fraction
      for _ in digits.count..<9 { nanoseconds *= 10 }
    }
    let total = ((hours * 60 + minutes) * 60 + seconds) * 1_000_000_000 + nanoseconds
    guard total > 0 else { return nil }
    return Time(value: total, timescale: 1_000_000_000)
  }

  /// `value` ticks of `timeBase` as a `Time`, exact when the time base fits a timescale.
  static func exactTime(_ value: Int64, _ timeBase: AVRational) -> Time {
    if timeBase.num == 1 {
      return Time(value: value, timescale: timeBase.den)
    }
    // Rescale into the denominator: value·num/den seconds = (value·num) / den.
    let (product, overflow) = value.multipliedReportingOverflow(by: Int64(timeBase.num))
    if !overflow { return Time(value: product, timescale: timeBase.den) }
    return Time(
      value: av_rescale_q(value, timeBase, reel_AV_TIME_BASE_Q()), timescale: Int32(AV_TIME_BASE))
  }

  private static func kind(of stream: UnsafeMutablePointer<AVStream>) -> TrackKind {
    guard let parameters = stream.pointee.codecpar else { return .other }
    switch parameters.pointee.codec_type {
    case AVMEDIA_TYPE_VIDEO:
      // Cover art in MP4/MP3 is a one-picture "video" stream; it is not a video track.
      return stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 ? .attachment : .video
    case AVMEDIA_TYPE_AUDIO: return .audio
    case AVMEDIA_TYPE_SUBTITLE: return .subtitle
    case AVMEDIA_TYPE_DATA: return .data
    case AVMEDIA_TYPE_ATTACHMENT: return .attachment
    default: return .other
    }
  }

  private static func describeVideo(
    _ stream: UnsafeMutablePointer<AVStream>, _ parameters: UnsafeMutablePointer<AVCodecParameters>,
    into track: inout TrackInfo
  ) {
    let width = Int(parameters.pointee.width)
    let height = Int(parameters.pointee.height)
    track.width = width
    track.height = height

    let rotation = clockwiseRotation(of: stream)
    track.rotation = rotation
    track.displayMatrix = displayMatrix(of: stream)

    var aspect = parameters.pointee.sample_aspect_ratio
    if aspect.num <= 0 || aspect.den <= 0 { aspect = stream.pointee.sample_aspect_ratio }
    let pixelAspect = aspect.num > 0 && aspect.den > 0 ? Double(aspect.num) / Double(aspect.den) : 1
    track.sampleAspectRatio = pixelAspect
    let shownWidth = Int((Double(width) * pixelAspect).rounded())
    if rotation == 90 || rotation == 270 {
      track.displayWidth = height
      track.displayHeight = shownWidth
    } else {
      track.displayWidth = shownWidth
      track.displayHeight = height
    }

    let nominal = stream.pointee.r_frame_rate
    if nominal.num > 0 && nominal.den > 0 {
      track.frameRate = Double(nominal.num) / Double(nominal.den)
      track.nominalFrameDuration = Time(value: Int64(nominal.den), timescale: nominal.num)
    }
    let average = stream.pointee.avg_frame_rate
    if average.num > 0 && average.den > 0 {
      track.averageFrameRate = Double(average.num) / Double(average.den)
    }

    let pixelFormat = AVPixelFormat(rawValue: parameters.pointee.format)
    if let descriptor = av_pix_fmt_desc_get(pixelFormat) {
      let carriesAlphaBeside =
        AlphaSideChannel.decoderName(
          codecID: parameters.pointee.codec_id, metadata: stream.pointee.metadata)
        != nil
      track.pixelFormat =
        carriesAlphaBeside
        ? AlphaSideChannel.decodedPixelFormat : String(cString: descriptor.pointee.name)
      track.bitDepth = Int(descriptor.pointee.comp.0.depth)
      let isRGB = descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
      let isPalette = descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0
      if !isRGB && !isPalette && descriptor.pointee.nb_components >= 3 {
        switch (descriptor.pointee.log2_chroma_w, descriptor.pointee.log2_chroma_h) {
        case (1, 1): track.chromaSubsampling = "4:2:0"
        case (1, 0): track.chromaSubsampling = "4:2:2"
        case (0, 0): track.chromaSubsampling = "4:4:4"
        case (2, 0): track.chromaSubsampling = "4:1:1"
        default: break
        }
      }
    }

    let range: ColorDescription.Range
    switch parameters.pointee.color_range {
    case AVCOL_RANGE_MPEG: range = .limited
    case AVCOL_RANGE_JPEG: range = .full
    default: range = .unspecified
    }
    track.color = ColorDescription(
      primaries: av_color_primaries_name(parameters.pointee.color_primaries).map {
        String(cString: $0)
      }
        ?? "unknown",
      transfer: av_color_transfer_name(parameters.pointee.color_trc).map { String(cString: $0) }
        ?? "unknown",
      matrix: av_color_space_name(parameters.pointee.color_space).map { String(cString: $0) }
        ?? "unknown",
      range: range)
  }

  private static func describeAudio(
    _ parameters: UnsafeMutablePointer<AVCodecParameters>, into track: inout TrackInfo
  ) {
    track.sampleRate = Int(parameters.pointee.sample_rate)
    track.channelCount = Int(parameters.pointee.ch_layout.nb_channels)
    // Files such as plain WAV store only a channel count; describe them with FFmpeg's
    // default layout for that count (1 → mono, 2 → stereo, 6 → 5.1), as ffmpeg does.
    var layout = AVChannelLayout()
    if parameters.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
      av_channel_layout_default(&layout, parameters.pointee.ch_layout.nb_channels)
    } else {
      av_channel_layout_copy(&layout, &parameters.pointee.ch_layout)
    }
    defer { av_channel_layout_uninit(&layout) }
    var buffer = [CChar](repeating: 0, count: 128)
    if av_channel_layout_describe(&layout, &buffer, buffer.count) > 0 {
      track.channelLayout = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }

  /// The stream's display matrix with its translation, from the display-matrix side data
  /// (nil when there is none): FFmpeg keeps the file's nine values, a, b, c, d, tx, ty in
  /// 16.16 fixed point at indices 0, 1, 3, 4, 6, 7.
  static func displayMatrix(of stream: UnsafeMutablePointer<AVStream>) -> AffineTransform? {
    var size: Int = 0
    guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
      size >= 9 * MemoryLayout<Int32>.size
    else { return nil }
    let values = data.withMemoryRebound(to: Int32.self, capacity: 9) { matrix in
      (0..<9).map { Double(matrix[$0]) / 65536 }
    }
    return AffineTransform(
      a: values[0], b: values[1], c: values[3], d: values[4], tx: values[6], ty: values[7])
  }

  /// The clockwise angle, a multiple of 90 in 0..<360, that turns the coded picture upright,
  /// from the stream's display-matrix side data (0 when there is none).
  static func clockwiseRotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
    var size: Int = 0
    guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
      size >= 9 * MemoryLayout<Int32>.size
    else { return 0 }
    let counterClockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) {
      av_display_rotation_get($0)
    }
    guard counterClockwise.isFinite else { return 0 }
    let quarterTurns = Int((-counterClockwise / 90).rounded())
    return ((quarterTurns % 4) + 4) % 4 * 90
  }
}
