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
}
