/// What a template puts on its timeline, for a tool that draws it (`reel preview`): the
/// clips and transitions, every layer over the time it shows with its animations, and the
/// subtitle cues. Times are seconds of composition time.
public struct TemplateOutline: Sendable, Hashable {
  /// A clip (or a still, or a composition segment) on a track.
  public struct Clip: Sendable, Hashable {
    /// The track: 0 or 1 for `clips` (they alternate so that transitions overlap), the
    /// composition track's index for `composition`.
    public var track: Int
    /// The file's name (its last path component, as written).
    public var name: String
    /// Where it starts and ends on the timeline, seconds.
    public var start: Double
    public var end: Double

    /// Makes a clip's entry.
    public init(track: Int, name: String, start: Double, end: Double) {
      self.track = track
      self.name = name
      self.start = start
      self.end = end
    }
  }

  /// A transition between two clips.
  public struct Transition: Sendable, Hashable {
    /// When it starts and ends, seconds.
    public var start: Double
    public var end: Double
    /// `crossFade`, `fadeThroughColor`, `wipe` or `slide` (the template's `type`).
    public var kind: String

    /// Makes a transition's entry.
    public init(start: Double, end: Double, kind: String) {
      self.start = start
      self.end = end
      self.kind = kind
    }
  }

  /// An animation of a layer.
  public struct Animation: Sendable, Hashable {
    /// The animated property (`opacity`, `position`, …; `group` for a group).
    public var property: String
    /// Its begin time, seconds.
    public var start: Double
    /// When it stops changing (its begin time plus its active duration, repeats included;
    /// the movie's end for one that repeats for ever), seconds.
    public var end: Double

    /// Makes an animation's entry.
    public init(property: String, start: Double, end: Double) {
      self.property = property
      self.start = start
      self.end = end
    }
  }

  /// A layer of `layers` (sublayers included, after their parent).
  public struct Layer: Sendable, Hashable {
    /// The layer's id: ``layerID(path:)`` of its place in the layer tree, the same id the
    /// render list's ``LayerIdentity`` path gives.
    public var id: String
    public var name: String?
    /// 1 for a layer of `layers`, 2 for its sublayers, ….
    public var depth: Int
    /// When it shows (`start`, `end`; else the whole movie), seconds.
    public var start: Double
    public var end: Double
    /// Its animations, in the order written.
    public var animations: [Animation]
    /// The JSON path of the layer (`layers[2]`).
    public var path: String

    /// Makes a layer's entry.
    public init(
      id: String, name: String?, depth: Int, start: Double, end: Double,
      animations: [Animation], path: String
    ) {
      self.id = id
      self.name = name
      self.depth = depth
      self.start = start
      self.end = end
      self.animations = animations
      self.path = path
    }
  }

  /// A timed line of text on the timeline: a subtitle cue, or a page of word-level captions
  /// (``CaptionPage``).
  public struct Cue: Sendable, Hashable {
    /// When it shows, seconds (cut at the movie's end).
    public var start: Double
    public var end: Double
    /// The text without its styling (a caption page's words joined as shown).
    public var text: String

    /// Makes an entry.
    public init(start: Double, end: Double, text: String) {
      self.start = start
      self.end = end
      self.text = text
    }
  }

  /// A page of word-level captions: when it shows and its words as shown, with the spaces
  /// the caption puts between them — the same entry as a subtitle cue.
  public typealias CaptionPage = Cue

  /// The clips, in the order written.
  public var clips: [Clip]
  /// The transitions between clips, in order.
  public var transitions: [Transition]
  /// The layers of `layers`, each followed by its sublayers.
  public var layers: [Layer]
  /// The subtitle cues, by start.
  public var cues: [Cue]
  /// The caption pages of every `captions` track, by start.
  public var captionPages: [CaptionPage] = []

  /// Makes an outline (empty by default).
  public init(
    clips: [Clip] = [], transitions: [Transition] = [], layers: [Layer] = [], cues: [Cue] = []
  ) {
    self.clips = clips
    self.transitions = transitions
    self.layers = layers
    self.cues = cues
  }

  /// The id of the layer at `path` in the layer tree (indices of sublayers from the root,
  /// `[2, 0]` for the first sublayer of `layers[2]`): `L2.0`.
  public static func layerID(path: [Int]) -> String {
    "L" + path.map(String.init).joined(separator: ".")
  }
}
