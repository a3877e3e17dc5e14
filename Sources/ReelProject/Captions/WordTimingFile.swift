import Foundation

/// Reads word timings — Whisper JSON, a JSON list of tokens, WebVTT with timestamp tags
/// (``WordTimingFormat``) — into timed words for captions.
///
///     let words = try WordTimingFile.load(path: "speech.json").words
///     let pages = CaptionPaging(maximumWords: 3).pages(words)
///
/// Every format's words are held to the same rules, each broken one an error naming its line
/// (and, in JSON, its column and value path): a word has text (not only spaces), times are
/// numbers of seconds ≥ 0, a word does not end before it starts (it may end where it starts:
/// such a word is shown but never highlighted), and a word does not start before the
/// previous one ends. JSON objects have only the format's keys.
public enum WordTimingFile {
  /// Reads and parses a word-timing file.
  ///
  /// - Parameters:
  ///   - path: The file; messages name it as given.
  ///   - format: The format, or nil to detect it (``parse(string:format:path:)``).
  /// - Returns: The format read and the words in time order.
  /// - Throws: ``WordTimingError`` when the file is missing, unreadable, not a regular file,
  ///   not UTF-8 or UTF-16 text, or breaks the format's rules.
  public static func load(path: String, format: WordTimingFormat? = nil)
    throws(WordTimingError) -> WordTimingParseResult
  {
    let data: Data
    do {
      data = try LocalFile.read(path)
    } catch {
      switch error {
      case .notFound: throw WordTimingError(path: path, reason: .file(.fileNotFound))
      case .directory: throw WordTimingError(path: path, reason: .file(.isDirectory))
      case .notRegular(let kind):
        throw WordTimingError(path: path, reason: .file(.notRegularFile(kind)))
      case .unreadable(let why):
        throw WordTimingError(path: path, reason: .file(.unreadable(why)))
      }
    }
    let text: String
    do {
      text = try SubtitleFile.decodeText(data, path: path)
    } catch {
      throw WordTimingError(path: path, line: error.line, reason: .file(error.reason))
    }
    return try parse(string: text, format: format, path: path)
  }

  /// Parses the text of a word-timing file.
  ///
  /// - Parameters:
  ///   - string: The file's text.
  ///   - format: The format, or nil to detect it: a first line `WEBVTT` (or a `.vtt` name)
  ///     is WebVTT; a JSON object is Whisper's; a JSON array is a list of tokens.
  ///   - path: The file's name, for messages and detection.
  /// - Returns: The format read and the words in time order.
  /// - Throws: ``WordTimingError`` naming the line of the first problem.
  public static func parse(string: String, format: WordTimingFormat? = nil, path: String)
    throws(WordTimingError) -> WordTimingParseResult
  {
    let text = string.unicodeScalars.first == "\u{FEFF}" ? String(string.dropFirst()) : string
    let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
    let isVTT =
      SubtitleParser.isWebVTTHeader(String(firstLine))
      || SubtitleFormat(pathExtensionOf: path) == .webVTT
    if format == .webVTT || (format == nil && isVTT) {
      var reader = WebVTTWordReader(path: path)
      let words = try reader.read(SubtitleFile.lines(of: text))
      return try finish(words, format: .webVTT, path: path)
    }
    let json: TemplateJSON
    do {
      json = try TemplateJSONReader.parse(text)
    } catch {
      throw WordTimingError(
        path: path, line: error.line, column: error.column, reason: .syntax(error.message))
    }
    let detected: WordTimingFormat
    switch (format, json.kind) {
    case (.some(let given), _): detected = given
    case (nil, .object): detected = .whisper
    case (nil, .array): detected = .tokens
    case (nil, _):
      throw WordTimingError(
        path: path, line: json.line, column: json.column,
        reason: .unknownFormat("a JSON \(json.typeDescription.split(separator: " ").last ?? "")"))
    }
    let reader = JSONWordReader(path: path)
    let words = detected == .whisper ? try reader.whisper(json) : try reader.tokens(json)
    return try finish(words, format: detected, path: path)
  }

  /// A word as read, with where it was written (for the checks' messages).
  struct Located {
    var text: String
    var start: Double
    var end: Double
    var startText: String
    var endText: String
    var line: Int
    var column: Int?
    var valuePath: String?
  }

  /// The rules every format's words keep (empty words, reversed and overlapping times),
  /// checked once here.
  private static func finish(_ words: [Located], format: WordTimingFormat, path: String)
    throws(WordTimingError) -> WordTimingParseResult
  {
    guard !words.isEmpty else {
      throw WordTimingError(path: path, reason: .noWords(format: format))
    }
    var checked: [CaptionWord] = []
    var previous: Located?
    for word in words {
      func fail(_ reason: WordTimingError.Reason) -> WordTimingError {
        WordTimingError(
          path: path, line: word.line, column: word.column, valuePath: word.valuePath,
          reason: reason)
      }
      if CaptionText.trimmed(word.text).isEmpty { throw fail(.emptyWord) }
      if word.end < word.start {
        throw fail(.endBeforeStart(start: word.startText, end: word.endText))
      }
      if let previous, word.start < previous.end {
        throw fail(.overlap(start: word.startText, previousEnd: previous.endText))
      }
      checked.append(CaptionWord(word.text, start: word.start, end: word.end))
      previous = word
    }
    return WordTimingParseResult(format: format, words: checked)
  }
}

/// What a word-timing file held.
public struct WordTimingParseResult: Sendable, Hashable {
  /// The format read.
  public var format: WordTimingFormat
  /// The words, in time order (times in seconds from the file's zero).
  public var words: [CaptionWord]
}
