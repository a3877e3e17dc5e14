import Foundation
import ReelHTTP

/// Who may talk to the preview server: a page this server served, in a browser on this
/// machine. Every request and WebSocket must carry the session's token (query `token` or
/// header `X-Reel-Token`), name this server in `Host` (`127.0.0.1:PORT` or
/// `localhost:PORT`: no DNS-rebound name) and, when it sends an `Origin`, come from this
/// server's origin (no other site's page). Anything else gets 403 before any work starts.
struct PreviewSecurity: Sendable {
  /// 32 lower-case hex digits (128 random bits).
  let token: String

  init(token: String = PreviewSecurity.makeToken()) {
    self.token = token
  }

  /// 128 bits from the system's random source, as 32 hex digits.
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let value = generator.next() as UInt64
      let hex = String(value, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// nil when `request` may go on; a 403 response naming the reason otherwise.
  ///
  /// - Parameter port: The port the server is bound to.
  func refusal(of request: HTTPRequest, port: Int) -> HTTPResponse? {
    let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
    guard let host = request.header("host")?.lowercased(), hosts.contains(host) else {
      return .text(403, "forbidden: the Host must be 127.0.0.1:\(port) or localhost:\(port)")
    }
    if let origin = request.header("origin")?.lowercased(),
      !hosts.map({ "http://" + $0 }).contains(origin)
    {
      return .text(403, "forbidden: requests from other sites are refused")
    }
    let given = request.query["token"] ?? request.header("x-reel-token") ?? ""
    guard Self.constantTimeEqual(given, token) else {
      return .text(
        403, "forbidden: open the preview's URL as given when it started (it carries the token)")
    }
    return nil
  }

  /// Compares without stopping at the first difference.
  private static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    guard left.count == right.count else { return false }
    var difference: UInt8 = 0
    for (a, b) in zip(left, right) { difference |= a ^ b }
    return difference == 0
  }
}
