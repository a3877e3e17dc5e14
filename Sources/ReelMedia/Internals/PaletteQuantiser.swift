import CFFmpeg

/// Turns straight-alpha BGRA frames into 8-bit palette frames (`pal8`) for GIF, with one
/// palette for the whole animation made by FFmpeg's quantiser and error-diffusion dithering:
/// the graph `buffer → split → palettegen → paletteuse ← split`, the one-pass form of the
/// usual two-pass `palettegen` / `paletteuse` commands, with their defaults (every pixel of
/// every frame counted, up to 255 colours and one kept for transparency, Sierra-2-4A
/// dithering, pixels with alpha below 128 transparent).
///
/// The palette needs every frame first, so the graph holds every frame pushed until
/// ``finish(_:)``: at most the frames × pixels the export's budget allows (the export checks
/// it before it starts). The graph is freed with `avfilter_graph_free` in `deinit`;
/// libavfilter's functions come from ``LibAVFilter``.
///
/// Not Sendable: it belongs to the one video track that feeds it.
final class PaletteQuantiser {
  private let library: LibAVFilter
  private let graph: UnsafeMutablePointer<AVFilterGraph>
  private let source: UnsafeMutablePointer<AVFilterContext>
  private let sink: UnsafeMutablePointer<AVFilterContext>

  /// The dithering `paletteuse` applies (FFmpeg's default, error diffusion over two rows).
  static let dither = "sierra2_4a"

  /// Builds the graph for `width` × `height` BGRA frames whose timestamps count
  /// `1 / timeBaseDenominator` seconds.
  ///
  /// - Throws: ``FFmpegError`` naming the call that failed, or the library when it cannot
  ///   be loaded.
  init(width: Int, height: Int, timeBaseDenominator: Int64) throws(FFmpegError) {
    let library = try LibAVFilter.loaded()
    self.library = library
    guard let graph = library.graphAlloc() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "avfilter_graph_alloc")
    }
    self.graph = graph
    do {
      let input = try Self.create(
        library, graph, "buffer",
        "video_size=\(width)x\(height):pix_fmt=\(AV_PIX_FMT_BGRA.rawValue)"
          + ":time_base=1/\(timeBaseDenominator):pixel_aspect=1/1", label: "in")
      let split = try Self.create(library, graph, "split", "2", label: "split")
      let generate = try Self.create(library, graph, "palettegen", "", label: "palettegen")
      let use = try Self.create(
        library, graph, "paletteuse", "dither=\(Self.dither)", label: "paletteuse")
      let output = try Self.create(library, graph, "buffersink", "", label: "out")
      try check(library.link(input, 0, split, 0), "avfilter_link(split)")
      try check(library.link(split, 0, generate, 0), "avfilter_link(palettegen)")
      try check(library.link(split, 1, use, 0), "avfilter_link(paletteuse)")
      try check(library.link(generate, 0, use, 1), "avfilter_link(palette)")
      try check(library.link(use, 0, output, 0), "avfilter_link(sink)")
      try check(library.graphConfig(graph, nil), "avfilter_graph_config")
      source = input
      sink = output
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

  /// Hands one BGRA frame (with its `pts`) to the graph, which takes its buffers and leaves
  /// `frame` empty (the next picture gets buffers of its own: the graph keeps these).
  func push(_ frame: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) {
    try check(library.bufferSourceAddFrame(source, frame, 0), "av_buffersrc_add_frame_flags")
  }

  /// Ends the input and hands every palette frame, in order, to `body`.
  func finish(_ body: (UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> Void)
    throws(FFmpegError)
  {
    try check(library.bufferSourceAddFrame(source, nil, 0), "av_buffersrc_add_frame_flags")
    guard let output = FFFrame() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
    }
    while true {
      let code = library.bufferSinkGetFrame(sink, output.pointer)
      if code == FFmpegError.tryAgainCode || code == FFmpegError.endOfFileCode { return }
      try check(code, "av_buffersink_get_frame")
      defer { output.unref() }
      try body(output.pointer)
    }
  }

  /// Creates a filter context in `graph`.
  private static func create(
    _ library: LibAVFilter, _ graph: UnsafeMutablePointer<AVFilterGraph>, _ name: String,
    _ arguments: String, label: String
  ) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterContext> {
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
}
