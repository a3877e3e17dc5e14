import CFFmpeg
import Dispatch
import Foundation

/// Turns straight-alpha 32-bit frames into 8-bit palette frames (`pal8`) for GIF, with one
/// palette for the whole animation made by FFmpeg's quantiser and error-diffusion dithering:
/// `palettegen` then `paletteuse`, the usual two-pass commands with their defaults (every
/// pixel of every frame counted, up to 255 colours and one kept for transparency, Sierra-2-4A
/// dithering, pixels with alpha below 128 transparent).
///
/// The work is spread so that little of it waits for the end:
/// - each frame pushed goes through `palettegen`'s histogram at once (on the pusher's
///   thread, while the next frames are still being drawn) and is then held;
/// - at ``finish(_:)`` the palette is made and the held frames are mapped to it in
///   ``mappingParts`` contiguous ranges at once, each by its own `paletteuse` graph on its
///   own thread. `paletteuse` (with its default `diff_mode=none`) maps each frame on its
///   own — its error diffusion stays inside the frame and its colour cache only memoises a
///   pure function —, so the frames are the same, byte for byte, as one graph's.
///
/// Memory: every pushed frame is held until ``finish(_:)``, at most the frames × pixels the
/// export's budget allows (the export checks it before it starts). The graphs are
/// ``FilterGraph``s, their owner.
///
/// Used by ``MediaWriter``'s GIF track and by ``ImageEncoder/gifData(_:loopCount:)``.
/// Not Sendable: it belongs to the one track or encoder that feeds it.
final class PaletteQuantiser {
  private let histogram: FilterGraph
  private let source: UnsafeMutablePointer<AVFilterContext>
  private let sink: UnsafeMutablePointer<AVFilterContext>
  private let frameFormat: String
  private let timeBaseDenominator: Int64
  /// How many ranges of frames are mapped to the palette at once (each on its own thread).
  let mappingParts: Int
  /// The frames pushed so far, in order, waiting for the palette.
  private var held: [FFFrame] = []

  /// The dithering `paletteuse` applies (FFmpeg's default, error diffusion over two rows).
  static let dither = "sierra2_4a"

  /// Builds the histogram graph for `width` × `height` frames in `pixelFormat` (straight
  /// alpha: BGRA or RGBA) whose timestamps count `1 / timeBaseDenominator` seconds.
  ///
  /// - Parameter mappingParts: ranges mapped to the palette at once; by default one per
  ///   active processor (at least 1).
  /// - Throws: ``FFmpegError`` naming the call that failed, or the library when it cannot
  ///   be loaded.
  init(
    width: Int, height: Int, pixelFormat: AVPixelFormat = AV_PIX_FMT_BGRA,
    timeBaseDenominator: Int64,
    mappingParts: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(FFmpegError) {
    frameFormat =
      "video_size=\(width)x\(height):pix_fmt=\(pixelFormat.rawValue)"
      + ":time_base=1/\(timeBaseDenominator):pixel_aspect=1/1"
    self.timeBaseDenominator = timeBaseDenominator
    self.mappingParts = max(1, mappingParts)
    let graph = try FilterGraph()
    histogram = graph
    source = try graph.add("buffer", frameFormat, label: "in")
    let generate = try graph.add("palettegen", label: "palettegen")
    sink = try graph.add("buffersink", label: "palette")
    try graph.link(source, to: generate)
    try graph.link(generate, to: sink)
    try graph.configure()
  }

  /// Counts one frame (with its `pts`) into the palette's histogram now and keeps it for
  /// the mapping; takes its buffers and leaves `frame` empty (the next picture gets buffers
  /// of its own, and the held frame is never written again).
  func push(_ frame: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) {
    guard let kept = FFFrame() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
    }
    av_frame_move_ref(kept.pointer, frame)
    let flags = Int32(AV_BUFFERSRC_FLAG_PUSH | AV_BUFFERSRC_FLAG_KEEP_REF)
    try check(histogram.add(kept.pointer, to: source, flags: flags), "av_buffersrc_add_frame_flags")
    held.append(kept)
  }

  /// Makes the palette, maps every held frame to it and hands the palette frames, in order,
  /// to `body`.
  ///
  /// - Throws: ``FFmpegError`` from the graphs, or from `body`.
  func finish(_ body: (UnsafeMutablePointer<AVFrame>) throws(FFmpegError) -> Void)
    throws(FFmpegError)
  {
    try histogram.endInput(of: source)
    guard let drained = FFFrame() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
    }
    var palette: FFFrame?
    try histogram.drain(sink, into: drained) { (frame) throws(FFmpegError) in
      guard palette == nil else { return }
      guard let copy = FFFrame() else {
        throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
      }
      try check(av_frame_ref(copy.pointer, frame), "av_frame_ref")
      palette = copy
    }
    let frames = held
    held = []
    guard !frames.isEmpty else { return }
    guard let palette else {
      throw FFmpegError(code: FFmpegError.endOfFileCode, call: "palettegen (made no palette)")
    }
    let job = PaletteMappingJob(
      frames: frames, palette: palette, frameFormat: frameFormat,
      timeBaseDenominator: timeBaseDenominator, parts: min(mappingParts, frames.count))
    for part in try job.run() {
      for frame in part { try body(frame.pointer) }
    }
  }
}

/// The held frames mapped to one palette in contiguous ranges at once, each range by its own
/// `buffer` + `buffer` → `paletteuse` → `buffersink` graph on its own thread.
///
/// Thread rule: the threads only read the held frames and the palette (taking references to
/// their buffers, whose counts FFmpeg keeps atomically; the frames are never written after
/// they were pushed), each builds and frees its own graph, and each writes only its own slot
/// of `results`; `run()` reads the slots after `concurrentPerform` has returned. That is what
/// makes the `@unchecked Sendable` sound.
private final class PaletteMappingJob: @unchecked Sendable {
  let frames: [FFFrame]
  let palette: FFFrame
  let frameFormat: String
  let timeBaseDenominator: Int64
  let parts: Int
  private var results: [Result<[FFFrame], FFmpegError>]

  init(
    frames: [FFFrame], palette: FFFrame, frameFormat: String, timeBaseDenominator: Int64,
    parts: Int
  ) {
    self.frames = frames
    self.palette = palette
    self.frameFormat = frameFormat
    self.timeBaseDenominator = timeBaseDenominator
    self.parts = parts
    results = Array(repeating: .success([]), count: parts)
  }

  /// Every range's palette frames, in order; the first range's error when one failed.
  func run() throws(FFmpegError) -> [[FFFrame]] {
    if parts == 1 {
      results[0] = Result { () throws(FFmpegError) in try map(range: frames.indices) }
    } else {
      results.withUnsafeMutableBufferPointer { slots in
        let slots = SlotPointer(base: slots.baseAddress)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
          let range =
            (frames.count * part / parts)..<(frames.count * (part + 1) / parts)
          slots.base?[part] = Result { () throws(FFmpegError) in try map(range: range) }
        }
      }
    }
    var mapped: [[FFFrame]] = []
    for result in results { mapped.append(try result.get()) }
    return mapped
  }

  /// Maps `frames[range]` through a graph of its own.
  private func map(range: Range<Int>) throws(FFmpegError) -> [FFFrame] {
    guard let first = range.first else { return [] }
    let graph = try FilterGraph()
    let input = try graph.add("buffer", frameFormat, label: "in")
    let paletteFrame = palette.pointer.pointee
    let paletteInput = try graph.add(
      "buffer",
      "video_size=\(paletteFrame.width)x\(paletteFrame.height):pix_fmt=\(paletteFrame.format)"
        + ":time_base=1/\(timeBaseDenominator):pixel_aspect=1/1", label: "palette")
    let use = try graph.add("paletteuse", "dither=\(PaletteQuantiser.dither)", label: "paletteuse")
    let sink = try graph.add("buffersink", label: "out")
    try graph.link(input, to: use, 0)
    try graph.link(paletteInput, to: use, 1)
    try graph.link(use, to: sink)
    try graph.configure()

    guard let staged = FFFrame(), let output = FFFrame() else {
      throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
    }
    // The palette starts with the range's first frame and lasts past its end.
    try check(av_frame_ref(staged.pointer, palette.pointer), "av_frame_ref")
    staged.pointer.pointee.pts = frames[first].pointer.pointee.pts
    try check(graph.add(staged.pointer, to: paletteInput), "av_buffersrc_add_frame_flags")
    try graph.endInput(of: paletteInput)

    var mapped: [FFFrame] = []
    mapped.reserveCapacity(range.count)
    let collect = { (frame: UnsafeMutablePointer<AVFrame>) throws(FFmpegError) in
      guard let copy = FFFrame() else {
        throw FFmpegError(code: reel_AVERROR(ENOMEM), call: "av_frame_alloc")
      }
      av_frame_move_ref(copy.pointer, frame)
      mapped.append(copy)
    }
    let keepReference = Int32(AV_BUFFERSRC_FLAG_KEEP_REF)
    for index in range {
      try check(
        graph.add(frames[index].pointer, to: input, flags: keepReference),
        "av_buffersrc_add_frame_flags")
      try graph.drain(sink, into: output, collect)
    }
    try graph.endInput(of: input)
    try graph.drain(sink, into: output, collect)
    return mapped
  }
}

/// The results' storage, written by the threads of ``PaletteMappingJob/run()`` at disjoint
/// indices while `withUnsafeMutableBufferPointer` keeps it alive.
private struct SlotPointer: @unchecked Sendable {
  let base: UnsafeMutablePointer<Result<[FFFrame], FFmpegError>>?
}
