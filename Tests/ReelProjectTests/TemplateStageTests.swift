import Foundation
import Reel
import TestSupport
import Testing

@testable import ReelProject

/// The loading stages one by one: the describer reads the JSON without opening a file, the
/// resolver opens each file once, and the builder makes the model from their values.
@Suite("Template loading stages")
struct TemplateStageTests {
  /// The template's JSON, parsed.
  private func parse(_ text: String) throws -> TemplateJSON {
    try TemplateJSONReader.parse(text)
  }

  @Test func theDescriberOpensNoFile() throws {
    let report = TemplateProblemCollector()
    // None of these files exist: the description only names them.
    let description = try #require(
      TemplateDescriber(report: report).describe(
        parse(
          """
          {"version": 1, "size": [160, 120],
           "clips": [
             {"media": "nowhere/clip.mp4", "start": 0.5, "duration": 1},
             {"image": "nowhere/star.png", "duration": 2,
              "transition": {"type": "crossFade", "duration": 0.5}}],
           "audio": {"soundtrack": {"file": "nowhere/music.m4a", "start": 1}},
           "export": {"range": [0, 1]}}
          """), overrides: [:]))
    #expect(report.problems == [])
    guard case .clips(let clips)? = description.timeline else {
      Issue.record("expected clips, got \(String(describing: description.timeline))")
      return
    }
    #expect(clips.isComplete)
    #expect(clips.clips.count == 2)
    guard case .media(let media) = clips.clips[0].source,
      case .image(let image, let shown) = clips.clips[1].source
    else {
      Issue.record("expected a media clip and an image clip")
      return
    }
    #expect(media.file.text == "nowhere/clip.mp4")
    #expect(media.file.location == TemplateLocation.at("clips[0].media", line: 3, column: 14))
    #expect(media.start == Time(value: 1, timescale: 2))
    #expect(image.text == "nowhere/star.png")
    #expect(shown == Time(value: 2, timescale: 1))
    #expect(clips.clips[1].transition == .crossFade(duration: Time(value: 1, timescale: 2)))
    #expect(description.audio?.soundtrack?.file?.text == "nowhere/music.m4a")
    #expect(
      description.export?.range?.value == TimeRange(start: .zero, end: Time(value: 1, timescale: 1))
    )
  }

  @Test func theDescriberCollectsEveryProblemOfTheJSON() throws {
    let report = TemplateProblemCollector()
    _ = TemplateDescriber(report: report).describe(
      try parse(
        """
        {"version": 1, "size": [160, 120], "frameRate": 0,
         "clips": [{"media": 3}, {"image": "x.png"}],
         "export": {"crf": 99}}
        """), overrides: [:])
    #expect(
      report.problems.map(\.description) == [
        "frameRate: must be between 1 and 240 (got 0)",
        "clips[0].media: expected a string, got a number",
        "clips[1]: missing required key 'duration' (how long the image is shown)",
        "export.crf: must be between 0 and 63 (got 99)",
      ])
  }

  @Test func theResolverOpensEachFileOnce() throws {
    let folder = try mediaFolder()
    let clip = folder.appendingPathComponent("media/clip.mp4").path
    let star = folder.appendingPathComponent("media/star.png").path
    let report = TemplateProblemCollector()
    let description = try #require(
      TemplateDescriber(report: report).describe(
        parse(
          """
          {"version": 1, "size": [160, 120],
           "clips": [
             {"media": "media/clip.mp4", "duration": 1},
             {"image": "media/star.png", "duration": 1},
             {"media": "media/clip.mp4", "start": 1},
             {"image": "media/star.png", "duration": 1}],
           "audio": {"soundtrack": {"file": "media/clip.mp4"}}}
          """), overrides: [:]))
    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }
    let files = TemplateFiles(
      templateFile: folder.appendingPathComponent("template.json").path, limits: .default)
    let resolved = TemplateResolver(report: report, files: files).resolve(description)
    #expect(report.problems == [])
    #expect(counter.counts(of: .probe) == [clip: 1, star: 1])
    #expect(counter.counts(of: .imageDecode) == [star: 1])
    #expect(files.mediaFiles == [clip, star])
    guard case .clips(let items?)? = resolved.timeline else {
      Issue.record("expected resolved clips")
      return
    }
    #expect(items.count == 4)
    #expect(resolved.soundtrack?.trimRange.duration == Time(value: 2, timescale: 1))
  }

  @Test func theResolverReportsAFileProblemWhereTheFileIsNamed() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template-stages")
    let report = TemplateProblemCollector()
    let description = try #require(
      TemplateDescriber(report: report).describe(
        parse(
          """
          {"version": 1, "size": [160, 120],
           "clips": [{"media": "missing.mp4", "start": 5}]}
          """), overrides: [:]))
    let files = TemplateFiles(
      templateFile: folder.appendingPathComponent("template.json").path, limits: .default)
    let resolved = TemplateResolver(report: report, files: files).resolve(description)
    // The missing file is the one problem: the start is not also checked against it.
    #expect(
      report.problems == [
        TemplateProblem(
          path: "clips[0].media",
          message: "file not found: \(folder.appendingPathComponent("missing.mp4").path)",
          line: 2, column: 22)
      ])
    guard case .clips(nil)? = resolved.timeline else {
      Issue.record("expected clips with a problem")
      return
    }
  }

  @Test func theBuilderMakesTheMovieFromTheResolvedValues() throws {
    let folder = try mediaFolder()
    let report = TemplateProblemCollector()
    let description = try #require(
      TemplateDescriber(report: report).describe(
        parse(
          """
          {"version": 1, "size": [160, 120], "frameRate": 10,
           "clips": [{"media": "media/clip.mp4", "duration": 1},
                     {"image": "media/star.png", "duration": 0.5}],
           "export": {"range": [0, 3]}}
          """), overrides: [:]))
    let files = TemplateFiles(
      templateFile: folder.appendingPathComponent("template.json").path, limits: .default)
    let resolved = TemplateResolver(report: report, files: files).resolve(description)
    let builder = TemplateBuilder(report: report, files: files, limits: .default)
    // The export range is checked against the movie the timeline makes (1.5 s).
    #expect(builder.build(resolved) == nil)
    #expect(
      report.problems.map(\.description) == [
        "export.range: [0, 3] is outside the movie [0, 1.5]: choose a range inside it"
      ])

    let valid = TemplateProblemCollector()
    let fitting = try #require(
      TemplateDescriber(report: valid).describe(
        parse(
          """
          {"version": 1, "size": [160, 120], "frameRate": 10,
           "clips": [{"media": "media/clip.mp4", "duration": 1},
                     {"image": "media/star.png", "duration": 0.5}],
           "export": {"range": [0.5, 1.5]}}
          """), overrides: [:]))
    let loaded = try #require(
      TemplateBuilder(report: valid, files: files, limits: .default).build(
        TemplateResolver(report: valid, files: files).resolve(fitting)))
    #expect(valid.problems == [])
    #expect(loaded.movie.composition.duration == Time(value: 3, timescale: 2))
    #expect(loaded.movie.videoComposition?.renderSize == Size(width: 160, height: 120))
    #expect(
      loaded.exportSettings.timeRange
        == TimeRange(start: Time(value: 1, timescale: 2), end: Time(value: 3, timescale: 2)))
  }

  @Test func aVolumeForNoAudioTrackIsNotCheckedFurther() throws {
    let folder = try mediaFolder()
    // Track 7 does not exist: its invalid volume is not reported on top of that.
    let problems = try templateProblems(
      """
      {"version": 1, "composition": {"tracks": [
         {"id": 1, "kind": "video", "segments": [{"media": "media/clip.mp4"}]},
         {"id": 2, "kind": "audio", "segments": [{"media": "media/clip.mp4"}]}]},
       "audio": {"tracks": [{"track": 7, "volume": -1}, {"track": 2, "volume": -2}]}}
      """, folder: folder)
    #expect(
      problems == [
        "audio.tracks[0].track: no audio track has the id 7 (audio track ids: 2)",
        "audio.tracks[1].volume: must be 0 or more (got -2)",
      ])
  }
}

extension TemplateLocation {
  /// A location for comparisons.
  static func at(_ path: String, line: Int, column: Int) -> TemplateLocation {
    var location = TemplateLocation(path, nil)
    location.line = line
    location.column = column
    return location
  }
}

@Suite("Template loading stages: layers")
struct TemplateLayerStageTests {
  @Test func layerFilesAreReferencesUntilResolvedAndDecodedOnce() throws {
    let folder = try mediaFolder()
    let star = folder.appendingPathComponent("media/star.png").path
    let report = TemplateProblemCollector()
    let description = try #require(
      TemplateDescriber(report: report).describe(
        TemplateJSONReader.parse(
          """
          {"version": 1, "size": [160, 120], "duration": 2,
           "layers": [
             {"type": "image", "image": "media/star.png", "frame": [0, 0, 32, 32]},
             {"type": "text", "text": "Hi", "font": {"file": "fonts/none.ttf"}},
             {"layers": [{"type": "image", "image": "media/star.png", "start": 1}]}],
           "subtitles": [{"file": "media/captions.srt"}]}
          """), overrides: [:]))
    #expect(report.problems == [])
    let layers = try #require(description.layers)
    #expect(layers.count == 3)
    guard let image = (layers[0].content as? TemplateImageLayer)?.file,
      let text = (layers[1].content as? TemplateTextLayer)?.text
    else {
      Issue.record("expected an image layer and a text layer")
      return
    }
    #expect(image.text == "media/star.png")
    #expect(text.style.fontFile?.text == "fonts/none.ttf")
    #expect(layers[2].sublayers.first?.visibility.start?.value == Time(value: 1, timescale: 1))
    #expect(description.subtitles?.first?.file?.text == "media/captions.srt")

    let counter = MediaAccessCounter(watching: folder.path)
    defer { counter.stop() }
    let files = TemplateFiles(
      templateFile: folder.appendingPathComponent("template.json").path, limits: .default)
    let resolved = TemplateResolver(report: report, files: files).resolve(description)
    #expect(report.problems == [])
    // Named by two layers, decoded once.
    #expect(counter.counts(of: .imageDecode) == [star: 1])
    #expect(resolved.layerFiles.images.count == 2)
    #expect(resolved.layerFiles.fonts.values.map(\.problem).allSatisfy { $0 != nil })
    #expect(resolved.layerFiles.subtitles.first?.value.parsed.cues.count == 2)

    let loaded = try #require(
      TemplateBuilder(report: report, files: files, limits: .default).build(resolved))
    #expect(report.problems == [])
    // The font that cannot be used falls back, with a warning.
    #expect(loaded.warnings.contains { $0.path == "layers[1].font.file" })
    // Three layers and two cues under the root.
    #expect(loaded.movie.layers?.root.sublayers.count == 5)
  }
}
