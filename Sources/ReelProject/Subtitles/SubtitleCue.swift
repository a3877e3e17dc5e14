/// One timed caption read from a subtitle file.
///
/// Times are exact: `00:01:02,345` is `Time(value: 62345, timescale: 1000)`. Line breaks in
/// the cue text are kept as `"\n"` inside the runs of ``text``.
public struct SubtitleCue: Sendable, Hashable {
  /// The cue's identifier: the number line of an SRT cue (`"12"`) or the identifier line of
  /// a WebVTT cue; nil when the file gives none. Numbers need not be sequential.
  public var identifier: String?
  /// When the cue shows: from its start time, up to (not including) its end time, in
  /// seconds. The duration is always greater than zero.
  public var timeRange: TimeRange
  /// The text with its styles: `<b>`, `<i>`, `<u>`, `<font color>` and WebVTT colour classes
  /// become run overrides; other tags are removed and entities decoded.
  public var text: StyledText
  /// Placement read from WebVTT cue settings (or an SRT `{\anN}` code).
  public var settings: SubtitleCueSettings
  /// The speakers named by WebVTT `<v Name>` tags, in order of first appearance.
  public var speakers: [String]
  /// The 1-based line number of the cue's timing line in the file.
  public var line: Int

  /// Makes a cue.
  ///
  /// - Parameters:
  ///   - identifier: The cue's number or identifier, if any.
  ///   - timeRange: When the cue shows, in seconds.
  ///   - text: The styled text.
  ///   - settings: Placement settings; none by default.
  ///   - speakers: Speakers named in the cue; none by default.
  ///   - line: The 1-based line number of the timing line.
  public init(
    identifier: String? = nil, timeRange: TimeRange, text: StyledText,
    settings: SubtitleCueSettings = SubtitleCueSettings(), speakers: [String] = [], line: Int
  ) {
    self.identifier = identifier
    self.timeRange = timeRange
    self.text = text
    self.settings = settings
    self.speakers = speakers
    self.line = line
  }
}
