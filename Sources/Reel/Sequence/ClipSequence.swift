import ReelCore

/// Clips played one after another with a transition between each pair, built into a
/// ``Composition``, a ``VideoComposition`` and an ``AudioMix`` that validate together.
///
///     var sequence = ClipSequence()
///     sequence.append(.media(first, timeRange: nil))
///     sequence.append(.media(second, timeRange: nil),
///                     transition: .crossFade(duration: Time(value: 1, timescale: 1)))
///     let output = try sequence.build()
///
/// Clips alternate between two video tracks (and two audio tracks), A and B, so that
/// neighbours can overlap. Transitions:
/// - ``Transition/cut``: the next clip starts where the previous ends.
/// - ``Transition/crossFade(duration:)``: the clips overlap by the duration; three
///   instructions per pair, as in the classic AVFoundation recipe: the outgoing clip alone,
///   then both (the outgoing on top with an opacity ramp 1 → 0 over the incoming at full
///   opacity, which blends `out·α + in·(1 − α)`; ramping both, as the recipe does, dims the
///   middle to 75 %), then the incoming clip alone. Audio cross-fades with it.
/// - ``Transition/fadeThroughColor(_:duration:)``: no overlap; the outgoing clip fades to
///   the colour over the first half of the duration, the incoming fades in from it over the
///   second half (the instructions' background is the colour). Audio fades out and in.
/// - ``Transition/wipe(_:duration:)``: overlap; the outgoing clip (on top) is cropped away
///   towards the direction by a crop-rectangle ramp, revealing the incoming one.
/// - ``Transition/slide(_:duration:)``: overlap; both clips move by a transform ramp (a
///   push): the outgoing leaves towards the direction, the incoming enters from the
///   opposite side, one render width (or height) away.
///
/// Render size (unless set): the largest display width × the largest display height of the
/// clips after rotation, rounded up to even. Frame duration: one frame of the highest
/// nominal frame rate, capped at 60 fps (1/30 s for stills only).
public struct ClipSequence: Hashable, Sendable {
  /// One clip of a sequence.
  public enum Clip: Hashable, Sendable {
    /// A range of a media file's first video (and audio) track; nil for all of it, which
    /// is as long as the video (``SourceMedia/naturalTimeRange``: audio that runs on past
    /// the picture is trimmed, so no black frames pad the clip or the join to the next).
    case media(SourceMedia, timeRange: TimeRange?)
    /// A still image shown for a duration in seconds.
    case still(StillImage, duration: Time)
  }

  /// Which way a wipe's edge or a slide's motion goes, on screen.
  public enum Direction: String, Hashable, Sendable, CaseIterable {
    /// Towards the left edge.
    case left
    /// Towards the right edge.
    case right
    /// Towards the top edge.
    case up
    /// Towards the bottom edge.
    case down
  }

  /// How one clip gives way to the next.
  public enum Transition: Hashable, Sendable {
    /// Straight to the next clip.
    case cut
    /// A dissolve over an overlap of `duration` seconds.
    case crossFade(duration: Time)
    /// A fade to a colour and back over `duration` seconds (half out, half in), no overlap.
    case fadeThroughColor(Color, duration: Time)
    /// A wipe over an overlap of `duration` seconds; the edge moves in `direction`.
    case wipe(Direction, duration: Time)
    /// A push over an overlap of `duration` seconds; the pictures move in `direction`.
    case slide(Direction, duration: Time)
    /// A filter drawing each frame from the outgoing clip to the incoming one over an overlap
    /// of `duration` seconds.
    case filter(TransitionFilter, duration: Time)

    /// The transition's length in seconds (0 for a cut).
    public var duration: Time {
      switch self {
      case .cut: .zero
      case .crossFade(let duration), .fadeThroughColor(_, let duration),
        .wipe(_, let duration), .slide(_, let duration), .filter(_, let duration):
        duration
      }
    }

    /// A short name for messages: `cut`, `cross-fade`, `fade through #000000`, `wipe left`,
    /// `slide up`.
    public var name: String {
      switch self {
      case .cut: "cut"
      case .crossFade: "cross-fade"
      case .fadeThroughColor(let color, _): "fade through \(color.hexString)"
      case .wipe(let direction, _): "wipe \(direction.rawValue)"
      case .slide(let direction, _): "slide \(direction.rawValue)"
      case .filter(let filter, _): filter.name
      }
    }

    /// How long the two clips play at the same time, in seconds.
    var overlap: Time {
      switch self {
      case .cut, .fadeThroughColor: .zero
      case .crossFade(let duration), .wipe(_, let duration), .slide(_, let duration),
        .filter(_, let duration):
        duration
      }
    }

    /// How much of each neighbouring clip the transition takes, in seconds.
    var clipUse: Time {
      switch self {
      case .cut: .zero
      case .fadeThroughColor(_, let duration): duration.multiplied(byRatio: 1, 2)
      case .crossFade(let duration), .wipe(_, let duration), .slide(_, let duration),
        .filter(_, let duration):
        duration
      }
    }
  }

  /// What ``build()`` makes.
  public struct Output: Hashable, Sendable {
    /// The tracks: video A and B (B only with two or more clips), audio A and B when clips
    /// have audio.
    public var composition: Composition
    /// Instructions for every clip and transition; validates against ``composition``.
    public var videoComposition: VideoComposition
    /// Volume ramps for audio cross-fades and fades.
    public var audioMix: AudioMix
    /// Where each clip lies in the composition, in seconds (overlapping across transitions).
    public var clipTimeRanges: [TimeRange]
  }

  /// The clips, in order.
  public private(set) var clips: [Clip] = []
  /// `transitions[i]` joins `clips[i]` and `clips[i + 1]`.
  public private(set) var transitions: [Transition] = []
  /// The output size in pixels; nil for the default (see the type's discussion).
  public var renderSize: Size?
  /// The colour behind the clips; opaque black by default.
  public var backgroundColor: Color = .black
  /// Whether clips' audio is used; true by default.
  public var includesAudio = true

  /// Makes an empty sequence.
  public init() {}

  /// Adds a clip at the end.
  ///
  /// - Parameters:
  ///   - clip: The clip.
  ///   - transition: How the previous clip gives way to this one (ignored for the first
  ///     clip); a cut by default.
  public mutating func append(_ clip: Clip, transition: Transition = .cut) {
    if !clips.isEmpty { transitions.append(transition) }
    clips.append(clip)
  }
}
