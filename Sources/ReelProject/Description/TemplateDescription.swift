import Foundation
import Reel

/// A template read and checked against the format, before any file is opened: the second
/// of the loading stages (JSON with positions → description → resolution → the model).
///
/// Every value here is type- and range-checked (numbers, times, colours, the format's
/// vocabularies); a value with a problem is left out (nil or its default) and the problem
/// is reported once, by ``TemplateDescriber``. Files are kept as ``FileReference``s, opened
/// by ``TemplateResolver``. Checks that need something only a later stage knows (a trim
/// against the media's length, a time against the movie's) keep the value's
/// ``TemplateLocation``, so they report where it was written.
struct TemplateDescription: Sendable {
  /// The value of every variable after the `--set` values were applied over the defaults.
  var variables: [String: String]
  /// The render size, frame rate, length and background.
  var output: OutputDescription
  /// Where the root's `duration` is written (the timeline is fitted to it).
  var durationLocation: TemplateLocation
  /// The timeline; nil when it cannot be built (its problems are reported).
  var timeline: TimelineDescription?
  /// `audio`, when present and an object.
  var audio: AudioDescription?
  /// `layers`, when present (empty when above the layer budget).
  var layers: [LayerDescription]?
  /// `subtitles`, when present.
  var subtitles: [SubtitleTrackDescription]?
  /// `captions`, when present.
  var captions: [CaptionTrackDescription]? = nil
  /// The root's `filters`, applied to the whole frame after every layer.
  var filters: FilterChainDescription
  /// The root's `animations` (of `filters` numbers only), with where each is written.
  var animations: [(animation: any Animation, path: String)]
  /// `export`, when present and an object.
  var export: ExportDescription?
  /// Where `export` is written (nil without it).
  var exportLocation: TemplateLocation?
}

/// The root's `size`, `frameRate`, `duration` and `background`.
struct OutputDescription: Sendable {
  /// `size`: whole pixels within the render side's range (nil when not given or invalid).
  var size: Size?
  /// One frame's duration, exactly (from `frameRate`; nil when not given or invalid).
  var frameDuration: Time?
  /// `duration`, seconds (> 0; nil when not given or invalid).
  var duration: Time?
  /// `background` (black when not given or invalid).
  var background: Color
}

/// The `audio` object.
struct AudioDescription: Sendable {
  /// `soundtrack`, when present and an object.
  var soundtrack: SoundtrackDescription?
  /// `tracks`: volumes of the composition's audio tracks, in the order written (each with a
  /// valid `track` id).
  var tracks: [AudioTrackDescription]
  /// `loudness`, when present and valid.
  var loudness: LoudnessTarget?
}

/// A soundtrack: a file mixed under the movie.
struct SoundtrackDescription: Sendable {
  /// The audio file (nil when not given or not a string).
  var file: FileReference?
  /// Where in the file it starts, seconds (0 when not given or invalid).
  var start: Time
  /// Where `start` is written.
  var startLocation: TemplateLocation
  /// How much of the file it plays, seconds (nil: to the file's end).
  var duration: Time?
  /// Where `duration` is written.
  var durationLocation: TemplateLocation
  /// Whether it loops to the movie's end.
  var loops: Bool
  /// Fade-in and fade-out, seconds (≥ 0).
  var fadeIn: Time
  var fadeOut: Time
  /// The volume (≥ 0, 1 = as recorded).
  var volume: Double
  /// `duck`, when present and valid.
  var ducking: AudioDucking?
}

/// The volume of one of the composition's audio tracks.
struct AudioTrackDescription: Sendable {
  /// The template's id of the track (the composition's `tracks[].id`).
  var track: Located<Int>
  /// The volume's steps and ramps, in the order written.
  var volume: [ParameterChange<Double>]
  /// The problems of `volume`, reported only when `track` is one of the composition's
  /// audio tracks (a volume for no track is not checked further).
  var volumeProblems: [TemplateProblem]
}

/// One change of a value over time: a step at a time or a ramp over a time range.
enum ParameterChange<Value: Sendable>: Sendable {
  /// The value from `at` on (seconds).
  case step(Value, at: Time)
  /// From one value to another over a time range (seconds).
  case ramp(from: Value, to: Value, TimeRange)
}

/// The `export` object.
struct ExportDescription: Sendable {
  /// The settings, all but the time range and the limits.
  var settings: ExportSettings
  /// `range` (`[start, end]`, end after start), checked against the movie's length when it
  /// is built.
  var range: Located<TimeRange>?
}
