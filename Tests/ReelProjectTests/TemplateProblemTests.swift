import Foundation
import ReelProject
import TestSupport
import Testing

/// Broken templates: each gives its exact list of problems.
@Suite("TemplateProblems")
struct TemplateProblemTests {
  @Test func wrongTypes() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": "big", "duration": "2",
       "layers": [{"type": "text", "text": 5, "opacity": "half", "hidden": 1}]}
      """)
    #expect(
      problems == [
        "size: expected [width, height], got a string",
        "duration: expected a number of seconds, got a string",
        "layers[0].text: expected a string, got a number",
        "layers[0].opacity: expected a number, got a string",
        "layers[0].hidden: expected true or false, got a number",
      ])
  }

  @Test func negativeAndZeroDurations() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 64], "duration": 2,
       "layers": [{"type": "color", "color": "red",
         "animations": [{"property": "opacity", "from": 1, "to": 0, "duration": -1},
                        {"property": "opacity", "to": 0, "duration": 0}]}]}
      """)
    #expect(
      problems == [
        "layers[0].animations[0].duration: must be greater than 0 (got -1)",
        "layers[0].animations[1].duration: must be greater than 0 (got 0)",
      ])
  }

  @Test func unknownKeysAndValuesSuggest() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 64], "duraton": 2,
       "layers": [{"type": "txt"}, {"type": "color", "colr": "red", "image": "x.png",
                   "animations": [{"property": "opacity", "to": 0, "timing": "easeInOut", "fill": "forward"}]}]}
      """)
    #expect(
      problems == [
        "missing required key 'duration' (a template without clips needs it)",
        "duraton: unknown key; did you mean 'duration'?",
        "layers[0].type: unknown value 'txt'; did you mean 'text'? (one of: group, color, image, text, shape, gradient, video, emitter, lottie)",
        "layers[1].colr: unknown key; did you mean 'color'?",
        "layers[1].image: only image layers have \"image\" (this is a color layer; set \"type\")",
        "layers[1].animations[0].timing: unknown value 'easeInOut'; did you mean 'easeOut'? (one of: linear, easeIn, easeOut, easeInEaseOut, default)",
        "layers[1].animations[0].fill: unknown value 'forward'; did you mean 'forwards'? (one of: removed, forwards, backwards, both)",
      ])
  }

  @Test func missingMediaIsNamedByItsResolvedPath() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template")
    let problems = try templateProblems(
      """
      {"version": 1, "clips": [{"media": "media/clip.mp4"}],
       "layers": [{"type": "image", "image": "../star.png"}],
       "subtitles": [{"file": "subs.srt"}]}
      """, folder: folder)
    let base = folder.standardizedFileURL.path
    let parent = folder.deletingLastPathComponent().standardizedFileURL.path
    #expect(
      problems == [
        "clips[0].media: file not found: \(base)/media/clip.mp4",
        "layers[0].image: file not found: \(parent)/star.png",
        "subtitles[0].file: file not found: \(base)/subs.srt",
      ])
  }

  @Test func badColoursAndPaths() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 64], "duration": 1, "background": "#12345",
       "layers": [{"type": "shape", "path": "M 0 0 L 10", "fill": "redd"}]}
      """)
    #expect(problems.count == 3)
    #expect(problems[0].hasPrefix("background: "))
    #expect(problems[0] == "background: " + colourMessage("#12345"))
    #expect(problems[1] == "layers[0].path: " + pathMessage("M 0 0 L 10"))
    #expect(problems[2] == "layers[0].fill: " + colourMessage("redd"))
  }

  @Test func outOfRangeValuesAndTimes() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 64], "duration": 2,
       "layers": [{"type": "color", "color": "red", "opacity": 1.5, "start": 3},
                  {"type": "color", "color": "blue", "start": 1, "end": 0.5}],
       "export": {"range": [1, 5], "crf": 70}}
      """)
    #expect(
      problems == [
        "layers[0].opacity: must be between 0 and 1 (got 1.5)",
        "layers[0].start: the layer would appear at 3 s, after the movie ends (2 s)",
        "layers[1].end: must be after \"start\" (1 s) (got 0.5)",
        "export.range: [1, 5] is outside the movie [0, 2]: choose a range inside it",
        "export.crf: must be between 0 and 63 (got 70)",
      ])
  }

  /// The template takes any CRF some codec takes (VP9's 0…63); the codec's own range is
  /// checked where the export is planned, from the codec descriptor.
  @Test func aCRFIsCheckedAgainstTheCodecItGoesTo() throws {
    let template = """
      {"version": 1, "size": [64, 64], "duration": 1, "layers": [{"type": "color", "color": "red"}],
       "export": {"crf": 60%@}}
      """
    let folder = try TestSupport.makeTemporaryDirectory("reel-crf")
    let vp9 = folder.appendingPathComponent("vp9.json")
    try Data(template.replacingOccurrences(of: "%@", with: #", "codec": "vp9""#).utf8).write(
      to: vp9)
    _ = try Template.load(path: vp9.path)
    let h264 = try templateProblems(template.replacingOccurrences(of: "%@", with: ""))
    #expect(h264.count == 1)
    #expect(h264.first?.contains("CRF 60 is outside 1…51 for h264") == true)
  }

  @Test func versionAndBothTimelines() throws {
    let problems = try templateProblems(
      """
      {"version": 2, "clips": [], "composition": {"tracks": []}}
      """)
    #expect(
      problems == [
        "version: unsupported format version 2: this Reel reads version 1",
        "composition: give either \"clips\" or \"composition\", not both",
      ])
  }

  @Test func severalProblemsAtOnceCarryPositions() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template")
    let url = folder.appendingPathComponent("card.json")
    try Data(
      """
      {
        "version": 1,
        "size": [64, 64],
        "duration": 1,
        "layers": [
          {"type": "text", "text": "Hi {{nmae}}", "font": {"size": -3}}
        ]
      }
      """.utf8
    ).write(to: url)
    do {
      _ = try Template.load(path: url.path)
      Issue.record("loaded")
    } catch {
      #expect(
        error.description == """
          \(url.path):6:30: layers[0].text: undefined variable 'nmae' (declare it under "variables" or give it a value)
          \(url.path):6:62: layers[0].font.size: a font size must be greater than 0 and at most 1024 pixels (got -3)
          """)
    }
  }

  @Test func instructionTilingErrorsUseTheVideoCompositionText() throws {
    let folder = try mediaFolder()
    let problems = try templateProblems(
      """
      {"version": 1, "composition": {
        "tracks": [{"id": 1, "kind": "video", "segments": [{"media": "media/clip.mp4"}]}],
        "instructions": [{"start": 0, "duration": 0.5, "layers": [{"track": 1}]},
                         {"start": 0.6, "duration": 0.4, "layers": [{"track": 1}]}]}}
      """, folder: folder)
    #expect(problems == ["composition.instructions: " + expectedTilingMessage()])
  }

  @Test func fontsThatFallBackAreWarnings() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 64], "duration": 1,
       "layers": [{"type": "text", "text": "x", "font": {"family": "No Such Font Family 123"}},
                  {"type": "text", "text": "y", "font": {"file": "fonts/missing.ttf"}}]}
      """)
    #expect(loaded.warnings.map(\.description).count == 2)
    #expect(
      loaded.warnings.first?.description
        == "layers[0].font.family: the font family \"No Such Font Family 123\" is not installed; the text will use a fallback font"
    )
    #expect(loaded.warnings.last?.path == "layers[1].font.file")
    #expect(loaded.warnings.last?.message.hasPrefix("font file not found: /") == true)
  }

  @Test func unreadableMediaReportsTheMediaError() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template")
    let fake = folder.appendingPathComponent("clip.mp4")
    try Data("not a video".utf8).write(to: fake)
    let expected: String
    do {
      _ = try Asset(path: fake.standardizedFileURL.path)
      expected = "opened"
    } catch {
      expected = error.description
    }
    let problems = try templateProblems(
      #"{"version": 1, "clips": [{"media": "clip.mp4"}]}"#, folder: folder)
    #expect(problems == ["clips[0].media: " + expected])
    #expect(expected.contains(fake.standardizedFileURL.path))
  }

  @Test func clipRangesBeyondTheMediaAndTransitions() throws {
    let folder = try mediaFolder()
    let problems = try templateProblems(
      """
      {"version": 1, "clips": [
        {"media": "media/clip.mp4", "start": 2.5},
        {"media": "media/clip.mp4", "start": 1, "duration": 1.5},
        {"image": "media/star.png", "transition": {"type": "wipe", "direction": "sideways", "color": "red"}}],
       "audio": {"tracks": []}}
      """, folder: folder)
    #expect(
      problems == [
        "clips[0].start: is at or after the end of the media (2 s): start earlier",
        "clips[1].duration: the clip would end at 2.5 s, after the end of the media (2 s): shorten it to at most 1 s",
        "clips[2]: missing required key 'duration' (how long the image is shown)",
        "clips[2].transition.direction: unknown value 'sideways' (one of: left, right, up, down)",
        "clips[2].transition.color: unknown key; allowed here: type, duration, direction",
        "audio.tracks: needs a \"composition\" (track volumes refer to its track ids); with \"clips\" the clips' audio is mixed for you",
      ])
  }

  @Test func animationsAfterTheEndWarn() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 64], "duration": 1,
       "layers": [{"animations": [{"property": "opacity", "to": 0, "begin": 1.5}]}]}
      """)
    #expect(
      loaded.warnings.map(\.description) == [
        "layers[0].animations[0]: begins at 1.5 s, after the movie ends (1 s); it never plays"
      ])
  }

  /// What `VideoComposition.validate` says about the same gap, computed with Reel itself.
  private func expectedTilingMessage() -> String {
    var composition = Composition()
    let track = composition.addTrack(.video)
    let second = Time(value: 1, timescale: 1)
    try? composition.modifyTrack(track) { (edited) throws(CompositionError) in
      try edited.insertEmptyTimeRange(TimeRange(start: .zero, duration: second))
    }
    var video = VideoComposition(
      renderSize: Size(width: 320, height: 240), frameDuration: Time(value: 1, timescale: 30))
    video.instructions = [
      .passThrough(
        trackID: track, timeRange: TimeRange(start: .zero, duration: Time(value: 1, timescale: 2))),
      .passThrough(
        trackID: track,
        timeRange: TimeRange(
          start: Time(value: 6, timescale: 10), duration: Time(value: 4, timescale: 10))),
    ]
    do {
      try video.validate(against: composition)
      return "valid"
    } catch {
      return error.description
    }
  }

  private func colourMessage(_ text: String) -> String {
    do {
      _ = try Color(parsing: text)
      return ""
    } catch { return error.description }
  }

  private func pathMessage(_ text: String) -> String {
    do {
      _ = try Path(svgPathData: text)
      return ""
    } catch { return error.description }
  }
}

@Suite("TemplateRobustness")
struct TemplateRobustnessTests {
  /// Every prefix of a valid template, and the template with single characters changed,
  /// either loads or throws a TemplateError: never a crash.
  @Test func damagedTemplatesNeverCrash() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/valid/layers.json")
    let text = Array(try Data(contentsOf: fixture))
    var failures = 0
    for cut in stride(from: 0, to: text.count, by: 7) {
      do {
        _ = try Template.load(data: Data(text[..<cut]), path: "/tmp/cut.json")
      } catch {
        failures += 1
        #expect(!error.problems.isEmpty)
      }
    }
    #expect(failures == (text.count + 6) / 7)
    let replacements: [UInt8] = Array("9-\"{[]}e.,:x0 ".utf8)
    for (index, position) in stride(from: 0, to: text.count, by: 5).enumerated() {
      var damaged = text
      damaged[position] = replacements[index % replacements.count]
      do {
        _ = try Template.load(data: Data(damaged), path: "/tmp/damaged.json")
      } catch {
        #expect(!error.problems.isEmpty)
      }
    }
  }

  @Test func hugeNumbersAreProblemsNotCrashes() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [1e300, 64], "duration": 1e30, "frameRate": 1e9,
       "export": {"size": [1e300, 2], "crf": 1e300}}
      """)
    #expect(
      problems == [
        "size: must be whole numbers of pixels from 2 to 16384 (got \(format(1e300))×64)",
        "duration: is too large to be a time (got 1e30); times are in seconds",
        "frameRate: must be between 1 and 240 (got 1e9)",
        "export.size: must be even whole numbers of pixels from 2 to 16384 (got \(format(1e300))×2)",
        "export.crf: expected a whole number, got 1e300",
      ])
  }

  private func format(_ value: Double) -> String { String(value) }
}
