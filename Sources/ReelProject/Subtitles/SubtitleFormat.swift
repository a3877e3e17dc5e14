/// The subtitle file formats Reel reads.
public enum SubtitleFormat: String, Sendable, Hashable, CaseIterable {
  /// SubRip (`.srt`): numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, HTML-like tags.
  case srt
  /// WebVTT (`.vtt`): a `WEBVTT` header, `HH:MM:SS.mmm` timings with cue settings, cue tags.
  case webVTT

  /// The format a file extension names, or nil for other extensions.
  ///
  /// - Parameter path: A file path; only its extension (any case) is looked at.
  /// - Returns: `.srt` for `.srt`, `.webVTT` for `.vtt`, nil otherwise.
  public init?(pathExtensionOf path: String) {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: ".") else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "srt": self = .srt
    case "vtt": self = .webVTT
    default: return nil
    }
  }

  /// How a timestamp is written in this format, for messages: `HH:MM:SS,mmm` or
  /// `HH:MM:SS.mmm`.
  var timestampPattern: String {
    switch self {
    case .srt: "HH:MM:SS,mmm"
    case .webVTT: "HH:MM:SS.mmm"
    }
  }

  /// An example timing line in this format, for messages.
  var exampleTimingLine: String {
    switch self {
    case .srt: "00:00:01,000 --> 00:00:04,000"
    case .webVTT: "00:00:01.000 --> 00:00:04.000"
    }
  }

  /// The name used in messages: `SRT` or `WebVTT`.
  var displayName: String {
    switch self {
    case .srt: "SRT"
    case .webVTT: "WebVTT"
    }
  }
}
