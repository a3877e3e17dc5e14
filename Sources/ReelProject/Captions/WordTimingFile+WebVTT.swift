/// Reads WebVTT cues with inline timestamp tags into timed words: each tag
/// (`<00:00:01.500>`) starts a word, which lasts to the next tag or the cue's end; text
/// before a cue's first tag starts at the cue's start. Other tags (`<c>`, `<b>`, voice
/// tags) are dropped, the common character references decoded, a cue's lines joined with a
/// space; `NOTE`, `STYLE` and `REGION` blocks and cue identifiers are skipped.
struct WebVTTWordReader {
  let path: String

  mutating func read(_ lines: [String]) throws(WordTimingError) -> [WordTimingFile.Located] {
    var words: [WordTimingFile.Located] = []
    var index = 0
    // The header block.
    if let first = lines.first, SubtitleParser.isWebVTTHeader(first) {
      while index < lines.count, !isBlank(lines[index]) { index += 1 }
    }
    while index < lines.count {
      while index < lines.count, isBlank(lines[index]) { index += 1 }
      let blockStart = index
      while index < lines.count, !isBlank(lines[index]) { index += 1 }
      let block = Array(lines[blockStart..<index])
      guard let first = block.first else { continue }
      let keyword = first.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
      if ["NOTE", "STYLE", "REGION"].contains(keyword) { continue }
      guard let timing = block.firstIndex(where: { $0.contains("-->") }) else { continue }
      words += try cue(
        timingLine: block[timing], line: blockStart + timing + 1,
        text: block[(timing + 1)...].enumerated().map {
          ($0.element, blockStart + timing + 2 + $0.offset)
        })
    }
    return words
  }

  private func cue(timingLine: String, line: Int, text: [(String, Int)])
    throws(WordTimingError) -> [WordTimingFile.Located]
  {
    let parts = timingLine.components(separatedBy: "-->")
    guard parts.count == 2 else {
      throw WordTimingError(path: path, line: line, reason: .invalidTimestamp(timingLine))
    }
    let startText = parts[0].trimmingCharacters(in: .whitespaces)
    let endText = parts[1].split(separator: " ").first.map(String.init) ?? ""
    let start = try timestamp(startText, line: line)
    let end = try timestamp(endText, line: line)
    guard end >= start else {
      throw WordTimingError(
        path: path, line: line,
        reason: .endBeforeStart(start: seconds(start), end: seconds(end)))
    }
    // Segments: (start, text, line), each begun by a timestamp tag.
    var segments: [(start: Double, text: String, line: Int)] = []
    var current = (start: start, text: "", line: text.first?.1 ?? line)
    var lastTag = start
    for (lineIndex, (content, number)) in text.enumerated() {
      if lineIndex > 0 { current.text += " " }
      var rest = Substring(content)
      while let open = rest.firstIndex(of: "<") {
        current.text += decoded(rest[..<open])
        guard let close = rest[open...].firstIndex(of: ">") else {
          rest = rest[rest.endIndex...]
          break
        }
        let tag = rest[rest.index(after: open)..<close]
        rest = rest[rest.index(after: close)...]
        if let first = tag.first, first.isNumber {
          let time = try timestamp(String(tag), line: number)
          guard time >= lastTag, time <= end else {
            throw WordTimingError(
              path: path, line: number, reason: .timestampOutOfOrder(String(tag)))
          }
          segments.append(current)
          current = (time, "", number)
          lastTag = time
        }
      }
      current.text += decoded(rest)
    }
    segments.append(current)
    var words: [WordTimingFile.Located] = []
    for (index, segment) in segments.enumerated() {
      let wordEnd = index + 1 < segments.count ? segments[index + 1].start : end
      // Space between tags is no word.
      guard !CaptionText.trimmed(segment.text).isEmpty else { continue }
      words.append(
        WordTimingFile.Located(
          text: segment.text, start: segment.start, end: wordEnd,
          startText: seconds(segment.start), endText: seconds(wordEnd), line: segment.line))
    }
    return words
  }

  private func timestamp(_ text: String, line: Int) throws(WordTimingError) -> Double {
    guard let time = SubtitleTimestamp.parse(Substring(text)) else {
      throw WordTimingError(path: path, line: line, reason: .invalidTimestamp(text))
    }
    return time.seconds
  }

  private func seconds(_ value: Double) -> String { ReadableNumber.string(value, decimals: 3) }

  private func isBlank(_ line: String) -> Bool {
    line.allSatisfy { $0 == " " || $0 == "\t" }
  }

  /// The text with `&amp;`, `&lt;`, `&gt;`, `&nbsp;`, `&lrm;`, `&rlm;` decoded.
  private func decoded(_ text: Substring) -> String {
    guard text.contains("&") else { return String(text) }
    return String(text)
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&nbsp;", with: "\u{00A0}")
      .replacingOccurrences(of: "&lrm;", with: "\u{200E}")
      .replacingOccurrences(of: "&rlm;", with: "\u{200F}")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
