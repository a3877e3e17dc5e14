import Foundation

/// The one way the tool writes text: every message on standard error and every line on
/// standard output passes through here.
///
/// - Each message is one line: control characters in it (a newline in a template value, an
///   escape sequence in a file name) are written as escapes (`\n`, `\t`, `\u{1B}`), so a
///   value can neither split a problem over two lines nor drive the terminal.
/// - Errors and warnings start with `reel: ` (`reel: warning: `).
/// - Warnings of one kind are summarised: one line with the first occurrence and how many
///   more there were (see ``summarize(_:)``).
/// - Each line is one `write` to the file descriptor, so lines from several threads (the
///   media libraries' log under `--verbose`) do not mix.
enum Console {
  // MARK: Standard error

  /// Writes `reel: <message>` on standard error.
  static func error(_ message: String) {
    writeLines(["reel: " + escaped(message)], to: .standardError)
  }

  /// Writes one `reel: <message>` line per message on standard error (a template's
  /// problems: every error is shown, one per line).
  static func errors(_ messages: [String]) {
    writeLines(messages.map { "reel: " + escaped($0) }, to: .standardError)
  }

  /// Writes warnings as `reel: warning: …` lines on standard error, one line per kind.
  ///
  /// - Parameter warnings: The warnings, in the order they were found.
  static func warnings(_ warnings: [String]) {
    writeLines(
      summarize(warnings.map(escaped)).map { "reel: warning: " + $0 }, to: .standardError)
  }

  /// Writes a line of the media libraries' log (shown with `--verbose`).
  static func libraryLog(_ line: String) {
    writeLines(["reel: ffmpeg: " + escaped(line)], to: .standardError)
  }

  /// Writes an unprefixed line on standard error (the summary after `--progress json`).
  static func note(_ line: String) {
    writeLines([escaped(line)], to: .standardError)
  }

  /// Writes terminal control text as it is (the progress bar's carriage returns and
  /// erase-line sequences); only for text the tool made itself.
  static func terminalControl(_ text: String) {
    write(Data(text.utf8), to: FileHandle.standardError)
  }

  // MARK: Standard output

  /// Writes one line on standard output, escaped.
  static func output(_ line: String) {
    writeLines([escaped(line)], to: .standardOutput)
  }

  /// Writes lines on standard output, each escaped.
  static func output(lines: [String]) {
    writeLines(lines.map(escaped), to: .standardOutput)
  }

  /// Writes the tool's own text (help, the JSON Schema, JSON it serialised) on standard
  /// output as it is, ending with a newline.
  static func document(_ text: String) {
    write(
      Data((text.hasSuffix("\n") ? text : text + "\n").utf8), to: FileHandle.standardOutput)
  }

  // MARK: Formatting

  /// `text` with every control character written as an escape: `\n`, `\r`, `\t`, and
  /// `\u{XX}` for the others (C0, DEL, C1), the Unicode line and paragraph separators and
  /// the bidirectional-override controls, which could reorder what a terminal shows.
  /// Backslashes are left as they are, so paths print as given.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x2028, 0x2029: return true
    case 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Summarises repeated warnings: warnings of one kind become one line, the first of them
  /// followed by `(and N more like this)`. Two warnings are of one kind when they are equal
  /// once every run of digits is ignored (`cue 12 starts at 53.2 s` and `cue 13 starts at
  /// 54 s`). Kinds keep the order of their first warning.
  ///
  /// - Parameter warnings: Warning lines, in the order found.
  /// - Returns: One line per kind.
  static func summarize(_ warnings: [String]) -> [String] {
    var order: [String] = []
    var groups: [String: (first: String, count: Int)] = [:]
    for warning in warnings {
      let kind = shape(of: warning)
      if let group = groups[kind] {
        groups[kind] = (group.first, group.count + 1)
      } else {
        order.append(kind)
        groups[kind] = (warning, 1)
      }
    }
    return order.compactMap { kind in
      guard let group = groups[kind] else { return nil }
      if group.count == 1 { return group.first }
      return "\(group.first) (and \(group.count - 1) more like this)"
    }
  }

  /// The warning with each run of ASCII digits replaced by `#`.
  private static func shape(of warning: String) -> String {
    var shape = ""
    var inDigits = false
    for scalar in warning.unicodeScalars {
      let isDigit = scalar.value >= 0x30 && scalar.value <= 0x39
      if isDigit {
        if !inDigits { shape += "#" }
      } else {
        shape.unicodeScalars.append(scalar)
      }
      inDigits = isDigit
    }
    return shape
  }

  // MARK: Writing

  private enum Stream { case standardOutput, standardError }

  private static func writeLines(_ lines: [String], to stream: Stream) {
    let handle = stream == .standardError ? FileHandle.standardError : FileHandle.standardOutput
    for line in lines { write(Data((line + "\n").utf8), to: handle) }
  }

  /// Writes `data`, ignoring a stream that cannot be written (closed with `2>&-`, a full
  /// disk, a reader that went away): the tool's outcome is its exit status, and
  /// `FileHandle.write(_:)` would stop the process instead.
  private static func write(_ data: Data, to handle: FileHandle) {
    try? handle.write(contentsOf: data)
  }
}
