/// Where a cue is placed, as WebVTT cue settings say (`line:0 position:10% align:start`).
///
/// Every field is nil when the file does not set it; the renderer then uses its defaults
/// (horizontal text, bottom line, centred). Percentages are of the video's width or height,
/// 0–100. An SRT `{\anN}` code (numeric-keypad position) sets ``line``,
/// ``lineAlignment`` and ``alignment`` the same way.
public struct SubtitleCueSettings: Sendable, Hashable {
  /// Vertical text, and which way its lines advance.
  public enum Vertical: String, Sendable, Hashable {
    /// `vertical:rl`: lines go top to bottom, successive lines right to left.
    case rightToLeft = "rl"
    /// `vertical:lr`: lines go top to bottom, successive lines left to right.
    case leftToRight = "lr"
  }

  /// The `line` setting: where the cue box sits across the text direction.
  public enum Line: Sendable, Hashable {
    /// A line number: 0 is the first line from the top, −1 the last from the bottom.
    case number(Int)
    /// A percentage (0–100) of the video height (of the width for vertical text).
    case percentage(Double)
  }

  /// Which part of the cue box the `line` value places (`line:50%,center`).
  public enum LineAlignment: String, Sendable, Hashable {
    case start, center, end
  }

  /// Which part of the cue box the `position` value places (`position:10%,line-left`).
  public enum PositionAlignment: String, Sendable, Hashable {
    case lineLeft = "line-left"
    case center
    case lineRight = "line-right"
  }

  /// Text alignment inside the cue box (`align:`); `middle` in old files reads as center.
  public enum Alignment: String, Sendable, Hashable {
    case start, center, end, left, right
  }

  /// Vertical text direction; nil for horizontal text.
  public var vertical: Vertical?
  /// The line position; nil for automatic (the bottom, stacking upwards).
  public var line: Line?
  /// What the line position places; nil for the default (start).
  public var lineAlignment: LineAlignment?
  /// The box's position along the line, as a percentage (0–100) of the video width.
  public var position: Double?
  /// What the position places; nil for automatic (follows the alignment).
  public var positionAlignment: PositionAlignment?
  /// The box's width as a percentage (0–100) of the video width.
  public var size: Double?
  /// Text alignment within the box.
  public var alignment: Alignment?
  /// The identifier of a WebVTT region the cue belongs to (regions themselves are not read).
  public var region: String?

  /// Makes settings; every field defaults to nil (not set).
  public init(
    vertical: Vertical? = nil, line: Line? = nil, lineAlignment: LineAlignment? = nil,
    position: Double? = nil, positionAlignment: PositionAlignment? = nil, size: Double? = nil,
    alignment: Alignment? = nil, region: String? = nil
  ) {
    self.vertical = vertical
    self.line = line
    self.lineAlignment = lineAlignment
    self.position = position
    self.positionAlignment = positionAlignment
    self.size = size
    self.alignment = alignment
    self.region = region
  }
}
