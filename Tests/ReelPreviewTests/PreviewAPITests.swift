import Foundation
import ReelPreview
import TestSupport
import Testing

/// The page's API: state, frames (the same pixels as `reel frame`), layer frames,
/// revisions and problems.
@Suite("Preview API")
struct PreviewAPITests {
  @Test("/api/state describes the movie and its timeline")
  func state() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate())
    let response = try fixture.get("/api/state")
    #expect(response.status == 200)
    #expect(response.headers["cache-control"] == "no-store")
    #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
    let state = try #require(response.json)
    #expect(state["revision"] as? Int == 1)
    #expect(state["templateName"] as? String == "card.json")
    #expect(state["ok"] as? Bool == true)
    #expect((state["problems"] as? [Any])?.isEmpty == true)
    let movie = try #require(state["movie"] as? [String: Any])
    #expect(movie["width"] as? Int == 320)
    #expect(movie["height"] as? Int == 240)
    #expect(movie["frameRate"] as? Double == 30)
    #expect(movie["frameCount"] as? Int == 30)
    #expect(movie["duration"] as? Double == 1)
    #expect(movie["hasAudio"] as? Bool == false)
    let timeline = try #require(state["timeline"] as? [String: Any])
    let layers = try #require(timeline["layers"] as? [[String: Any]])
    #expect(layers.map { $0["id"] as? String } == ["L0", "L1", "L2"])
    #expect(layers.map { $0["name"] as? String } == ["sky", "box", "title"])
    #expect(layers[2]["start"] as? Double == 0.5)
    #expect(layers[2]["end"] as? Double == 1)
    let animations = try #require(layers[1]["animations"] as? [[String: Any]])
    #expect(animations.count == 1)
    #expect(animations.first?["property"] as? String == "position")
    #expect(animations.first?["start"] as? Double == 0)
    #expect(animations.first?["end"] as? Double == 1)
    #expect(timeline["clips"] is [Any])
    #expect(timeline["transitions"] is [Any])
    #expect(timeline["cues"] is [Any])
    #expect(timeline["captions"] is [Any])
    let render = try #require(state["render"] as? [String: Any])
    #expect(render["state"] as? String == "idle")
  }

  @Test("/api/frame is the PNG `reel frame --size` writes (8×8 block means within 2/255)")
  func frameMatchesReelFrame() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate())
    let response = try fixture.get("/api/frame?frame=21&width=160&height=160&revision=1")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "image/png")
    #expect(response.headers["x-reel-frame"] == "21")
    #expect(response.headers["x-reel-revision"] == "1")
    let served = fixture.folder.appendingPathComponent("served.png")
    try response.body.write(to: served)
    // Frame 21 at 30 fps is 0.7 s.
    let expected = fixture.folder.appendingPathComponent("expected.png")
    let cli = try TestSupport.reel([
      "frame", fixture.template.path, "--time", "0.7", "--size", "160x160", "-o", expected.path,
    ])
    #expect(cli.status == 0, "\(cli.stderr)")
    let got = try PreviewFixture.rgb(served)
    let want = try PreviewFixture.rgb(expected)
    #expect(got.width == 160 && got.height == 120)
    #expect(got.width == want.width && got.height == want.height)
    var worst = 0.0
    for y in stride(from: 0, to: want.height - 7, by: 8) {
      for x in stride(from: 0, to: want.width - 7, by: 8) {
        let a = got.mean(x: x, y: y, width: 8, height: 8)
        let b = want.mean(x: x, y: y, width: 8, height: 8)
        worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
      }
    }
    #expect(worst <= 2, "largest block difference \(worst)/255")
    // A different time is a different picture (the box moved): the comparison can fail.
    let other = try fixture.get("/api/frame?frame=3&width=160&height=160")
    #expect(other.status == 200)
    #expect(other.body != response.body)
    // Full size without width and height.
    let full = fixture.folder.appendingPathComponent("full.png")
    try fixture.get("/api/frame?frame=0").body.write(to: full)
    #expect(try MediaOracle.videoSize(full) == (320, 240))
  }

  @Test("bad numbers get 400; frames past the end too")
  func badNumbers() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate())
    for query in [
      "frame=-1", "frame=30", "frame=abc", "frame=1&width=0", "frame=1&height=99999",
      "frame=1&revision=x", "frame=1.5", "",
    ] {
      #expect(try fixture.get("/api/frame?" + query).status == 400, "\(query)")
    }
    #expect(try fixture.get("/api/state", method: "POST").status == 405)
    #expect(try fixture.get("/api/render").status == 405)
  }

  @Test("/api/layer-frames gives each layer's box in movie pixels")
  func layerFrames() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate())
    let response = try fixture.get("/api/layer-frames?frame=0")
    #expect(response.status == 200)
    let json = try #require(response.json)
    #expect(json["frame"] as? Int == 0)
    let layers = try #require(json["layers"] as? [[String: Any]])
    let byID = Dictionary(
      uniqueKeysWithValues: layers.compactMap { layer in
        (layer["id"] as? String).map { ($0, layer) }
      })
    let sky = try #require(byID["L0"])
    #expect(sky["width"] as? Double == 320 && sky["height"] as? Double == 240)
    // The box's position animates from x = 90 (its centre) at 0 s: [40, 30, 100, 50].
    let box = try #require(byID["L1"])
    #expect(box["x"] as? Double == 40)
    #expect(box["y"] as? Double == 30)
    #expect(box["width"] as? Double == 100)
    #expect(box["height"] as? Double == 50)
    // The title shows from 0.5 s only.
    #expect(byID["L2"] == nil)
    let later = try #require(try fixture.get("/api/layer-frames?frame=15").json)
    let laterLayers = try #require(later["layers"] as? [[String: Any]])
    let moved = try #require(laterLayers.first { $0["id"] as? String == "L1" })
    #expect((moved["x"] as? Double ?? 0) > 40)
  }

  @Test(
    "live reload: a save by rename bumps the revision; older revisions get 410; errors 409 with path and line"
  )
  func liveReloadAndProblems() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate(title: "Hello"))
    let first = try fixture.get("/api/frame?frame=20&width=160&height=120&revision=1")
    #expect(first.status == 200)
    try fixture.save(PreviewFixture.layersTemplate(title: "Goodbye"))
    let reloaded = try fixture.waitForState { ($0["revision"] as? Int ?? 0) >= 2 }
    #expect(reloaded["revision"] as? Int == 2)
    #expect(reloaded["ok"] as? Bool == true)
    #expect(try fixture.get("/api/frame?frame=20&revision=1").status == 410)
    let second = try fixture.get("/api/frame?frame=20&width=160&height=120&revision=2")
    #expect(second.status == 200)
    #expect(second.body != first.body)

    // Line 6 of the template: a colour that is not one.
    let broken = PreviewFixture.layersTemplate().replacingOccurrences(
      of: "\"color\": \"white\"", with: "\"color\": \"whitish\"")
    try fixture.save(broken)
    let failed = try fixture.waitForState { $0["ok"] as? Bool == false }
    #expect(failed["ok"] as? Bool == false)
    #expect(failed["movie"] is NSNull)
    #expect(failed["timeline"] is NSNull)
    let problems = try #require(failed["problems"] as? [[String: Any]])
    let problem = try #require(problems.first)
    #expect(problem["severity"] as? String == "error")
    #expect(problem["path"] as? String == "layers[1].color")
    #expect(problem["line"] as? Int == 6)
    #expect((problem["message"] as? String)?.isEmpty == false)
    let refused = try fixture.get("/api/frame?frame=0")
    #expect(refused.status == 409)
    let body = try #require(refused.json)
    #expect((body["problems"] as? [[String: Any]])?.first?["path"] as? String == "layers[1].color")

    // Fixed again: frames come back.
    try fixture.save(PreviewFixture.layersTemplate())
    let fixed = try fixture.waitForState { $0["ok"] as? Bool == true }
    #expect(fixed["ok"] as? Bool == true)
    #expect(try fixture.get("/api/frame?frame=0&width=80&height=60").status == 200)
  }

  @Test("a changed media file reloads too (its folder is watched)")
  func mediaChangeReloads() throws {
    let template = """
      { "version": 1, "size": [160, 120], "duration": 1,
        "layers": [ { "type": "image", "image": "media/star.png", "frame": [0, 0, 40, 40] } ] }
      """
    let fixture = try PreviewFixture(template) { folder in
      let media = folder.appendingPathComponent("media")
      try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
      try TestSupport.ffmpeg([
        "-f", "lavfi", "-i", "color=c=red:size=16x16", "-frames:v", "1",
        media.appendingPathComponent("star.png").path,
      ])
    }
    #expect(try fixture.server.revision?.isValid == true)
    let media = fixture.folder.appendingPathComponent("media")
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "color=c=blue:size=16x16", "-frames:v", "1",
      media.appendingPathComponent("new.png").path,
    ])
    #expect(
      rename(
        media.appendingPathComponent("new.png").path, media.appendingPathComponent("star.png").path)
        == 0)
    let state = try fixture.waitForState { ($0["revision"] as? Int ?? 0) >= 2 }
    #expect(state["revision"] as? Int == 2)
  }

  @Test(
    "filters preview: a lut step's .cube file is watched, and a broken one is reported at its line")
  func filtersAndTheirCubeFiles() throws {
    let template = """
      { "version": 1, "size": [160, 120], "duration": 1,
        "layers": [ { "type": "color", "color": "#808080",
          "filters": [ { "type": "lut", "file": "looks/flat.cube" },
                       { "type": "gaussianBlur", "radius": 2 } ] } ] }
      """
    func cube(_ value: String) -> String {
      "LUT_3D_SIZE 2\n" + Array(repeating: value, count: 8).joined(separator: "\n") + "\n"
    }
    let fixture = try PreviewFixture(template) { folder in
      let looks = folder.appendingPathComponent("looks")
      try FileManager.default.createDirectory(at: looks, withIntermediateDirectories: true)
      try Data(cube("1 0 0").utf8).write(to: looks.appendingPathComponent("flat.cube"))
    }
    #expect(try fixture.server.revision?.isValid == true)
    #expect(try fixture.get("/api/frame?frame=0&width=160&height=120").status == 200)
    let looks = fixture.folder.appendingPathComponent("looks")
    try Data((cube("0 1 0") + "0 0\n").utf8).write(to: looks.appendingPathComponent("new.cube"))
    #expect(
      rename(
        looks.appendingPathComponent("new.cube").path,
        looks.appendingPathComponent("flat.cube").path) == 0)
    let failed = try fixture.waitForState { $0["ok"] as? Bool == false }
    let problem = try #require((failed["problems"] as? [[String: Any]])?.first)
    #expect(problem["path"] as? String == "layers[0].filters[0].file")
    #expect(
      (problem["message"] as? String)?.contains("looks/flat.cube line 10") == true,
      "\(problem)")
  }
}
