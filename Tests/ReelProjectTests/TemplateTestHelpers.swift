import Foundation
import ReelProject
import TestSupport
import Testing

/// Writes `json` as `template.json` in a new temporary folder (with `files` beside it) and
/// loads it.
func loadTemplate(
  _ json: String, variables: [String: String] = [:], folder: URL? = nil
) throws -> LoadedTemplate {
  let directory = try folder ?? TestSupport.makeTemporaryDirectory("reel-template")
  let url = directory.appendingPathComponent("template.json")
  try Data(json.utf8).write(to: url)
  return try Template.load(path: url.path, variables: variables)
}

/// The problems' descriptions (`path: message`) of a template that must fail to load.
func templateProblems(
  _ json: String, variables: [String: String] = [:], folder: URL? = nil
) throws -> [String] {
  let directory = try folder ?? TestSupport.makeTemporaryDirectory("reel-template")
  let url = directory.appendingPathComponent("template.json")
  try Data(json.utf8).write(to: url)
  do {
    _ = try Template.load(path: url.path, variables: variables)
    Issue.record("the template loaded but should not have")
    return []
  } catch {
    return error.problems.map(\.description)
  }
}

/// A folder holding `media/clip.mp4` (320×240, 2 s at 30 fps, with a tone), `media/star.png` (32×32,
/// transparent with an opaque centre) and `media/captions.srt`.
func mediaFolder() throws -> URL {
  let folder = try TestSupport.makeTemporaryDirectory("reel-template-media")
  let media = folder.appendingPathComponent("media")
  try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
  try TestSupport.ffmpeg([
    "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2", "-f", "lavfi", "-i",
    "sine=frequency=440:sample_rate=48000:duration=2", "-c:v", "libx264", "-preset", "ultrafast",
    "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
    media.appendingPathComponent("clip.mp4").path,
  ])
  try TestSupport.ffmpeg([
    "-f", "lavfi", "-i", "color=c=yellow@1.0:size=32x32,format=rgba", "-frames:v", "1",
    media.appendingPathComponent("star.png").path,
  ])
  let srt = """
    1
    00:00:00,100 --> 00:00:00,600
    First line

    2
    00:00:00,400 --> 00:00:00,900
    <b>Second</b> line

    """
  try Data(srt.utf8).write(to: media.appendingPathComponent("captions.srt"))
  return folder
}

/// The dump lines of a movie's render list at `seconds`.
func dump(_ loaded: LoadedTemplate, at seconds: Double) -> [String] {
  loaded.movie.layers?.renderList(atSeconds: seconds).dump() ?? []
}
