import Reel
import Testing

@Suite("Audio mix")
struct AudioMixTests {
  @Test func volumeStepThenRamp() {
    var parameters = AudioMixInputParameters(trackID: TrackID(rawValue: 2))
    parameters.setVolume(1, at: .zero)
    parameters.setVolumeRamp(from: 0.5, to: 0.2, timeRange: range(4, 5))
    #expect(parameters.volume(at: seconds(2)) == 1)
    #expect(parameters.volume(at: seconds(4)) == 0.5)
    #expect(close(parameters.volume(at: time(13, 2)), 0.35))
    #expect(close(parameters.volume(at: seconds(10)), 0.2))
  }

  @Test func tracksWithoutParametersPlayAtUnity() {
    var parameters = AudioMixInputParameters(trackID: TrackID(rawValue: 2))
    parameters.setVolume(0.25, at: seconds(1))
    let mix = AudioMix(inputParameters: [parameters])
    #expect(mix.volume(of: TrackID(rawValue: 2), at: .zero) == 1)
    #expect(mix.volume(of: TrackID(rawValue: 2), at: seconds(3)) == 0.25)
    #expect(mix.volume(of: TrackID(rawValue: 3), at: seconds(3)) == 1)
  }

  @Test func soundtrackLoopsTrimmedAudioExactly() {
    let track = Soundtrack(path: "/music.m4a", trimRange: range(1, 2))
    let duration = seconds(7)
    #expect(track.sourceTime(at: .zero, compositionDuration: duration) == seconds(1))
    #expect(track.sourceTime(at: seconds(5), compositionDuration: duration) == seconds(2))
    // 6.5 s is 0.5 s into the fourth loop: 1 + 0.5 = 1.5 s of the file.
    #expect(track.sourceTime(at: time(13, 2), compositionDuration: duration) == time(3, 2))
    #expect(track.sourceTime(at: seconds(7), compositionDuration: duration) == nil)
    var once = track
    once.loops = false
    #expect(once.sourceTime(at: seconds(1), compositionDuration: duration) == seconds(2))
    #expect(once.sourceTime(at: seconds(2), compositionDuration: duration) == nil)
  }

  @Test func soundtrackFadesInAndOut() {
    let track = Soundtrack(
      path: "/music.m4a", trimRange: range(0, 30), fadeInDuration: seconds(2),
      fadeOutDuration: seconds(4), volume: 0.8)
    let duration = seconds(10)
    #expect(close(track.gain(at: seconds(1), compositionDuration: duration), 0.4))
    #expect(close(track.gain(at: seconds(5), compositionDuration: duration), 0.8))
    #expect(close(track.gain(at: seconds(7), compositionDuration: duration), 0.6))
    #expect(track.gain(at: seconds(10), compositionDuration: duration) == 0)
  }
}
