/// Why a subtitle file could not be read.
///
/// `description` is one line naming the file (and the line, when there is one), what was
/// wrong and what to do, e.g.
/// `captions.srt:14: invalid timestamp "00:00:05,00x"; use HH:MM:SS,mmm`.
public struct SubtitleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong.
  public enum Reason: Sendable, Hashable {
    /// Nothing exists at the path.
    case fileNotFound
    /// The path names a directory.
    case isDirectory
    /// The path names something other than a regular file: what (`a FIFO`, `a character
    /// device`, …).
    case notRegularFile(String)
    /// The file could not be read (permissions, I/O error); the system's reason.
    case unreadable(String)
    /// The bytes are not UTF-8 (and there is no UTF-16 byte-order mark): the first byte of
    /// the first invalid sequence and its 0-based offset in the file.
    case invalidUTF8(byte: UInt8, offset: Int)
    /// A NUL byte, as in UTF-16 text without a byte-order mark; its 0-based offset.
    case nulByte(offset: Int)
    /// UTF-16 text (after a byte-order mark) with an odd number of bytes.
    case truncatedUTF16(byteCount: Int)
    /// UTF-16 text with an unpaired surrogate: the code unit and its 0-based byte offset.
    case unpairedSurrogate(codeUnit: UInt16, offset: Int)
    /// The file starts with a UTF-32 byte-order mark.
    case utf32
    /// A timestamp that is not `[HH:]MM:SS,mmm` (SRT) or `[HH:]MM:SS.mmm` (WebVTT).
    case invalidTimestamp(String, format: SubtitleFormat)
    /// A line with `-->` that is not `start --> end [settings]`.
    case invalidTimingLine(String, format: SubtitleFormat)
    /// A cue whose end time is before its start time, as written.
    case endBeforeStart(start: String, end: String)
    /// The file has text but not a single timing line.
    case noCues(format: SubtitleFormat)
  }

  /// The file, as given to the parser.
  public var path: String
  /// The 1-based line of the problem, or nil when it concerns the whole file.
  public var line: Int?
  /// What was wrong.
  public var reason: Reason

  /// Makes an error.
  ///
  /// - Parameters:
  ///   - path: The file, as given to the parser.
  ///   - line: The 1-based line, or nil for the whole file.
  ///   - reason: What was wrong.
  public init(path: String, line: Int? = nil, reason: Reason) {
    self.path = path
    self.line = line
    self.reason = reason
  }

  /// `path[:line]: what was wrong; what to do`.
  public var description: String {
    let place = line.map { "\(path):\($0)" } ?? path
    return "\(place): \(message)"
  }

  /// The part after the place.
  private var message: String {
    switch reason {
    case .fileNotFound:
      return "no such file; check the path"
    case .isDirectory:
      return "is a directory; give the path of an .srt or .vtt file"
    case .notRegularFile(let kind):
      return "not a regular file (\(kind)); give the path of an .srt or .vtt file"
    case .unreadable(let why):
      return "cannot be read (\(why)); check that the file exists and is readable"
    case .invalidUTF8(let byte, let offset):
      return "not valid UTF-8 text (byte \(Self.hex(byte)) at offset \(offset)); "
        + "save the file as UTF-8"
    case .nulByte(let offset):
      return "not UTF-8 text (NUL byte at offset \(offset), as in UTF-16 without a "
        + "byte-order mark); save the file as UTF-8"
    case .truncatedUTF16(let count):
      return "UTF-16 text with an odd number of bytes (\(count)); the file is cut short, "
        + "save it again as UTF-8"
    case .unpairedSurrogate(let unit, let offset):
      return "not valid UTF-16 text (unpaired surrogate 0x"
        + String(unit, radix: 16, uppercase: true) + " at offset \(offset)); "
        + "save the file as UTF-8"
    case .utf32:
      return "UTF-32 text is not supported; save the file as UTF-8"
    case .invalidTimestamp(let text, let format):
      return "invalid timestamp \"\(text)\"; use \(format.timestampPattern)"
    case .invalidTimingLine(let text, let format):
      return "invalid timing line \"\(text)\"; use \"\(format.exampleTimingLine)\""
    case .endBeforeStart(let start, let end):
      return "cue ends before it starts (\(start) --> \(end)); "
        + "fix the times so the end is after the start"
    case .noCues(let format):
      return "no subtitle cues found (no line like \"\(format.exampleTimingLine)\"); "
        + "is this a subtitle file?"
    }
  }

  /// `0xE9`.
  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }
}
