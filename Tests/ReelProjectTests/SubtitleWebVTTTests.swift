import Foundation
import ReelProject
import Testing

/// Parses WebVTT text named `captions.vtt`.
private func parseVTT(_ text: String) throws -> SubtitleParseResult {
  try SubtitleFile.parse(string: text, format: nil, path: "captions.vtt")
}

/// The single cue of a WebVTT file: timing `00:01.000 --> 00:02.000`, then `text`.
private func vttCue(_ text: String, settings: String = "") throws -> SubtitleCue {
  let result = try parseVTT("WEBVTT\n\n00:01.000 --> 00:02.000 \(settings)\n\(text)\n")
  #expect(result.warnings.isEmpty)
  return try #require(result.cues.first)
}

@Suite("SubtitleWebVTT")
struct SubtitleWebVTTTests {
  @Test func headerNoteStyleAndRegionBlocksAreSkipped() throws {
    let text = """
      WEBVTT - Some title
      Kind: captions
      Language: en

      REGION
      id:fred
      width:40%

      STYLE
      ::cue { color: yellow }

      NOTE This is a comment
      spanning two lines

      intro
      00:00:00.500 --> 00:00:02.000
      Hello

      NOTE
      another note --> not a cue

      00:00:02.500 --> 00:00:03.000
      World
      """
    let result = try parseVTT(text)
    #expect(result.format == .webVTT)
    #expect(result.cues.map(\.identifier) == ["intro", nil])
    #expect(result.cues.map(\.text.string) == ["Hello", "World"])
    #expect(result.cues.map(\.timeRange) == [range(500, 2000), range(2500, 3000)])
    #expect(
      result.warnings.map(\.description) == [
        "captions.vtt:5: REGION block ignored; cues are placed by their own settings",
        "captions.vtt:9: STYLE block ignored; set the caption style in the template",
      ])
  }

  @Test func cueSettingsAreRead() throws {
    let cue = try vttCue(
      "x", settings: "line:0 position:10%,line-left size:50% align:start vertical:rl region:fred")
    #expect(
      cue.settings
        == SubtitleCueSettings(
          vertical: .rightToLeft, line: .number(0), position: 10, positionAlignment: .lineLeft,
          size: 50, alignment: .start, region: "fred"))
    #expect(try vttCue("x", settings: "line:-1").settings.line == .number(-1))
    #expect(
      try vttCue("x", settings: "line:12.5%,center").settings
        == SubtitleCueSettings(line: .percentage(12.5), lineAlignment: .center))
    #expect(try vttCue("x", settings: "align:middle").settings.alignment == .center)
    #expect(
      try vttCue("x", settings: "\talign:end  size:100%").settings
        == SubtitleCueSettings(size: 100, alignment: .end))
  }

  @Test func badAndUnknownSettingsAreReportedAndIgnored() throws {
    let result = try parseVTT(
      "WEBVTT\n\n00:01.000 --> 00:02.000 size:150% foo:bar line:abc align:start position\nx\n")
    #expect(result.cues.first?.settings == SubtitleCueSettings(alignment: .start))
    #expect(
      result.warnings.map(\.description) == [
        "captions.vtt:3: invalid cue setting \"size:150%\" ignored",
        "captions.vtt:3: unknown cue setting \"foo:bar\" ignored",
        "captions.vtt:3: invalid cue setting \"line:abc\" ignored",
        "captions.vtt:3: unknown cue setting \"position\" ignored",
      ])
  }

  @Test func colourClassesBecomeRunColours() throws {
    let cue = try vttCue(
      "<c.yellow>yellow</c> <c.magenta.bg_black>magenta</c> <c.loud>plain</c> <b.lime>lime</b>")
    #expect(
      cue.text.runs == [
        TextRun("yellow", color: .yellow), TextRun(" "), TextRun("magenta", color: .magenta),
        TextRun(" plain "), TextRun("lime", bold: true, color: .lime),
      ])
  }

  @Test func voiceTagsAreDroppedAndSpeakersKept() throws {
    let cue = try vttCue(
      "<v Roger Bingham>We are in New York City</v>\n<v.loud Esme>Hi!\n<v Roger Bingham>Yes")
    #expect(cue.text.runs == [TextRun("We are in New York City\nHi!\nYes")])
    #expect(cue.speakers == ["Roger Bingham", "Esme"])
  }

  @Test func karaokeTimestampsLangAndRubyAnnotationsAreDropped() throws {
    #expect(
      try vttCue("<00:00:01.000>one <00:00:01.500><i>two</i>").text.runs == [
        TextRun("one "), TextRun("two", italic: true),
      ])
    #expect(try vttCue("<lang en-GB>colour</lang>").text.runs == [TextRun("colour")])
    #expect(try vttCue("<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>です").text.runs == [TextRun("漢字です")])
  }

  @Test func assCodesAreTextInWebVTT() throws {
    #expect(try vttCue("{\\an8}x").text.string == "{\\an8}x")
  }

  @Test func hourlessAndHourTimestamps() throws {
    let result = try parseVTT(
      "WEBVTT\n\n01:02.345 --> 01:00:00.000\na\n\n00:00:05,500 --> 00:00:06.000\nb\n")
    #expect(result.cues.map(\.timeRange) == [range(62345, 3_600_000), range(5500, 6000)])
  }

  @Test func formatDetection() throws {
    let webVTT = "WEBVTT\n\n00:01.000 --> 00:02.000\nx\n"
    let srt = "1\n00:00:01,000 --> 00:00:02,000\nx\n"
    #expect(try SubtitleFile.parse(string: webVTT, path: "a.txt").format == .webVTT)
    #expect(try SubtitleFile.parse(string: webVTT, path: "a.srt").format == .webVTT)
    #expect(try SubtitleFile.parse(string: srt, path: "a.txt").format == .srt)
    #expect(try SubtitleFile.parse(string: srt, path: "A.SRT").format == .srt)
    #expect(SubtitleFormat(pathExtensionOf: "dir.vtt/file") == nil)
    #expect(SubtitleFormat(pathExtensionOf: "/x/y.VTT") == .webVTT)
    // A .vtt file without its header is read as WebVTT, with a warning.
    let headless = try SubtitleFile.parse(string: "00:01.000 --> 00:02.000\nx\n", path: "a.vtt")
    #expect(headless.format == .webVTT)
    #expect(headless.cues.count == 1)
    #expect(
      headless.warnings.map(\.description) == [
        "a.vtt:1: missing \"WEBVTT\" header; add WEBVTT as the first line"
      ])
    // "WEBVTTX" is no header.
    #expect(try SubtitleFile.parse(string: "WEBVTTX\n\n" + srt, path: "a.srt").format == .srt)
  }

  @Test func headerOnlyFileHasNoCues() throws {
    let result = try parseVTT("WEBVTT\n")
    #expect(result.cues.isEmpty)
    #expect(result.warnings.map(\.description) == ["captions.vtt: the file has no cues"])
  }

  @Test func realisticFileParsesFully() throws {
    let text = """
      WEBVTT - Interview
      Kind: captions
      Language: en-GB

      STYLE
      ::cue(.yellow) { color: yellow; }

      NOTE
      Produced by hand for the test; times in seconds
      after the start of the clip.

      1
      00:00:00.000 --> 00:00:02.500 line:85% align:center
      <v Interviewer>So, how did it start?

      2
      00:00:02.600 --> 00:00:06.000 position:20%,line-left align:left size:60%
      <v Ada>It started with a <i>very</i> small idea.

      chapter-2
      00:00:06.100 --> 00:00:09.000
      <v Ada><c.yellow>Music</c> came later &mdash; much later.

      NOTE The next two cues overlap on purpose.

      4
      00:00:08.500 --> 00:00:10.000 line:0
      [door slams]

      5
      00:00:09.000 --> 00:00:12.250
      <v Interviewer>And then?
      <v Ada><b>Then</b> we shipped it.

      6
      00:12.500 --> 00:15.000 vertical:lr
      <00:00:12.500>Three, <00:00:13.000>two, <00:00:13.500>one.

      """
    let result = try SubtitleFile.parse(data: Data(text.utf8), path: "interview.vtt")
    #expect(result.format == .webVTT)
    #expect(
      result.warnings.map(\.description) == [
        "interview.vtt:5: STYLE block ignored; set the caption style in the template"
      ])
    #expect(result.cues.map(\.identifier) == ["1", "2", "chapter-2", "4", "5", "6"])
    #expect(
      result.cues.map(\.timeRange) == [
        range(0, 2500), range(2600, 6000), range(6100, 9000), range(8500, 10000),
        range(9000, 12250), range(12500, 15000),
      ])
    #expect(
      result.cues.map(\.text.string) == [
        "So, how did it start?",
        "It started with a very small idea.",
        "Music came later &mdash; much later.",
        "[door slams]",
        "And then?\nThen we shipped it.",
        "Three, two, one.",
      ])
    #expect(
      result.cues.map(\.settings) == [
        SubtitleCueSettings(line: .percentage(85), alignment: .center),
        SubtitleCueSettings(position: 20, positionAlignment: .lineLeft, size: 60, alignment: .left),
        SubtitleCueSettings(),
        SubtitleCueSettings(line: .number(0)),
        SubtitleCueSettings(),
        SubtitleCueSettings(vertical: .leftToRight),
      ])
    #expect(
      result.cues.map(\.speakers) == [
        ["Interviewer"], ["Ada"], ["Ada"], [], ["Interviewer", "Ada"], [],
      ])
    #expect(
      result.cues[1].text.runs == [
        TextRun("It started with a "), TextRun("very", italic: true), TextRun(" small idea."),
      ])
    #expect(result.cues[2].text.runs.first == TextRun("Music", color: .yellow))
    #expect(result.cues[4].text.runs[1] == TextRun("Then", bold: true))
    #expect(result.cues[2].timeRange.overlaps(result.cues[3].timeRange))
  }
}
