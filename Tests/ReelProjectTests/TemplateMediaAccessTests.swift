import Foundation
import ReelProject
import TestSupport
import Testing

/// A template's media is probed once for the whole render: the loader's probe is the one the
/// export's decoders and the audio mixer open the files with, and each still is decoded once.
@Suite("Template media access")
struct TemplateMediaAccessTests {
  @Test func loadAndExportProbeEachFileOnceAndOpenItOncePerReader() async throws {
    let folder = try mediaFolder()
    let media = folder.appendingPathComponent("media")
    let music = media.appendingPathComponent("music.m4a")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000:duration=3", "-c:a", "aac",
      music.path,
    ])
    let clip = media.appendingPathComponent("clip.mp4").path
    let star = media.appendingPathComponent("star.png").path
    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }

    // Two clips of one file that overlap in a cross-fade (two readers of it at once), a
    // still, and a soundtrack.
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [160, 120], "frameRate": 10,
       "clips": [
         {"media": "media/clip.mp4", "duration": 1},
         {"media": "media/clip.mp4", "start": 0.5, "duration": 1,
          "transition": {"type": "crossFade", "duration": 0.5}},
         {"image": "media/star.png", "duration": 0.5}],
       "audio": {"soundtrack": {"file": "media/music.m4a"}},
       "export": {"preset": "highest", "crf": 30, "speed": "ultrafast"}}
      """, folder: folder)
    let output = folder.appendingPathComponent("out.mp4")
    _ = try await ExportSession(
      movie: loaded.movie, outputURL: output, settings: loaded.exportSettings
    ).export()

    // Probed once each, by the loader (the still by its one decode).
    #expect(counter.counts(of: .probe) == [clip: 1, star: 1, music.path: 1])
    #expect(counter.counts(of: .imageDecode) == [star: 1])
    // Opened from that probe once per reader, and once by validation's check that the file's
    // data reaches its declared end. The clip has a reader per composition track that plays
    // it: two video tracks (the cross-fade shows both clips at once) and two audio tracks.
    let tracksPlayingClip = loaded.movie.composition.tracks.filter { track in
      track.segments.contains { segment in
        if case .track(let source) = segment.source { return source.path == clip }
        return false
      }
    }
    #expect(tracksPlayingClip.filter { $0.mediaType == .video }.count == 2)
    #expect(tracksPlayingClip.filter { $0.mediaType == .audio }.count == 2)
    #expect(counter.counts(of: .open) == [clip: tracksPlayingClip.count + 1, music.path: 1 + 1])
  }
}
