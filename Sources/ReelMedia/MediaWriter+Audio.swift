import CFFmpeg

extension MediaWriter {
  /// Checked audio settings.
  struct AudioPlan {
    let codec: AudioCodec
    let format: AudioFormat
    let bitRate: Int
    /// The rate the encoder runs at: the input rate for AAC, always 48 kHz for Opus.
    let encoderSampleRate: Int

    /// The rates FFmpeg's AAC encoder accepts (the MPEG-4 sampling frequency table).
    static let aacSampleRates: Set<Int> = [
      96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000,
      7_350,
    ]

    init(settings: AudioOutputSettings, container: OutputContainer, path: String) throws(MediaError)
    {
      let codec = settings.codec ?? container.defaultAudioCodec
      guard container.allows(codec) else {
        throw .codecNotAllowed(path: path, codec: codec.rawValue, container: container.rawValue)
      }
      let format = settings.format
      guard (1...8).contains(format.channelCount) else {
        throw .invalidArgument(
          path: path, reason: "\(format.channelCount) audio channels; Reel writes 1 to 8")
      }
      guard settings.bitRate > 0 else {
        throw .invalidArgument(
          path: path, reason: "audio bit rate \(settings.bitRate) bit/s must be positive")
      }
      switch codec {
      case .aac:
        guard AudioPlan.aacSampleRates.contains(format.sampleRate) else {
          throw .invalidArgument(
            path: path,
            reason:
              "AAC cannot be written at \(format.sampleRate) Hz; use one of \(AudioPlan.aacSampleRates.sorted().map(String.init).joined(separator: ", ")) Hz"
          )
        }
        encoderSampleRate = format.sampleRate
      case .opus:
        guard (8_000...192_000).contains(format.sampleRate) else {
          throw .invalidArgument(
            path: path,
            reason: "audio at \(format.sampleRate) Hz is out of range for Opus (8000…192000 Hz)")
        }
        encoderSampleRate = 48_000
      }
      self.codec = codec
      self.format = format
      self.bitRate = settings.bitRate
    }

    /// The libavcodec encoder name.
    var encoderName: String {
      switch codec {
      case .aac: return "aac"
      case .opus: return "libopus"
      }
    }
  }

  /// The audio encoder, its sample queue and its stream.
  final class AudioTrack {
    let plan: AudioPlan
    let encoder: EncoderContext
    let queue: AudioFrameQueue
    let frame: FFFrame
    let streamIndex: Int32
    /// Samples per channel in each frame the encoder takes.
    let frameSize: Int
    /// The input sample frame that the next appended buffer should start at.
    var nextInputFrame: Int64 = 0
    /// The presentation time of the next encoder frame, in encoder samples.
    var nextPresentationSample: Int64 = 0

    init(plan: AudioPlan, muxer: OutputMuxer) throws(FFmpegError) {
      self.plan = plan
      let encoder = try EncoderContext(encoderName: plan.encoderName)
      let sampleFormat = AudioTrack.preferredSampleFormat(of: encoder.codec)
      let queue = try AudioFrameQueue(
        inputFormat: plan.format, outputSampleRate: Int32(plan.encoderSampleRate),
        outputSampleFormat: sampleFormat)
      let context = encoder.pointer
      context.pointee.sample_fmt = sampleFormat
      context.pointee.sample_rate = Int32(plan.encoderSampleRate)
      var layout = queue.layout
      try check(
        av_channel_layout_copy(&context.pointee.ch_layout, &layout), "av_channel_layout_copy")
      context.pointee.bit_rate = Int64(plan.bitRate)
      context.pointee.time_base = AVRational(num: 1, den: Int32(plan.encoderSampleRate))
      try encoder.open(for: muxer)
      let variableSize = encoder.codec.pointee.capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE != 0
      frameSize =
        variableSize || context.pointee.frame_size <= 0 ? 1024 : Int(context.pointee.frame_size)
      streamIndex = try muxer.addStream(for: encoder)
      guard let frame = FFFrame() else {
        throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
      }
      self.encoder = encoder
      self.queue = queue
      self.frame = frame
    }

    /// Planar float if the encoder takes it, then interleaved float, else its first format.
    static func preferredSampleFormat(of codec: UnsafePointer<AVCodec>) -> AVSampleFormat {
      var formats: [AVSampleFormat] = []
      if var cursor = codec.pointee.sample_fmts {
        while cursor.pointee != AV_SAMPLE_FMT_NONE {
          formats.append(cursor.pointee)
          cursor += 1
        }
      }
      for preferred in [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT] where formats.contains(preferred) {
        return preferred
      }
      return formats.first ?? AV_SAMPLE_FMT_FLTP
    }

    /// Queues `buffer` (after silence for any gap) and encodes every whole frame.
    func append(_ buffer: AudioBuffer, muxer: OutputMuxer) throws(FFmpegError) {
      if buffer.startFrame > nextInputFrame {
        try queue.pushSilence(frameCount: Int(buffer.startFrame - nextInputFrame))
      }
      try buffer.samples.withUnsafeBufferPointer { (samples) throws(FFmpegError) in
        guard let base = samples.baseAddress else { return }
        try queue.push(base, frameCount: buffer.frameCount)
      }
      nextInputFrame = buffer.startFrame + Int64(buffer.frameCount)
      try encodeQueued(includingPartialFrame: false, muxer: muxer)
    }

    /// Encodes what is queued, including a final short frame, and drains the encoder.
    func flush(muxer: OutputMuxer) throws(FFmpegError) {
      try queue.drain()
      try encodeQueued(includingPartialFrame: true, muxer: muxer)
      try encoder.encode(nil, to: muxer, stream: streamIndex)
    }

    private func encodeQueued(includingPartialFrame: Bool, muxer: OutputMuxer) throws(FFmpegError) {
      while queue.count >= frameSize || (includingPartialFrame && queue.count > 0) {
        // A short last frame is sent as is: libavcodec pads it with silence for encoders that
        // need whole frames and records the real length so the track ends on the last sample.
        let count = try queue.pop(maximum: frameSize, into: frame)
        frame.pointer.pointee.pts = nextPresentationSample
        nextPresentationSample += Int64(count)
        try encoder.encode(frame.pointer, to: muxer, stream: streamIndex)
      }
    }
  }
}
