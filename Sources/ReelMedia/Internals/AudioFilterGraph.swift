import CFFmpeg

/// Owns a libavfilter graph for interleaved 32-bit float audio: an `abuffer` source, a
/// chain of filters, an `aformat` that pins the output to the input's layout, and an
/// `abuffersink`. The graph is freed with `avfilter_graph_free` in `deinit` (which frees
/// every filter context in it). libavfilter's functions come from ``LibAVFilter``, loaded
/// with the first graph.
///
/// Not Sendable: a graph belongs to the one object that feeds it.
final class AudioFilterGraph {
  /// One filter of the chain: its libavfilter name and its option string.
  struct Filter {
    var name: String
    var arguments: String
  }

  let format: AudioFormat
  private let library: LibAVFilter
  private let graph: UnsafeMutablePointer<AVFilterGraph>
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
    let library = try LibAVFilter.loaded()
    self.library = library
    guard let graph = library.graphAlloc() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avfilter_graph_alloc")
    }
    guard let inputFrame = FFFrame(), let outputFrame = FFFrame() else {
      var toFree: UnsafeMutablePointer<AVFilterGraph>? = graph
      library.graphFree(&toFree)
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
    }
    self.graph = graph
    self.inputFrame = inputFrame
    self.outputFrame = outputFrame
    // From here the graph is owned; a throw below frees it through `cleanup`.
    do {
      let layout = AudioFilterGraph.layoutName(channelCount: format.channelCount)
      let bufferArguments =
        "sample_rate=\(format.sampleRate):sample_fmt=flt:channel_layout=\(layout)"
        + ":time_base=1/\(format.sampleRate)"
      let source = try AudioFilterGraph.create(
        library, graph, Filter(name: "abuffer", arguments: bufferArguments), label: "in")
      var previous = source
      for (index, filter) in filters.enumerated() {
        let context = try AudioFilterGraph.create(library, graph, filter, label: "f\(index)")
        try check(library.link(previous, 0, context, 0), "avfilter_link")
        previous = context
      }
      let pin = try AudioFilterGraph.create(
        library, graph,
        Filter(
          name: "aformat",
          arguments:
            "sample_fmts=flt:sample_rates=\(format.sampleRate):channel_layouts=\(layout)"),
        label: "pin")
      try check(library.link(previous, 0, pin, 0), "avfilter_link")
      let sink = try AudioFilterGraph.create(
        library, graph, Filter(name: "abuffersink", arguments: ""), label: "out")
      try check(library.link(pin, 0, sink, 0), "avfilter_link")
      try check(library.graphConfig(graph, nil), "avfilter_graph_config")
      self.source = source
      self.sink = sink
    } catch {
      var toFree: UnsafeMutablePointer<AVFilterGraph>? = graph
      library.graphFree(&toFree)
      throw error
    }
  }

  deinit {
    var toFree: UnsafeMutablePointer<AVFilterGraph>? = graph
    library.graphFree(&toFree)
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
    let code = library.bufferSourceAddFrame(source, frame, 0)
    if code < 0 {
      inputFrame.unref()
      throw FFmpegError(code: code, call: "av_buffersrc_add_frame_flags")
    }
    try drain(appendingTo: &output)
  }

  /// Ends the input and appends the samples the filters still hold to `output`.
  func finish(appendingTo output: inout [Float]) throws(FFmpegError) {
    try check(library.bufferSourceAddFrame(source, nil, 0), "av_buffersrc_add_frame_flags")
    try drain(appendingTo: &output)
  }

  /// Takes every frame the sink has ready.
  private func drain(appendingTo output: inout [Float]) throws(FFmpegError) {
    let channels = format.channelCount
    let frame = outputFrame.pointer
    while true {
      let code = library.bufferSinkGetFrame(sink, frame)
      if code == FFmpegError.tryAgainCode || code == FFmpegError.endOfFileCode { return }
      try check(code, "av_buffersink_get_frame")
      defer { outputFrame.unref() }
      let count = Int(frame.pointee.nb_samples) * channels
      guard count > 0, let plane = frame.pointee.data.0 else { continue }
      let floats = UnsafeRawPointer(plane).assumingMemoryBound(to: Float.self)
      output.append(contentsOf: UnsafeBufferPointer(start: floats, count: count))
    }
  }

  /// Creates a filter context in `graph`.
  private static func create(
    _ library: LibAVFilter, _ graph: UnsafeMutablePointer<AVFilterGraph>, _ filter: Filter,
    label: String
  ) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
    guard let definition = library.getByName(filter.name) else {
      throw FFmpegError(
        code: reel_AVERROR_DECODER_NOT_FOUND(), call: "avfilter_get_by_name(\(filter.name))")
    }
    var context: UnsafeMutablePointer<AVFilterContext>? = nil
    let code = library.createFilter(
      &context, definition, label, filter.arguments.isEmpty ? nil : filter.arguments, nil, graph)
    try check(code, "avfilter_graph_create_filter(\(filter.name)=\(filter.arguments))")
    guard let context else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avfilter_graph_create_filter")
    }
    return context
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
