/// What was wrong with a ``ClipSequence``, found by ``ClipSequence/build()``.
///
/// `description` is one line saying what was wrong, which clip or transition, which times (in
/// seconds), and what to do.
public enum ClipSequenceError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The clips or transitions do not make a composition: no clips, a clip without video, a
  /// clip's range, a transition too long for the clips it joins (see ``CompositionError``).
  case composition(CompositionError)
  /// The video composition built for the sequence is not valid (e.g. an odd render size was
  /// asked for).
  case invalidVideoComposition(VideoCompositionError)

  /// One line: what, where, and what to do.
  public var description: String {
    switch self {
    case .composition(let error):
      return error.description
    case .invalidVideoComposition(let error):
      return "the sequence's video composition is not valid: \(error.description)"
    }
  }
}
