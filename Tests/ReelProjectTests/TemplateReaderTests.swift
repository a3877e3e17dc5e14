import Foundation
import ReelProject
import TestSupport
import Testing

@Suite("TemplateReader")
struct TemplateReaderTests {
  @Test func syntaxErrorHasLineAndColumn() throws {
    let json = """
      {
        "version": 1,
        "size": [64, 64] "duration": 1
      }
      """
    let folder = try TestSupportFolder.make()
    let url = folder.appendingPathComponent("template.json")
    try Data(json.utf8).write(to: url)
    do {
      _ = try Template.load(path: url.path)
      Issue.record("loaded")
    } catch {
      #expect(
        error.problems == [
          TemplateProblem(
            path: "", message: "expected ',' or '}' after an object member", line: 3, column: 20)
        ])
      #expect(error.description == "\(url.path):3:20: expected ',' or '}' after an object member")
    }
  }

  @Test(arguments: [
    ("{\"version\": 1,}", "1:15: expected a key after ',' (a trailing comma is not allowed)"),
    ("{\"version\": 01}", "1:14: numbers may not have leading zeros"),
    ("{\"version\": 'a'}", "1:13: strings must use double quotes (\"), not single quotes"),
    ("{\"a\": \"x\ny\"}", "1:9: unterminated string: a line break must be written as \\n"),
    ("[1, 2", "1:6: expected ',' or ']' after an array element"),
    ("", "1:1: the file is empty: expected a JSON object"),
    ("{} {}", "1:4: unexpected text after the end of the JSON value"),
    ("{\"a\": tru}", "1:7: expected a value, got 't'"),
  ])
  func syntaxErrors(json: String, expected: String) throws {
    let folder = try TestSupportFolder.make()
    let url = folder.appendingPathComponent("t.json")
    try Data(json.utf8).write(to: url)
    do {
      _ = try Template.load(path: url.path)
      Issue.record("loaded")
    } catch {
      #expect(error.problems.count == 1)
      let problem = try #require(error.problems.first)
      #expect("\(problem.line ?? 0):\(problem.column ?? 0): \(problem.message)" == expected)
    }
  }

  @Test func duplicateKeysAreProblems() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 64], "duration": 1, "duration": 2}
      """)
    #expect(problems == ["duration: duplicate key (first written at line 1); keep only one"])
  }

  @Test func timesAreExactFromTheirDecimalText() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 64], "duration": 0.1, "frameRate": 29.97}
      """)
    #expect(loaded.movie.duration == Time(value: 1, timescale: 10))
    #expect(loaded.movie.duration.value == 1 && loaded.movie.duration.timescale == 10)
    let frame = try #require(loaded.movie.videoComposition?.frameDuration)
    #expect(frame == Time(value: 1001, timescale: 30000))
  }

  @Test func exportRangeIsExact() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 64], "duration": 1, "frameRate": 25,
       "export": {"range": [0.3, 0.7], "preset": "640x480", "crf": 20, "speed": "fast", "codec": "hevc"}}
      """)
    #expect(
      loaded.exportSettings.timeRange
        == TimeRange(start: Time(value: 3, timescale: 10), end: Time(value: 7, timescale: 10)))
    #expect(loaded.exportSettings.preset == .preset640x480)
    #expect(loaded.exportSettings.crf == 20)
    #expect(loaded.exportSettings.speed == .fast)
    #expect(loaded.exportSettings.videoCodec == .hevc)
    #expect(loaded.movie.videoComposition?.frameDuration == Time(value: 1, timescale: 25))
  }
}

/// A temporary folder for a test.
enum TestSupportFolder {
  static func make() throws -> URL { try TestSupport.makeTemporaryDirectory("reel-template") }
}
