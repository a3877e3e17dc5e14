import Foundation
import TestSupport
import Testing

@testable import Reel

@Suite("Audio mixer: speed, soundtrack, cross-fade")
struct AudioMixerEffectsTests {
  @Test(arguments: [(2_000, 96_000), (500, 24_000), (1_250, 60_000)])
  func scaledTimeKeepsPitchAndFillsExactlyTheNewDuration(milliseconds target: Int64, frames: Int)
    throws
  {
    let path = try AudioSignals.tone(440, amplitude: 0.5)
    var composition = Composition()
    let track = composition.addTrack(.audio)
    try composition.insertTimeRange(
      msRange(0, 1_000), of: AudioSignals.audioSource(path), at: .zero, into: track)
    try composition.scaleTimeRange(msRange(0, 1_000), toDuration: milliseconds(target))
    let mixer = try AudioMixer(composition: composition)
    #expect(mixer.frameCount == Int64(frames))
    let output = try AudioSignals.drain(mixer, chunk: 1_024)
    #expect(output.count == 2 * frames)
    let left = AudioSignals.left(output)
    let middle = left[(frames / 10)..<(frames * 9 / 10)]
    let frequency = AudioSignals.frequency(middle)
    #expect(abs(frequency - 440) < 2, "frequency \(frequency)")
    let level = AudioSignals.rms(middle)
    let decibels = 20 * log10(level / (0.5 / 2.0.squareRoot()))
    #expect(abs(decibels) < 1, "level \(decibels) dB")
    // The stretched audio reaches the segment's end: at most the last 20 ms fade (the
    // time-stretch's final window), no silent tail.
    #expect(AudioSignals.rms(left[(frames - 4_800)..<(frames - 960)]) > 0.3)
    #expect(AudioSignals.rms(left[(frames - 960)...]) > 0.05)
  }

  @Test func aSpeedChangeInTheMiddleKeepsNeighboursOnTheirSamples() throws {
    let path = try AudioSignals.tone(440, amplitude: 0.5, seconds: 1.5)
    var composition = Composition()
    let track = composition.addTrack(.audio)
    try composition.insertTimeRange(
      msRange(0, 1_500), of: AudioSignals.audioSource(path), at: .zero, into: track)
    // [0.5, 1) plays at half speed over [0.5, 1.5); [1, 1.5) moves to [1.5, 2).
    try composition.scaleTimeRange(msRange(500, 1_000), toDuration: milliseconds(1_000))
    let output = try AudioSignals.drain(try AudioMixer(composition: composition), chunk: 4_096)
    let source = try AudioSignals.decode(path)
    #expect(output.count == 2 * 96_000)
    #expect(Array(output[0..<48_000]) == Array(source[0..<48_000]))
    #expect(Array(output[144_000..<192_000]) == Array(source[96_000..<144_000]))
  }

  @Test func soundtrackLoopsTrimmedPartSampleExactly() throws {
    // A 0.5 s file trimmed to [0.1, 0.5): 0.4 s loops three times under 1.2 s.
    let path = try AudioSignals.wav(
      "sweep.wav", "0.5*sin(2*PI*(200+400*t)*t)", seconds: 0.5)
    var composition = Composition()
    composition.addTrack(.audio)
    try composition.insertEmptyTimeRange(msRange(0, 1_200))
    #expect(composition.duration == milliseconds(1_200))
    let soundtrack = Soundtrack(path: path, trimRange: msRange(100, 500))
    let mixer = try AudioMixer(
      composition: composition, audioMix: AudioMix(soundtrack: soundtrack))
    let output = try AudioSignals.drain(mixer)
    #expect(output.count == 2 * 57_600)
    let source = try AudioSignals.decode(path)
    for loop in 0..<3 {
      let start = loop * 19_200 * 2
      #expect(Array(output[start..<(start + 38_400)]) == Array(source[9_600..<48_000]))
    }
  }

  @Test func soundtrackFadesAndVolume() throws {
    let path = try AudioSignals.square(amplitude: 0.5, seconds: 0.4)
    var composition = Composition()
    composition.addTrack(.audio)
    try composition.insertEmptyTimeRange(msRange(0, 1_200))
    var soundtrack = Soundtrack(
      path: path, trimRange: msRange(0, 400), fadeInDuration: milliseconds(200),
      fadeOutDuration: milliseconds(200))
    func gains(_ soundtrack: Soundtrack) throws -> [Double] {
      let mixer = try AudioMixer(
        composition: composition, audioMix: AudioMix(soundtrack: soundtrack))
      return AudioSignals.left(try AudioSignals.drain(mixer)).map { abs($0) / 0.5 }
    }
    let faded = try gains(soundtrack)
    #expect(abs(faded[4_800] - 0.5) < 0.005)  // 0.1 s into a 0.2 s fade-in
    #expect(abs(faded[28_800] - 1) < 1e-6)  // 0.6 s: full level
    #expect(abs(faded[52_800] - 0.5) < 0.005)  // 1.1 s: half-way through the fade-out
    #expect(faded[57_599] < 0.001)  // the last sample
    soundtrack.volume = 0.5
    let quieter = try gains(soundtrack)
    #expect(abs(quieter[28_800] - 0.5) < 1e-6)
    #expect(abs(quieter[4_800] - 0.25) < 0.003)
    // Not looping: plays once, then silence.
    soundtrack.loops = false
    soundtrack.fadeOutDuration = .zero
    let once = try gains(soundtrack)
    #expect(abs(once[19_199] - 0.5) < 1e-6)
    #expect(once[19_200...].allSatisfy { $0 == 0 })
  }

  @Test func crossFadeOfASequenceMixesBothTonesAtHalfLevel() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-mixer")
    var clips: [SourceMedia] = []
    for frequency in [440, 660] {
      let path = folder.appendingPathComponent("clip\(frequency).mp4").path
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=1",
        "-f", "lavfi", "-i",
        "aevalsrc=0.4*sin(2*PI*\(frequency)*t)|0.4*sin(2*PI*\(frequency)*t):s=48000:d=1",
        "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k", "-shortest",
        path,
      ])
      clips.append(SourceMedia(asset: try Asset(path: path)))
    }
    var sequence = ClipSequence()
    sequence.append(.media(clips[0], timeRange: msRange(0, 1_000)))
    sequence.append(
      .media(clips[1], timeRange: msRange(0, 1_000)),
      transition: .crossFade(duration: milliseconds(500)))
    let output = try sequence.build()
    let mixer = try AudioMixer(composition: output.composition, audioMix: output.audioMix)
    #expect(mixer.frameCount == 72_000)
    let left = AudioSignals.left(try AudioSignals.drain(mixer))
    // [0.7, 0.8) is centred on the fade's midpoint; the ramps are linear, so the average
    // gain over it is 0.5 for each clip.
    let middle = left[33_600..<38_400]
    #expect(abs(AudioSignals.amplitude(of: 440, in: middle) - 0.2) < 0.01)
    #expect(abs(AudioSignals.amplitude(of: 660, in: middle) - 0.2) < 0.01)
    // Outside the fade each clip plays alone at full level.
    let before = left[4_800..<19_200]
    #expect(abs(AudioSignals.amplitude(of: 440, in: before) - 0.4) < 0.01)
    #expect(AudioSignals.amplitude(of: 660, in: before) < 0.005)
    let after = left[52_800..<67_200]
    #expect(abs(AudioSignals.amplitude(of: 660, in: after) - 0.4) < 0.01)
    #expect(AudioSignals.amplitude(of: 440, in: after) < 0.005)
  }
}
