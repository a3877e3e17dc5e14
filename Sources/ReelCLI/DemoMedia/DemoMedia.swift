import Foundation
import Reel

/// The media the examples in `Examples/` use, made from nothing by Reel itself: video
/// clips drawn with Reel's layer renderer and encoded with its writer, images with
/// transparency, and subtitle files. Nothing is copied from elsewhere, so nothing is
/// copyrighted.
///
/// | file | what it is |
/// |---|---|
/// | `clip-a.mp4` | 640×360, 4 s, 30 fps: shapes moving over a gradient, a big "A", a 440 Hz tone |
/// | `clip-b.mp4` | 640×360, 4 s, 30 fps: a clock face whose hand ticks every 0.5 s, a "B", a ticking 660 Hz tone |
/// | `star.png` | 256×256 gold star on transparency |
/// | `overlay.png` | 640×360 vignette and white frame on transparency |
/// | `captions.srt` | three English cues between 0.3 s and 3.9 s |
/// | `captions-zh.srt` | the same cues in Chinese |
struct DemoMedia {
  /// Width of the clips and the overlay, in pixels.
  static let width = 640
  /// Height of the clips and the overlay, in pixels.
  static let height = 360
  /// Length of each clip in frames (4 s).
  static let frameCount = 120
  /// Seconds per frame (30 fps).
  static let frameDuration = Time(value: 1, timescale: 30)

  /// The folder written to.
  let folder: URL

  /// The files made, in the order they are written.
  static let fileNames = [
    "clip-a.mp4", "clip-b.mp4", "star.png", "overlay.png", "captions.srt", "captions-zh.srt",
  ]

  /// Writes every file into ``folder`` (created if needed), replacing earlier ones.
  ///
  /// - Parameter interrupted: Called between frames; throws to stop (the clip being
  ///   written is then removed, files already written stay).
  /// - Throws: ``MediaError`` when a file cannot be written; what `interrupted` throws.
  func writeAll(checking interrupted: () throws -> Void) throws {
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw MediaError.unwritable(path: folder.path, reason: "cannot create the folder")
    }
    try writeClip(
      DemoMedia.clipA, audio: DemoMedia.toneA(), name: "clip-a.mp4", checking: interrupted)
    try writeClip(
      DemoMedia.clipB, audio: DemoMedia.toneB(), name: "clip-b.mp4", checking: interrupted)
    try interrupted()
    try DemoMedia.star().writePNG(to: url("star.png"))
    try DemoMedia.overlay().writePNG(to: url("overlay.png"))
    try writeText(DemoMedia.captionsEnglish, name: "captions.srt")
    try writeText(DemoMedia.captionsChinese, name: "captions-zh.srt")
  }

  /// The URL of a file in the folder.
  func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  /// Draws every frame (the clip's moving layers over its backdrop) and encodes it with
  /// `audio` as H.264 + AAC. On failure or interruption the writer is cancelled, which
  /// removes its temporary file.
  private func writeClip(
    _ clip: DemoClip, audio: AudioBuffer, name: String,
    checking interrupted: () throws -> Void
  ) throws {
    let backdrop = try LayerRenderer(tree: clip.backdrop).render(at: .zero)
    let writer = try MediaWriter(
      url: url(name),
      video: VideoOutputSettings(
        width: DemoMedia.width, height: DemoMedia.height, frameDuration: DemoMedia.frameDuration),
      audio: AudioOutputSettings(), overwrite: true)
    do {
      for index in 0..<DemoMedia.frameCount {
        try interrupted()
        let time = Time(frame: Int64(index), frameDuration: DemoMedia.frameDuration)
        var image = backdrop
        try LayerRenderer(tree: clip.scene(time.seconds)).render(
          at: time, videoFrames: [:], onto: &image)
        try writer.appendVideo(image, at: time)
      }
      try writer.appendAudio(audio)
      try interrupted()
      try writer.finish()
    } catch {
      writer.cancel()
      throw error
    }
  }

  private func writeText(_ text: String, name: String) throws {
    do {
      try Data(text.utf8).write(to: url(name), options: .atomic)
    } catch {
      throw MediaError.unwritable(path: url(name).path, reason: error.localizedDescription)
    }
  }
}
