import Foundation
import TestSupport
import Testing

@testable import Reel

/// Small audio files made with the ffmpeg CLI and measurements computed from maths, shared
/// by the audio mixer tests.
enum AudioSignals {
  /// A stereo 48 kHz float WAV (exact samples) of `expression` (an `aevalsrc` expression in
  /// `t`, the same on both channels) lasting `seconds`.
  static func wav(_ name: String, _ expression: String, seconds: Double) throws -> String {
    let folder = try TestSupport.makeTemporaryDirectory("reel-mixer")
    let path = folder.appendingPathComponent(name).path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "aevalsrc=\(expression)|\(expression):s=48000:d=\(seconds)",
      "-c:a", "pcm_f32le", path,
    ])
    return path
  }

  /// A sine of `frequency` Hz at `amplitude`.
  static func tone(
    _ frequency: Int, amplitude: Double = 0.5, seconds: Double = 1, name: String? = nil
  )
    throws -> String
  {
    try wav(
      name ?? "tone\(frequency).wav", "\(amplitude)*sin(2*PI*\(frequency)*t)", seconds: seconds)
  }

  /// A ±`amplitude` square wave at 100 Hz: every sample's magnitude is `amplitude`, so a
  /// gain shows directly as `|sample| / amplitude`.
  static func square(amplitude: Double = 0.5, seconds: Double) throws -> String {
    try wav(
      "square.wav", "\(amplitude)*(2*gte(mod(t*100\\,1)\\,0.5)-1)", seconds: seconds)
  }

  /// ffmpeg's own decode of `path` as 48 kHz stereo interleaved float.
  static func decode(_ path: String) throws -> [Float] {
    let output = try TestSupport.run(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-i", path, "-ac", "2", "-ar", "48000", "-f", "f32le",
        "-",
      ])
    #expect(output.status == 0, "\(output.stderr)")
    return output.stdout.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// The first audio track of a file as a composition source.
  static func audioSource(_ path: String) throws -> SourceTrack {
    let asset = try Asset(path: path)
    return SourceTrack(asset: asset, track: try asset.firstAudioTrack())
  }

  /// The left channel of interleaved stereo.
  static func left(_ samples: [Float]) -> [Double] {
    stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) }
  }

  /// Goertzel: the amplitude of the `frequency` component over `values` (best with a whole
  /// number of cycles in the window).
  static func amplitude(of frequency: Double, in values: ArraySlice<Double>, rate: Double = 48_000)
    -> Double
  {
    let omega = 2 * Double.pi * frequency / rate
    let coefficient = 2 * cos(omega)
    var (previous, beforePrevious) = (0.0, 0.0)
    for value in values {
      let current = value + coefficient * previous - beforePrevious
      beforePrevious = previous
      previous = current
    }
    let power =
      previous * previous + beforePrevious * beforePrevious
      - coefficient * previous * beforePrevious
    return 2 * power.squareRoot() / Double(values.count)
  }

  static func rms(_ values: ArraySlice<Double>) -> Double {
    (values.reduce(0) { $0 + $1 * $1 } / Double(max(values.count, 1))).squareRoot()
  }

  /// Frequency from interpolated rising zero crossings.
  static func frequency(_ values: ArraySlice<Double>, rate: Double = 48_000) -> Double {
    var crossings: [Double] = []
    var index = values.startIndex + 1
    while index < values.endIndex {
      let (a, b) = (values[index - 1], values[index])
      if a < 0 && b >= 0 { crossings.append(Double(index - 1) + -a / (b - a)) }
      index += 1
    }
    guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else {
      return 0
    }
    return Double(crossings.count - 1) * rate / (last - first)
  }

  /// Everything a mixer produces, read in chunks of `chunk` frames.
  static func drain(_ mixer: AudioMixer, chunk: Int = 1_024) throws -> [Float] {
    var samples: [Float] = []
    var expectedStart = mixer.position
    while let buffer = try mixer.nextBuffer(frameCount: chunk) {
      #expect(buffer.startFrame == expectedStart)
      expectedStart += Int64(buffer.frameCount)
      samples += buffer.samples
    }
    return samples
  }
}

/// Seconds as a `Time` with millisecond precision.
func milliseconds(_ value: Int64) -> Time { Time(value: value, timescale: 1_000) }

/// `[start, end)` in milliseconds.
func msRange(_ start: Int64, _ end: Int64) -> TimeRange {
  TimeRange(start: milliseconds(start), end: milliseconds(end))
}

@Suite("Audio mixer: volume, sums, gaps")
struct AudioMixerTests {
  @Test func volumeStepAndRampFollowSemanticsSection7() throws {
    // §7 scaled by 1/10: setVolume(1 at 0) + ramp 0.5 → 0.2 over [0.4, 0.9).
    let path = try AudioSignals.square(amplitude: 0.5, seconds: 1.2)
    var composition = Composition()
    let track = composition.addTrack(.audio)
    try composition.insertTimeRange(
      msRange(0, 1_200), of: AudioSignals.audioSource(path), at: .zero, into: track)
    var parameters = AudioMixInputParameters(trackID: track)
    parameters.setVolume(1, at: .zero)
    parameters.setVolumeRamp(from: 0.5, to: 0.2, timeRange: msRange(400, 900))
    let mixer = try AudioMixer(
      composition: composition, audioMix: AudioMix(inputParameters: [parameters]))
    let output = try AudioSignals.drain(mixer)
    #expect(output.count == 2 * 57_600)
    let left = AudioSignals.left(output)
    for (frame, expected) in [(9_600, 1.0), (19_200, 0.5), (31_200, 0.35), (48_000, 0.2)] {
      let gain = abs(left[frame]) / 0.5
      #expect(abs(gain - expected) < 0.01 * expected, "frame \(frame): gain \(gain)")
    }
    // Just before the ramp the step still holds; the ramp is linear in between.
    #expect(abs(abs(left[19_199]) / 0.5 - 1) < 1e-6)
    // 0.525 s is a quarter of the ramp: 0.5 − 0.3 · 0.25.
    let quarter = abs(left[25_200]) / 0.5
    #expect(abs(quarter - 0.425) < 1e-5)
  }

  @Test func overlappingTracksAreSummedWithTheirLevels() throws {
    let low = try AudioSignals.tone(440, amplitude: 0.3)
    let high = try AudioSignals.tone(660, amplitude: 0.2)
    var composition = Composition()
    for path in [low, high] {
      let track = composition.addTrack(.audio)
      try composition.insertTimeRange(
        msRange(0, 1_000), of: AudioSignals.audioSource(path), at: .zero, into: track)
    }
    let mixer = try AudioMixer(composition: composition)
    let buffer = try mixer.render(range: msRange(0, 1_000))
    #expect(buffer.frameCount == 48_000)
    let left = AudioSignals.left(buffer.samples)
    let window = left[4_800..<43_200]  // 0.8 s: whole cycles of both tones
    #expect(abs(AudioSignals.amplitude(of: 440, in: window) - 0.3) < 0.003)
    #expect(abs(AudioSignals.amplitude(of: 660, in: window) - 0.2) < 0.002)
    #expect(AudioSignals.amplitude(of: 550, in: window) < 0.002)
  }

  @Test func sumsBeyondFullScaleAreHardClamped() throws {
    let path = try AudioSignals.square(amplitude: 0.7, seconds: 0.5)
    var composition = Composition()
    for _ in 0..<2 {
      let track = composition.addTrack(.audio)
      try composition.insertTimeRange(
        msRange(0, 500), of: AudioSignals.audioSource(path), at: .zero, into: track)
    }
    let output = try AudioMixer(composition: composition).render(range: msRange(0, 500)).samples
    #expect(output.allSatisfy { $0 == 1 || $0 == -1 })
    #expect(output.contains(1) && output.contains(-1))
  }

  @Test func aGapIsSilentAndClipsLandOnExactSamples() throws {
    let path = try AudioSignals.tone(440, amplitude: 0.5, seconds: 0.5)
    let source = try AudioSignals.audioSource(path)
    var composition = Composition()
    let track = composition.addTrack(.audio)
    try composition.insertTimeRange(msRange(0, 500), of: source, at: .zero, into: track)
    try composition.insertTimeRange(
      msRange(0, 500), of: source, at: milliseconds(1_000), into: track)
    #expect(composition.audioTracks[0].segments.map(\.isEmpty) == [false, true, false])
    let output = try AudioSignals.drain(try AudioMixer(composition: composition), chunk: 4_800)
    #expect(output.count == 2 * 72_000)
    let expected = try AudioSignals.decode(path)
    #expect(expected.count == 2 * 24_000)
    // [0, 0.5): the file sample for sample; [0.5, 1): silence; [1, 1.5): the file again.
    #expect(Array(output[0..<48_000]) == expected)
    #expect(output[48_000..<96_000].allSatisfy { $0 == 0 })
    #expect(Array(output[96_000..<144_000]) == expected)
  }

  @Test func aClipWithoutAudioIsSilent() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-mixer")
    let path = folder.appendingPathComponent("silent.mp4").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=0.4", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", path,
    ])
    var composition = Composition()
    try composition.addClip(asset: Asset(path: path))
    #expect(composition.audioTracks.isEmpty)
    let mixer = try AudioMixer(composition: composition)
    #expect(mixer.frameCount == AudioMixer.frame(at: composition.duration, sampleRate: 48_000))
    #expect(mixer.frameCount == 19_200)
    let output = try AudioSignals.drain(mixer)
    #expect(output.count == 2 * 19_200)
    #expect(output.allSatisfy { $0 == 0 })
  }

  @Test func backToBackSegmentsOfOneFileEqualOneSegment() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-mixer")
    let path = folder.appendingPathComponent("tone.m4a").path
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*440*t)|0.4*sin(2*PI*550*t):s=48000:d=1",
      "-c:a", "aac", "-b:a", "128k", path,
    ])
    let source = try AudioSignals.audioSource(path)
    var whole = Composition()
    let wholeTrack = whole.addTrack(.audio)
    try whole.insertTimeRange(msRange(0, 900), of: source, at: .zero, into: wholeTrack)
    var split = Composition()
    let splitTrack = split.addTrack(.audio)
    try split.insertTimeRange(msRange(0, 500), of: source, at: .zero, into: splitTrack)
    try split.insertTimeRange(msRange(500, 900), of: source, at: .invalid, into: splitTrack)
    #expect(split.audioTracks[0].segments.count == 2)

    let one = try AudioSignals.drain(try AudioMixer(composition: whole), chunk: 1_000)
    let splitMixer = try AudioMixer(composition: split)
    let two = try AudioSignals.drain(splitMixer, chunk: 1_000)
    #expect(one.count == 2 * 43_200)
    #expect(two.count == one.count)
    let difference = zip(one, two).map { abs($0 - $1) }.max() ?? 1
    #expect(difference <= 1e-4)
    // Played in order: the second segment continues the same reader without seeking.
    #expect(splitMixer.trackSeekCount == 0)
    #expect(one.contains { abs($0) > 0.3 })
  }

  @Test func renderingARangeMatchesStreamingAndContinuesFromIt() throws {
    let path = try AudioSignals.tone(330, amplitude: 0.5)
    var composition = Composition()
    let track = composition.addTrack(.audio)
    try composition.insertTimeRange(
      msRange(0, 1_000), of: AudioSignals.audioSource(path), at: .zero, into: track)
    let streamed = try AudioSignals.drain(try AudioMixer(composition: composition))
    let mixer = try AudioMixer(composition: composition)
    let middle = try mixer.render(range: msRange(250, 500))
    #expect(middle.startFrame == 12_000)
    #expect(middle.samples == Array(streamed[24_000..<48_000]))
    #expect(mixer.position == 24_000)
    let next = try #require(try mixer.nextBuffer(frameCount: 100))
    #expect(next.samples == Array(streamed[48_000..<48_200]))
    try mixer.seek(to: milliseconds(990))
    #expect(try mixer.nextBuffer(frameCount: 1_000)?.frameCount == 480)
    #expect(try mixer.nextBuffer(frameCount: 1_000) == nil)
    #expect(throws: AudioMixerError.invalidFrameCount(0)) { try mixer.nextBuffer(frameCount: 0) }
    #expect(throws: AudioMixerError.invalidTime(milliseconds(-1))) {
      try mixer.seek(to: milliseconds(-1))
    }
  }
}
