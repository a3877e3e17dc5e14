import Foundation
import ReelPreview
import TestSupport
import Testing

/// The sound the page plays and the Render button.
@Suite("Preview audio and render")
struct PreviewMediaTests {
  /// A 1 s clip with a 440 Hz tone, under a title.
  private static func clipFixture() throws -> PreviewFixture {
    let template = """
      { "version": 1, "size": [160, 120], "frameRate": 30,
        "clips": [ { "media": "tone.mp4" } ],
        "layers": [ { "type": "video" },
                    { "type": "color", "name": "bar", "color": "red", "frame": [0, 100, 160, 20] } ] }
      """
    return try PreviewFixture(template, running: .process) { folder in
      _ = try MediaOracle.makeClip(
        "tone.mp4", in: folder, video: "testsrc=size=160x120:rate=30:duration=1",
        audio: "sine=frequency=440:duration=1")
    }
  }

  @Test("/api/audio is Opus that ffprobe reads, with byte ranges for seeking")
  func audio() async throws {
    let fixture = try Self.clipFixture()
    let state = try fixture.state()
    #expect((state["movie"] as? [String: Any])?["hasAudio"] as? Bool == true)
    let clips = (state["timeline"] as? [String: Any])?["clips"] as? [[String: Any]]
    #expect(clips?.first?["name"] as? String == "tone.mp4")
    let (response, part) = try await blocking {
      (
        try fixture.get("/api/audio?revision=1"),
        try fixture.get("/api/audio?revision=1", headers: ["Range": "bytes=100-199"])
      )
    }
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "audio/webm")
    #expect(response.headers["accept-ranges"] == "bytes")
    let file = fixture.folder.appendingPathComponent("served.webm")
    try response.body.write(to: file)
    let streams = try MediaOracle.streams(file)
    #expect(streams.count == 1)
    #expect(streams.first?["codec_type"] as? String == "audio")
    #expect(streams.first?["codec_name"] as? String == "opus")
    let duration = try MediaOracle.duration(file)
    #expect(abs(duration - 1) < 0.1, "duration \(duration) s")

    #expect(part.status == 206)
    #expect(part.headers["content-range"] == "bytes 100-199/\(response.body.count)")
    #expect(part.body == response.body[100..<200])
  }

  @Test("a movie without sound has no /api/audio (404)")
  func noAudio() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate())
    #expect(try fixture.get("/api/audio").status == 404)
  }

  /// What the render test saw, read off the cooperative threads.
  private struct RenderRun: Sendable {
    var socketStatus: Int
    var helloRevision: Int?
    var first: HTTPTestClient.Response
    var firstDone: [String: String]
    var firstBytes: Data?
    var second: HTTPTestClient.Response
    var secondDone: [String: String]
  }

  /// The keys of a render message as text.
  private static func strings(_ message: [String: Any]?) -> [String: String] {
    var result: [String: String] = [:]
    for (key, value) in message ?? [:] { result[key] = "\(value)" }
    return result
  }

  @Test("Render writes NAME.mp4, then NAME-2.mp4 without touching the first; the WebSocket tells")
  func render() async throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate(), running: .process)
    let firstPath = fixture.folder.appendingPathComponent("card.mp4").path
    let run = try await blocking { () throws -> RenderRun in
      let socket = try HTTPTestClient.WebSocket(port: fixture.port, fixture.target("/api/events"))
      let hello = try socket.next { $0["type"] as? String == "revision" }
      let finished: ([String: Any]) -> Bool = {
        $0["type"] as? String == "render" && $0["state"] as? String != "running"
      }
      let first = try fixture.get("/api/render", method: "POST")
      let firstDone = try socket.next(where: finished)
      let firstBytes = try? Data(contentsOf: URL(fileURLWithPath: firstPath))
      let second = try fixture.get("/api/render", method: "POST")
      let secondDone = try socket.next(where: finished)
      return RenderRun(
        socketStatus: socket.status, helloRevision: hello?["revision"] as? Int, first: first,
        firstDone: Self.strings(firstDone), firstBytes: firstBytes, second: second,
        secondDone: Self.strings(secondDone))
    }
    #expect(run.socketStatus == 101)
    #expect(run.helloRevision == 1)
    #expect(run.first.status == 202)
    #expect(run.first.json?["output"] as? String == firstPath)
    #expect(run.firstDone["state"] == "done")
    #expect(run.firstDone["output"] == firstPath)
    #expect(run.firstDone["seconds"].flatMap(Double.init) != nil)
    let state = try fixture.state()
    #expect((state["render"] as? [String: Any])?["state"] as? String == "done")
    #expect(try MediaOracle.frames(URL(fileURLWithPath: firstPath)).count == 30)

    let secondPath = fixture.folder.appendingPathComponent("card-2.mp4").path
    #expect(run.second.status == 202)
    #expect(run.second.json?["output"] as? String == secondPath)
    #expect(run.secondDone["state"] == "done")
    #expect(FileManager.default.fileExists(atPath: secondPath))
    #expect(try Data(contentsOf: URL(fileURLWithPath: firstPath)) == run.firstBytes)
    // No temporary file is left next to them.
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted()
    #expect(names == ["card-2.mp4", "card.json", "card.mp4"])
  }

  @Test("Ctrl-C during a render cancels it: exit 0, no output, no temporary file left")
  func stopCancelsRender() async throws {
    // 20 s of frames: far longer than the moment between the request and the signal.
    let long = PreviewFixture.layersTemplate().replacingOccurrences(
      of: "\"duration\": 1,", with: "\"duration\": 20,")
    let fixture = try PreviewFixture(long, running: .process)
    let (started, status) = try await blocking {
      let started = try fixture.get("/api/render", method: "POST")
      // Until the export has made its temporary file (or a generous deadline).
      let deadline = Date().addingTimeInterval(60)
      while (try? FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).count) == 1,
        Date() < deadline
      {
        Thread.sleep(forTimeInterval: 0.02)
      }
      return (started, fixture.interrupt())
    }
    #expect(started.status == 202)
    #expect(status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)
    #expect(names == ["card.json"])
  }

  @Test("Render is refused (409) while the template has errors")
  func renderInvalid() throws {
    let fixture = try PreviewFixture("{ \"version\": 1, \"size\": [160, 120], \"duration\": -1 }")
    let response = try fixture.get("/api/render", method: "POST")
    #expect(response.status == 409)
    #expect((response.json?["problems"] as? [Any])?.isEmpty == false)
  }
}
