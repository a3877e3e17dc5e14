import Foundation
import ReelProject
import TestSupport
import Testing

/// `LoadedTemplate.outline`: where the clips, transitions, layers, animations and cues lie
/// (what `reel preview` draws as its timeline).
@Suite("Template outline")
struct TemplateOutlineTests {
  @Test("clips with a cross-fade, nested layers with their times and animations, and cues")
  func outline() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-outline")
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["a.mp4", "b.mp4"] {
      _ = try MediaOracle.makeClip(
        name, in: folder, video: "testsrc=size=160x120:rate=30:duration=2")
    }
    try Data("1\n00:00:01,000 --> 00:00:02,500\n<b>Hello</b>\n".utf8)
      .write(to: folder.appendingPathComponent("cues.srt"))
    let template = """
      { "version": 1, "size": [160, 120],
        "clips": [ { "media": "a.mp4" },
                   { "media": "b.mp4", "transition": { "type": "crossFade", "duration": 0.5 } } ],
        "layers": [
          { "type": "video" },
          { "name": "card", "start": 1, "end": 3,
            "layers": [ { "type": "color", "color": "red", "name": "dot",
              "animations": [ { "property": "opacity", "from": 0, "to": 1, "begin": 0.5, "duration": 1 } ] } ] }
        ],
        "subtitles": [ { "file": "cues.srt" } ] }
      """
    let path = folder.appendingPathComponent("t.json").path
    try Data(template.utf8).write(to: URL(fileURLWithPath: path))
    let outline = try Template.load(path: path).outline

    #expect(
      outline.clips == [
        TemplateOutline.Clip(track: 0, name: "a.mp4", start: 0, end: 2),
        TemplateOutline.Clip(track: 1, name: "b.mp4", start: 1.5, end: 3.5),
      ])
    #expect(
      outline.transitions == [TemplateOutline.Transition(start: 1.5, end: 2, kind: "crossFade")])
    #expect(outline.layers.map(\.id) == ["L0", "L1", "L1.0"])
    #expect(outline.layers.map(\.depth) == [1, 1, 2])
    #expect(outline.layers.map(\.path) == ["layers[0]", "layers[1]", "layers[1].layers[0]"])
    let card = try #require(outline.layers.first { $0.name == "card" })
    #expect(card.start == 1 && card.end == 3)
    let dot = try #require(outline.layers.first { $0.name == "dot" })
    #expect(dot.start == 0 && dot.end == 3.5)
    #expect(
      dot.animations == [TemplateOutline.Animation(property: "opacity", start: 0.5, end: 1.5)])
    #expect(outline.cues == [TemplateOutline.Cue(start: 1, end: 2.5, text: "Hello")])
    #expect(TemplateOutline.layerID(path: [2, 0]) == "L2.0")
  }
}
