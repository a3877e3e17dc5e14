import Foundation
import ReelMedia
import TestSupport
import Testing

/// Readers and checks made from an ``Asset`` open its file with the asset's probe instead of
/// probing it again.
@Suite("Probe reuse")
struct ProbeReuseTests {
  @Test func readersAndChecksOfAnAssetDoNotProbeAgain() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-probe-reuse")
    let url = folder.appendingPathComponent("clip.mp4")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=1", "-f", "lavfi", "-i",
      "sine=frequency=440:sample_rate=48000:duration=1", "-c:v", "libx264", "-preset",
      "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", url.path,
    ])
    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }

    let asset = try Asset(url: url)
    #expect(counter.count(.probe, path: url.path) == 1)
    try asset.checkDecoders()
    #expect(counter.count(.open, path: url.path) == 0, "decoders are checked from the probe")
    let used = TimeRange(start: .zero, duration: Time(value: 1, timescale: 2))
    try asset.checkData(covers: used)
    try asset.checkData(covers: used)
    #expect(counter.count(.open, path: url.path) == 1, "the file's end is looked at once")

    let first = try VideoReader(asset: asset)
    let second = try VideoReader(asset: asset)
    let sound = try AudioReader(asset: asset)
    #expect(counter.count(.probe, path: url.path) == 1)
    #expect(counter.count(.open, path: url.path) == 1 + 3)
    // Readers opened from the probe read what a freshly probed file gives.
    let fresh = try VideoReader(asset: Asset(url: url))
    for reader in [first, second] {
      let frame = try #require(try reader.frame(at: Time(value: 1, timescale: 2)))
      let expected = try #require(try fresh.frame(at: Time(value: 1, timescale: 2)))
      #expect(frame.time == expected.time && frame.image == expected.image)
    }
    #expect(try sound.readAll().frameCount > 40_000)
  }

  @Test func filesWhoseDemuxerLearnsWhileProbingAreProbedOnce() throws {
    // MP3's demuxer builds part of its timing while probing, so the first reader takes the
    // probe's own demuxer and a second, concurrent reader probes the file again.
    let folder = try TestSupport.makeTemporaryDirectory("reel-probe-reuse")
    let url = folder.appendingPathComponent("tone.mp3")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1", url.path,
    ])
    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }
    let asset = try Asset(url: url)
    // The cut-file check (validation) reads the file's end with a demuxer of its own that
    // only reads packets (an open, not a probe); the reader takes the probe's demuxer.
    try asset.checkData(covers: TimeRange(start: .zero, duration: Time(value: 1, timescale: 2)))
    let sound = try AudioReader(asset: asset).readAll()
    #expect(counter.count(.probe, path: url.path) == 1)
    #expect(counter.count(.open, path: url.path) == 1)
    #expect(abs(sound.frameCount - 48_000) <= 1152)
    // The probe's demuxer is handed out once: the next reader probes for itself, and reads
    // the same samples.
    let again = try AudioReader(asset: asset).readAll()
    #expect(counter.count(.probe, path: url.path) == 2)
    #expect(again.frameCount == sound.frameCount && again.samples == sound.samples)
    let fresh = try AudioReader(asset: Asset(url: url)).readAll()
    #expect(fresh.samples == sound.samples)
  }

  @Test func aVideoFileWithoutAFullHeaderIsProbedOnceForItsFirstReader() throws {
    // MPEG-TS has no header listing its streams: the demuxer finds them while probing.
    let folder = try TestSupport.makeTemporaryDirectory("reel-probe-reuse-ts")
    let url = folder.appendingPathComponent("clip.ts")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", url.path,
    ])
    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }
    let asset = try Asset(url: url)
    try asset.checkData(covers: TimeRange(start: .zero, duration: Time(value: 1, timescale: 2)))
    let reader = try VideoReader(asset: asset)
    let time = Time(value: 12, timescale: 25)
    let frame = try #require(try reader.frame(at: time))
    #expect(counter.count(.probe, path: url.path) == 1)
    let fresh = try #require(try VideoReader(asset: Asset(url: url)).frame(at: time))
    #expect(frame.time == fresh.time && frame.image == fresh.image)
  }
}
