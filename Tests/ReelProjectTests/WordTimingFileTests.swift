import Foundation
import ReelProject
import TestSupport
import Testing

/// Word-timing files: Whisper JSON, the plain token list and WebVTT with timestamp tags, and
/// the errors of bad ones (where, what, what to do).
@Suite struct WordTimingFileTests {
  /// A Whisper result written as `whisper --word_timestamps True --output_format json` does:
  /// segments with their decoding statistics, words with leading spaces and probabilities.
  static let whisper = """
    {
      "text": " Hello world. This is Reel.",
      "segments": [
        {
          "id": 0, "seek": 0, "start": 0.0, "end": 1.2, "text": " Hello world.",
          "tokens": [50364, 2425, 1002, 13, 50424], "temperature": 0.0,
          "avg_logprob": -0.25, "compression_ratio": 0.9, "no_speech_prob": 0.01,
          "words": [
            {"word": " Hello", "start": 0.0, "end": 0.48, "probability": 0.97},
            {"word": " world.", "start": 0.48, "end": 1.2, "probability": 0.91}
          ]
        },
        {
          "id": 1, "seek": 0, "start": 1.5, "end": 2.6, "text": " This is Reel.",
          "tokens": [50440, 639, 307, 1300, 338, 13], "temperature": 0.0,
          "avg_logprob": -0.3, "compression_ratio": 0.9, "no_speech_prob": 0.02,
          "words": [
            {"word": " This", "start": 1.5, "end": 1.74, "probability": 0.99},
            {"word": " is", "start": 1.74, "end": 1.9, "probability": 0.99},
            {"word": " Reel.", "start": 1.9, "end": 2.6, "probability": 0.8}
          ]
        }
      ],
      "language": "en"
    }
    """

  @Test func whisperJSONParses() throws {
    let result = try WordTimingFile.parse(string: Self.whisper, path: "speech.json")
    #expect(result.format == .whisper)
    #expect(result.words.map(\.text) == [" Hello", " world.", " This", " is", " Reel."])
    #expect(result.words.map(\.start) == [0, 0.48, 1.5, 1.74, 1.9])
    #expect(result.words.map(\.end) == [0.48, 1.2, 1.74, 1.9, 2.6])
  }

  @Test func tokenListParses() throws {
    let text = """
      [
        {"text": "你好", "start": 0.2, "end": 0.5},
        {"text": "世界", "start": 0.5, "end": 0.9}
      ]
      """
    let result = try WordTimingFile.parse(string: text, path: "words.json")
    #expect(result.format == .tokens)
    #expect(result.words.map(\.text) == ["你好", "世界"])
    #expect(result.words.map(\.start) == [0.2, 0.5])
  }

  @Test func webVTTTimestampTagsStartWords() throws {
    let text = """
      WEBVTT

      NOTE made by hand

      1
      00:00:01.000 --> 00:00:03.000
      <00:00:01.000><c>Never</c> <00:00:01.500><c>gonna</c>
      <00:00:02.000>give &amp; take

      00:00:04.000 --> 00:00:05.000
      Plain cue
      """
    let result = try WordTimingFile.parse(string: text, path: "song.vtt")
    #expect(result.format == .webVTT)
    #expect(
      result.words.map { $0.text.trimmingCharacters(in: .whitespaces) } == [
        "Never", "gonna", "give & take", "Plain cue",
      ])
    #expect(result.words.map(\.start) == [1, 1.5, 2, 4])
    #expect(result.words.map(\.end) == [1.5, 2, 3, 5])
  }

  @Test func loadsAFileAndDetectsByContent() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-words")
    let url = folder.appendingPathComponent("speech.txt")
    try Data(Self.whisper.utf8).write(to: url)
    #expect(try WordTimingFile.load(path: url.path).format == .whisper)
    #expect(try WordTimingFile.load(path: url.path, format: .whisper).words.count == 5)
  }

  // MARK: Bad inputs

  /// The error's description for `text`, which must fail.
  private func failure(_ text: String, path: String = "words.json") -> String {
    do {
      _ = try WordTimingFile.parse(string: text, path: path)
      Issue.record("parsed but should have failed")
      return ""
    } catch {
      return error.description
    }
  }

  @Test func overlappingWordsNameTheWordAndBothTimes() {
    let message = failure(
      """
      [
        {"text": "one", "start": 0, "end": 1.0},
        {"text": "two", "start": 0.8, "end": 1.5}
      ]
      """)
    #expect(
      message
        == "words.json:3:3: [1]: the word starts at 0.8 s, before the previous word ends (1.0 s); word times must not overlap: fix the times or the order of the words"
    )
  }

  @Test func reversedTimesNameTheWord() {
    let message = failure(
      """
      {"segments": [{"words": [
        {"word": " late", "start": 2.5, "end": 2.1}
      ]}]}
      """)
    #expect(
      message
        == "words.json:2:3: segments[0].words[0]: the word ends (2.1 s) before it starts (2.5 s); swap or fix the times"
    )
  }

  @Test func emptyWordsAreRefused() {
    let message = failure(#"[{"text": "  ", "start": 0, "end": 1}]"#)
    #expect(message == "words.json:1:2: [0]: a word with no text; remove it or give its text")
  }

  @Test func unknownKeysAreRefusedWithASuggestion() {
    let message = failure(
      """
      [
        {"text": "hi", "start": 0, "ned": 1}
      ]
      """)
    #expect(
      message
        == #"words.json:2:30: [0]: unknown key "ned"; did you mean "end"? the keys are "text", "start", "end""#
    )
    let whisperKey = failure(#"{"segments": [], "speakers": 2}"#)
    #expect(whisperKey.hasPrefix(#"words.json:1:18: unknown key "speakers""#))
  }

  @Test func wrongTypesMissingKeysAndNegativeTimes() {
    #expect(
      failure(#"[{"text": "a", "start": "0", "end": 1}]"#)
        == #"words.json:1:25: [0].start: expected a number of seconds, got a string"#)
    #expect(
      failure(#"[{"text": "a", "end": 1}]"#)
        == #"words.json:1:2: [0]: missing "start"; every word needs its text, start and end"#)
    #expect(
      failure(#"[{"text": "a", "start": -1, "end": 1}]"#)
        == "words.json:1:25: [0].start: invalid time -1; give seconds as a number ≥ 0")
    #expect(
      failure("[]")
        == "words.json: no timed words found in a JSON list of tokens; is this a word-timing file?")
    #expect(failure("[1,").hasPrefix("words.json:1:4: not valid JSON: "))
    #expect(failure("\"words\"").contains("not a word-timing file"))
  }

  @Test func webVTTErrorsNameTheLine() {
    #expect(
      failure(
        """
        WEBVTT

        00:00:01.000 --> 00:00:02.000
        <00:00:01.500>one <00:00:01.200>two
        """, path: "w.vtt")
        == "w.vtt:4: timestamp tag <00:00:01.200> is outside its cue or before the tag before it; tags must rise within the cue's times"
    )
    #expect(
      failure(
        """
        WEBVTT

        00:00:03.000 --> 00:00:02.000
        backwards
        """, path: "w.vtt")
        == "w.vtt:3: the word ends (2 s) before it starts (3 s); swap or fix the times")
    #expect(
      failure(
        """
        WEBVTT

        00:00:01.000 --> 00:00:02.000
        one

        00:00:01.500 --> 00:00:03.000
        two
        """, path: "w.vtt")
        == "w.vtt:7: the word starts at 1.5 s, before the previous word ends (2 s); word times must not overlap: fix the times or the order of the words"
    )
    #expect(
      failure("WEBVTT\n\n00:00:01 --> 00:00:02.000\nx\n", path: "w.vtt")
        == #"w.vtt:3: invalid timestamp "00:00:01"; use HH:MM:SS.mmm"#)
  }

  @Test func missingFilesSayWhatToDo() {
    do {
      _ = try WordTimingFile.load(path: "/nonexistent/words.json")
      Issue.record("loaded a missing file")
    } catch {
      #expect(error.description == "/nonexistent/words.json: no such file; check the path")
    }
  }

  @Test func whisperWordsKeepTheRulesWithTheirValuePaths() {
    // An unknown key in one of Whisper's words: its place, the nearest key, the keys.
    #expect(
      failure(
        """
        {"segments": [{"words": [
          {"word": " hi", "start": 0, "end": 0.4, "probabilty": 0.9}
        ]}]}
        """)
        == #"words.json:2:43: segments[0].words[0]: unknown key "probabilty"; did you mean "probability"? the keys are "word", "start", "end", "probability""#
    )
    // An unknown key in a segment.
    #expect(
      failure(#"{"segments": [{"speaker": "A", "words": []}]}"#)
        .hasPrefix(#"words.json:1:16: segments[0]: unknown key "speaker""#))
    // A word of only spaces (Whisper's words start with one).
    #expect(
      failure(#"{"segments": [{"words": [{"word": " ", "start": 0, "end": 1}]}]}"#)
        == "words.json:1:26: segments[0].words[0]: a word with no text; remove it or give its text")
    // Overlap across segments names the later word.
    #expect(
      failure(
        #"{"segments": [{"words": [{"word": "a", "start": 0, "end": 2}]}, {"words": [{"word": "b", "start": 1, "end": 3}]}]}"#
      )
        == "words.json:1:76: segments[1].words[0]: the word starts at 1 s, before the previous word ends (2 s); word times must not overlap: fix the times or the order of the words"
    )
  }

  @Test func openAIVerboseJSONWithTopLevelWordsParses() throws {
    // OpenAI's transcription API, `response_format=verbose_json` with word timestamps: the
    // words in a top-level list, the segments without words.
    let text = """
      {
        "task": "transcribe", "language": "english", "duration": 1.6,
        "text": "Hello there.",
        "words": [
          {"word": "Hello", "start": 0.0, "end": 0.52},
          {"word": "there.", "start": 0.6, "end": 1.6}
        ],
        "segments": [
          {"id": 0, "seek": 0, "start": 0.0, "end": 1.6, "text": " Hello there.",
           "tokens": [50364, 2425, 456, 13], "temperature": 0.0, "avg_logprob": -0.2,
           "compression_ratio": 0.8, "no_speech_prob": 0.01}
        ]
      }
      """
    let result = try WordTimingFile.parse(string: text, path: "api.json")
    #expect(result.format == .whisper)
    #expect(result.words.map(\.text) == ["Hello", "there."])
    #expect(result.words.map(\.start) == [0, 0.6])
    #expect(result.words.map(\.end) == [0.52, 1.6])
  }

  @Test func whisperWithoutWordTimestampsSaysHowToGetThem() {
    // `whisper` run without --word_timestamps: segments with no words.
    #expect(
      failure(#"{"text": " Hi.", "segments": [{"id": 0, "start": 0, "end": 1, "text": " Hi."}]}"#)
        == #"words.json:1:31: segments[0]: missing "words"; Whisper JSON holds its words in segments[].words (run Whisper with word timestamps: --word_timestamps True) or, from OpenAI's API (verbose_json with word timestamps), in a top-level "words" list"#
    )
    #expect(
      failure(#"{"text": " Hi."}"#)
        .hasPrefix(#"words.json:1:1: missing "segments"; Whisper JSON holds its words in"#))
  }
}
