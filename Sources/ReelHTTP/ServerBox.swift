import CSoup
import Foundation
import Synchronization

/// The libsoup server object with the Swift side of its callbacks. Made, used and freed on
/// the loop's thread only.
final class ServerBox: @unchecked Sendable {
  // @unchecked: `server` is touched only on the loop's thread (see MainLoopThread).
  let server: UnsafeMutablePointer<SoupServer>
  private let handlers: RequestHandlers

  private init(server: UnsafeMutablePointer<SoupServer>, handlers: RequestHandlers) {
    self.server = server
    self.handlers = handlers
  }

  /// Makes the server, registers the handlers and listens on 127.0.0.1:`port`.
  static func make(port: Int, handlers: RequestHandlers) -> Result<ServerBox, HTTPError> {
    guard let server = reel_soup_server_new() else {
      return .failure(.cannotListen(port: port, reason: "libsoup could not make a server"))
    }
    let box = ServerBox(server: server, handlers: handlers)
    let data = Unmanaged.passUnretained(handlers).toOpaque()
    // One handler for every path (routing is by exact path, in Swift), and on each
    // WebSocket path a plain handler too: it runs the gate before the handshake, which
    // libsoup then skips when the gate has set a status.
    soup_server_add_handler(server, nil, RequestHandlers.httpCallback, data, nil)
    for path in handlers.configuration.webSockets.keys {
      soup_server_add_handler(server, path, RequestHandlers.httpCallback, data, nil)
      soup_server_add_websocket_handler(
        server, path, nil, nil, RequestHandlers.webSocketCallback, data, nil)
    }
    guard let address = g_inet_socket_address_new_from_string("127.0.0.1", guint(port)) else {
      g_object_unref(server)
      return .failure(.cannotListen(port: port, reason: "bad address"))
    }
    defer { g_object_unref(address) }
    var error: UnsafeMutablePointer<GError>?
    if soup_server_listen(server, address, SoupServerListenOptions(rawValue: 0), &error) == 0 {
      let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      if let error { g_error_free(error) }
      g_object_unref(server)
      return .failure(.cannotListen(port: port, reason: reason))
    }
    return .success(box)
  }

  /// Stops listening, closes every connection and frees the server (on the loop's thread).
  func shutDown() {
    handlers.closeAll()
    soup_server_disconnect(server)
    g_object_unref(server)
  }
}
