import Foundation
import ReelProject
import TestSupport
import Testing

/// `audio.loudness` and `soundtrack.duck`: read into the model, defaults from the model,
/// values out of range reported at their JSON path.
@Suite struct TemplateLoudnessTests {
  @Test func loudnessAndDuckingReachTheAudioMix() throws {
    let folder = try mediaFolder()
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "clips": [{"media": "media/clip.mp4"}],
       "audio": {"loudness": {"target": -16, "truePeak": -1.5},
                 "soundtrack": {"file": "media/clip.mp4",
                                "duck": {"by": -9, "attack": 0.25, "release": 0.5,
                                         "threshold": -30, "hold": 0.2}}}}
      """, folder: folder)
    let mix = try #require(loaded.movie.audioMix)
    #expect(mix.loudness == LoudnessTarget(integratedLoudness: -16, truePeakLimit: -1.5))
    let ducking = try #require(mix.soundtrack?.ducking)
    #expect(ducking.gainDecibels == -9)
    #expect(ducking.attack == Time(value: 1, timescale: 4))
    #expect(ducking.release == Time(value: 1, timescale: 2))
    #expect(ducking.trigger == .clipAudio(threshold: -30, hold: Time(value: 1, timescale: 5)))
  }

  @Test func emptyObjectsTakeTheModelsDefaults() throws {
    let folder = try mediaFolder()
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "clips": [{"media": "media/clip.mp4"}],
       "audio": {"loudness": {}, "soundtrack": {"file": "media/clip.mp4", "duck": {}}}}
      """, folder: folder)
    let mix = try #require(loaded.movie.audioMix)
    #expect(mix.loudness == LoudnessTarget())
    #expect(mix.soundtrack?.ducking == AudioDucking())
  }

  @Test func rangesDuckOverExplicitTimes() throws {
    let folder = try mediaFolder()
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "clips": [{"media": "media/clip.mp4"}],
       "audio": {"soundtrack": {"file": "media/clip.mp4",
                                "duck": {"ranges": [[0.5, 1.25], [1.5, 2]]}}}}
      """, folder: folder)
    let ducking = try #require(loaded.movie.audioMix?.soundtrack?.ducking)
    #expect(
      ducking.trigger
        == .ranges([
          TimeRange(start: Time(value: 1, timescale: 2), end: Time(value: 5, timescale: 4)),
          TimeRange(start: Time(value: 3, timescale: 2), end: Time(value: 2, timescale: 1)),
        ]))
  }

  @Test func valuesOutOfRangeAreReportedWhereTheyAreWritten() throws {
    let folder = try mediaFolder()
    let problems = try templateProblems(
      """
      {"version": 1, "size": [320, 240], "clips": [{"media": "media/clip.mp4"}],
       "audio": {"loudness": {"target": -80, "truePeak": 2},
                 "soundtrack": {"file": "media/clip.mp4",
                                "duck": {"by": 6, "ranges": [[2, 1]], "threshold": -30}}}}
      """, folder: folder)
    let text = problems.joined(separator: "\n")
    #expect(text.contains("audio.loudness.target"), "\(text)")
    #expect(text.contains("audio.loudness.truePeak"), "\(text)")
    #expect(text.contains("audio.soundtrack.duck.by"), "\(text)")
    #expect(text.contains("audio.soundtrack.duck.ranges[0]"), "\(text)")
    #expect(text.contains("must be after the start"), "\(text)")
    // `ranges` replaces the sidechain: not with `threshold`.
    #expect(text.contains("threshold"), "\(text)")
  }
}
