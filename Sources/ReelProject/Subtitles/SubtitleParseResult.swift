/// What reading a subtitle file produced: its cues and the oddities that were worked around.
public struct SubtitleParseResult: Sendable, Hashable {
  /// The format the file was read as.
  public var format: SubtitleFormat
  /// The cues in file order. Overlapping cues are kept (they stack when shown); the order is
  /// not changed even when start times go backwards.
  public var cues: [SubtitleCue]
  /// Recoverable problems, in the order they were met.
  public var warnings: [SubtitleWarning]

  /// Makes a result.
  ///
  /// - Parameters:
  ///   - format: The format the file was read as.
  ///   - cues: The cues in file order.
  ///   - warnings: The recoverable problems met.
  public init(format: SubtitleFormat, cues: [SubtitleCue], warnings: [SubtitleWarning]) {
    self.format = format
    self.cues = cues
    self.warnings = warnings
  }
}
