import Foundation
import ReelHTTP
import Synchronization
import TestSupport
import Testing

/// A count shared with handlers.
private final class Counter: Sendable {
  let value = Atomic<Int>(0)
}

/// The libsoup wrapper, started in-process on a free port and talked to over raw sockets.
@Suite("HTTP server")
struct HTTPServerTests {
  /// A server with a gate that wants `?key=yes`, a counter of handler calls, and routes:
  /// `/hello` (at once), `/later` (answered from another thread), `/bytes` (0…255 × 4).
  private static func makeServer(calls: Counter? = nil) throws -> HTTPServer {
    let server = HTTPServer(port: 0)
    server.setGate { request in
      request.query["key"] == "yes" ? nil : .text(403, "no key")
    }
    server.route("/hello") { request, responder in
      responder.respond(
        HTTPResponse(
          status: 200, headers: [("X-Test", "1")], body: Data("hello \(request.method)".utf8)))
    }
    let counter = calls
    server.route("/later") { _, responder in
      counter?.value.add(1, ordering: .relaxed)
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
        responder.respond(.text(201, "later"))
      }
    }
    server.route("/bytes") { _, responder in
      let bytes = Data((0..<1024).map { UInt8($0 % 256) })
      responder.respond(
        HTTPResponse(
          status: 200, contentType: "application/octet-stream",
          headers: [("Accept-Ranges", "bytes")], body: bytes))
    }
    try server.start()
    return server
  }

  @Test("binds a free port on 127.0.0.1 and answers routes; unknown paths get 404")
  func routes() throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    #expect(server.port > 0)
    let hello = try HTTPTestClient.request(port: server.port, "/hello?key=yes")
    #expect(hello.status == 200)
    #expect(hello.text == "hello GET")
    #expect(hello.headers["x-test"] == "1")
    let missing = try HTTPTestClient.request(port: server.port, "/nothing?key=yes")
    #expect(missing.status == 404)
  }

  @Test("the gate refuses before any handler runs")
  func gate() throws {
    let calls = Counter()
    let server = try Self.makeServer(calls: calls)
    defer { server.stop() }
    let refused = try HTTPTestClient.request(port: server.port, "/later")
    #expect(refused.status == 403)
    #expect(calls.value.load(ordering: .relaxed) == 0)
    let missing = try HTTPTestClient.request(port: server.port, "/nothing")
    #expect(missing.status == 403)
  }

  @Test("a handler may answer later, from another thread")
  func asynchronous() throws {
    let calls = Counter()
    let server = try Self.makeServer(calls: calls)
    defer { server.stop() }
    let later = try HTTPTestClient.request(port: server.port, "/later?key=yes")
    #expect(later.status == 201)
    #expect(later.text == "later\n")
    #expect(calls.value.load(ordering: .relaxed) == 1)
  }

  @Test("a Range request of a byte body gets 206 with that part (libsoup does it)")
  func range() throws {
    let server = try Self.makeServer()
    defer { server.stop() }
    let part = try HTTPTestClient.request(
      port: server.port, "/bytes?key=yes", headers: ["Range": "bytes=256-511"])
    #expect(part.status == 206)
    #expect(part.headers["content-range"] == "bytes 256-511/1024")
    #expect([UInt8](part.body) == (0..<256).map { UInt8($0) })
    let whole = try HTTPTestClient.request(port: server.port, "/bytes?key=yes")
    #expect(whole.status == 200)
    #expect(whole.body.count == 1024)
  }

  @Test(
    "WebSocket: opened after the gate, text sent from any thread arrives; refused without the key")
  func webSocket() throws {
    let server = HTTPServer(port: 0)
    server.setGate { request in request.query["key"] == "yes" ? nil : .text(403, "no key") }
    server.webSocket("/events") { connection in
      DispatchQueue.global().async { connection.send("{\"n\": 1}") }
    }
    try server.start()
    defer { server.stop() }
    let socket = try HTTPTestClient.WebSocket(port: server.port, "/events?key=yes")
    #expect(socket.status == 101)
    #expect(try socket.nextText() == "{\"n\": 1}")
    let refused = try HTTPTestClient.WebSocket(port: server.port, "/events")
    #expect(refused.status == 403)
  }

  @Test("a directory watch reports a file renamed into the folder")
  func directoryWatch() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-http-watch")
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = HTTPServer(port: 0)
    try server.start()
    defer { server.stop() }
    let seen = Mutex<Set<String>>([])
    let watch = try server.watchDirectory(folder.path) { names in
      seen.withLock { $0.formUnion(names) }
    }
    defer { watch.cancel() }
    try Data("new".utf8).write(to: folder.appendingPathComponent(".file.tmp"))
    try FileManager.default.moveItem(
      at: folder.appendingPathComponent(".file.tmp"), to: folder.appendingPathComponent("file.txt"))
    let deadline = Date().addingTimeInterval(20)
    while !seen.withLock({ $0.contains("file.txt") }), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(seen.withLock { $0.contains("file.txt") })
  }

  @Test("stop closes the port; a port in use is refused with a message naming it")
  func stopAndPortInUse() throws {
    let server = try Self.makeServer()
    let port = server.port
    #expect(HTTPTestClient.isListening(port: port))
    let second = HTTPServer(port: port)
    #expect(throws: HTTPError.self) { try second.start() }
    server.stop()
    server.stop()
    #expect(!HTTPTestClient.isListening(port: port))
  }
}
