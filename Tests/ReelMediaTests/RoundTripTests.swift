import Foundation
import ReelMedia
import TestSupport
import Testing

/// Frames and a tone written by `MediaWriter` come back through Reel's own readers as they
/// went in (ffprobe checks the same files in `MediaWriterTests`).
@Suite("Write then read back")
struct RoundTripTests {
  @Test func framesAndToneSurviveTheRoundTrip() throws {
    let folder = try TestSupport.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("round-trip.mp4")
    let written = try WriterFixture.writeMovie(to: url, frameCount: 30)
    let asset = try Asset(url: url)

    // Video: frame count, exact timestamps, picture quality.
    let reader = try VideoReader(asset: asset)
    var frames: [VideoFrame] = []
    while let frame = try reader.nextFrame() { frames.append(frame) }
    #expect(frames.count == written.count)
    for (index, frame) in frames.enumerated() {
      #expect(frame.time == Time(value: Int64(index), timescale: 30), "frame \(index)")
    }
    var squaredError = 0.0
    var samples = 0
    for (frame, original) in zip(frames, written) {
      for y in 0..<original.height {
        for x in 0..<original.width {
          let a = frame.image[x: x, y: y]
          let b = original[x: x, y: y]
          for (p, q) in [(a.blue, b.blue), (a.green, b.green), (a.red, b.red)] {
            let d = Double(p) - Double(q)
            squaredError += d * d
            samples += 1
          }
        }
      }
    }
    let psnr = 10 * log10(255 * 255 / max(squaredError / Double(max(samples, 1)), 1e-9))
    #expect(psnr >= 35, "PSNR \(psnr) dB")

    // Durations: each track within one frame (1/30 s) of the 1 s written.
    let video = try asset.firstVideoTrack()
    let audio = try asset.firstAudioTrack()
    let frameSeconds = 1.0 / 30
    #expect(abs((video.duration?.seconds ?? 0) - 1) < frameSeconds)
    #expect(abs((audio.duration?.seconds ?? 0) - 1) < frameSeconds)
    #expect(abs(asset.duration.seconds - 1) < frameSeconds)

    // Audio: 1 kHz at −6 dBFS in both channels, 48 000 samples.
    let sound = try AudioReader(asset: asset).readAll()
    #expect(abs(sound.frameCount - 48_000) <= 1024)
    let left = AudioReaderTests.channel(sound.samples, 0, of: 2)
    let right = AudioReaderTests.channel(sound.samples, 1, of: 2)
    let middle = left[4800..<43_200]
    #expect(abs(AudioReaderTests.frequency(Array(middle), rate: 48_000) - 1000) < 2)
    let level = 20 * log10(AudioReaderTests.rms(middle) * 2.squareRoot())
    #expect(abs(level - -6) < 0.5, "level \(level) dBFS")
    // AAC codes the two channels jointly, so they come back equal to within coding noise.
    let largest = zip(left, right).map { abs($0 - $1) }.max() ?? 0
    #expect(largest < 0.02, "largest left/right difference \(largest)")
  }
}

/// Real camera and web files (fetched by `make test`'s set-up; skipped when absent),
/// decoded by Reel and compared with ffmpeg's own decode.
@Suite("Real-world files", .needsRealWorldMedia)
struct RealWorldMediaTests {
  @Test func videoFramesMatchFFmpeg() throws {
    let files = RealWorldMedia.files()
    try #require(files.count == RealWorldMedia.names.count)
    for url in files {
      let asset = try Asset(url: url)
      let reader = try VideoReader(asset: asset)
      let expectedTicks = try VideoOracle.frameTicks(url.path)
      var frames: [VideoFrame] = []
      while let frame = try reader.nextFrame() { frames.append(frame) }
      #expect(frames.count == expectedTicks.ticks.count, "\(url.lastPathComponent)")
      for (frame, ticks) in zip(frames, expectedTicks.ticks) {
        // Exact rational equality: time == ticks · num / den.
        let expected = Time(value: ticks * expectedTicks.num, timescale: Int32(expectedTicks.den))
        #expect(frame.time == expected, "\(url.lastPathComponent) frame at \(frame.time)")
      }
      // Pixels of the first 8 frames against ffmpeg with the same conversion flags. These
      // files are untagged: Reel reads HD as BT.709 (as players do), SD as BT.601.
      let isHD = reader.outputHeight > 576 || reader.outputWidth > 1024
      let decoded = try VideoOracle.frames(
        url.path, width: reader.outputWidth, height: reader.outputHeight,
        arguments: ["-t", "0.3"], inputMatrix: isHD ? "bt709" : "bt601")
      #expect(decoded.count >= 7)
      for (frame, bytes) in zip(frames, decoded) {
        let difference = VideoOracle.difference(frame.image, bytes)
        #expect(difference.mean <= 0.5, "\(url.lastPathComponent): mean \(difference.mean)")
      }
    }
  }

  @Test func audioMatchesFFmpeg() throws {
    let bunny = try #require(RealWorldMedia.file(named: "bigbuckbunny.mp4"))
    let sound = try AudioReader(asset: Asset(url: bunny)).readAll()
    let expected = try AudioReaderTests.ffmpegDecode(bunny.path)
    #expect(abs(sound.samples.count - expected.count) <= 2 * 1024)
    let compared = min(sound.samples.count, expected.count)
    var largest: Float = 0
    for index in 0..<compared {
      largest = max(largest, abs(sound.samples[index] - expected[index]))
    }
    #expect(largest < 1e-3, "largest difference \(largest)")
  }

  @Test func randomAccessMatchesSequentialDecode() throws {
    let bikes = try #require(RealWorldMedia.file(named: "bikes.mp4"))
    let asset = try Asset(url: bikes)
    let sequential = try VideoReader(asset: asset)
    var frames: [VideoFrame] = []
    while let frame = try sequential.nextFrame() { frames.append(frame) }
    let random = try VideoReader(asset: asset)
    for index in [200, 10, 249, 0, 125, 124, 126] where index < frames.count {
      let frame = try #require(try random.frame(at: frames[index].time))
      #expect(frame.time == frames[index].time)
      #expect(frame.image == frames[index].image, "frame \(index)")
    }
  }
}
