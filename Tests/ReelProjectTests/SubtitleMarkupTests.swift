import Foundation
import ReelProject
import Testing

/// The single cue of an SRT file whose cue text is `text`.
private func cue(_ text: String) throws -> SubtitleCue {
  let result = try parseSRT("1\n00:00:01,000 --> 00:00:02,000\n\(text)\n")
  return try #require(result.cues.first)
}

private func color(_ literal: String) throws -> Color { try Color(parsing: literal) }

@Suite("SubtitleMarkup")
struct SubtitleMarkupTests {
  @Test func boldItalicUnderlineBecomeRuns() throws {
    let text = try cue("<b>Bold</b> and <i>italic</i> and <u>under</u>").text
    #expect(
      text.runs == [
        TextRun("Bold", bold: true), TextRun(" and "), TextRun("italic", italic: true),
        TextRun(" and "), TextRun("under", underline: true),
      ])
  }

  @Test func upperCaseTagsAndNestingCombineStyles() throws {
    let text = try cue("<B>bold <I>both</I></B> plain").text
    #expect(
      text.runs == [
        TextRun("bold ", bold: true), TextRun("both", bold: true, italic: true), TextRun(" plain"),
      ])
  }

  @Test func stylesSpanLineBreaks() throws {
    let text = try cue("<i>one\ntwo</i>\n<b>three</b>").text
    #expect(
      text.runs == [TextRun("one\ntwo", italic: true), TextRun("\n"), TextRun("three", bold: true)])
  }

  @Test func fontColourAndFace() throws {
    let text = try cue(
      "<font color=\"#ff0000\">red</font> <font color=blue>blue</font> "
        + "<FONT COLOR='00ff00' face=\"Noto Sans CJK SC\">green</FONT>"
    ).text
    #expect(
      text.runs == [
        TextRun("red", color: Color(red: 1, green: 0, blue: 0)), TextRun(" "),
        TextRun("blue", color: Color(red: 0, green: 0, blue: 1)), TextRun(" "),
        TextRun("green", color: Color(red: 0, green: 1, blue: 0), fontFamily: "Noto Sans CJK SC"),
      ])
  }

  @Test func unknownFontColourIsReportedAndIgnored() throws {
    let result = try parseSRT(
      "1\n00:00:01,000 --> 00:00:02,000\nfine\n<font color=\"blurple\">x</font>\n")
    #expect(result.cues.first?.text.runs == [TextRun("fine\nx")])
    #expect(
      result.warnings.map(\.description) == [
        "captions.srt:4: unknown colour \"blurple\" in <font color> ignored; "
          + "use #RRGGBB or a CSS colour name"
      ])
  }

  @Test func unclosedTagsEndWithTheCueAndClosingClosesInnerTags() throws {
    #expect(try cue("<i>open").text.runs == [TextRun("open", italic: true)])
    #expect(
      try cue("<b>a<i>b</b>c</i>d").text.runs == [
        TextRun("a", bold: true), TextRun("b", bold: true, italic: true), TextRun("cd"),
      ])
    // A closing tag with nothing open is ignored.
    #expect(try cue("</b>x").text.runs == [TextRun("x")])
  }

  @Test func unknownTagsAreRemovedAndReportedOncePerName() throws {
    let text = """
      1
      00:00:01,000 --> 00:00:02,000
      <span style="color:red">hi</span> <s>x</s>

      2
      00:00:03,000 --> 00:00:04,000
      <span>again</span>
      """
    let result = try parseSRT(text)
    #expect(result.cues.map(\.text) == [StyledText("hi x"), StyledText("again")])
    #expect(
      result.warnings.map(\.description) == [
        "captions.srt:3: unknown tag <span> removed",
        "captions.srt:3: unknown tag <s> removed",
      ])
  }

  @Test func entitiesAreDecodedAndUnknownOnesKept() throws {
    let text = try cue(
      "Tom &amp; Jerry &lt;3&gt; a&nbsp;b &lrm;x&rlm; &#233;&#xE9; &quot;q&quot; &bogus; & done")
    #expect(
      text.text.string
        == "Tom & Jerry <3> a\u{00A0}b \u{200E}x\u{200F} éé \"q\" &bogus; & done")
    // Entities never make tags.
    #expect(try cue("&lt;b&gt;not bold").text.runs == [TextRun("<b>not bold")])
  }

  @Test func lessThanThatStartsNoTagIsText() throws {
    #expect(try cue("a < b > c").text.runs == [TextRun("a < b > c")])
    #expect(try cue("x <3").text.runs == [TextRun("x <3")])
    #expect(try cue("I <3 you >:(").text.runs == [TextRun("I <3 you >:(")])
    #expect(try cue("a <00:00:01.000> b").text.runs == [TextRun("a  b")])
  }

  @Test func assOverrideCodesAreRemovedAndKeypadAlignmentKept() throws {
    let top = try cue("{\\an8}Top")
    #expect(top.text.runs == [TextRun("Top")])
    #expect(
      top.settings
        == SubtitleCueSettings(line: .percentage(0), lineAlignment: .start, alignment: .center))
    let middleRight = try cue("{\\an6}Right")
    #expect(
      middleRight.settings
        == SubtitleCueSettings(line: .percentage(50), lineAlignment: .center, alignment: .right))
    #expect(try cue("{\\an1}x").settings == SubtitleCueSettings(alignment: .left))
    #expect(
      try cue("{\\i1}slanted{\\i0} {\\pos(10,20)}moved").text.runs == [TextRun("slanted moved")])
    // Braces that are no override code stay.
    #expect(try cue("{laughs}").text.runs == [TextRun("{laughs}")])
  }

  @Test func lineBreakTag() throws {
    #expect(try cue("one<br>two<br/>three").text.runs == [TextRun("one\ntwo\nthree")])
  }
}
