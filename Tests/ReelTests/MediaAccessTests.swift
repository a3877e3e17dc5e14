import Foundation
import Reel
import TestSupport
import Testing

/// Media a Swift program describes by hand is probed lazily, once for the whole export, and
/// a still is decoded once.
@Suite("Media access")
struct MediaAccessTests {
  @Test func handBuiltSourcesAreProbedOnceAndStillsDecodedOnce() async throws {
    let folder = try ExportOracle.folder()
    let clip = try ExportOracle.makeClip(
      "clip.mp4", in: folder, video: "testsrc2=size=160x120:rate=10:duration=1",
      audio: "sine=frequency=440:sample_rate=48000:duration=1")
    let picture = folder.appendingPathComponent("picture.png")
    let sized = folder.appendingPathComponent("sized.png")
    for url in [picture, sized] {
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=c=red:size=160x120", "-frames:v", "1", url.path,
      ])
    }
    // Described before counting starts, as a program that knows its media would.
    let described = try Asset(url: clip)
    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }

    // A source from a path and track descriptions, without an asset: probed when first read.
    let media = SourceMedia(
      path: clip.path, duration: described.duration,
      videoTrack: described.videoTracks.first, audioTrack: described.audioTracks.first)
    let still = try StillImage(path: picture.path)
    #expect(counter.count(.imageDecode, path: picture.path) == 1)
    var sequence = ClipSequence()
    sequence.append(.media(media, timeRange: nil))
    sequence.append(.still(still, duration: ExportOracle.time(1, 2)))
    sequence.append(
      .still(
        StillImage(path: sized.path, width: 160, height: 120), duration: ExportOracle.time(1, 2)))
    let built = try sequence.build()
    let movie = Movie(
      composition: built.composition, videoComposition: built.videoComposition,
      audioMix: built.audioMix)
    try await ExportOracle.export(movie, to: folder.appendingPathComponent("out.mp4"))

    // The video decoder and the audio mixer share one probe of the clip, opened once each.
    #expect(counter.count(.probe, path: clip.path) == 1)
    #expect(counter.count(.open, path: clip.path) == 2)
    // The still decoded to learn its size is drawn as it is; the one described by its size
    // is decoded once, when first drawn.
    #expect(counter.count(.imageDecode, path: picture.path) == 1)
    #expect(counter.count(.imageDecode, path: sized.path) == 1)
  }

  @Test func equalityIgnoresWhatWasLearned() throws {
    let folder = try ExportOracle.folder()
    let clip = try ExportOracle.makeClip(
      "clip.mp4", in: folder, video: "testsrc2=size=160x120:rate=10:duration=1")
    let asset = try Asset(url: clip)
    let track = try asset.firstVideoTrack()
    let opened = SourceTrack(asset: asset, track: track)
    let described = SourceTrack(path: clip.path, track: track, fileDuration: asset.duration)
    #expect(opened == described)
    #expect(Set([opened, described]).count == 1)
    let picture = folder.appendingPathComponent("picture.png")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=red:size=16x8", "-frames:v", "1", picture.path,
    ])
    let decoded = try StillImage(path: picture.path)
    #expect(decoded == StillImage(path: picture.path, width: 16, height: 8))
    #expect(decoded != StillImage(path: picture.path, width: 8, height: 16))
  }
}
