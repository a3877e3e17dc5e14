import CFFmpeg

/// Owns a libswresample context that converts decoded audio frames of one input layout
/// (any sample format, rate and channel count) to interleaved 32-bit float at the output
/// rate and channel count.
///
/// Channel mixing follows libswresample's standard matrix (centre and surrounds into left
/// and right at −3 dB, LFE dropped) computed with a float internal format and no
/// normalisation, so a centre-only 5.1 tone comes out at −3 dB in both channels. One
/// exception: mono into stereo is duplicated at unity gain (libswresample's default would
/// put the centre at −3 dB in each side), so a mono voice keeps its level.
///
/// Not Sendable: one resampler belongs to one reader.
final class Resampler {
  /// The input description the context was built for.
  struct InputFormat: Equatable {
    var sampleFormat: Int32
    var sampleRate: Int32
    var channelCount: Int32
  }

  let input: InputFormat
  let outputRate: Int
  let outputChannels: Int
  private let context: OpaquePointer
  private let path: String

  /// Builds a context for frames like `frame`.
  ///
  /// - Throws: `MediaError.decodeFailed` when libswresample rejects the layout.
  init(inputLike frame: UnsafeMutablePointer<AVFrame>, output: AudioFormat, path: String)
    throws(MediaError)
  {
    self.path = path
    input = InputFormat(
      sampleFormat: frame.pointee.format, sampleRate: frame.pointee.sample_rate,
      channelCount: frame.pointee.ch_layout.nb_channels)
    outputRate = output.sampleRate
    outputChannels = output.channelCount

    var inLayout = AVChannelLayout()
    if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC
      || av_channel_layout_check(&frame.pointee.ch_layout) == 0
    {
      av_channel_layout_default(&inLayout, max(frame.pointee.ch_layout.nb_channels, 1))
    } else {
      _ = av_channel_layout_copy(&inLayout, &frame.pointee.ch_layout)
    }
    defer { av_channel_layout_uninit(&inLayout) }
    var outLayout = AVChannelLayout()
    av_channel_layout_default(&outLayout, Int32(output.channelCount))
    defer { av_channel_layout_uninit(&outLayout) }

    var allocated: OpaquePointer? = nil
    let code = swr_alloc_set_opts2(
      &allocated, &outLayout, AV_SAMPLE_FMT_FLT, Int32(output.sampleRate), &inLayout,
      AVSampleFormat(rawValue: frame.pointee.format), frame.pointee.sample_rate, 0, nil)
    guard code >= 0, let swr = allocated else {
      throw MediaError.decodeFailed(
        path: path, reason: "cannot set up resampling: \(FFmpegError.message(for: code))")
    }
    context = swr
    // Mix in float without normalising the matrix (normalising would put a centre-only 5.1
    // tone at −10.7 dB instead of the standard −3 dB).
    av_opt_set_sample_fmt(
      UnsafeMutableRawPointer(swr), "internal_sample_fmt", AV_SAMPLE_FMT_FLTP, 0)
    if inLayout.nb_channels == 1 && output.channelCount == 2 {
      var unity: [Double] = [1, 1]
      _ = swr_set_matrix(swr, &unity, 1)
    }
    // Every stored property is set, so a throw here runs `deinit`, which frees the context.
    let initCode = swr_init(swr)
    if initCode < 0 {
      throw MediaError.decodeFailed(
        path: path, reason: "cannot set up resampling: \(FFmpegError.message(for: initCode))")
    }
  }

  deinit {
    var toFree: OpaquePointer? = context
    swr_free(&toFree)
  }

  /// Whether `frame` has the sample format, rate and channel count this context expects.
  func accepts(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
    input
      == InputFormat(
        sampleFormat: frame.pointee.format, sampleRate: frame.pointee.sample_rate,
        channelCount: frame.pointee.ch_layout.nb_channels)
  }

  /// Converts `count` samples of `frame` starting at sample `offset`, appending interleaved
  /// float output to `output`. Pass nil to drain the samples still held in the filter.
  func convert(
    _ frame: UnsafeMutablePointer<AVFrame>?, offset: Int = 0, count: Int = 0,
    appendingTo output: inout [Float]
  ) throws(MediaError) {
    let inputCount = frame == nil ? 0 : count
    let capacity = Int(swr_get_out_samples(context, Int32(inputCount))) + 32
    guard capacity > 0 else { return }
    let start = output.count
    output.append(contentsOf: repeatElement(0, count: capacity * outputChannels))
    let produced: Int32 = output.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return -1 }
      var outPlane: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(base + start)
        .assumingMemoryBound(to: UInt8.self)
      guard let frame else {
        return swr_convert(context, &outPlane, Int32(capacity), nil, 0)
      }
      return Resampler.withInputPlanes(frame, offset: offset) { planes in
        swr_convert(context, &outPlane, Int32(capacity), planes, Int32(count))
      }
    }
    if produced < 0 {
      output.removeSubrange(start...)
      throw MediaError.decodeFailed(
        path: path, reason: "resampling failed: \(FFmpegError.message(for: produced))")
    }
    output.removeSubrange((start + Int(produced) * outputChannels)...)
  }

  /// Calls `body` with the frame's plane pointers advanced by `offset` samples.
  private static func withInputPlanes<R>(
    _ frame: UnsafeMutablePointer<AVFrame>, offset: Int,
    _ body: (UnsafeMutablePointer<UnsafePointer<UInt8>?>?) -> R
  ) -> R {
    let format = AVSampleFormat(rawValue: frame.pointee.format)
    let channels = Int(frame.pointee.ch_layout.nb_channels)
    let bytesPerSample = Int(av_get_bytes_per_sample(format))
    let planar = av_sample_fmt_is_planar(format) != 0
    let planeCount = planar ? channels : 1
    let step = planar ? bytesPerSample : bytesPerSample * channels
    var planes = [UnsafePointer<UInt8>?](repeating: nil, count: max(planeCount, 1))
    if let extended = frame.pointee.extended_data {
      for index in 0..<planeCount {
        planes[index] = extended[index].map { UnsafePointer($0 + offset * step) }
      }
    }
    return planes.withUnsafeMutableBufferPointer { body($0.baseAddress) }
  }
}
