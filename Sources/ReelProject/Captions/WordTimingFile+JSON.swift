/// Reads the two JSON word-timing formats (``WordTimingFormat/whisper`` and
/// ``WordTimingFormat/tokens``) from a parsed tree, keeping each word's line, column and
/// value path for messages.
struct JSONWordReader {
  let path: String

  /// The keys of Whisper's output object (`transcribe(…, word_timestamps=True)` written
  /// as JSON, or OpenAI's transcription API's `verbose_json` with word timestamps: `task`,
  /// `duration` and a top-level `words` list).
  static let whisperKeys = ["text", "segments", "language", "task", "duration", "words"]
  /// The keys of one of Whisper's segments.
  static let whisperSegmentKeys = [
    "id", "seek", "start", "end", "text", "tokens", "temperature", "avg_logprob",
    "compression_ratio", "no_speech_prob", "words",
  ]
  /// The keys of one of Whisper's words (the API's have no `probability`).
  static let whisperWordKeys = ["word", "start", "end", "probability"]
  /// The keys of one token of the plain list: all required.
  static let tokenKeys = ["text", "start", "end"]

  /// Whisper's JSON: `segments[].words[]` with `word`, `start`, `end`; or, as OpenAI's API
  /// writes it, a top-level `words[]` list (then the segments, which hold no words there,
  /// are not read).
  func whisper(_ root: TemplateJSON) throws(WordTimingError) -> [WordTimingFile.Located] {
    let top = try members(root, "", allowed: Self.whisperKeys)
    var words: [WordTimingFile.Located] = []
    if let list = top["words"] {
      for (index, word) in try elements(list, "words").enumerated() {
        words.append(
          try timedWord(word, "words[\(index)]", textKey: "word", allowed: Self.whisperWordKeys))
      }
      return words
    }
    guard let segments = top["segments"] else {
      throw error(root, "", .missingWordList("segments"))
    }
    for (index, segment) in try elements(segments, "segments").enumerated() {
      let segmentPath = "segments[\(index)]"
      let keys = try members(segment, segmentPath, allowed: Self.whisperSegmentKeys)
      guard let list = keys["words"] else {
        throw error(segment, segmentPath, .missingWordList("words"))
      }
      for (wordIndex, word) in try elements(list, segmentPath + ".words").enumerated() {
        words.append(
          try timedWord(
            word, "\(segmentPath).words[\(wordIndex)]", textKey: "word",
            allowed: Self.whisperWordKeys))
      }
    }
    return words
  }

  /// The plain list: `[{ "text", "start", "end" }, …]`.
  func tokens(_ root: TemplateJSON) throws(WordTimingError) -> [WordTimingFile.Located] {
    var words: [WordTimingFile.Located] = []
    for (index, token) in try elements(root, "").enumerated() {
      words.append(try timedWord(token, "[\(index)]", textKey: "text", allowed: Self.tokenKeys))
    }
    return words
  }

  // MARK: Values

  private func timedWord(
    _ node: TemplateJSON, _ valuePath: String, textKey: String, allowed: [String]
  ) throws(WordTimingError) -> WordTimingFile.Located {
    let keys = try members(node, valuePath, allowed: allowed)
    for key in [textKey, "start", "end"] where keys[key] == nil {
      throw error(node, valuePath, .missingKey(key))
    }
    guard let textNode = keys[textKey], let startNode = keys["start"], let endNode = keys["end"]
    else { throw error(node, valuePath, .missingKey(textKey)) }
    guard let text = textNode.string else {
      throw error(
        textNode, "\(valuePath).\(textKey)",
        .wrongType(expected: "a string", found: textNode.typeDescription))
    }
    let (start, startText) = try seconds(startNode, "\(valuePath).start")
    let (end, endText) = try seconds(endNode, "\(valuePath).end")
    return WordTimingFile.Located(
      text: text, start: start, end: end, startText: startText, endText: endText,
      line: node.line, column: node.column, valuePath: valuePath)
  }

  /// A time in seconds: a number ≥ 0 that a `Double` holds finitely.
  private func seconds(_ node: TemplateJSON, _ valuePath: String)
    throws(WordTimingError) -> (Double, String)
  {
    guard let text = node.numberText else {
      throw error(
        node, valuePath, .wrongType(expected: "a number of seconds", found: node.typeDescription))
    }
    guard let value = Double(text), value.isFinite, value >= 0 else {
      throw error(node, valuePath, .invalidTime(text))
    }
    return (value, text)
  }

  /// An object's members by key, refusing keys outside `allowed` (a repeated key: the last wins).
  private func members(_ node: TemplateJSON, _ valuePath: String, allowed: [String])
    throws(WordTimingError) -> [String: TemplateJSON]
  {
    guard let members = node.members else {
      throw error(node, valuePath, .wrongType(expected: "an object", found: node.typeDescription))
    }
    var byKey: [String: TemplateJSON] = [:]
    for member in members {
      guard allowed.contains(member.key) else {
        throw WordTimingError(
          path: path, line: member.keyLine, column: member.keyColumn,
          valuePath: valuePath.isEmpty ? nil : valuePath,
          reason: .unknownKey(
            member.key, allowed: allowed,
            suggestion: Suggestion.nearest(to: member.key, among: allowed)))
      }
      byKey[member.key] = member.value
    }
    return byKey
  }

  private func elements(_ node: TemplateJSON, _ valuePath: String)
    throws(WordTimingError) -> [TemplateJSON]
  {
    guard let elements = node.elements else {
      throw error(node, valuePath, .wrongType(expected: "an array", found: node.typeDescription))
    }
    return elements
  }

  private func error(
    _ node: TemplateJSON, _ valuePath: String, _ reason: WordTimingError.Reason
  ) -> WordTimingError {
    WordTimingError(
      path: path, line: node.line, column: node.column,
      valuePath: valuePath.isEmpty ? nil : valuePath, reason: reason)
  }
}
