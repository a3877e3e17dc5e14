import Foundation
import Reel

/// The timeline a template describes: `clips` (the short form), `composition` (tracks of
/// segments), or with neither an empty one of the template's `size` and `duration`.
enum TimelineDescription: Sendable {
  case clips(ClipsDescription)
  case composition(CompositionDescription)
  /// One empty video track: a movie made of layers only (`size` pixels, `duration` s).
  case empty(size: Size, duration: Time)
}

/// `clips`: one after the other, with transitions between them.
struct ClipsDescription: Sendable {
  /// The clips that could be read (each with its file), in order.
  var clips: [ClipDescription]
  /// Whether every clip was read without a problem (the sequence is built only then).
  var isComplete: Bool
  /// Whether the clips keep their sound (`audio.clipAudio`).
  var includesAudio: Bool
  /// Where `clips` is written.
  var location: TemplateLocation
}

/// One clip.
struct ClipDescription: Sendable {
  /// How it follows the clip before it.
  var transition: ClipSequence.Transition
  /// What it shows.
  var source: ClipSourceDescription
}

/// What a clip shows.
enum ClipSourceDescription: Sendable {
  /// A still image for `duration` seconds (nil when not given or invalid).
  case image(FileReference, duration: Time?)
  /// A media file's video (and sound), trimmed.
  case media(MediaClipDescription)
}

/// A clip of a media file.
struct MediaClipDescription: Sendable {
  var file: FileReference
  /// Where in the media the clip starts, seconds (nil when not given or invalid).
  var start: Time?
  /// Where `start` is written (nil when it is not).
  var startLocation: TemplateLocation?
  /// How long the clip is, seconds (nil: to the media's end, or invalid).
  var duration: Time?
  /// Where `duration` is written (nil when it is not).
  var durationLocation: TemplateLocation?
}

/// `composition`: tracks of segments and the video instructions.
struct CompositionDescription: Sendable {
  /// The tracks that could be read, in order (a track whose id is taken, or whose kind is
  /// invalid, is left out).
  var tracks: [TrackDescription]
  /// Whether every track and segment was read without a problem.
  var isComplete: Bool
  /// Where `tracks` is written.
  var tracksLocation: TemplateLocation
  /// Where `composition` is written.
  var location: TemplateLocation
  /// `instructions`, when given.
  var instructions: InstructionsDescription?
}

/// One track of a composition.
struct TrackDescription: Sendable {
  /// The template's id of the track (≥ 1; its 1-based index when not given).
  var id: Int
  var kind: CompositionMediaType
  /// The segments that could be read, in order.
  var segments: [SegmentDescription]
}

/// One segment of a track.
struct SegmentDescription: Sendable {
  /// Where on the track it starts, seconds (nil: at the track's end so far).
  var at: Time?
  /// What it plays.
  var source: SegmentSourceDescription
  /// Where the segment is written.
  var location: TemplateLocation
}

/// What a segment plays.
enum SegmentSourceDescription: Sendable {
  /// Nothing, for `duration` seconds.
  case empty(duration: Time)
  /// A still image for `duration` seconds (nil when not given or invalid).
  case image(FileReference, duration: Time?)
  /// A stream of a media file.
  case media(MediaSegmentDescription)
}

/// A segment of a media file.
struct MediaSegmentDescription: Sendable {
  var file: FileReference
  /// `track`: the stream's index in the file (nil: the first stream of the track's kind).
  var stream: Int?
  /// Where `track` is written.
  var streamLocation: TemplateLocation
  /// `source`: the part of the stream played (nil: all of it).
  var source: TimeRange?
  /// Where a problem with the part played is reported (`source`, or the file).
  var sourceLocation: TemplateLocation
  /// `duration`: the time the part is scaled to, seconds (nil: its own length).
  var duration: Time?
}

/// `instructions`: which tracks show when, and how. Read only when the tracks are, so
/// their problems count only then (``problems``).
struct InstructionsDescription: Sendable {
  /// The instructions that could be read (nil when `instructions` is not an array).
  var instructions: [InstructionDescription]?
  /// The problems found reading them, reported when the tracks have none.
  var problems: [TemplateProblem]
  /// Where `instructions` is written.
  var location: TemplateLocation
}

/// One video composition instruction.
struct InstructionDescription: Sendable {
  /// When it applies, seconds.
  var timeRange: TimeRange
  var background: Color?
  /// The tracks shown, front first.
  var layers: [LayerInstructionDescription]
}

/// How one track is shown by an instruction.
struct LayerInstructionDescription: Sendable {
  /// The template's id of the track (one of the composition's).
  var track: Int
  var opacity: [ParameterChange<Double>]
  var transform: [ParameterChange<Transform2D>]
  var crop: [ParameterChange<Rect>]
}
