/// A recoverable oddity met while reading a subtitle file: something skipped or ignored.
///
/// `description` is `path:line: message`, e.g.
/// `captions.srt:9: cue has no text; skipped`.
public struct SubtitleWarning: Sendable, Hashable, CustomStringConvertible {
  /// The file, as given to the parser.
  public var path: String
  /// The 1-based line the warning is about, or nil when it is about the whole file.
  public var line: Int?
  /// What was odd and what was done about it.
  public var message: String

  /// Makes a warning.
  ///
  /// - Parameters:
  ///   - path: The file, as given to the parser.
  ///   - line: The 1-based line, or nil for the whole file.
  ///   - message: What was odd and what was done.
  public init(path: String, line: Int?, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  /// `path:line: message`, or `path: message` without a line.
  public var description: String {
    if let line { return "\(path):\(line): \(message)" }
    return "\(path): \(message)"
  }
}
