import Foundation
import ReelPreview
import TestSupport
import Testing

/// Who may talk to the preview server: only a page it served (the token), on this machine
/// (Host), from its own origin (Origin).
@Suite("Preview security")
struct PreviewSecurityTests {
  @Test("a request without the token gets 403 and draws no frame")
  func tokenRequired() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate())
    let refused = try HTTPTestClient.request(
      port: fixture.port, "/api/frame?frame=0&width=160&height=120")
    #expect(refused.status == 403)
    let wrong = try HTTPTestClient.request(
      port: fixture.port, "/api/frame?frame=0&token=0123456789abcdef0123456789abcdef")
    #expect(wrong.status == 403)
    let page = try HTTPTestClient.request(port: fixture.port, "/")
    #expect(page.status == 403)
    let render = try HTTPTestClient.request(port: fixture.port, "/api/render", method: "POST")
    #expect(render.status == 403)
    #expect(try fixture.server.framesRendered == 0)
    #expect(try fixture.server.revision?.number == 1)
    #expect(
      !FileManager.default.fileExists(
        atPath: fixture.folder.appendingPathComponent("card.mp4").path))

    let allowed = try fixture.get("/api/frame?frame=0&width=160&height=120")
    #expect(allowed.status == 200)
    #expect(try fixture.server.framesRendered == 1)
    let header = try HTTPTestClient.request(
      port: fixture.port, "/api/state", headers: ["X-Reel-Token": try fixture.server.token])
    #expect(header.status == 200)
  }

  @Test("the token is 32 hex digits, different for each session, and in the printed URL")
  func token() throws {
    let first = try PreviewFixture(PreviewFixture.layersTemplate())
    let second = try PreviewFixture(PreviewFixture.layersTemplate())
    let token = try first.server.token
    #expect(token.count == 32)
    #expect(token.allSatisfy { $0.isHexDigit })
    #expect(token != second.token)
    #expect(try first.server.url == "http://127.0.0.1:\(first.port)/?token=\(token)")
  }

  @Test("a foreign Host or Origin gets 403; this server's own names pass")
  func hostAndOrigin() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate())
    let port = fixture.port
    let target = fixture.target("/api/state")
    for host in [
      "evil.example:\(port)", "127.0.0.1", "127.0.0.1:1", "localhost.evil.example:\(port)",
    ] {
      let response = try HTTPTestClient.request(port: port, target, host: host)
      #expect(response.status == 403, "Host: \(host)")
    }
    for origin in [
      "http://evil.example", "http://127.0.0.1:1", "null", "https://127.0.0.1:\(port)",
    ] {
      let response = try HTTPTestClient.request(port: port, target, headers: ["Origin": origin])
      #expect(response.status == 403, "Origin: \(origin)")
    }
    #expect(try HTTPTestClient.request(port: port, target, host: "localhost:\(port)").status == 200)
    #expect(
      try HTTPTestClient.request(
        port: port, target, headers: ["Origin": "http://127.0.0.1:\(port)"]
      )
      .status == 200)
    let socket = try HTTPTestClient.WebSocket(
      port: port, fixture.target("/api/events"), origin: "http://evil.example")
    #expect(socket.status == 403)
    let tokenless = try HTTPTestClient.WebSocket(port: port, "/api/events")
    #expect(tokenless.status == 403)
    #expect(try fixture.server.framesRendered == 0)
  }

  @Test("the page is served with the token filled in; paths are names, never files")
  func page() throws {
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate())
    let page = try fixture.get("/")
    #expect(page.status == 200)
    #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
    #expect(page.text.contains(try fixture.server.token))
    #expect(!page.text.contains("__REEL_TOKEN__"))
    #expect(try fixture.get("/static/preview.js").status == 200)
    #expect(try fixture.get("/static/preview.css").status == 200)
    for path in ["/card.json", "/static/../card.json", "/static/%2e%2e/card.json", "/etc/passwd"] {
      #expect(try fixture.get(path).status == 404, "\(path)")
    }
  }
}
