import Foundation
import ReelMedia

/// Reads SubRip (`.srt`) and WebVTT (`.vtt`) subtitle files into timed, styled cues.
///
///     let result = try SubtitleFile.load(path: "media/captions.srt")
///     for cue in result.cues { print(cue.timeRange.start, cue.text.string) }
///     for warning in result.warnings { print(warning) }
///
/// Text is UTF-8 (with or without a byte-order mark) or UTF-16 with a byte-order mark.
/// The reader accepts what real files contain: CRLF or CR line ends, missing or extra blank
/// lines, hour-less timestamps (`01:02.345`), `.` or `,` before the milliseconds in either
/// format, missing or out-of-order cue numbers, overlapping cues, and WebVTT headers, `NOTE`,
/// `STYLE` and `REGION` blocks (skipped). Oddities it works around are returned as warnings.
///
/// Rules for doubtful cues:
/// - a cue whose end is before its start is an error naming its line;
/// - a cue whose end equals its start, or with no text, is skipped with a warning;
/// - text between cues that belongs to no timing line is skipped with a warning;
/// - a timing line right after cue text (no blank line) starts a new cue, with a warning; a
///   number on the line just before it is taken as that cue's number.
public enum SubtitleFile {
  /// Reads and parses a subtitle file.
  ///
  /// The format comes from the content when it starts with a `WEBVTT` header, otherwise from
  /// the extension (`.vtt` is WebVTT); anything else is read as SRT.
  ///
  /// - Parameter path: The file's path; messages name it as given.
  /// - Returns: The cues in file order and the warnings.
  /// - Throws: ``SubtitleError`` when the file is missing, unreadable or not a regular file
  ///   (a FIFO, device or socket is refused without being opened), is not UTF-8 or
  ///   UTF-16 text, or has a malformed timing line.
  public static func load(path: String) throws(SubtitleError) -> SubtitleParseResult {
    // A FIFO or device is refused before it is opened (reading one could block forever).
    let data: Data
    do {
      data = try LocalFile.read(path)
    } catch {
      switch error {
      case .notFound: throw SubtitleError(path: path, reason: .fileNotFound)
      case .directory: throw SubtitleError(path: path, reason: .isDirectory)
      case .notRegular(let kind): throw SubtitleError(path: path, reason: .notRegularFile(kind))
      case .unreadable(let why): throw SubtitleError(path: path, reason: .unreadable(why))
      }
    }
    return try parse(data: data, format: nil, path: path)
  }

  /// Parses the bytes of a subtitle file.
  ///
  /// - Parameters:
  ///   - data: The file's bytes: UTF-8, or UTF-16 with a byte-order mark.
  ///   - format: The format, or nil to detect it: a `WEBVTT` first line means WebVTT, else the
  ///     extension of `path` decides (`.vtt` WebVTT), else SRT.
  ///   - path: The file's name or path, used in messages and for detection.
  /// - Returns: The cues in file order and the warnings.
  /// - Throws: ``SubtitleError`` for undecodable text or malformed timing lines.
  public static func parse(data: Data, format: SubtitleFormat? = nil, path: String)
    throws(SubtitleError) -> SubtitleParseResult
  {
    try parse(string: try decodeText(data, path: path), format: format, path: path)
  }

  /// Parses subtitle text that is already decoded.
  ///
  /// - Parameters:
  ///   - string: The file's text (a leading byte-order mark is ignored).
  ///   - format: The format, or nil to detect it as ``parse(data:format:path:)`` does.
  ///   - path: The file's name or path, used in messages and for detection.
  /// - Returns: The cues in file order and the warnings.
  /// - Throws: ``SubtitleError`` for malformed timing lines or a file without cues.
  public static func parse(string: String, format: SubtitleFormat? = nil, path: String)
    throws(SubtitleError) -> SubtitleParseResult
  {
    var lines = lines(of: string)
    if let first = lines.first, first.unicodeScalars.first == "\u{FEFF}" {
      lines[0] = String(first.unicodeScalars.dropFirst())
    }
    let detected =
      format ?? (SubtitleParser.isWebVTTHeader(lines.first ?? "") ? .webVTT : nil)
      ?? SubtitleFormat(pathExtensionOf: path) ?? .srt
    var parser = SubtitleParser(path: path, format: detected)
    try parser.parse(lines: lines)
    return SubtitleParseResult(format: detected, cues: parser.cues, warnings: parser.warnings)
  }
}
