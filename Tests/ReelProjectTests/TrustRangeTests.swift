import Foundation
import Reel
import ReelProject
import TestSupport
import Testing

/// Every number of a template that becomes pixels has a range (`PixelLimits`), checked by
/// validation with its JSON path; at the edge of each range the template loads and draws.
@Suite("Trust: pixel ranges in templates")
struct TrustRangeTests {
  /// A template of one layer on a 64×64 canvas.
  static func template(layer: String) -> String {
    """
    {"version": 1, "size": [64, 64], "duration": 1, "layers": [\(layer)]}
    """
  }

  /// One number of a layer: where it is written (`X` in `layer`), its JSON path and range.
  struct Case: CustomTestStringConvertible, Sendable {
    let layer: String
    let path: String
    let range: PixelRange
    var testDescription: String { path + " in " + layer }

    /// The layer with `X` replaced by `value`.
    func layer(_ value: Double) -> String {
      layer.replacingOccurrences(of: "X", with: "\(value)")
    }
  }

  static let cases: [Case] = [
    Case(
      layer: #"{"type": "color", "color": "red", "frame": [0, 0, X, 10]}"#,
      path: "layers[0].frame[2]", range: PixelLimits.layerSide),
    Case(
      layer: #"{"type": "color", "color": "red", "frame": [0, 0, 10, X]}"#,
      path: "layers[0].frame[3]", range: PixelLimits.layerSide),
    Case(
      layer: #"{"type": "color", "color": "red", "frame": [X, 0, 10, 10]}"#,
      path: "layers[0].frame[0]", range: PixelLimits.coordinate),
    Case(
      layer: #"{"type": "video", "frame": [0, 0, X, 10]}"#, path: "layers[0].frame[2]",
      range: PixelLimits.layerSide),
    Case(
      layer:
        #"{"type": "gradient", "gradient": {"colors": ["red", "blue"]}, "frame": [0, 0, X, 10]}"#,
      path: "layers[0].frame[2]", range: PixelLimits.layerSide),
    Case(
      layer: #"{"type": "color", "color": "red", "size": [X, 10]}"#, path: "layers[0].size[0]",
      range: PixelLimits.layerSide),
    Case(
      layer: #"{"type": "color", "color": "red", "position": [0, X]}"#,
      path: "layers[0].position[1]", range: PixelLimits.coordinate),
    Case(
      layer: #"{"type": "color", "color": "red", "translation": [X, 0]}"#,
      path: "layers[0].translation[0]", range: PixelLimits.coordinate),
    Case(
      layer: #"{"type": "color", "color": "red", "anchor": [X, 0]}"#,
      path: "layers[0].anchor[0]", range: PixelLimits.unitPoint),
    Case(
      layer: #"{"type": "color", "color": "red", "zPosition": X}"#, path: "layers[0].zPosition",
      range: PixelLimits.coordinate),
    Case(
      layer: #"{"type": "color", "color": "red", "scale": X}"#, path: "layers[0].scale",
      range: PixelLimits.scale),
    Case(
      layer: #"{"type": "color", "color": "red", "scale": [1, X]}"#, path: "layers[0].scale[1]",
      range: PixelLimits.scale),
    Case(
      layer: #"{"type": "color", "color": "red", "perspective": X, "rotationY": 30}"#,
      path: "layers[0].perspective", range: PixelLimits.perspective),
    Case(
      layer:
        #"{"type": "color", "color": "red", "transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, X,0,0,1]}"#,
      path: "layers[0].transform[12]", range: PixelLimits.matrixEntry),
    Case(
      layer: #"{"type": "color", "color": "red", "cornerRadius": X}"#,
      path: "layers[0].cornerRadius", range: PixelLimits.radius),
    Case(
      layer: #"{"type": "color", "color": "red", "border": {"width": X, "color": "white"}}"#,
      path: "layers[0].border.width", range: PixelLimits.lineWidth),
    Case(
      layer: #"{"type": "color", "color": "red", "borderWidth": X}"#,
      path: "layers[0].borderWidth", range: PixelLimits.lineWidth),
    Case(
      layer: #"{"type": "color", "color": "red", "shadow": {"radius": X}}"#,
      path: "layers[0].shadow.radius", range: PixelLimits.blurRadius),
    Case(
      layer: #"{"type": "color", "color": "red", "shadow": {"offset": [X, 2]}}"#,
      path: "layers[0].shadow.offset[0]", range: PixelLimits.coordinate),
    Case(
      layer: #"{"type": "gradient", "gradient": {"colors": ["red", "blue"], "start": [X, 0]}}"#,
      path: "layers[0].gradient.start[0]", range: PixelLimits.unitPoint),
    Case(
      layer: #"{"type": "shape", "path": "M 0 0 L 60 60", "stroke": {"width": X}}"#,
      path: "layers[0].stroke.width", range: PixelLimits.lineWidth),
    Case(
      layer: #"{"type": "shape", "path": "M 0 0 L 60 60", "stroke": {"dash": [4, X]}}"#,
      path: "layers[0].stroke.dash[1]", range: PixelLimits.dashLength),
    Case(
      layer: #"{"type": "shape", "path": "M 0 0 L 60 60", "stroke": {"dashPhase": X}}"#,
      path: "layers[0].stroke.dashPhase", range: PixelLimits.coordinate),
    Case(
      layer: #"{"type": "shape", "shape": {"rect": [0, 0, X, 10]}}"#,
      path: "layers[0].shape.rect[2]", range: PixelLimits.layerSide),
    Case(
      layer: #"{"type": "shape", "shape": {"rect": [0, 0, 10, 10], "cornerRadius": X}}"#,
      path: "layers[0].shape.cornerRadius", range: PixelLimits.radius),
    Case(
      layer: #"{"type": "shape", "shape": {"polygon": [[0, 0], [X, 0], [0, 9]]}}"#,
      path: "layers[0].shape.polygon[1][0]", range: PixelLimits.coordinate),
    Case(
      layer: #"{"type": "text", "text": "Hi", "font": {"size": X}}"#,
      path: "layers[0].font.size", range: PixelLimits.fontSize),
    Case(
      layer: #"{"type": "text", "runs": [{"text": "Hi", "size": X}]}"#,
      path: "layers[0].runs[0].size", range: PixelLimits.fontSize),
    Case(
      layer: #"{"type": "text", "text": "Hi", "outline": {"width": X}}"#,
      path: "layers[0].outline.width", range: PixelLimits.outlineWidth),
    Case(
      layer: #"{"type": "text", "text": "Hi", "lineSpacing": X}"#,
      path: "layers[0].lineSpacing", range: PixelLimits.lineSpacing),
    Case(
      layer: #"{"type": "text", "text": "Hi", "box": {"padding": X}}"#,
      path: "layers[0].box.padding", range: PixelLimits.padding),
    Case(
      layer: #"{"type": "text", "text": "Hi", "textShadow": {"radius": X}}"#,
      path: "layers[0].textShadow.radius", range: PixelLimits.blurRadius),
    Case(
      layer:
        #"{"type": "color", "color": "red", "animations": [{"property": "size.width", "from": 1, "to": X}]}"#,
      path: "layers[0].animations[0].to", range: PixelLimits.layerSide),
    Case(
      layer:
        #"{"type": "color", "color": "red", "animations": [{"property": "size", "by": [X, 1]}]}"#,
      path: "layers[0].animations[0].by[0]", range: PixelLimits.layerSide),
    Case(
      layer:
        #"{"type": "color", "color": "red", "animations": [{"property": "bounds", "spring": {}, "to": [0, 0, 9, X]}]}"#,
      path: "layers[0].animations[0].to[3]", range: PixelLimits.layerSide),
    Case(
      layer:
        #"{"type": "color", "color": "red", "animations": [{"property": "position", "keyframes": {"values": [[0, 0], [X, 0]]}}]}"#,
      path: "layers[0].animations[0].keyframes.values[1][0]", range: PixelLimits.coordinate),
    Case(
      layer:
        #"{"type": "color", "color": "red", "animations": [{"property": "scale.x", "from": X}]}"#,
      path: "layers[0].animations[0].from", range: PixelLimits.scale),
    Case(
      layer:
        #"{"type": "shape", "path": "M 0 0 L 9 9", "animations": [{"property": "lineWidth", "to": X}]}"#,
      path: "layers[0].animations[0].to", range: PixelLimits.lineWidth),
    Case(
      layer:
        #"{"type": "color", "color": "red", "animations": [{"property": "cornerRadius", "to": X}]}"#,
      path: "layers[0].animations[0].to", range: PixelLimits.radius),
    Case(
      layer:
        #"{"type": "color", "color": "red", "animations": [{"property": "shadowRadius", "to": X}]}"#,
      path: "layers[0].animations[0].to", range: PixelLimits.blurRadius),
    Case(
      layer:
        #"{"type": "color", "color": "red", "animations": [{"property": "transform", "to": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,X,0,1]}]}"#,
      path: "layers[0].animations[0].to[13]", range: PixelLimits.matrixEntry),
  ]

  /// Beyond either end of its range, a number is a problem at its path that names the range.
  @Test(arguments: cases)
  func outsideTheRangeIsAProblemAtItsPath(_ check: Case) throws {
    let beyond = [
      check.range.range.upperBound + 1, 1e308, -1e308, 9.3e18,
      check.range.range.lowerBound - (check.range.excludesLowerBound ? 0 : 1),
    ]
    for value in beyond {
      let problems = try templateProblems(Self.template(layer: check.layer(value)))
      #expect(
        problems.contains { $0.hasPrefix("\(check.path): \(check.range.withArticle) must be") },
        "\(value): \(problems)")
    }
  }

  /// At the edges of its range, a number loads and its first frame draws.
  @Test(arguments: cases)
  func theEdgesOfTheRangeLoadAndDraw(_ check: Case) throws {
    for value in [check.range.range.upperBound, check.range.range.lowerBound] {
      if value == check.range.range.lowerBound && check.range.excludesLowerBound { continue }
      let loaded = try loadTemplate(Self.template(layer: check.layer(value)))
      let tree = try #require(loaded.movie.layers)
      let renderer = try LayerRenderer(tree: tree)
      _ = try renderer.render(at: .zero, videoFrames: ["main": Image(width: 64, height: 64)])
    }
  }

  // MARK: The reproductions of the issue

  @Test func theIssuesColourLayerIsAProblemNotACrash() throws {
    let problems = try templateProblems(
      #"{"version":1,"size":[64,64],"duration":1,"layers":[{"type":"color","color":"red","frame":[0,0,1e308,10]}]}"#
    )
    #expect(
      problems == ["layers[0].frame[2]: a layer size must be from 0 to 32768 pixels (got 1e+308)"])
  }

  @Test func hugeWidthsOnEveryLayerKindAreProblems() throws {
    let folder = try mediaFolder()
    for layer in [
      #"{"type": "video", "frame": [0, 0, 9223372036854775808, 10]}"#,
      #"{"type": "gradient", "gradient": {"colors": ["red"]}, "frame": [0, 0, 1e308, 10]}"#,
      #"{"type": "image", "image": "media/star.png", "frame": [0, 0, 1e308, 10]}"#,
      #"{"type": "color", "color": "red", "frame": [0, 0, 40000, 10]}"#,
    ] {
      let problems = try templateProblems(
        """
        {"version": 1, "clips": [{"media": "media/clip.mp4"}], "layers": [
          {"type": "video"}, \(layer)]}
        """, folder: folder)
      #expect(problems.count == 1)
      #expect(problems.first?.hasPrefix("layers[1].frame[2]: a layer size") == true, "\(problems)")
    }
  }

  @Test func aHugeRenderSizeAndHugeLineWidthsAreProblems() throws {
    #expect(
      try templateProblems(#"{"version": 1, "size": [1e308, 10], "duration": 1}"#) == [
        "size: must be whole numbers of pixels from 2 to 16384 (got 1e+308×10)"
      ])
    #expect(
      try templateProblems(
        Self.template(layer: #"{"type": "text", "text": "Hi", "outline": {"width": 1e6}}"#)) == [
          "layers[0].outline.width: an outline width must be from 0 to 512 pixels (got 1000000)"
        ])
    #expect(
      try templateProblems(
        Self.template(layer: #"{"type": "shape", "path": "M 0 0 L 9 9", "stroke": {"width": 1e9}}"#)
      ) == ["layers[0].stroke.width: a line width must be from 0 to 4096 pixels (got 1000000000)"])
  }

  @Test func pathsAndDashesThatWouldNeverFinishAreProblems() throws {
    #expect(
      try templateProblems(Self.template(layer: #"{"type": "shape", "path": "M 0 0 L 1e300 0"}"#))
        .first?.hasPrefix("layers[0].path: every point of a path must be a coordinate") == true)
    #expect(
      try templateProblems(
        Self.template(
          layer: #"{"type": "shape", "path": "M 0 0 L 60 0", "stroke": {"dash": [0.001, 0.001]}}"#)
      ) == [
        #"layers[0].stroke.dash: the dashes add up to 0.002 px; a pattern must add up to 0.1 px or more (or leave out "dash" for a solid line)"#
      ])
  }

  @Test func everyRangeIsDocumentedInTheSecurityPage() throws {
    // The docs' limits table agrees with PixelLimits.all: each range appears with its
    // bounds as written by PixelRange.description (the table is generated; the keys each
    // range bounds come from the format's description, see TemplateSchemaTests).
    let docs = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/security.md"), encoding: .utf8)
    let rows = docs.split(separator: "\n").filter { $0.hasPrefix("| ") }
    for range in PixelLimits.all {
      let row = rows.first { $0.hasPrefix("| \(range.name) | \(range.description) |") }
      #expect(row != nil, "\(range.name)")
    }
  }
}

/// `validate` reports what the export would refuse (the export's own checks, run through
/// `ExportSettings.validate`), so that a valid template renders.
@Suite("Trust: validate finds what render would refuse")
struct TrustExportCheckTests {
  @Test func theDocumentedMaximumSizeIsRefusedByTheH264LevelAtValidation() throws {
    let problems = try templateProblems(#"{"version": 1, "size": [16384, 16384], "duration": 1}"#)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("cannot be exported: 16384×16384") == true, "\(problems)")
    #expect(problems.first?.contains("H.264 level 6.2") == true)
    // The same size as HEVC is not refused by the H.264 rule.
    let hevc = try? loadTemplate(
      #"{"version": 1, "size": [8192, 8192], "duration": 1, "export": {"codec": "hevc"}}"#)
    #expect(hevc != nil)
  }

  @Test func anExportSizeBeyondTheRangeIsAProblem() throws {
    #expect(
      try templateProblems(
        #"{"version": 1, "size": [64, 64], "duration": 1, "export": {"size": [100000, 100000]}}"#)
        == [
          "export.size: must be even whole numbers of pixels from 2 to 16384 (got 100000×100000)"
        ])
  }

  @Test func aSegmentStretchedBeyondTheTempoRangeIsAProblem() throws {
    let folder = try mediaFolder()
    let problems = try templateProblems(
      """
      {"version": 1, "composition": {"tracks": [
        {"kind": "video", "segments": [{"media": "media/clip.mp4", "source": [0, 1]}]},
        {"kind": "audio", "segments": [
          {"media": "media/clip.mp4", "source": [0, 0.001], "duration": 1000}]}]}}
      """, folder: folder)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("cannot be exported: the audio of ") == true, "\(problems)")
    #expect(problems.first?.contains("0.0001…10000") == true)
    // Within the range (1 s played over 4 s) the template is valid.
    _ = try loadTemplate(
      """
      {"version": 1, "composition": {"tracks": [
        {"kind": "video", "segments": [{"media": "media/clip.mp4", "source": [0, 1]}]},
        {"kind": "audio", "segments": [
          {"media": "media/clip.mp4", "source": [0, 1], "duration": 4}]}]}}
      """, folder: folder)
  }

  @Test func theSwiftAPIRunsTheSameChecksAsTheExport() throws {
    // ExportSettings.validate and ExportSession share ExportJob's checks: a bad CRF for
    // H.264 and an odd output size are refused by both with the same reason.
    let loaded = try loadTemplate(#"{"version": 1, "size": [64, 64], "duration": 1}"#)
    var settings = loaded.exportSettings
    settings.outputSize = (63, 64)
    #expect(throws: ExportError.self) { try settings.validate(loaded.movie) }
    settings.outputSize = nil
    settings.crf = 0
    do {
      try settings.validate(loaded.movie)
      Issue.record("CRF 0 for H.264 passed")
    } catch {
      #expect(error.description.hasPrefix("CRF 0 is outside 1…51 for h264"))
    }
  }
}
