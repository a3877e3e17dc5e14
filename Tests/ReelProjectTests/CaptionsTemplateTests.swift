import Foundation
import ReelProject
import TestSupport
import Testing

/// The template's `captions`: its pages in the outline, its problems where they are written.
@Suite("Captions template")
struct CaptionsTemplateTests {
  private func folder(words: String, name: String = "words.json") throws -> URL {
    let folder = try TestSupport.makeTemporaryDirectory("reel-captions-template")
    try Data(words.utf8).write(to: folder.appendingPathComponent(name))
    return folder
  }

  private static let tokens = """
    [{"text": "one", "start": 0.1, "end": 0.4}, {"text": "two", "start": 0.4, "end": 0.6},
     {"text": "three", "start": 1.5, "end": 1.8}]
    """

  @Test func thePagesAreInTheOutlineForThePreview() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "duration": 2,
       "captions": [{"file": "words.json", "uppercase": true}]}
      """, folder: try folder(words: Self.tokens))
    #expect(
      loaded.outline.captionPages == [
        TemplateOutline.CaptionPage(start: 0.1, end: 1.5, text: "ONE TWO"),
        TemplateOutline.CaptionPage(start: 1.5, end: 1.8, text: "THREE"),
      ])
    // Over a full-size video layer, as subtitles are.
    #expect(loaded.movie.layers?.root.sublayers.count == 2)
  }

  @Test func startMovesTheWordsAndWordsAfterTheEndAreLeftOutWithAWarning() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "duration": 2,
       "captions": [{"file": "words.json", "start": 0.5}]}
      """, folder: try folder(words: Self.tokens))
    #expect(loaded.outline.captionPages.map(\.start) == [0.6])
    #expect(loaded.outline.captionPages.map(\.text) == ["one two"])
    #expect(
      loaded.warnings.contains {
        $0.message.contains("1 word(s) start at or after the movie's end")
      })
  }

  @Test func aBadWordFileIsAProblemAtItsLine() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [320, 240], "duration": 2,
       "captions": [{"file": "words.json"}]}
      """,
      folder: try folder(words: #"[{"text": "a", "start": 1, "end": 0.5}]"#))
    #expect(problems.count == 1)
    #expect(
      problems.first?.contains("words.json:1:2: [0]: the word ends (0.5 s) before it starts (1 s)")
        == true)
  }

  @Test func styleKeysCaptionsDoNotUseAreRefused() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [320, 240], "duration": 2,
       "captions": [{"file": "words.json", "style": {"box": {"color": "red"}, "wrap": false},
                     "spoken": {"scale": 2}, "words": 0}]}
      """, folder: try folder(words: Self.tokens))
    #expect(problems.contains { $0.contains("captions[0].style.box") && $0.contains("active.box") })
    #expect(problems.contains { $0.contains("captions[0].style.wrap") })
    #expect(problems.contains { $0.contains("captions[0].spoken") && $0.contains("scale") })
    #expect(problems.contains { $0.contains("captions[0].words") })
  }

  @Test func aWordWiderThanTheBoxTakesALineOfItsOwnWhenPagesAreCut() throws {
    // At 40 px the long word is wider than the 200 px box: shrunk to the width, it fills a
    // line, so with two lines at most the page ends before "big".
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "duration": 2,
       "captions": [{"file": "words.json", "frame": [60, 0, 200, 240], "lines": 2,
         "style": {"font": {"family": "DejaVu Sans", "size": 40}}}]}
      """,
      folder: try folder(
        words: """
          [{"text": "so", "start": 0.1, "end": 0.3},
           {"text": "Pneumonoultramicroscopic", "start": 0.3, "end": 0.9},
           {"text": "big", "start": 0.9, "end": 1.2}]
          """))
    #expect(
      loaded.outline.captionPages.map(\.text) == ["so Pneumonoultramicroscopic", "big"])
  }

  @Test func overlappingWhisperWordsAreAProblemNamingTheCaptionsEntryAndTheWord() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [320, 240], "duration": 2,
       "captions": [{"file": "speech.json"}]}
      """,
      folder: try folder(
        words: """
          {"segments": [
            {"words": [{"word": " one", "start": 0.0, "end": 0.8}]},
            {"words": [{"word": " two", "start": 0.5, "end": 1.0}]}
          ]}
          """, name: "speech.json"))
    #expect(problems.count == 1)
    let problem = try #require(problems.first)
    // Where in the template, where in the word file, what and what to do.
    #expect(problem.contains("captions[0].file"))
    #expect(
      problem.contains(
        "speech.json:3:14: segments[1].words[0]: the word starts at 0.5 s, before the previous word ends (0.8 s); word times must not overlap: fix the times or the order of the words"
      ))
  }
}
