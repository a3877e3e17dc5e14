import Reel

extension TemplateObjectFormat {
  /// The audio mix: a soundtrack, track volumes, the clips' own sound.
  static let audio = TemplateObjectFormat(
    schemaName: "audio", docsTable: "audio keys", doc: "Audio mix and soundtrack.",
    keys: [
      .init(
        .soundtrack, .object(.soundtrack),
        "`file` (required), `start` (0), `duration` (to the file's end), `loop` (true), `fadeIn`/`fadeOut` (0), `volume` (1), `duck` (none): music under the whole movie"
      ),
      .init(
        .tracks, .list(.object(.audioTrack)),
        "`composition` only: `[{\"track\": id, \"volume\": 0.5}]` or a list of steps and ramps as in instructions"
      ),
      .init(
        .clipAudio, .boolean, default: true,
        "`clips` only: `false` leaves the clips' own audio out"),
      .init(
        .loudness, .object(.loudness),
        "`target` LUFS (−14), `truePeak` dBTP (−1): the final mix normalised (EBU R128) with a true-peak limiter"
      ),
    ])

  /// The loudness the final mix is normalised to.
  static let loudness = TemplateObjectFormat(
    schemaName: TemplateObjectKind.loudness.rawValue, docsTable: "loudness keys",
    doc: "The loudness the final mix is normalised to (EBU R128 / ITU-R BS.1770).",
    keys: [
      .init(
        .target, .number(.within(LoudnessTarget.integratedLoudnessRange)),
        default: .of(LoudnessTarget().integratedLoudness),
        "integrated loudness to reach, in LUFS (−14 social platforms, −16 podcasts, −23 EBU broadcast)"
      ),
      .init(
        .truePeak, .number(.within(LoudnessTarget.truePeakLimitRange)),
        default: .of(LoudnessTarget().truePeakLimit),
        "highest true peak allowed, in dBTP (a 5 ms look-ahead limiter keeps peaks under it)"),
    ])

  /// How the soundtrack is lowered under the clips' sound or over ranges.
  static let duck = TemplateObjectFormat(
    schemaName: TemplateObjectKind.duck.rawValue, docsTable: "duck keys",
    doc: "Lowers the soundtrack while the clips' own audio sounds, or over explicit ranges.",
    keys: [
      .init(
        .by, .number(.within(AudioDucking.gainRange)), default: .of(AudioDucking().gainDecibels),
        "how much the music is lowered, in dB"),
      .init(
        .attack, .number(.within(AudioDucking.rampRange)),
        default: .of(AudioDucking().attack.seconds),
        "seconds the music takes to go down; it is down when the sound begins"),
      .init(
        .release, .number(.within(AudioDucking.rampRange)),
        default: .of(AudioDucking().release.seconds),
        "seconds the music takes to come back after the sound ends"),
      .init(
        .threshold, .number(.within(AudioDucking.thresholdRange)),
        default: .of(AudioDucking.defaultThreshold),
        "the clips' level (dBFS, RMS per 20 ms) at or above which the music ducks"),
      .init(
        .hold, .number(.within(AudioDucking.holdRange)),
        default: .of(AudioDucking.defaultHold.seconds),
        "gaps in the clips' sound shorter than this (seconds) keep the music down"),
      .init(
        .ranges, .list(.array(.named(.seconds), minItems: 2, maxItems: 2)),
        type: "`[[start, end], …]`",
        "movie seconds to duck over instead of following the clips' sound"),
    ],
    rules: [.notBoth([.ranges], [.threshold, .hold])])

  /// Music under the whole movie.
  static let soundtrack = TemplateObjectFormat(
    schemaName: "soundtrack", doc: "Music under the whole movie.",
    keys: [
      .init(.file, .named(.file), required: true),
      .init(.start, .named(.seconds), default: 0),
      .init(.duration, .named(.positiveSeconds), default: .text("to the file's end")),
      .init(.loop, .boolean, default: true, "Repeat to the movie's end."),
      .init(.fadeIn, .named(.seconds), default: 0),
      .init(.fadeOut, .named(.seconds), default: 0),
      .init(.volume, .named(.nonNegative), default: 1),
      .init(
        .duck, .object(.duck),
        "`by` dB (−12), `attack`/`release` seconds (0.2/0.6): lower the music while the clips' audio sounds (`threshold`, `hold`) or over `ranges`"
      ),
    ])

  /// The volume of one composition track.
  static let audioTrack = TemplateObjectFormat(
    schemaName: "audioTrack",
    keys: [
      .init(
        .track, .integer(minimum: nil, maximum: nil), required: true,
        "An audio track id of the composition."),
      .init(
        .volume,
        .oneOf([
          .named(.nonNegative), .described(.steps(.named(.nonNegative)), "Volume steps and ramps."),
        ]), required: true, "A constant volume, or steps and ramps."),
    ])
}
