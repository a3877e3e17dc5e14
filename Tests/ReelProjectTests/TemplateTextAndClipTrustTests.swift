import Foundation
import ReelProject
import TestSupport
import Testing

@Suite("Templates: text taller than its frame, font files, clip length")
struct TemplateTextAndClipTrustTests {
  @Test func aLineTallerThanItsFrameIsAWarningAtTheLayer() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "duration": 1,
       "layers": [{"type": "text", "frame": [20, 20, 200, 40], "text": "Hello", "font": {"size": 40}},
                  {"type": "text", "frame": [20, 80, 200, 48], "text": "Fits", "font": {"size": 40}}]}
      """)
    #expect(
      loaded.warnings.map(\.description) == ["layers[0]: text is 47 px tall in a 40 px frame"])
  }

  @Test func aBoldFontFileOfAnInstalledFamilyIsNoWarning() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "duration": 1,
       "layers": [{"type": "text", "frame": [0, 0, 320, 80], "text": "Bold",
                   "font": {"file": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "size": 48}}]}
      """)
    #expect(loaded.warnings.isEmpty)
  }

  @Test func aFontPathThatIsNotARegularFileIsAWarningAndFallsBack() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("fonts.ttf"), withIntermediateDirectories: false)
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "duration": 1,
       "layers": [{"type": "text", "text": "x", "font": {"file": "/dev/zero"}},
                  {"type": "text", "text": "y", "font": {"file": "fonts.ttf"}}]}
      """, folder: folder)
    #expect(
      loaded.warnings.map(\.description) == [
        "layers[0].font.file: /dev/zero is not a regular file (it is a character device); the text will use the family \"DejaVu Sans\" or a fallback font",
        "layers[1].font.file: \(folder.appendingPathComponent("fonts.ttf").path) is not a regular file (it is a directory); the text will use the family \"DejaVu Sans\" or a fallback font",
      ])
  }

  /// `media/phone.mp4`: 1.5 s of video (30 fps) with 1.6 s of audio.
  func phoneClip(in folder: URL) throws {
    let media = folder.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=1.5",
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.6",
      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
      media.appendingPathComponent("phone.mp4").path,
    ])
  }

  @Test func aClipIsAsLongAsItsVideo() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template")
    defer { try? FileManager.default.removeItem(at: folder) }
    try phoneClip(in: folder)
    let loaded = try loadTemplate(
      """
      {"version": 1, "clips": [{"media": "media/phone.mp4"}, {"media": "media/phone.mp4"}]}
      """, folder: folder)
    #expect(loaded.movie.composition.duration.seconds == 3)
    for track in loaded.movie.composition.audioTracks {
      #expect(track.duration.seconds <= 3)
    }
    let problems = try templateProblems(
      """
      {"version": 1, "clips": [{"media": "media/phone.mp4", "duration": 1.6}]}
      """, folder: folder)
    #expect(
      problems == [
        "clips[0].duration: the clip would end at 1.6 s, after the end of the media (1.5 s): shorten it to at most 1.5 s"
      ])
  }
}
