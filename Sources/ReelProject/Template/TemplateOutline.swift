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
    public var start: Double
    public var end: Double
  }

  /// A transition between two clips.
  public struct Transition: Sendable, Hashable {
    public var start: Double
    public var end: Double
    /// `crossFade`, `fadeThroughColor`, `wipe` or `slide` (the template's `type`).
    public var kind: String
  }

  /// An animation of a layer.
  public struct Animation: Sendable, Hashable {
    /// The animated property (`opacity`, `position`, …; `group` for a group).
    public var property: String
    public var start: Double
    /// When it stops changing (its begin time plus its active duration, repeats included).
    public var end: Double
  }

  /// A layer of `layers` (sublayers included, after their parent).
  public struct Layer: Sendable, Hashable {
    /// The layer's id: ``layerID(path:)`` of its place in the layer tree, the same id the
    /// render list's ``LayerIdentity`` path gives.
    public var id: String
    public var name: String?
    /// 1 for a layer of `layers`, 2 for its sublayers, ….
    public var depth: Int
    /// When it shows (`start`, `end`; else the whole movie).
    public var start: Double
    public var end: Double
    public var animations: [Animation]
    /// The JSON path of the layer (`layers[2]`).
    public var path: String
  }

  /// A subtitle cue.
  public struct Cue: Sendable, Hashable {
    public var start: Double
    public var end: Double
    /// The cue's text without its styling.
    public var text: String
  }

  public var clips: [Clip]
  public var transitions: [Transition]
  public var layers: [Layer]
  public var cues: [Cue]

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
