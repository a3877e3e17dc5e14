import Foundation
import ReelProject
import TestSupport
import Testing

/// `milliseconds / 1000` seconds, exactly.
func ms(_ milliseconds: Int64) -> Time { Time(value: milliseconds, timescale: 1000) }

/// The range `[start, end)` given in milliseconds.
func range(_ start: Int64, _ end: Int64) -> TimeRange { TimeRange(start: ms(start), end: ms(end)) }

/// Parses SRT text named `captions.srt`.
func parseSRT(_ text: String) throws -> SubtitleParseResult {
  try SubtitleFile.parse(string: text, format: .srt, path: "captions.srt")
}

/// The error thrown by parsing, or nil.
func parseError(_ text: String, format: SubtitleFormat? = .srt, path: String = "captions.srt")
  -> SubtitleError?
{
  do {
    _ = try SubtitleFile.parse(string: text, format: format, path: path)
    return nil
  } catch {
    return error
  }
}

@Suite("SubtitleSRT")
struct SubtitleSRTTests {
  @Test func basicCueHasExactTimesAndKeepsLineBreaks() throws {
    let result = try parseSRT("1\n00:01:02,345 --> 00:01:04,000\nHello\nWorld\n")
    #expect(result.format == .srt)
    #expect(result.warnings.isEmpty)
    let cue = try #require(result.cues.first)
    #expect(result.cues.count == 1)
    #expect(cue.identifier == "1")
    #expect(cue.line == 2)
    #expect(cue.timeRange.start.value == 62345)
    #expect(cue.timeRange.start.timescale == 1000)
    // 1 min 2.345 s = 62345/1000 s, compared as rationals.
    #expect(cue.timeRange.start == Time(value: 12469, timescale: 200))
    #expect(cue.timeRange.end == Time(value: 64, timescale: 1))
    #expect(cue.timeRange.duration == Time(value: 1655, timescale: 1000))
    #expect(cue.text.runs == [TextRun("Hello\nWorld")])
    #expect(cue.settings == SubtitleCueSettings())
  }

  @Test func crlfAndLoneCRLineEndsReadLikeLF() throws {
    let lf =
      "1\n00:00:01,000 --> 00:00:02,000\nOne\nTwo\n\n2\n00:00:03,000 --> 00:00:04,000\nThree\n"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    let cr = lf.replacingOccurrences(of: "\n", with: "\r")
    let expected = try parseSRT(lf)
    #expect(expected.cues.count == 2)
    #expect(expected.cues[0].text.string == "One\nTwo")
    #expect(try parseSRT(crlf) == expected)
    #expect(try parseSRT(cr) == expected)
    // Line numbers count CRLF as one line end.
    #expect(try parseSRT(crlf).cues[1].line == 7)
  }

  @Test func byteOrderMarkInTextIsIgnored() throws {
    let result = try parseSRT("\u{FEFF}1\n00:00:01,000 --> 00:00:02,000\nHi\n")
    #expect(result.cues.map(\.identifier) == ["1"])
    #expect(result.warnings.isEmpty)
  }

  @Test func timingLineWithoutBlankLineStartsANewCue() throws {
    let text = """
      1
      00:00:01,000 --> 00:00:02,000
      First
      2
      00:00:03,000 --> 00:00:04,000
      Second
      00:00:05,000 --> 00:00:06,000
      Third
      """
    let result = try parseSRT(text)
    #expect(result.cues.map(\.identifier) == ["1", "2", nil])
    #expect(result.cues.map(\.text.string) == ["First", "Second", "Third"])
    #expect(
      result.cues.map(\.timeRange) == [range(1000, 2000), range(3000, 4000), range(5000, 6000)])
    #expect(
      result.warnings.map(\.description) == [
        "captions.srt:5: no blank line before this cue; the timing line ends the cue before",
        "captions.srt:7: no blank line before this cue; the timing line ends the cue before",
      ])
  }

  @Test func extraBlankLinesTrailingWhitespaceAndNoFinalNewline() throws {
    let text =
      "\n\n1  \n00:00:01,000 --> 00:00:02,000   \nHello   \t\n \n\n\n\n2\n"
      + "00:00:03,000 --> 00:00:04,500\nBye"
    let result = try parseSRT(text)
    #expect(result.warnings.isEmpty)
    #expect(result.cues.map(\.identifier) == ["1", "2"])
    #expect(result.cues.map(\.text) == [StyledText("Hello"), StyledText("Bye")])
    #expect(result.cues.map(\.timeRange) == [range(1000, 2000), range(3000, 4500)])
  }

  @Test func hourlessTimestampsAndFullStopBeforeMilliseconds() throws {
    let text = """
      1
      00:01.500 --> 01:02.345
      Short form

      2
      00:00:03.250 --> 00:00:04,750
      Full stop

      3
      123:00:00,001 --> 123:00:00,002
      Long hours
      """
    let result = try parseSRT(text)
    #expect(result.warnings.isEmpty)
    #expect(
      result.cues.map(\.timeRange) == [
        range(1500, 62345), range(3250, 4750), range(442_800_001, 442_800_002),
      ])
  }

  @Test func missingAndNonSequentialNumbersAreKeptInFileOrder() throws {
    let text = """
      5
      00:00:05,000 --> 00:00:06,000
      five

      3
      00:00:01,000 --> 00:00:02,000
      three

      00:00:08,000 --> 00:00:09,000
      none
      """
    let result = try parseSRT(text)
    #expect(result.warnings.isEmpty)
    #expect(result.cues.map(\.identifier) == ["5", "3", nil])
    #expect(result.cues.map(\.text.string) == ["five", "three", "none"])
  }

  @Test func overlappingCuesAreKeptInFileOrder() throws {
    let text = """
      1
      00:00:01,000 --> 00:00:05,000
      Long

      2
      00:00:02,000 --> 00:00:03,000
      Inside

      3
      00:00:00,500 --> 00:00:01,500
      Earlier
      """
    let result = try parseSRT(text)
    #expect(result.warnings.isEmpty)
    #expect(result.cues.map(\.text.string) == ["Long", "Inside", "Earlier"])
    #expect(result.cues[0].timeRange.overlaps(result.cues[1].timeRange))
    #expect(result.cues[2].timeRange.overlaps(result.cues[0].timeRange))
  }

  @Test func endBeforeStartIsAnErrorNamingTheLine() throws {
    let error = try #require(
      parseError("1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05,000 --> 00:00:04,000\nbad\n"))
    #expect(error.line == 6)
    #expect(error.reason == .endBeforeStart(start: "00:00:05,000", end: "00:00:04,000"))
    #expect(
      error.description
        == "captions.srt:6: cue ends before it starts (00:00:05,000 --> 00:00:04,000); "
        + "fix the times so the end is after the start")
  }

  @Test func zeroLengthAndEmptyCuesAreSkippedWithWarnings() throws {
    let text = """
      1
      00:00:01,000 --> 00:00:01,000
      Zero

      2
      00:00:02,000 --> 00:00:03,000

      3
      00:00:04,000 --> 00:00:05,000
      <i></i>

      4
      00:00:06,000 --> 00:00:07,000
      Kept
      """
    let result = try parseSRT(text)
    #expect(result.cues.map(\.identifier) == ["4"])
    #expect(
      result.warnings.map(\.description) == [
        "captions.srt:2: cue has zero duration (00:00:01,000 --> 00:00:01,000); skipped",
        "captions.srt:6: cue has no text; skipped",
        "captions.srt:9: cue has no text; skipped",
      ])
  }

  @Test func invalidTimestampNamesTheLineAndTheForm() throws {
    var lines: [String] = []
    for number in 1...3 {
      lines += ["\(number)", "00:00:0\(number),000 --> 00:00:0\(number),500", "Line \(number)", ""]
    }
    lines += ["4", "00:00:04,000 --> 00:00:05,00x", "Bad"]
    #expect(lines.count == 15)
    let error = try #require(parseError(lines.joined(separator: "\n")))
    #expect(
      error.description == "captions.srt:14: invalid timestamp \"00:00:05,00x\"; use HH:MM:SS,mmm")
    #expect(error.reason == .invalidTimestamp("00:00:05,00x", format: .srt))

    for bad in [
      "00:60:00,000", "00:00:60,000", "0:0:01,000", "00:00:01,00", "00:00:01", "-00:00:01,000",
    ] {
      let error = try #require(parseError("1\n\(bad) --> 99:00:00,000\nx\n"), "\(bad)")
      #expect(error.description == "captions.srt:2: invalid timestamp \"\(bad)\"; use HH:MM:SS,mmm")
    }
    let webVTT = try #require(
      parseError("WEBVTT\n\n00:00.5 --> 00:01.000\nx\n", format: nil, path: "a.vtt"))
    #expect(webVTT.description == "a.vtt:3: invalid timestamp \"00:00.5\"; use HH:MM:SS.mmm")
  }

  @Test func timingLineWithoutEndIsAnError() throws {
    let error = try #require(parseError("1\n00:00:01,000 -->\nx\n"))
    #expect(
      error.description
        == "captions.srt:2: invalid timing line \"00:00:01,000 -->\"; "
        + "use \"00:00:01,000 --> 00:00:04,000\"")
  }

  @Test func textOutsideCuesIsIgnoredWithAWarning() throws {
    let text = """
      Created by SubMaker

      1
      00:00:01,000 --> 00:00:02,000
      Line one

      Line two

      2
      00:00:03,000 --> 00:00:04,000
      Next
      """
    let result = try parseSRT(text)
    #expect(result.cues.map(\.text.string) == ["Line one", "Next"])
    let advice = "; remove it, or the blank line above it if it belongs to the cue before"
    #expect(
      result.warnings.map(\.description) == [
        "captions.srt:1: text outside a cue ignored (\"Created by SubMaker\")" + advice,
        "captions.srt:7: text outside a cue ignored (\"Line two\")" + advice,
      ])
  }

  @Test func fileWithoutAnyTimingLineIsAnError() throws {
    let error = try #require(
      parseError("{\"not\": \"subtitles\"}\n", format: nil, path: "notes.srt"))
    #expect(
      error.description
        == "notes.srt: no subtitle cues found (no line like \"00:00:01,000 --> 00:00:04,000\"); "
        + "is this a subtitle file?")
    let empty = try parseSRT("\n\n")
    #expect(empty.cues.isEmpty)
    #expect(empty.warnings.map(\.description) == ["captions.srt: the file has no cues"])
  }

  @Test func srtPositionCoordinatesAreReportedOnceAndIgnored() throws {
    let text = """
      1
      00:00:01,000 --> 00:00:02,000 X1:100 X2:600 Y1:20 Y2:50
      One

      2
      00:00:03,000 --> 00:00:04,000 X1:100 X2:600 Y1:20 Y2:50
      Two
      """
    let result = try parseSRT(text)
    #expect(result.cues.map(\.settings) == [SubtitleCueSettings(), SubtitleCueSettings()])
    #expect(
      result.warnings.map(\.description) == [
        "captions.srt:2: unknown cue setting \"X1:100\" ignored",
        "captions.srt:2: unknown cue setting \"X2:600\" ignored",
        "captions.srt:2: unknown cue setting \"Y1:20\" ignored",
        "captions.srt:2: unknown cue setting \"Y2:50\" ignored",
      ])
  }

  @Test func realisticTwentyCueFile() throws {
    let text = Self.twentyCueSRT.replacingOccurrences(of: "\n", with: "\r\n")
    let result = try SubtitleFile.parse(data: Data(text.utf8), path: "movie.en.srt")
    #expect(result.format == .srt)
    #expect(result.warnings.isEmpty)
    let expected: [(Int64, Int64, String)] = [
      (1_000, 3_500, "Where are we going?"),
      (3_600, 6_200, "To the station.\nThe last train leaves at ten."),
      (6_300, 8_000, "Then we must hurry."),
      (8_100, 10_750, "I can't run in these shoes!"),
      (10_800, 12_000, "[Train whistle]"),
      (12_500, 15_000, "Tom & Jerry's café, 5 < 7"),
      (15_100, 17_900, "Did you bring the tickets?"),
      (18_000, 19_999, "I thought you had them."),
      (20_000, 22_000, "Look, over there!"),
      (22_000, 24_500, "The platform is empty."),
      (24_600, 27_000, "We missed it."),
      (27_100, 29_300, "No... wait. Listen."),
      (29_400, 31_000, "♪ Music playing ♪"),
      (31_100, 34_000, "It's coming back!"),
      (34_100, 36_600, "Trains don't come back."),
      (36_700, 39_000, "This one does."),
      (39_100, 41_500, "ANNOUNCER: Platform four,\nthe ten o'clock service."),
      (41_600, 44_000, "See? I told you."),
      (44_100, 46_800, "Fine. You were right."),
      (3_599_999, 3_601_000, "The End"),
    ]
    #expect(result.cues.count == 20)
    for (cue, (start, end, string)) in zip(result.cues, expected) {
      #expect(cue.timeRange == range(start, end), "\(string)")
      #expect(cue.text.string == string)
    }
    #expect(result.cues.map(\.identifier) == (1...20).map { Optional(String($0)) })
    #expect(
      result.cues[2].text.runs == [
        TextRun("Then we must "), TextRun("hurry", italic: true), TextRun("."),
      ])
    #expect(
      result.cues[4].text.runs == [TextRun("[Train whistle]", color: try Color(parsing: "#FFFF00"))]
    )
    #expect(result.cues[12].settings.line == .percentage(0))
    #expect(result.cues[16].text.runs.first == TextRun("ANNOUNCER:", bold: true))
  }

  static let twentyCueSRT = """
    1
    00:00:01,000 --> 00:00:03,500
    Where are we going?

    2
    00:00:03,600 --> 00:00:06,200
    To the station.
    The last train leaves at ten.

    3
    00:00:06,300 --> 00:00:08,000
    Then we must <i>hurry</i>.

    4
    00:00:08,100 --> 00:00:10,750
    I can't run in these shoes!

    5
    00:00:10,800 --> 00:00:12,000
    <font color="#ffff00">[Train whistle]</font>

    6
    00:00:12,500 --> 00:00:15,000
    Tom &amp; Jerry's café, 5 &lt; 7

    7
    00:00:15,100 --> 00:00:17,900
    Did you bring the tickets?

    8
    00:00:18,000 --> 00:00:19,999
    I thought you had them.

    9
    00:00:20,000 --> 00:00:22,000
    Look, over there!

    10
    00:00:22,000 --> 00:00:24,500
    The platform is empty.

    11
    00:00:24,600 --> 00:00:27,000
    We missed it.

    12
    00:00:27,100 --> 00:00:29,300
    No... wait. Listen.

    13
    00:00:29,400 --> 00:00:31,000
    {\\an8}♪ Music playing ♪

    14
    00:00:31,100 --> 00:00:34,000
    It's coming back!

    15
    00:00:34,100 --> 00:00:36,600
    Trains don't come back.

    16
    00:00:36,700 --> 00:00:39,000
    This one does.

    17
    00:00:39,100 --> 00:00:41,500
    <b>ANNOUNCER:</b> Platform four,
    the ten o'clock service.

    18
    00:00:41,600 --> 00:00:44,000
    See? I told you.

    19
    00:00:44,100 --> 00:00:46,800
    Fine. You were right.

    20
    00:59:59,999 --> 01:00:01,000
    The End

    """
}

@Suite("SubtitleRobustness")
struct SubtitleRobustnessTests {

  @Test func damagedFilesNeverCrash() {
    var generator = SeededGenerator(state: 42)
    let original = Array(SubtitleSRTTests.twentyCueSRT.utf8)
    let alphabet = Array("<>/{}\\&;#:,.-> \n\r0123456789bivucWEBVTTNOTE".utf8)
    var parsed = 0
    var failed = 0
    for _ in 0..<300 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        let position = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[position] = alphabet.randomElement(using: &generator) ?? 0x20
        case 1: bytes.remove(at: position)
        default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0x20, at: position)
        }
      }
      for format in [SubtitleFormat.srt, .webVTT] {
        do {
          _ = try SubtitleFile.parse(data: Data(bytes), format: format, path: "x")
          parsed += 1
        } catch {
          #expect(!error.description.isEmpty)
          failed += 1
        }
      }
    }
    #expect(parsed + failed == 600)
  }

  @Test func degenerateInputs() throws {
    for text in [
      "", "-->", "\n-->\n", "WEBVTT", "<", "&", "{\\", "1\n00:00:01,000 --> 00:00:02,000\n<",
      "\r\r\n\n",
    ] {
      for format in [SubtitleFormat.srt, .webVTT] {
        _ = try? SubtitleFile.parse(string: text, format: format, path: "x")
      }
    }
    #expect(
      try SubtitleFile.parse(string: "1\n00:00:01,000 --> 00:00:02,000\n<", path: "x").cues.first?
        .text == "<")
  }
}
