import Foundation
import TestSupport
import Testing

@testable import Reel

/// Loudness normalisation (``LoudnessNormalizer``) and ducking (``AudioDucking``): what the
/// export writes is measured by ffmpeg's `ebur128` filter (`peak=true`), the independent
/// EBU R128 meter, and levels inside and outside the ducked ranges by Goertzel on ffmpeg's
/// decode.
@Suite("Loudness and ducking")
struct LoudnessTests {
  // MARK: - Signals

  /// Speech-like sound: a 130 Hz voice with eight harmonics (a peaky, glottal-like wave),
  /// short syllables 3.5 a second, a 0.4 s pause every 2 s: quiet (about −28 LUFS) with
  /// peaks 12.8 dB above its loudness (as speech has), so that at −14 LUFS with a −1 dBTP
  /// limit the limiter has work on every syllable.
  static func speech(in folder: URL, seconds: Double = 6) throws -> URL {
    let voice = (1...8).map { "sin(2*PI*\(130 * $0)*t)/\($0)" }.joined(separator: "+")
    let expression =
      "0.1*(\(voice))*pow(max(0\\,sin(2*PI*3.5*t))\\,4)*gte(mod(t\\,2)\\,0.4)"
    let url = folder.appendingPathComponent("speech.wav")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "aevalsrc=\(expression)|\(expression):s=48000:d=\(seconds)",
      "-c:a", "pcm_f32le", url.path,
    ])
    return url
  }

  /// Music-like sound: a sustained A-minor chord and pink-noise hits twice a second, loud
  /// (its sum goes beyond full scale in places: about −6.5 LUFS, true peak +0.8 dBTP).
  static func music(in folder: URL, seconds: Double = 6, name: String = "music.wav") throws
    -> URL
  {
    let chord = "0.3*(sin(2*PI*220*t)+sin(2*PI*261.63*t)+sin(2*PI*329.63*t))"
    let url = folder.appendingPathComponent(name)
    try TestSupport.ffmpeg([
      "-filter_complex",
      "aevalsrc=\(chord)|\(chord):s=48000:d=\(seconds)[chord];"
        + "anoisesrc=color=pink:amplitude=0.9:r=48000:d=\(seconds):seed=7,"
        + "aformat=channel_layouts=stereo,volume=eval=frame:volume='exp(-10*mod(t\\,0.5))'[hits];"
        + "[chord][hits]amix=inputs=2:normalize=0",
      "-c:a", "pcm_f32le", url.path,
    ])
    return url
  }

  /// A composition of audio tracks, each one file from 0.
  static func composition(of files: [URL]) throws -> Composition {
    var composition = Composition()
    for file in files {
      let track = composition.addTrack(.audio)
      let source = try AudioSignals.audioSource(file.path)
      try composition.insertTimeRange(
        TimeRange(start: .zero, duration: try #require(source.track.duration)), of: source,
        at: .zero,
        into: track)
    }
    return composition
  }

  /// ffmpeg's EBU R128 summary of a file: integrated loudness (LUFS) and true peak (dBTP).
  static func ffmpegLoudness(_ url: URL) throws -> (integrated: Double, truePeak: Double) {
    let output = try TestSupport.run(
      "ffmpeg",
      ["-hide_banner", "-nostats", "-i", url.path, "-af", "ebur128=peak=true", "-f", "null", "-"])
    #expect(output.status == 0, "\(output.stderr)")
    guard let summary = output.stderr.range(of: "Summary:") else {
      throw TestFailure("no ebur128 summary in ffmpeg's output: \(output.stderr.suffix(500))")
    }
    var integrated: Double?
    var peak: Double?
    for line in output.stderr[summary.upperBound...].split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.first == "I:", words.count >= 2 { integrated = Double(words[1]) }
      if words.first == "Peak:", words.count >= 2 { peak = Double(words[1]) }
    }
    guard let integrated, let peak else {
      throw TestFailure("cannot read ebur128's summary: \(output.stderr[summary.upperBound...])")
    }
    return (integrated, peak)
  }

  /// A movie of an audio-only composition (a render size, as the export plan wants one).
  static func soundOnly(_ composition: Composition, audioMix: AudioMix) -> Movie {
    Movie(
      composition: composition,
      videoComposition: VideoComposition(
        renderSize: Size(width: 320, height: 240), frameDuration: Time(value: 1, timescale: 30),
        instructions: [
          VideoCompositionInstruction(
            timeRange: TimeRange(start: .zero, duration: composition.duration))
        ]),
      audioMix: audioMix)
  }

  /// Exports `movie`'s sound to an `.m4a` in `folder`.
  static func exportAudio(_ movie: Movie, in folder: URL, name: String) async throws -> URL {
    let url = folder.appendingPathComponent(name)
    _ = try await ExportSession(
      movie: movie, outputURL: url, settings: ExportSettings(preset: .appleM4A)
    ).export()
    return url
  }

  // MARK: - Loudness

  enum Material: String, CaseIterable, Sendable { case speech, music, both }

  @Test(arguments: [
    (Material.speech, -14.0, -1.0), (.music, -14, -1), (.both, -14, -1), (.speech, -23, -2),
    (.music, -16, -1.5), (.music, -8, -1),
  ])
  func theExportReachesTheTargetUnderTheTruePeakLimit(
    material: Material, target: Double, limit: Double
  ) async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-loudness")
    let files: [URL] =
      switch material {
      case .speech: [try Self.speech(in: folder)]
      case .music: [try Self.music(in: folder)]
      case .both: [try Self.speech(in: folder), try Self.music(in: folder)]
      }
    let movie = Self.soundOnly(
      try Self.composition(of: files),
      audioMix: AudioMix(
        loudness: LoudnessTarget(integratedLoudness: target, truePeakLimit: limit)))
    let url = try await Self.exportAudio(movie, in: folder, name: "normalised.m4a")
    let measured = try Self.ffmpegLoudness(url)
    #expect(
      abs(measured.integrated - target) <= 0.5,
      "\(material): \(measured.integrated) LUFS for a target of \(target)")
    #expect(
      measured.truePeak <= limit, "\(material): true peak \(measured.truePeak) dBTP over \(limit)")
  }

  @Test func theNormaliserReportsTheMeasuredLoudnessAndItsGain() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-loudness")
    let composition = try Self.composition(of: [try Self.speech(in: folder, seconds: 4)])
    let mixer = try AudioMixer(composition: composition)
    let range = TimeRange(start: .zero, duration: composition.duration)
    let normalizer = try LoudnessNormalizer(
      mixer: mixer, range: range, target: LoudnessTarget(integratedLoudness: -20))
    let measured = try #require(normalizer.measuredLoudness)
    #expect(measured < -25 && measured > -45, "speech at \(measured) LUFS")
    #expect(abs(normalizer.gainDecibels - (-20 - measured)) < 1e-9)
    var frames = 0
    while let buffer = try normalizer.nextBuffer(frameCount: 1_000) {
      #expect(buffer.startFrame == Int64(frames))
      frames += buffer.frameCount
    }
    #expect(frames == 4 * 48_000)
  }

  @Test func aSilentMixIsLeftAsItIs() throws {
    var composition = Composition()
    composition.addTrack(.audio)
    try composition.insertEmptyTimeRange(msRange(0, 1_000))
    let normalizer = try LoudnessNormalizer(
      mixer: try AudioMixer(composition: composition), range: msRange(0, 1_000),
      target: LoudnessTarget())
    #expect(normalizer.measuredLoudness == nil)
    #expect(normalizer.gainDecibels == 0)
  }

  @Test(arguments: [
    (LoudnessTarget(integratedLoudness: -70), "-60.0…-5.0 LUFS"),
    (LoudnessTarget(integratedLoudness: -14, truePeakLimit: 1), "-20.0…0.0 dBTP"),
  ])
  func aTargetOutOfRangeIsRefusedBeforeAnythingIsWritten(target: LoudnessTarget, range: String)
    throws
  {
    let folder = try TestSupport.makeTemporaryDirectory("reel-loudness")
    let movie = Self.soundOnly(
      try Self.composition(of: [try Self.speech(in: folder, seconds: 1)]),
      audioMix: AudioMix(loudness: target))
    #expect {
      try ExportPlan(
        movie: movie, settings: ExportSettings(preset: .appleM4A),
        outputURL: folder.appendingPathComponent("out.m4a"))
    } throws: { error in
      "\(error)".contains(range)
    }
  }

  @Test func theLimiterKeepsEveryInterpolatedPeakUnderTheCeilingAndDelaysExactly() {
    let format = AudioFormat()
    let limiter = TruePeakLimiter(format: format, ceilingDecibels: -1)
    // A 0.9 sine at 11 kHz (peaks between samples) with a burst at 3 times full scale.
    var input: [Float] = []
    for frame in 0..<48_000 {
      let burst: Float = (20_000..<22_000).contains(frame) ? 3 : 1
      let value = burst * 0.9 * Float(sin(2 * Double.pi * 11_000 * Double(frame) / 48_000 + 0.3))
      input += [value, value]
    }
    var output: [Float] = []
    input.withUnsafeBufferPointer { limiter.process($0, appendingTo: &output) }
    let silence = [Float](repeating: 0, count: limiter.delay * 2)
    silence.withUnsafeBufferPointer { limiter.process($0, appendingTo: &output) }
    #expect(output.count == input.count + silence.count)
    let limited = Array(output[(limiter.delay * 2)...])
    // Every sample stays under −1 dBFS (ffmpeg's true-peak meter checks the export).
    let ceiling = Float(pow(10, -1.0 / 20))
    #expect(limited.map(abs).max()! <= ceiling)
    // Both channels get the same gain.
    #expect(limited[1_000] == limited[1_001])
    // Long after the burst the gain has recovered to what the steady sine needs.
    let late = limited[(40_000 * 2)..<(41_000 * 2)].map(abs).max()!
    #expect(late > 0.8 * ceiling && late <= ceiling)
  }

  @Test func skippingQuietRunsChangesNoSample() {
    // Stereo: silence, a quiet sine, then a sine just under and a burst over the ceiling,
    // fed in odd block sizes so runs straddle blocks.
    let format = AudioFormat()
    var input: [Float] = []
    for frame in 0..<8_000 {
      let level: Float =
        frame < 1_000 ? 0 : frame < 3_000 ? 0.2 : frame < 5_000 ? 0.84 : frame < 5_500 ? 2 : 0.5
      let phase = 2 * Double.pi * 9_100 * Double(frame) / 48_000
      input += [level * Float(sin(phase)), level * Float(cos(phase * 0.7))]
    }
    func limited(skipping: Bool) -> [Float] {
      let limiter = TruePeakLimiter(
        format: format, ceilingDecibels: -1, skipsQuietRuns: skipping)
      var output: [Float] = []
      var start = 0
      var size = 1
      while start < input.count / 2 {
        let end = min(input.count / 2, start + size)
        input[(start * 2)..<(end * 2)].withUnsafeBufferPointer {
          limiter.process($0, appendingTo: &output)
        }
        start = end
        size = size * 3 % 997 + 1
      }
      return output
    }
    let skipped = limited(skipping: true)
    let full = limited(skipping: false)
    #expect(skipped.count == input.count)
    #expect(skipped.map(\.bitPattern) == full.map(\.bitPattern))
    // The burst was limited (so the comparison covers frames the interpolator decides).
    #expect(full.map(abs).max()! < 1)
  }

  // MARK: - Ducking

  /// The 200 Hz soundtrack's level (dB relative to `reference`) over `[from, to)` seconds.
  static func level(_ samples: [Float], from: Double, to: Double, reference: Double) -> Double {
    let left = AudioSignals.left(samples)
    let slice = left[Int(from * 48_000)..<Int(to * 48_000)]
    return 20 * log10(AudioSignals.amplitude(of: 200, in: slice) / reference)
  }

  @Test func musicDucksUnderTheClipsSoundByTheAskedDecibelsAndComesBackAfterTheRelease()
    async throws
  {
    let folder = try TestSupport.makeTemporaryDirectory("reel-ducking")
    // The clips' sound: a 1 kHz "voice" over [1, 2.5) s of 4 s.
    let voice = try AudioSignals.wav(
      "voice.wav", "if(between(t\\,1\\,2.5-1/96000)\\,0.3*sin(2*PI*1000*t)\\,0)", seconds: 4)
    let music = try AudioSignals.tone(200, amplitude: 0.25, seconds: 4, name: "music.wav")
    let soundtrack = Soundtrack(
      path: music, trimRange: msRange(0, 4_000),
      ducking: AudioDucking(
        gainDecibels: -12, attack: milliseconds(200), release: milliseconds(600)))
    let movie = Self.soundOnly(
      try Self.composition(of: [URL(fileURLWithPath: voice)]),
      audioMix: AudioMix(soundtrack: soundtrack))
    let url = try await Self.exportAudio(movie, in: folder, name: "ducked.m4a")
    let samples = try AudioSignals.decode(url.path)
    func level(_ from: Double, _ to: Double) -> Double {
      Self.level(samples, from: from, to: to, reference: 0.25)
    }
    #expect(abs(level(0.2, 0.7)) < 1, "before: \(level(0.2, 0.7)) dB")
    #expect(abs(level(1.1, 2.4) + 12) < 1, "inside the voice: \(level(1.1, 2.4)) dB")
    #expect(abs(level(3.2, 3.9)) < 1, "after the release: \(level(3.2, 3.9)) dB")
    // Halfway through the release the music is on its way back (in decibels, halfway).
    let halfway = level(2.75, 2.85)
    #expect(halfway > -8 && halfway < -4, "halfway through the release: \(halfway) dB")
    // The attack ends as the voice begins: already down just before it.
    #expect(level(0.9, 1.0) < -8, "end of the attack: \(level(0.9, 1.0)) dB")
  }

  @Test func explicitRangesDuckWithoutAnySidechain() throws {
    let music = try AudioSignals.tone(200, amplitude: 0.25, seconds: 4, name: "ranged.wav")
    var composition = Composition()
    composition.addTrack(.audio)
    try composition.insertEmptyTimeRange(msRange(0, 4_000))
    let soundtrack = Soundtrack(
      path: music, trimRange: msRange(0, 4_000),
      ducking: AudioDucking(
        gainDecibels: -20, attack: .zero, release: .zero,
        trigger: .ranges([msRange(1_000, 2_000)])))
    let samples = try AudioSignals.drain(
      try AudioMixer(composition: composition, audioMix: AudioMix(soundtrack: soundtrack)))
    #expect(abs(Self.level(samples, from: 1.0, to: 2.0, reference: 0.25) + 20) < 0.01)
    #expect(abs(Self.level(samples, from: 0.0, to: 1.0, reference: 0.25)) < 0.01)
    #expect(abs(Self.level(samples, from: 2.0, to: 3.0, reference: 0.25)) < 0.01)
  }

  // MARK: - Chunks

  @Test func aChunkedRendersSoundIsTheWholeRendersSound() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-loudness-chunks")
    let speech = try Self.speech(in: folder, seconds: 2)
    let clip = try MediaOracle.makeClip(
      "voice.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=2",
      audio: "amovie=\(speech.path)")
    let music = try Self.music(in: folder, seconds: 2)
    var composition = Composition()
    try composition.addClip(asset: Asset(url: clip))
    let soundtrack = Soundtrack(
      path: music.path, trimRange: msRange(0, 2_000), volume: 0.3, ducking: AudioDucking())
    let movie = Movie(
      composition: composition,
      audioMix: AudioMix(soundtrack: soundtrack, loudness: LoudnessTarget()))
    let whole = folder.appendingPathComponent("whole.mp4")
    _ = try await ExportSession(movie: movie, outputURL: whole, settings: ExportSettings())
      .export()
    let plan = try ChunkRenderTests.plan(movie, chunks: 3, in: folder)
    try await ChunkRenderTests.renderAll(plan, movie: movie, in: folder)
    _ = try ChunkJoiner(plan: plan, planFolder: folder).join()
    let joined = folder.appendingPathComponent("out.mp4")
    let wholeSound = try AudioSignals.decode(whole.path)
    let joinedSound = try AudioSignals.decode(joined.path)
    #expect(wholeSound.count == joinedSound.count)
    #expect(wholeSound == joinedSound)
    let measured = try Self.ffmpegLoudness(joined)
    #expect(abs(measured.integrated + 14) <= 0.5, "\(measured.integrated) LUFS")
  }

  @Test func aDuckingOutOfRangeIsRefused() throws {
    var composition = Composition()
    composition.addTrack(.audio)
    try composition.insertEmptyTimeRange(msRange(0, 1_000))
    let soundtrack = Soundtrack(
      path: "/nonexistent.wav", trimRange: msRange(0, 1_000),
      ducking: AudioDucking(gainDecibels: 6))
    #expect(throws: AudioMixerError.self) {
      try AudioMixer(composition: composition, audioMix: AudioMix(soundtrack: soundtrack))
    }
  }
}

/// A failure a test reports with its own message.
struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
