import Foundation

/// One HTTP request as the server read it: method, path, query and headers. Plain values,
/// safe to hand to any thread.
public struct HTTPRequest: Sendable {
  /// `GET`, `POST`, …
  public var method: String
  /// The decoded path, such as `/api/frame`.
  public var path: String
  /// The decoded query parameters (`token`, `frame`, …); a later value for the same name wins.
  public var query: [String: String]
  /// The request headers by lower-cased name (`host`, `origin`, `range`); repeated headers
  /// are joined with `, ` as HTTP allows.
  public var headers: [String: String]

  /// Makes a request (tests; the server makes them from what it reads).
  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:]
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
  }

  /// The value of a header, by case-insensitive name.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A response: status, headers and body bytes.
public struct HTTPResponse: Sendable {
  /// The status code, such as 200 or 403.
  public var status: Int
  /// The `Content-Type`.
  public var contentType: String
  /// More headers, in order (`Cache-Control`, `X-Reel-Frame`, …).
  public var headers: [(name: String, value: String)]
  /// The body.
  public var body: Data

  /// Makes a response.
  public init(
    status: Int, contentType: String = "text/plain; charset=utf-8",
    headers: [(name: String, value: String)] = [], body: Data = Data()
  ) {
    self.status = status
    self.contentType = contentType
    self.headers = headers
    self.body = body
  }

  /// A plain-text response (a message for a person: errors, refusals).
  public static func text(_ status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(status: status, body: Data((text + "\n").utf8))
  }
}

/// What a route handler answers with: call ``respond(_:)`` once, on any thread, now or
/// later (the server holds the connection open until then). A second call is ignored, and
/// so is a call after the client has gone.
public protocol HTTPResponding: Sendable {
  /// Sends the response.
  func respond(_ response: HTTPResponse)
  /// Whether the client is gone (the response would be dropped): a long job can stop.
  var isAbandoned: Bool { get }
}

/// Why the server could not start.
public enum HTTPError: Error, Sendable, CustomStringConvertible {
  /// The address could not be bound (the port is taken, say).
  case cannotListen(port: Int, reason: String)
  /// A directory could not be watched.
  case cannotWatch(path: String, reason: String)
  /// The server was already stopped.
  case stopped

  public var description: String {
    switch self {
    case .cannotListen(let port, let reason):
      return
        "cannot listen on 127.0.0.1:\(port): \(reason); choose another port (0 picks a free one)"
    case .cannotWatch(let path, let reason):
      return "cannot watch the folder \(path) for changes: \(reason)"
    case .stopped:
      return "the HTTP server has stopped"
    }
  }
}
