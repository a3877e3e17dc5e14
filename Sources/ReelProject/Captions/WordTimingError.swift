/// Why a word-timing file could not be read.
///
/// `description` names the file, the line and column (and, in JSON, the path to the value),
/// what was wrong and what to do, e.g.
/// `words.json:14:16: segments[0].words[3].start: the word starts at 2.1 s, before the
/// previous word ends (2.4 s); word times must not overlap`.
public struct WordTimingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong.
  public enum Reason: Sendable, Hashable {
    /// The file could not be opened or decoded as text (the subtitle reader's reasons).
    case file(SubtitleError.Reason)
    /// The JSON is not well formed: the parser's message.
    case syntax(String)
    /// A value of the wrong type: what was expected and what was found.
    case wrongType(expected: String, found: String)
    /// A required key of a word is missing.
    case missingKey(String)
    /// A Whisper object without its words: no `segments` (nor a top-level `words` list), or
    /// a segment without `words` (Whisper run without word timestamps). The key missing.
    case missingWordList(String)
    /// A key the format does not have: the key, the keys it has, the nearest one.
    case unknownKey(String, allowed: [String], suggestion: String?)
    /// A time that is negative, or not a number that fits.
    case invalidTime(String)
    /// A word with no text (or only spaces).
    case emptyWord
    /// A word that ends before it starts: its start and end, seconds as written.
    case endBeforeStart(start: String, end: String)
    /// A word that starts before the previous word ends: its start, the previous end.
    case overlap(start: String, previousEnd: String)
    /// A WebVTT timestamp tag outside its cue or before the tag before it.
    case timestampOutOfOrder(String)
    /// A WebVTT timestamp that is not `[HH:]MM:SS.mmm`, or a malformed timing line.
    case invalidTimestamp(String)
    /// The file holds no timed word.
    case noWords(format: WordTimingFormat)
    /// The content is none of the formats (nor the one asked for).
    case unknownFormat(String)
  }

  /// The file, as given to the reader.
  public var path: String
  /// The 1-based line of the problem, nil when it concerns the whole file.
  public var line: Int?
  /// The 1-based column (JSON only).
  public var column: Int?
  /// Where in the JSON the value is (`segments[0].words[3].end`), nil outside JSON.
  public var valuePath: String?
  /// What was wrong.
  public var reason: Reason

  /// Makes an error.
  public init(
    path: String, line: Int? = nil, column: Int? = nil, valuePath: String? = nil,
    reason: Reason
  ) {
    self.path = path
    self.line = line
    self.column = column
    self.valuePath = valuePath
    self.reason = reason
  }

  /// `path:line:column: value path: what was wrong; what to do`.
  public var description: String {
    var place = path
    if let line { place += ":\(line)" }
    if let column { place += ":\(column)" }
    let value = valuePath.map { $0.isEmpty ? "" : "\($0): " } ?? ""
    return "\(place): \(value)\(message)"
  }

  private var message: String {
    switch reason {
    case .file(let reason):
      let text = SubtitleError(path: path, reason: reason).description
      return String(text.dropFirst(path.count + 2))
        .replacingOccurrences(of: "an .srt or .vtt file", with: "a word-timing file")
    case .syntax(let message):
      return "not valid JSON: \(message)"
    case .wrongType(let expected, let found):
      return "expected \(expected), got \(found)"
    case .missingKey(let key):
      return "missing \"\(key)\"; every word needs its text, start and end"
    case .missingWordList(let key):
      return "missing \"\(key)\"; Whisper JSON holds its words in segments[].words (run "
        + "Whisper with word timestamps: --word_timestamps True) or, from OpenAI's API "
        + "(verbose_json with word timestamps), in a top-level \"words\" list"
    case .unknownKey(let key, let allowed, let suggestion):
      let hint = suggestion.map { "did you mean \"\($0)\"? " } ?? ""
      return "unknown key \"\(key)\"; \(hint)the keys are "
        + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
    case .invalidTime(let text):
      return "invalid time \(text); give seconds as a number ≥ 0"
    case .emptyWord:
      return "a word with no text; remove it or give its text"
    case .endBeforeStart(let start, let end):
      return "the word ends (\(end) s) before it starts (\(start) s); swap or fix the times"
    case .overlap(let start, let previousEnd):
      return "the word starts at \(start) s, before the previous word ends (\(previousEnd) s); "
        + "word times must not overlap: fix the times or the order of the words"
    case .timestampOutOfOrder(let text):
      return "timestamp tag <\(text)> is outside its cue or before the tag before it; "
        + "tags must rise within the cue's times"
    case .invalidTimestamp(let text):
      return "invalid timestamp \"\(text)\"; use HH:MM:SS.mmm"
    case .noWords(let format):
      return "no timed words found in \(format.displayName); is this a word-timing file?"
    case .unknownFormat(let found):
      return "not a word-timing file (\(found)); give Whisper JSON (an object with "
        + "\"segments\"), a JSON array of {\"text\", \"start\", \"end\"} or a WebVTT file"
    }
  }
}
