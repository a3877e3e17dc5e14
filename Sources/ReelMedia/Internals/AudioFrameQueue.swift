import CFFmpeg

/// Turns interleaved float PCM of any length into the fixed-size frames an audio encoder
/// wants: swresample converts to the encoder's sample format (and rate, if it differs), and
/// an `AVAudioFifo` holds what is not yet a whole frame.
///
/// Not Sendable: it belongs to one ``MediaWriter``.
final class AudioFrameQueue {
  let inputFormat: AudioFormat
  let outputSampleRate: Int32
  let outputSampleFormat: AVSampleFormat
  /// The channel layout used on both sides (`av_channel_layout_default` for the count).
  let layout: AVChannelLayout
  private let resampler: OpaquePointer
  private let fifo: OpaquePointer
  /// Scratch frame that receives swresample's output before it enters the FIFO.
  private let scratch: FFFrame

  /// Prepares a queue.
  ///
  /// - Parameters:
  ///   - inputFormat: Rate and channel count of the interleaved float input.
  ///   - outputSampleRate: The encoder's sample rate in Hz.
  ///   - outputSampleFormat: The encoder's sample format.
  init(inputFormat: AudioFormat, outputSampleRate: Int32, outputSampleFormat: AVSampleFormat)
    throws(FFmpegError)
  {
    self.inputFormat = inputFormat
    self.outputSampleRate = outputSampleRate
    self.outputSampleFormat = outputSampleFormat
    var layout = AVChannelLayout()
    av_channel_layout_default(&layout, Int32(inputFormat.channelCount))
    self.layout = layout
    var inputLayout = layout
    var outputLayout = layout
    var resampler: OpaquePointer?
    try check(
      swr_alloc_set_opts2(
        &resampler, &outputLayout, outputSampleFormat, outputSampleRate, &inputLayout,
        AV_SAMPLE_FMT_FLT,
        Int32(inputFormat.sampleRate), 0, nil),
      "swr_alloc_set_opts2")
    guard let resampler else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "swr_alloc_set_opts2")
    }
    let code = swr_init(resampler)
    if code < 0 {
      var doomed: OpaquePointer? = resampler
      swr_free(&doomed)
      throw FFmpegError(code: code, call: "swr_init")
    }
    guard let scratch = FFFrame(),
      let fifo = av_audio_fifo_alloc(outputSampleFormat, Int32(inputFormat.channelCount), 4096)
    else {
      // `deinit` does not run (not every stored property is set): free what was made here.
      var doomed: OpaquePointer? = resampler
      swr_free(&doomed)
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_audio_fifo_alloc")
    }
    self.resampler = resampler
    self.fifo = fifo
    self.scratch = scratch
  }

  deinit {
    var doomed: OpaquePointer? = resampler
    swr_free(&doomed)
    av_audio_fifo_free(fifo)
  }

  /// Sample frames waiting in the FIFO, in the output format.
  var count: Int { Int(av_audio_fifo_size(fifo)) }

  /// Converts `frameCount` interleaved sample frames at `samples` and queues them.
  func push(_ samples: UnsafePointer<Float>, frameCount: Int) throws(FFmpegError) {
    try convert(samples, frameCount: frameCount)
  }

  /// Queues `frameCount` sample frames of silence (in the input format).
  func pushSilence(frameCount: Int) throws(FFmpegError) {
    let chunk = 4096
    let silence = [Float](repeating: 0, count: chunk * inputFormat.channelCount)
    var left = frameCount
    while left > 0 {
      let n = min(left, chunk)
      try silence.withUnsafeBufferPointer { (buffer) throws(FFmpegError) in
        guard let base = buffer.baseAddress else { return }
        try convert(base, frameCount: n)
      }
      left -= n
    }
  }

  /// Pushes out the samples swresample still holds (only a resampling conversion holds any).
  func drain() throws(FFmpegError) {
    try convert(nil, frameCount: 0)
  }

  /// Moves up to `maximum` sample frames from the FIFO into `frame`, replacing its buffers.
  ///
  /// - Returns: The number of sample frames moved.
  func pop(maximum: Int, into frame: FFFrame) throws(FFmpegError) -> Int {
    let n = min(maximum, count)
    frame.unref()
    let avFrame = frame.pointer
    avFrame.pointee.format = outputSampleFormat.rawValue
    avFrame.pointee.sample_rate = outputSampleRate
    avFrame.pointee.nb_samples = Int32(n)
    var layout = self.layout
    try check(av_channel_layout_copy(&avFrame.pointee.ch_layout, &layout), "av_channel_layout_copy")
    guard n > 0 else { return 0 }
    try check(av_frame_get_buffer(avFrame, 0), "av_frame_get_buffer")
    let data = UnsafeMutableRawPointer(avFrame.pointee.extended_data)
      .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    let read = try check(av_audio_fifo_read(fifo, data, Int32(n)), "av_audio_fifo_read")
    return Int(read)
  }

  private func convert(_ samples: UnsafePointer<Float>?, frameCount: Int) throws(FFmpegError) {
    let capacity = try check(
      swr_get_out_samples(resampler, Int32(frameCount)), "swr_get_out_samples")
    guard capacity > 0 else { return }
    let avFrame = scratch.pointer
    if avFrame.pointee.nb_samples < capacity || avFrame.pointee.data.0 == nil {
      scratch.unref()
      avFrame.pointee.format = outputSampleFormat.rawValue
      avFrame.pointee.sample_rate = outputSampleRate
      avFrame.pointee.nb_samples = capacity
      var layout = self.layout
      try check(
        av_channel_layout_copy(&avFrame.pointee.ch_layout, &layout), "av_channel_layout_copy")
      try check(av_frame_get_buffer(avFrame, 0), "av_frame_get_buffer")
    }
    let converted: Int32
    if let samples {
      var input: UnsafePointer<UInt8>? = UnsafeRawPointer(samples).assumingMemoryBound(
        to: UInt8.self)
      converted = try check(
        swr_convert(
          resampler, avFrame.pointee.extended_data, avFrame.pointee.nb_samples, &input,
          Int32(frameCount)),
        "swr_convert")
    } else {
      // A null input array asks swresample to flush what it buffers.
      converted = try check(
        swr_convert(resampler, avFrame.pointee.extended_data, avFrame.pointee.nb_samples, nil, 0),
        "swr_convert")
    }
    guard converted > 0 else { return }
    let data = UnsafeMutableRawPointer(avFrame.pointee.extended_data)
      .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    try check(av_audio_fifo_write(fifo, data, converted), "av_audio_fifo_write")
  }
}
