extension TemplateObjectFormat {
  /// The audio mix: a soundtrack, track volumes, the clips' own sound.
  static let audio = TemplateObjectFormat(
    schemaName: "audio", docsTable: "audio keys", doc: "Audio mix and soundtrack.",
    keys: [
      .init(
        .soundtrack, .object(.soundtrack),
        "`file` (required), `start` (0), `duration` (to the file's end), `loop` (true), `fadeIn`/`fadeOut` (0), `volume` (1): music under the whole movie"
      ),
      .init(
        .tracks, .list(.object(.audioTrack)),
        "`composition` only: `[{\"track\": id, \"volume\": 0.5}]` or a list of steps and ramps as in instructions"
      ),
      .init(
        .clipAudio, .boolean, default: true,
        "`clips` only: `false` leaves the clips' own audio out"),
    ])

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
