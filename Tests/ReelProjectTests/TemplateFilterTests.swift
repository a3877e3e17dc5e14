import Foundation
import Reel
import TestSupport
import Testing

@testable import ReelProject

/// The template's `filters`: on a layer (its content, before compositing), at the top level
/// (the whole frame, after every layer), animated, `lut` steps over `.cube` files, and the
/// problems each wrong step reports. Expected pixels come from each filter's formula.
@Suite("Template filters")
struct TemplateFilterTests {
  /// The frame of `loaded` at `seconds`, drawn by the renderer every export uses.
  func frame(_ loaded: LoadedTemplate, at seconds: Double) throws -> Image {
    try MovieRenderer(movie: loaded.movie).frame(
      at: Time(seconds: seconds, preferredTimescale: 600))
  }

  /// An 8-bit level from an encoded 0…1 value.
  static func level(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }

  /// What `CISepiaTone` makes of an opaque encoded colour: the sepia matrix on encoded
  /// values, mixed with the colour by `intensity`.
  static func sepia(_ rgb: [Int], intensity: Double) -> [Int] {
    let c = rgb.map { Double($0) / 255 }
    let rows = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]]
    return rows.enumerated().map { index, row in
      let toned = zip(row, c).map(*).reduce(0, +)
      return level(c[index] + (toned - c[index]) * intensity)
    }
  }

  static func rgb(_ pixel: BGRA) -> [Int] { [Int(pixel.red), Int(pixel.green), Int(pixel.blue)] }

  static func close(_ got: [Int], _ want: [Int], within tolerance: Int = 1) -> Bool {
    zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test func aLayerFilterChangesOnlyThatLayersPixels() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 48], "duration": 1, "background": "#102030",
       "layers": [
         {"type": "color", "color": "#c08040", "frame": [0, 0, 32, 48],
          "filters": [{"type": "sepiaTone", "intensity": 0.8}]},
         {"type": "color", "color": "#c08040", "frame": [32, 0, 16, 48]}]}
      """)
    let image = try frame(loaded, at: 0)
    let want = Self.sepia([0xc0, 0x80, 0x40], intensity: 0.8)
    #expect(Self.close(Self.rgb(image[x: 10, y: 20]), want), "\(image[x: 10, y: 20]) vs \(want)")
    #expect(Self.rgb(image[x: 40, y: 20]) == [0xc0, 0x80, 0x40], "the other layer is untouched")
    #expect(Self.rgb(image[x: 56, y: 20]) == [0x10, 0x20, 0x30], "the background is untouched")
  }

  @Test func theTopLevelFiltersApplyAfterEveryLayer() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 48], "duration": 1, "background": "blue",
       "filters": [{"type": "colorInvert"}],
       "layers": [{"type": "color", "color": "red", "frame": [0, 0, 32, 48]}]}
      """)
    let image = try frame(loaded, at: 0)
    // 1 − c in linear light: pure channels stay pure. The layer was drawn before the invert.
    #expect(Self.rgb(image[x: 10, y: 20]) == [0, 255, 255])
    #expect(Self.rgb(image[x: 50, y: 20]) == [255, 255, 0])
  }

  @Test func anAnimatedParameterFollowsItsAnimationByTypeOrByIndex() throws {
    for property in ["filters.sepiaTone.intensity", "filters[0].intensity"] {
      let loaded = try loadTemplate(
        """
        {"version": 1, "size": [64, 48], "duration": 2, "background": "black",
         "layers": [{"type": "color", "color": "#c08040",
           "filters": [{"type": "sepiaTone", "intensity": 0}],
           "animations": [{"property": "\(property)", "from": 0, "to": 1, "duration": 1}]}]}
        """)
      let start = try frame(loaded, at: 0)
      #expect(Self.rgb(start[x: 5, y: 5]) == [0xc0, 0x80, 0x40], "\(property)")
      let half = try frame(loaded, at: 0.5)
      let want = Self.sepia([0xc0, 0x80, 0x40], intensity: 0.5)
      #expect(Self.close(Self.rgb(half[x: 5, y: 5]), want), "\(property): \(half[x: 5, y: 5])")
    }
  }

  @Test func aTopLevelAnimationMovesTheWholeFrameFiltersNumbers() throws {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 48], "duration": 2, "background": "#404040",
       "filters": [{"type": "exposureAdjust", "ev": 0}],
       "animations": [{"property": "filters.exposureAdjust.ev", "from": 0, "to": 1, "duration": 1}]}
      """)
    // exposureAdjust scales linear light by 2^ev; the background is an encoded grey.
    func linear(_ level: Double) -> Double {
      let v = level / 255
      return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    func encoded(_ light: Double) -> Int {
      let v = min(max(light, 0), 1)
      return Int((255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)).rounded())
    }
    let start = try frame(loaded, at: 0)
    #expect(Self.close(Self.rgb(start[x: 5, y: 5]), [0x40, 0x40, 0x40]), "\(start[x: 5, y: 5])")
    let half = try frame(loaded, at: 0.5)
    let want = encoded(linear(0x40) * pow(2, 0.5))
    #expect(
      Self.close(Self.rgb(half[x: 5, y: 5]), [want, want, want]), "\(half[x: 5, y: 5]) vs \(want)")
  }

  @Test func aTopLevelAnimationOfAnythingButAFilterNumberIsReported() throws {
    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 48], "duration": 1,
       "filters": [{"type": "exposureAdjust"}],
       "animations": [{"property": "opacity", "to": 0},
                      {"property": "filters.exposureAdjust.evv", "to": 1}]}
      """)
    #expect(
      problems.contains {
        $0.hasPrefix(
          "animations[0].property: a top-level animation moves only the whole-frame filters' numbers"
        )
      }, "\(problems)")
    #expect(
      problems.contains {
        $0.hasPrefix(
          "animations[1].property: this layer has no filter number 'filters.exposureAdjust.evv'; did you mean 'filters.exposureAdjust.ev'?"
        )
      }, "\(problems)")
  }

  /// A 4³ `.cube` whose texels are a fixed scramble.
  static func scrambledCube() -> (text: String, texels: [[Double]]) {
    var state: UInt32 = 99
    var texels: [[Double]] = []
    var lines = ["# scrambled", "TITLE \"test\"", "LUT_3D_SIZE 4"]
    for _ in 0..<64 {
      var texel: [Double] = []
      for _ in 0..<3 {
        state = state &* 1_103_515_245 &+ 12345
        texel.append(Double((state >> 8) & 0xFF) / 255)
      }
      texels.append(texel)
      lines.append(texel.map { String(format: "%.6f", $0) }.joined(separator: " "))
    }
    return (lines.joined(separator: "\n") + "\n", texels)
  }

  /// Trilinear interpolation of a 4³ table (red fastest) at an encoded colour.
  static func trilinear(_ texels: [[Double]], at rgb: [Double]) -> [Double] {
    let side = 4
    let position = rgb.map { min(max($0, 0), 1) * Double(side - 1) }
    let base = position.map { min(Int($0), side - 2) }
    var sum = [0.0, 0.0, 0.0]
    for corner in 0..<8 {
      let offset = [corner & 1, (corner >> 1) & 1, (corner >> 2) & 1]
      var weight = 1.0
      for axis in 0..<3 {
        let t = position[axis] - Double(base[axis])
        weight *= offset[axis] == 1 ? t : 1 - t
      }
      let index =
        ((base[2] + offset[2]) * side + base[1] + offset[1]) * side + base[0] + offset[0]
      for channel in 0..<3 { sum[channel] += weight * texels[index][channel] }
    }
    return sum
  }

  @Test func aLutStepMatchesTrilinearInterpolationOfTheCube() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template-lut")
    let looks = folder.appendingPathComponent("looks")
    try FileManager.default.createDirectory(at: looks, withIntermediateDirectories: true)
    let cube = Self.scrambledCube()
    try Data(cube.text.utf8).write(to: looks.appendingPathComponent("scrambled.cube"))
    let colours = [[0xc0, 0x80, 0x40], [0x20, 0xe0, 0x90], [0x00, 0x00, 0xff]]
    let layers = colours.enumerated().map { index, rgb in
      let hex = rgb.map { String(format: "%02x", $0) }.joined()
      return """
        {"type": "color", "color": "#\(hex)", "frame": [\(index * 20), 0, 20, 48],
         "filters": [{"type": "lut", "file": "looks/scrambled.cube"}]}
        """
    }
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 48], "duration": 1,
       "layers": [\(layers.joined(separator: ", "))]}
      """, folder: folder)
    let image = try frame(loaded, at: 0)
    for (index, rgb) in colours.enumerated() {
      let want = Self.trilinear(cube.texels, at: rgb.map { Double($0) / 255 }).map(Self.level)
      let got = Self.rgb(image[x: index * 20 + 10, y: 24])
      #expect(Self.close(got, want), "colour \(rgb): got \(got), trilinear \(want)")
    }
  }

  @Test func eachWrongStepIsReportedAtItsPath() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template-lut-problems")
    try Data("LUT_3D_SIZE 2\n0 0 0\n1 1\n".utf8).write(
      to: folder.appendingPathComponent("broken.cube"))
    try Data("hello".utf8).write(to: folder.appendingPathComponent("notes.cube"))
    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 48], "duration": 1,
       "filters": [{"type": "gausianBlur"}],
       "layers": [{"type": "color", "color": "red",
         "filters": [{"type": "gaussianBlur", "radius": 500},
                     {"type": "sepiaTone", "intensty": 1},
                     {"type": "lut", "file": "missing.cube"},
                     {"type": "lut", "file": "broken.cube"},
                     {"type": "lut", "file": "notes.cube"},
                     {"type": "dissolveTransition"}],
         "animations": [{"property": "filters.sepiaTone.radius", "to": 1}]}]}
      """, folder: folder)
    let expected = [
      "filters[0].type: unknown filter 'gausianBlur'; did you mean 'gaussianBlur'?",
      "layers[0].filters[0].radius: must be between 0 and 100 (got 500)",
      "layers[0].filters[1].intensty: sepiaTone has no parameter 'intensty'; did you mean 'intensity'?",
      "layers[0].filters[5].type: dissolveTransition (CIDissolveTransition) cannot be a filter step",
      "layers[0].animations[0].property: this layer has no filter number 'filters.sepiaTone.radius'",
      "layers[0].filters[2].file: ",
      "layers[0].filters[3].file: broken.cube line 3: expected 3 numbers, found 2",
      "layers[0].filters[4].file: notes.cube line 1: unknown keyword hello",
    ]
    for prefix in expected {
      #expect(
        problems.contains { $0.hasPrefix(prefix) }, "missing \(prefix) in \(problems)")
    }
    #expect(problems.contains { $0.contains("missing.cube") })
  }

  @Test func theSchemaHasOneFormPerFilterFromTheCatalog() throws {
    let text = TemplateSchemaGenerator.text
    #expect(text.contains("\"const\": \"sepiaTone\""))
    #expect(text.contains("\"const\": \"lut\""))
    #expect(TemplateFilterFormat.typeNames.contains("gaussianBlur"))
    #expect(!TemplateFilterFormat.typeNames.contains("colorCube"))
    #expect(!TemplateFilterFormat.typeNames.contains("sourceOverCompositing"))
  }

  @Test func aTransitionThroughACatalogFilterMixesTheClipsByItsTime() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template-filter-transition")
    for (name, colour) in [("a", "red"), ("b", "blue")] {
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=c=\(colour):size=64x48:rate=10:duration=1", "-c:v",
        "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p",
        folder.appendingPathComponent("\(name).mp4").path,
      ])
    }
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 48], "frameRate": 10,
       "clips": [{"media": "a.mp4"},
                 {"media": "b.mp4", "transition": {"type": "dissolveTransition", "duration": 0.5}}]}
      """, folder: folder)
    let renderer = try MovieRenderer(movie: loaded.movie)
    func rgb(_ seconds: Double) throws -> [Double] {
      let pixel = try renderer.frame(at: Time(seconds: seconds, preferredTimescale: 600))[
        x: 30, y: 20]
      return [Double(pixel.red), Double(pixel.green), Double(pixel.blue)]
    }
    func linear(_ level: Double) -> Double {
      let v = level / 255
      return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    func encoded(_ light: Double) -> Double {
      let v = min(max(light, 0), 1)
      return 255 * (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055)
    }
    let outgoing = try rgb(0.1)
    let incoming = try rgb(1.2)
    // The transition runs from 0.5 s to 1 s: at 0.7 s it is 40 % through, in linear light.
    let middle = try rgb(0.7)
    let expected = zip(outgoing, incoming).map { encoded(linear($0) * 0.6 + linear($1) * 0.4) }
    #expect(
      zip(middle, expected).allSatisfy { abs($0 - $1) <= 2 },
      "\(middle) vs \(expected) (from \(outgoing) to \(incoming))")
    #expect(loaded.outline.transitions.first?.kind == "dissolveTransition")
  }

  @Test func aTransitionsParametersComeFromTheTemplate() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template-transition-parameters")
    for (name, colour) in [("a", "red"), ("b", "blue")] {
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=c=\(colour):size=64x48:rate=10:duration=1", "-c:v",
        "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv444p",
        folder.appendingPathComponent("\(name).mp4").path,
      ])
    }
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 48], "frameRate": 10,
       "clips": [{"media": "a.mp4"},
                 {"media": "b.mp4", "transition": {"type": "barsSwipeTransition", "duration": 0.5,
                   "parameters": {"angle": 0, "width": 24, "barOffset": 32}}}]}
      """, folder: folder)
    let renderer = try MovieRenderer(movie: loaded.movie)
    // Halfway (0.75 s): angle 0 sweeps along +x over 64 px; bars 24 px tall stack across it.
    // The edge is at t·(64 + 32) = 48 px for the even bar, 48 − 32 = 16 px for the odd one:
    // left of 16 px both bars show the incoming clip, right of 48 px both the outgoing one,
    // between them one bar each.
    let image = try renderer.frame(at: Time(seconds: 0.75, preferredTimescale: 600))
    func isIncoming(_ x: Int, _ y: Int) -> Bool {
      let pixel = image[x: x, y: y]
      return Int(pixel.blue) > Int(pixel.red)
    }
    #expect(isIncoming(8, 10) && isIncoming(8, 38), "left: the incoming clip in both bars")
    #expect(!isIncoming(56, 10) && !isIncoming(56, 38), "right: the outgoing clip in both bars")
    #expect(isIncoming(30, 10) != isIncoming(30, 38), "middle: one bar each")

    let problems = try templateProblems(
      """
      {"version": 1, "size": [64, 48], "frameRate": 10,
       "clips": [{"media": "a.mp4"},
                 {"media": "b.mp4", "transition": {"type": "barsSwipeTransition",
                   "parameters": {"widht": 40, "barOffset": 500, "time": 0.5}}},
                 {"media": "a.mp4", "transition": {"type": "crossFade", "parameters": {}}}]}
      """, folder: folder)
    let expected = [
      "clips[1].transition.parameters.widht: barsSwipeTransition has no parameter 'widht'; did you mean 'width'?",
      "clips[1].transition.parameters.barOffset: must be between 1 and 100 (got 500)",
      "clips[1].transition.parameters.time: barsSwipeTransition has no parameter 'time'",
      "clips[2].transition.parameters",
    ]
    for prefix in expected {
      #expect(problems.contains { $0.hasPrefix(prefix) }, "missing \(prefix) in \(problems)")
    }
  }
}
