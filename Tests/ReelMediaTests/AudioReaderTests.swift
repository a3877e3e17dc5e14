import Foundation
import ReelMedia
import TestSupport
import Testing

/// Makes small audio files with the ffmpeg CLI and reads them back through `AudioReader`,
/// using maths (frequency, level) and ffmpeg's own decode as the oracles.
@Suite struct AudioReaderTests {
  // MARK: - Helpers

  /// A 1 kHz sine (ffmpeg's `sine` source: amplitude 1/8) as a file made by `arguments`.
  static func makeSine(
    _ name: String, rate: Int = 44_100, seconds: Double = 1, extra: [String]
  ) throws -> String {
    let folder = try TestSupport.makeTemporaryDirectory("reel-audio")
    let path = folder.appendingPathComponent(name).path
    try TestSupport.ffmpeg(
      ["-f", "lavfi", "-i", "sine=f=1000:r=\(rate):d=\(seconds)"] + extra + [path])
    return path
  }

  /// ffmpeg's own decode of `path` as interleaved float (`-f f32le`).
  static func ffmpegDecode(_ path: String, extra: [String] = ["-ac", "2", "-ar", "48000"]) throws
    -> [Float]
  {
    let output = try TestSupport.run(
      "ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", path] + extra + ["-f", "f32le", "-"])
    #expect(output.status == 0, "\(output.stderr)")
    return output.stdout.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  static func channel(_ samples: [Float], _ index: Int, of count: Int) -> [Float] {
    stride(from: index, to: samples.count, by: count).map { samples[$0] }
  }

  static func rms(_ values: ArraySlice<Float>) -> Double {
    (values.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(values.count)).squareRoot()
  }

  /// Frequency from the number of rising zero crossings over `values`.
  static func frequency(_ values: [Float], rate: Int) -> Double {
    var crossings: [Int] = []
    for index in 1..<values.count where values[index - 1] < 0 && values[index] >= 0 {
      crossings.append(index)
    }
    guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else {
      return 0
    }
    return Double(crossings.count - 1) * Double(rate) / Double(last - first)
  }

  // MARK: - Tests

  @Test func monoPCMSineBecomesEqualStereoAt48kWithSameFrequencyAndLevel() throws {
    let path = try Self.makeSine("mono.wav", extra: ["-c:a", "pcm_s16le"])
    let reader = try AudioReader(asset: try Asset(path: path))
    #expect(reader.format == AudioFormat(sampleRate: 48_000, channelCount: 2))
    let all = try reader.readAll()
    #expect(all.startFrame == 0)
    let left = Self.channel(all.samples, 0, of: 2)
    let right = Self.channel(all.samples, 1, of: 2)
    #expect(left == right)
    let measured = Self.frequency(Array(left[1000..<47000]), rate: 48_000)
    #expect(abs(measured - 1000) < 1, "frequency \(measured) Hz")

    // Source level from ffmpeg's raw decode of the file at its own rate, one channel.
    let source = try Self.ffmpegDecode(path, extra: ["-ac", "1", "-ar", "44100"])
    let sourceLevel = Self.rms(source[1000..<43000])
    let outputLevel = Self.rms(left[1000..<46000])
    let decibels = 20 * log10(outputLevel / sourceLevel)
    #expect(abs(decibels) < 0.2, "level differs by \(decibels) dB")
    #expect(abs(sourceLevel - 0.125 / 2.0.squareRoot()) < 0.002)
  }

  @Test func monoAACSineKeepsFrequencyAndMatchesFFmpegFrameCount() throws {
    let path = try Self.makeSine("mono.m4a", extra: ["-c:a", "aac", "-b:a", "96k"])
    let asset = try Asset(path: path)
    #expect(asset.videoTracks.isEmpty)
    let all = try AudioReader(asset: asset).readAll()
    let left = Self.channel(all.samples, 0, of: 2)
    #expect(left == Self.channel(all.samples, 1, of: 2))
    let measured = Self.frequency(Array(left[2000..<46000]), rate: 48_000)
    #expect(abs(measured - 1000) < 1, "frequency \(measured) Hz")
    // ffmpeg duplicates mono at −3 dB; pan copies it at unity like Reel does.
    let oracle = try Self.ffmpegDecode(
      path, extra: ["-af", "pan=stereo|c0=c0|c1=c0", "-ar", "48000"])
    #expect(all.frameCount == oracle.count / 2)
    let maxDifference = zip(all.samples, oracle).map { abs($0 - $1) }.max() ?? 1
    #expect(maxDifference < 1e-3, "max difference \(maxDifference)")
  }

  @Test func centreOnlySurroundComesOutEqualInLeftAndRightAtMinus3dB() throws {
    let path = try Self.makeSine(
      "centre.wav", rate: 48_000, extra: ["-af", "pan=5.1|FC=c0", "-c:a", "pcm_s16le"])
    let asset = try Asset(path: path)
    #expect(asset.audioTracks.first?.channelCount == 6)
    let all = try AudioReader(asset: asset).readAll()
    let left = Self.channel(all.samples, 0, of: 2)
    #expect(left == Self.channel(all.samples, 1, of: 2))
    let centre = Self.channel(
      try Self.ffmpegDecode(path, extra: ["-af", "pan=mono|c0=FC"]), 0, of: 1)
    let decibels = 20 * log10(Self.rms(left[1000..<47000]) / Self.rms(centre[1000..<47000]))
    #expect(abs(decibels + 3) < 0.5, "centre came out at \(decibels) dB")
  }

  @Test func stereoPCMMatchesFFmpegDecodeSampleForSample() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-audio")
    let path = folder.appendingPathComponent("stereo.wav").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "sine=f=440:r=44100:d=1", "-f", "lavfi", "-i",
      "sine=f=1250:r=44100:d=1", "-filter_complex", "[0][1]amerge=inputs=2", "-c:a",
      "pcm_s16le", path,
    ])
    let all = try AudioReader(asset: try Asset(path: path)).readAll()
    let oracle = try Self.ffmpegDecode(path)
    #expect(abs(all.frameCount - oracle.count / 2) <= 1, "\(all.frameCount) vs \(oracle.count / 2)")
    let maxDifference = zip(all.samples, oracle).map { abs($0 - $1) }.max() ?? 1
    #expect(maxDifference <= 1e-3, "max difference \(maxDifference)")
    // Channels stay apart: 440 Hz left, 1250 Hz right.
    let left = Self.frequency(Self.channel(all.samples, 0, of: 2), rate: 48_000)
    let right = Self.frequency(Self.channel(all.samples, 1, of: 2), rate: 48_000)
    #expect(abs(left - 440) < 1 && abs(right - 1250) < 1, "\(left) Hz, \(right) Hz")
  }

  @Test(arguments: [
    "seek.wav", "seek.m4a", "seek.mp3", "seek.aac", "seek.ogg", "seek.flac", "seek.mkv",
    "seek.webm",
  ])
  func seekIsSampleExactForwardAndBackward(name: String) throws {
    let codecs: [String: [String]] = [
      "wav": ["-c:a", "pcm_s16le"], "m4a": ["-c:a", "aac"], "mp3": ["-c:a", "libmp3lame"],
      "aac": ["-c:a", "aac"], "ogg": ["-c:a", "libopus"], "flac": ["-c:a", "flac"],
      "mkv": ["-c:a", "aac"], "webm": ["-c:a", "libopus"],
    ]
    let codec = codecs[String(name.split(separator: ".").last ?? "")] ?? []
    let path = try Self.makeSine(name, seconds: 2, extra: codec)
    let asset = try Asset(path: path)
    let full = try AudioReader(asset: asset).readAll()
    let reader = try AudioReader(asset: asset)
    _ = try reader.read(frameCount: 777)
    for target in [Int64(60_000), 12_345, 90_001, 3, 47_999, 30_000, 95_000] {
      try reader.seek(toFrame: target)
      let buffer = try #require(try reader.read(frameCount: 900))
      #expect(buffer.startFrame == target)
      let start = Int(target) * 2
      let expected = full.samples[start..<min(start + buffer.samples.count, full.samples.count)]
      #expect(buffer.samples.count == expected.count)
      let difference = zip(buffer.samples, expected).map { abs($0 - $1) }.max() ?? 0
      #expect(difference <= 1e-4, "at \(target): max difference \(difference)")
    }
    // Past the end: nothing more.
    try reader.seek(toFrame: Int64(full.frameCount) + 10)
    #expect(try reader.read(frameCount: 10) == nil)
  }

  @Test func inOrderReadsAreContiguousAndEndWithAShortBuffer() throws {
    let path = try Self.makeSine("chunks.wav", rate: 32_000, extra: ["-c:a", "pcm_s32le"])
    let reader = try AudioReader(asset: try Asset(path: path))
    var expectedStart: Int64 = 0
    var lastCount = 0
    while let buffer = try reader.read(frameCount: 4700) {
      #expect(buffer.startFrame == expectedStart)
      expectedStart += Int64(buffer.frameCount)
      lastCount = buffer.frameCount
    }
    #expect(abs(expectedStart - 48_000) <= 2, "\(expectedStart) frames for 1 s")
    #expect(lastCount == 48_000 % 4700)
    #expect(try reader.read(frameCount: 10) == nil)
  }

  @Test(arguments: [
    ("octo.wav", ["-ac", "8", "-c:a", "pcm_f32le"]),
    ("quad.flac", ["-ac", "4", "-ar", "22050", "-sample_fmt", "s32"]),
    ("stereo.ogg", ["-ac", "2", "-c:a", "libopus"]),
    ("mono.mp3", ["-ar", "44100"]),
  ])
  func otherFormatsAndLayoutsDecodeToTheExpectedLength(name: String, arguments: [String]) throws {
    let path = try Self.makeSine(name, extra: arguments)
    let all = try AudioReader(asset: try Asset(path: path)).readAll()
    let oracleCount = try Self.ffmpegDecode(path).count / 2
    #expect(abs(all.frameCount - oracleCount) <= 1, "\(all.frameCount) vs ffmpeg \(oracleCount)")
    let left = Self.channel(all.samples, 0, of: 2)
    let measured = Self.frequency(Array(left[4000..<40000]), rate: 48_000)
    #expect(abs(measured - 1000) < 2, "frequency \(measured) Hz")
  }

  @Test func monoOutputFormatIsHonoured() throws {
    let path = try Self.makeSine("mono16.wav", rate: 16_000, extra: ["-c:a", "pcm_s16le"])
    let reader = try AudioReader(
      asset: try Asset(path: path), format: AudioFormat(sampleRate: 16_000, channelCount: 1))
    let all = try reader.readAll()
    let source = try Self.ffmpegDecode(path, extra: ["-ac", "1", "-ar", "16000"])
    #expect(all.samples == source)
  }

  @Test func audioOfAVideoFileIsReadAndSeeksExactly() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-audio")
    let path = folder.appendingPathComponent("both.mp4").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=1.5", "-f", "lavfi", "-i",
      "sine=f=700:r=48000:d=1.5", "-c:v", "mpeg4", "-c:a", "aac", "-shortest", path,
    ])
    let asset = try Asset(path: path)
    let track = try #require(asset.audioTracks.first)
    #expect(track.index == 1)
    let full = try AudioReader(asset: asset, track: track).readAll()
    #expect(full.frameCount == (try Self.ffmpegDecode(path)).count / 2)
    let reader = try AudioReader(asset: asset)
    #expect(reader.track == track)
    try reader.seek(toFrame: 40_000)
    let buffer = try #require(try reader.read(frameCount: 1000))
    #expect(buffer.startFrame == 40_000)
    let expected = full.samples[80_000..<82_000]
    #expect((zip(buffer.samples, expected).map { abs($0 - $1) }.max() ?? 1) <= 1e-4)
    #expect(throws: MediaError.self) {
      try AudioReader(asset: asset, track: try asset.firstVideoTrack())
    }
  }

  @Test func videoOnlyFileReportsNoAudioTrack() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-audio")
    let path = folder.appendingPathComponent("silent.mp4").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=blue:s=64x64:d=0.2", "-c:v", "mpeg4", path,
    ])
    let asset = try Asset(path: path)
    #expect(throws: MediaError.noAudioTrack(path: path)) { try AudioReader(asset: asset) }
    do {
      _ = try AudioReader(asset: asset)
    } catch {
      #expect(error.description == "\(path): has no audio track")
    }
  }

  @Test func invalidArgumentsAreRejected() throws {
    let path = try Self.makeSine("args.wav", seconds: 0.1, extra: ["-c:a", "pcm_s16le"])
    let asset = try Asset(path: path)
    #expect(throws: MediaError.self) {
      try AudioReader(asset: asset, format: AudioFormat(sampleRate: 0, channelCount: 2))
    }
    let reader = try AudioReader(asset: asset)
    #expect(throws: MediaError.self) { try reader.seek(toFrame: -1) }
    #expect(throws: MediaError.self) { try reader.read(frameCount: 0) }
  }
}
