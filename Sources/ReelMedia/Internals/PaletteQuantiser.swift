import CFFmpeg

/// Turns straight-alpha 32-bit frames into 8-bit palette frames (`pal8`) for GIF, with one
/// palette for the whole animation made by FFmpeg's quantiser and error-diffusion dithering:
/// the graph `buffer → split → palettegen → paletteuse ← split`, the one-pass form of the
/// usual two-pass `palettegen` / `paletteuse` commands, with their defaults (every pixel of
/// every frame counted, up to 255 colours and one kept for transparency, Sierra-2-4A
/// dithering, pixels with alpha below 128 transparent).
///
/// The palette needs every frame first, so the graph holds every frame pushed until
/// ``finish(_:)``: at most the frames × pixels the export's budget allows (the export checks
/// it before it starts). The graph is a ``FilterGraph``, its owner.
///
/// Used by ``MediaWriter``'s GIF track and by ``ImageEncoder/gifData(_:loopCount:)``.
/// Not Sendable: it belongs to the one track or encoder that feeds it.
final class PaletteQuantiser {
  private let graph: FilterGraph
  private let source: UnsafeMutablePointer<AVFilterContext>
  private let sink: UnsafeMutablePointer<AVFilterContext>

  /// The dithering `paletteuse` applies (FFmpeg's default, error diffusion over two rows).
  static let dither = "sierra2_4a"

  /// Builds the graph for `width` × `height` frames in `pixelFormat` (straight alpha: BGRA
  /// or RGBA) whose timestamps count `1 / timeBaseDenominator` seconds.
  ///
  /// - Throws: ``FFmpegError`` naming the call that failed, or the library when it cannot
  ///   be loaded.
  init(
    width: Int, height: Int, pixelFormat: AVPixelFormat = AV_PIX_FMT_BGRA,
    timeBaseDenominator: Int64
  ) throws(FFmpegError) {
    let graph = try FilterGraph()
    self.graph = graph
    source = try graph.add(
      "buffer",
      "video_size=\(width)x\(height):pix_fmt=\(pixelFormat.rawValue)"
        + ":time_base=1/\(timeBaseDenominator):pixel_aspect=1/1", label: "in")
    let split = try graph.add("split", "2", label: "split")
    let generate = try graph.add("palettegen", label: "palettegen")
    let use = try graph.add("paletteuse", "dither=\(Self.dither)", label: "paletteuse")
    sink = try graph.add("buffersink", label: "out")
    try graph.link(source, to: split)
    try graph.link(split, 0, to: generate)
    try graph.link(split, 1, to: use, 0)
    try graph.link(generate, to: use, 1)
    try graph.link(use, to: sink)
    try graph.configure()
  }

  /// Hands one frame (with its `pts`) to the graph, which takes its buffers and leaves
  /// `frame` empty (the next picture gets buffers of its own: the graph keeps these).
  func push(_ frame: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) {
    try check(graph.add(frame, to: source), "av_buffersrc_add_frame_flags")
  }

  /// Ends the input and hands every palette frame, in order, to `body`.
  func finish(_ body: (UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> Void)
    throws(FFmpegError)
  {
    try graph.endInput(of: source)
    guard let output = FFFrame() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
    }
    try graph.drain(sink, into: output, body)
  }
}
