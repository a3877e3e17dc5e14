/// The word-timing file formats Reel reads for word-level captions.
///
/// - ``whisper``: the JSON OpenAI Whisper writes with `word_timestamps=True`: an object
///   whose `segments` each hold `words`, each `{ "word", "start", "end", "probability" }`
///   (seconds).
/// - ``tokens``: Reel's plain list: a JSON array of `{ "text": "Hello", "start": 0.0,
///   "end": 0.42 }` (seconds), one object per word, in time order, nothing else.
/// - ``webVTT``: WebVTT cues whose text carries timestamp tags
///   (`00:00:01.000 --> 00:00:03.000` then `<00:00:01.000>Never <00:00:01.500>gonna`): each
///   tag starts a word, which lasts to the next tag or the cue's end; text before the first
///   tag starts at the cue's start.
public enum WordTimingFormat: String, Sendable, Hashable, CaseIterable {
  /// Whisper's JSON with word timestamps.
  case whisper
  /// A JSON array of `{ "text", "start", "end" }` tokens.
  case tokens
  /// WebVTT with inline timestamp tags.
  case webVTT = "webvtt"

  /// How the format is written in messages.
  var displayName: String {
    switch self {
    case .whisper: "Whisper JSON"
    case .tokens: "a JSON list of tokens"
    case .webVTT: "WebVTT"
    }
  }
}
