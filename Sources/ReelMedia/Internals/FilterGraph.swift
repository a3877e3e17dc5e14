import CFFmpeg

/// Owns one libavfilter graph: allocated in `init`, freed with `avfilter_graph_free` in
/// `deinit` (which frees every filter context made in it), so a graph whose building throws
/// half way is freed with the object that was building it. libavfilter's functions come from
/// ``LibAVFilter``, loaded with the first graph.
///
/// The one owner of a graph for ``AudioFilterGraph`` (audio chains) and ``PaletteQuantiser``
/// (GIF palettes and the graphs that map frames to them): they say which filters, this
/// makes, links, configures, feeds and drains them.
///
/// Not Sendable: a graph belongs to the one object that feeds it.
final class FilterGraph {
  private let library: LibAVFilter
  private let graph: UnsafeMutablePointer<AVFilterGraph>

  /// An empty graph.
  ///
  /// - Throws: ``FFmpegError`` when libavfilter cannot be loaded or the graph allocated.
  init() throws(FFmpegError) {
    let library = try LibAVFilter.loaded()
    guard let graph = library.graphAlloc() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avfilter_graph_alloc")
    }
    self.library = library
    self.graph = graph
  }

  deinit {
    var toFree: UnsafeMutablePointer<AVFilterGraph>? = graph
    library.graphFree(&toFree)
  }

  /// Creates the filter `name` with the option string `arguments` (empty for its defaults)
  /// in the graph, labelled `label`.
  ///
  /// - Throws: ``FFmpegError`` naming the filter when libavfilter has no such filter or
  ///   refuses the options.
  func add(_ name: String, _ arguments: String = "", label: String) throws(FFmpegError)
    -> UnsafeMutablePointer<AVFilterContext>
  {
    guard let definition = library.getByName(name) else {
      throw FFmpegError(
        code: reel_AVERROR_DECODER_NOT_FOUND(), call: "avfilter_get_by_name(\(name))")
    }
    var context: UnsafeMutablePointer<AVFilterContext>? = nil
    let code = library.createFilter(
      &context, definition, label, arguments.isEmpty ? nil : arguments, nil, graph)
    try check(code, "avfilter_graph_create_filter(\(name)=\(arguments))")
    guard let context else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avfilter_graph_create_filter")
    }
    return context
  }

  /// Links output pad `fromPad` of `from` to input pad `toPad` of `to`.
  func link(
    _ from: UnsafeMutablePointer<AVFilterContext>, _ fromPad: UInt32 = 0,
    to: UnsafeMutablePointer<AVFilterContext>, _ toPad: UInt32 = 0
  ) throws(FFmpegError) {
    try check(library.link(from, fromPad, to, toPad), "avfilter_link")
  }

  /// Checks the links and negotiates the formats: the graph is ready for frames.
  func configure() throws(FFmpegError) {
    try check(library.graphConfig(graph, nil), "avfilter_graph_config")
  }

  /// Hands `frame` to the buffer source `source`, which takes its buffers and leaves it
  /// empty for reuse; nil ends the input.
  ///
  /// - Parameter flags: `AV_BUFFERSRC_FLAG_*` bits: `KEEP_REF` to take a new reference and
  ///   leave `frame` as it is, `PUSH` to run the graph on the frame before returning.
  /// - Returns: libavfilter's code (negative: an `AVERROR`), for callers that must tidy up
  ///   their frame before throwing.
  func add(
    _ frame: UnsafeMutablePointer<AVFrame>?, to source: UnsafeMutablePointer<AVFilterContext>,
    flags: Int32 = 0
  )
    -> Int32
  {
    library.bufferSourceAddFrame(source, frame, flags)
  }

  /// Ends the input of the buffer source `source`.
  func endInput(of source: UnsafeMutablePointer<AVFilterContext>) throws(FFmpegError) {
    try check(add(nil, to: source), "av_buffersrc_add_frame_flags")
  }

  /// Hands every frame the buffer sink `sink` has ready now to `body`, one at a time in
  /// `frame` (unreferenced after each), and returns when it has none left (more input
  /// needed, or the end).
  func drain(
    _ sink: UnsafeMutablePointer<AVFilterContext>, into frame: FFFrame,
    _ body: (UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> Void
  ) throws(FFmpegError) {
    while true {
      let code = library.bufferSinkGetFrame(sink, frame.pointer)
      if code == FFmpegError.tryAgainCode || code == FFmpegError.endOfFileCode { return }
      try check(code, "av_buffersink_get_frame")
      defer { frame.unref() }
      try body(frame.pointer)
    }
  }
}
