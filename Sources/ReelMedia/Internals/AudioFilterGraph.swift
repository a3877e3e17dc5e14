import CFFmpeg

/// A libavfilter chain for interleaved 32-bit float audio: an `abuffer` source, a chain of
/// filters, an `aformat` that pins the output to the input's layout, and an `abuffersink`.
/// The graph is a ``FilterGraph``, its owner.
///
/// Not Sendable: a graph belongs to the one object that feeds it.
final class AudioFilterGraph {
  /// One filter of the chain: its libavfilter name and its option string.
  struct Filter {
    var name: String
    var arguments: String
  }

  let format: AudioFormat
  private let graph: FilterGraph
  private let source: UnsafeMutablePointer<AVFilterContext>
  private let sink: UnsafeMutablePointer<AVFilterContext>
  private let inputFrame: FFFrame
  private let outputFrame: FFFrame
  /// Presentation time of the next input sample, in samples.
  private var nextTimestamp: Int64 = 0

  /// Builds `abuffer → filters… → aformat → abuffersink` for `format`.
  ///
  /// - Throws: ``FFmpegError`` naming the call that failed, or the library when it cannot
  ///   be loaded.
  init(format: AudioFormat, filters: [Filter]) throws(FFmpegError) {
    self.format = format
    guard let inputFrame = FFFrame(), let outputFrame = FFFrame() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
    }
    self.inputFrame = inputFrame
    self.outputFrame = outputFrame
    let graph = try FilterGraph()
    self.graph = graph
    let layout = AudioFilterGraph.layoutName(channelCount: format.channelCount)
    source = try graph.add(
      "abuffer",
      "sample_rate=\(format.sampleRate):sample_fmt=flt:channel_layout=\(layout)"
        + ":time_base=1/\(format.sampleRate)", label: "in")
    var previous = source
    for (index, filter) in filters.enumerated() {
      let context = try graph.add(filter.name, filter.arguments, label: "f\(index)")
      try graph.link(previous, to: context)
      previous = context
    }
    let pin = try graph.add(
      "aformat",
      "sample_fmts=flt:sample_rates=\(format.sampleRate):channel_layouts=\(layout)",
      label: "pin")
    try graph.link(previous, to: pin)
    sink = try graph.add("abuffersink", label: "out")
    try graph.link(pin, to: sink)
    try graph.configure()
  }

  /// Sends interleaved samples (a multiple of the channel count) and appends everything
  /// the graph can hand out now to `output`.
  func process(_ samples: UnsafeBufferPointer<Float>, appendingTo output: inout [Float])
    throws(FFmpegError)
  {
    let channels = format.channelCount
    let frameCount = samples.count / channels
    guard frameCount > 0, let base = samples.baseAddress else { return }
    let frame = inputFrame.pointer
    frame.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
    frame.pointee.sample_rate = Int32(format.sampleRate)
    frame.pointee.nb_samples = Int32(frameCount)
    av_channel_layout_default(&frame.pointee.ch_layout, Int32(channels))
    frame.pointee.pts = nextTimestamp
    try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
    guard let plane = frame.pointee.data.0 else {
      inputFrame.unref()
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_get_buffer")
    }
    UnsafeMutableRawPointer(plane).copyMemory(
      from: base, byteCount: frameCount * channels * MemoryLayout<Float>.size)
    nextTimestamp += Int64(frameCount)
    // The source takes the frame's buffers and resets the frame for reuse.
    let code = graph.add(frame, to: source)
    if code < 0 {
      inputFrame.unref()
      throw FFmpegError(code: code, call: "av_buffersrc_add_frame_flags")
    }
    try drain(appendingTo: &output)
  }

  /// Ends the input and appends the samples the filters still hold to `output`.
  func finish(appendingTo output: inout [Float]) throws(FFmpegError) {
    try graph.endInput(of: source)
    try drain(appendingTo: &output)
  }

  /// Takes every frame the sink has ready.
  private func drain(appendingTo output: inout [Float]) throws(FFmpegError) {
    let channels = format.channelCount
    try graph.drain(sink, into: outputFrame) { frame in
      let count = Int(frame.pointee.nb_samples) * channels
      guard count > 0, let plane = frame.pointee.data.0 else { return }
      let floats = UnsafeRawPointer(plane).assumingMemoryBound(to: Float.self)
      output.append(contentsOf: UnsafeBufferPointer(start: floats, count: count))
    }
  }

  /// FFmpeg's name for the default layout of a channel count (`mono`, `stereo`, `5.1`, …).
  private static func layoutName(channelCount: Int) -> String {
    var layout = AVChannelLayout()
    av_channel_layout_default(&layout, Int32(channelCount))
    defer { av_channel_layout_uninit(&layout) }
    var buffer = [CChar](repeating: 0, count: 64)
    let written = av_channel_layout_describe(&layout, &buffer, buffer.count)
    guard written > 0 else { return "\(channelCount)c" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
