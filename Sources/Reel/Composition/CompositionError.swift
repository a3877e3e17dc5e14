import ReelCore
import ReelMedia

/// What was wrong with an edit of a ``Composition``, or with the clips and transitions of a
/// ``ClipSequence`` (which ``ClipSequence/build()`` throws as
/// ``ClipSequenceError/composition(_:)``).
///
/// `description` is one line saying what was wrong, which track or clip, which times (in
/// seconds), and what to do.
public enum CompositionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A time range given to an operation is invalid, non-numeric, negative or empty.
  case invalidTimeRange(operation: String, range: TimeRange)
  /// A duration given to an operation is not a positive number of seconds.
  case invalidDuration(operation: String, duration: Time)
  /// A time given to an operation is negative or non-numeric (invalid means "at the end"
  /// only where documented).
  case invalidTime(operation: String, time: Time)
  /// The source range reaches past the media available in the source track.
  case sourceRangeBeyondSource(
    path: String, trackIndex: Int, range: TimeRange, availableDuration: Time)
  /// No track of the composition has this identifier.
  case trackNotFound(TrackID)
  /// The source's media type does not match the composition track's.
  case mediaTypeMismatch(
    track: TrackID, trackType: CompositionMediaType, source: String,
    sourceType: CompositionMediaType)
  /// The source track is neither video nor audio (subtitles, data, attachments).
  case unsupportedSourceTrack(path: String, trackIndex: Int, kind: TrackKind)
  /// A still image has a zero or negative size.
  case invalidStillImage(path: String, width: Int, height: Int)
  /// A clip of a sequence has no video track and is not a still image.
  case clipHasNoVideo(clip: Int, path: String)
  /// A sequence has no clips.
  case emptySequence
  /// A transition needs more of a clip it joins than the clip has. `maximumDuration` is the
  /// longest the transition could be (the clip's duration; twice it for a fade through a
  /// colour, which takes half its duration from each clip).
  case transitionTooLong(
    transition: Int, name: String, duration: Time, clip: Int, clipDuration: Time,
    maximumDuration: Time)
  /// A clip is too short for the transitions into and out of it together.
  case transitionsExceedClip(clip: Int, clipDuration: Time, incoming: Time, outgoing: Time)
  /// A transition that needs time was given a duration that is not positive.
  case invalidTransitionDuration(transition: Int, name: String, duration: Time)
  /// Never thrown: ``ClipSequence/build()`` reports an invalid video composition as
  /// ``ClipSequenceError/invalidVideoComposition(_:)``.
  @available(
    *, deprecated, message: "ClipSequence.build() throws ClipSequenceError.invalidVideoComposition"
  )
  case invalidVideoComposition(VideoCompositionError)

  /// One line: what, where, and what to do.
  public var description: String {
    switch self {
    case .invalidTimeRange(let operation, let range):
      return
        "\(operation): the time range \(range.readable) is not usable: give a numeric start ≥ 0 s and a positive, finite duration"
    case .invalidDuration(let operation, let duration):
      return
        "\(operation): the duration \(duration.readable) s is not usable: give a positive, finite number of seconds"
    case .invalidTime(let operation, let time):
      return
        "\(operation): the time \(time.readable) s is not usable: give a numeric time ≥ 0 s"
    case .sourceRangeBeyondSource(let path, let trackIndex, let range, let available):
      return
        "\(path): track \(trackIndex) has \(available.readable) s of media, but the range \(range.readable) was asked for: keep the range within [0 s, \(available.readable) s)"
    case .trackNotFound(let id):
      return "the composition has no track with ID \(id): use an ID returned by addTrack"
    case .mediaTypeMismatch(let track, let trackType, let source, let sourceType):
      return
        "track \(track) is a \(trackType.rawValue) track but \(source) is \(sourceType.rawValue): insert it into a \(sourceType.rawValue) track"
    case .unsupportedSourceTrack(let path, let trackIndex, let kind):
      return
        "\(path): track \(trackIndex) is a \(kind.rawValue) track: only video and audio tracks can be inserted"
    case .invalidStillImage(let path, let width, let height):
      return "\(path): a still image of \(width)×\(height) pixels cannot be shown: it has no area"
    case .clipHasNoVideo(let clip, let path):
      return
        "clip \(clip) (\(path)) has no video track: a sequence clip needs video, or use a still image"
    case .emptySequence:
      return "the sequence has no clips: append at least one clip"
    case .transitionTooLong(
      let transition, let name, let duration, let clip, let clipDuration, let maximum):
      if maximum == clipDuration {
        return
          "transition \(transition) (\(name), \(duration.readable) s) is longer than clip \(clip) (\(clipDuration.readable) s): shorten the transition to at most \(maximum.readable) s"
      }
      return
        "transition \(transition) (\(name), \(duration.readable) s) needs more of clip \(clip) than its \(clipDuration.readable) s: shorten the transition to at most \(maximum.readable) s"
    case .transitionsExceedClip(let clip, let clipDuration, let incoming, let outgoing):
      return
        "clip \(clip) lasts \(clipDuration.readable) s but its transitions need \((incoming + outgoing).readable) s (\(incoming.readable) s in, \(outgoing.readable) s out): shorten the transitions or lengthen the clip"
    case .invalidTransitionDuration(let transition, let name, let duration):
      return
        "transition \(transition) (\(name)) has a duration of \(duration.readable) s: give a positive duration, or use a cut"
    case .invalidVideoComposition(let error):
      return ClipSequenceError.invalidVideoComposition(error).description
    }
  }
}
