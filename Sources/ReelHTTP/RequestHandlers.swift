import CSoup
import Foundation
import Synchronization

/// The Swift side of libsoup's callbacks: reads each request into an ``HTTPRequest``, runs
/// the gate, then the route's handler or the WebSocket handshake. Called on the loop's
/// thread only.
final class RequestHandlers: Sendable {
  /// What the server was given before it started.
  struct Configuration: Sendable {
    var routes: [String: HTTPServer.Handler] = [:]
    var webSockets: [String: @Sendable (WebSocketConnection) -> Void] = [:]
    var gate: HTTPServer.Gate = { _ in nil }
  }

  let configuration: Configuration
  /// The open WebSocket connections, closed on ``closeAll()``.
  private let connections = Mutex<[ObjectIdentifier: WebSocketConnection]>([:])

  init(configuration: Configuration) {
    self.configuration = configuration
  }

  static let httpCallback: SoupServerCallback = { _, message, path, query, data in
    guard let message, let data else { return }
    let handlers = Unmanaged<RequestHandlers>.fromOpaque(data).takeUnretainedValue()
    handlers.handle(message: message, path: path.map { String(cString: $0) } ?? "/", query: query)
  }

  static let webSocketCallback: SoupServerWebsocketCallback = { _, _, path, connection, data in
    guard let connection, let data else { return }
    let handlers = Unmanaged<RequestHandlers>.fromOpaque(data).takeUnretainedValue()
    handlers.opened(connection: connection, path: path.map { String(cString: $0) } ?? "/")
  }

  private func handle(message: OpaquePointer, path: String, query: OpaquePointer?) {
    let request = HTTPRequest(
      method: soup_server_message_get_method(message).map { String(cString: $0) } ?? "GET",
      path: path, query: Self.dictionary(query), headers: Self.headers(of: message))
    if let refusal = configuration.gate(request) {
      SoupResponder.apply(refusal, to: message)
      return
    }
    if configuration.webSockets[path] != nil {
      // Status 0: libsoup goes on with the handshake (and answers 400 to a plain request).
      return
    }
    guard let handler = configuration.routes[path] else {
      SoupResponder.apply(.text(404, "no such page: \(path)"), to: message)
      return
    }
    let responder = SoupResponder(message: message)
    handler(request, responder)
    responder.handlerReturned()
  }

  private func opened(connection: OpaquePointer, path: String) {
    guard let opened = configuration.webSockets[path] else { return }
    let socket = WebSocketConnection(connection: connection) { [weak self] socket in
      self?.connections.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(socket)) }
    }
    connections.withLock { $0[ObjectIdentifier(socket)] = socket }
    opened(socket)
  }

  /// Closes every open WebSocket (on the loop's thread, as the server stops).
  func closeAll() {
    for socket in connections.withLock({ Array($0.values) }) { socket.closeNow() }
  }

  /// A GHashTable of strings as a dictionary.
  private static func dictionary(_ table: OpaquePointer?) -> [String: String] {
    guard let table else { return [:] }
    var result: [String: String] = [:]
    var iterator = GHashTableIter()
    g_hash_table_iter_init(&iterator, table)
    var key: gpointer?
    var value: gpointer?
    while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
      guard let key else { continue }
      let name = String(cString: key.assumingMemoryBound(to: CChar.self))
      result[name] = value.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    }
    return result
  }

  /// The request's headers by lower-cased name.
  private static func headers(of message: OpaquePointer) -> [String: String] {
    final class Collected { var headers: [String: String] = [:] }
    let collected = Collected()
    withExtendedLifetime(collected) {
      soup_message_headers_foreach(
        soup_server_message_get_request_headers(message),
        { name, value, data in
          guard let name, let value, let data else { return }
          let collected = Unmanaged<Collected>.fromOpaque(data).takeUnretainedValue()
          let key = String(cString: name).lowercased()
          let text = String(cString: value)
          if let earlier = collected.headers[key] {
            collected.headers[key] = earlier + ", " + text
          } else {
            collected.headers[key] = text
          }
        }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return collected.headers
  }
}

/// Answers one request, now or later, from any thread (see ``HTTPResponding``).
final class SoupResponder: HTTPResponding, @unchecked Sendable {
  // @unchecked: `message` and `context` are used only on the loop's thread (delivery is
  // handed there with g_main_context_invoke); the flags are behind a mutex.
  private let message: OpaquePointer
  private let context: OpaquePointer
  private struct Flags {
    var responded = false
    var delivered = false
    var paused = false
    var finished = false
  }
  private let flags = Mutex(Flags())

  /// Takes a reference on `message` until it is finished (on the loop's thread).
  init(message: OpaquePointer) {
    self.message = message
    context = g_main_context_ref_thread_default()
    g_object_ref(UnsafeMutableRawPointer(message))
    // The signal holds this object until the message is finished.
    _ = reel_connect_message_finished(
      message,
      { _, data in
        guard let data else { return }
        Unmanaged<SoupResponder>.fromOpaque(data).takeRetainedValue().finished()
      }, Unmanaged.passRetained(self).toOpaque())
  }

  deinit {
    g_main_context_unref(context)
  }

  var isAbandoned: Bool { flags.withLock { $0.finished } }

  func respond(_ response: HTTPResponse) {
    let first = flags.withLock { flags in
      defer { flags.responded = true }
      return !flags.responded
    }
    guard first else { return }
    MainLoopThread.perform(on: context) { [self] in deliver(response) }
  }

  /// After the handler returned: a request not answered yet waits, paused.
  func handlerReturned() {
    let pause = flags.withLock { flags in
      if flags.delivered || flags.finished { return false }
      flags.paused = true
      return true
    }
    if pause { soup_server_message_pause(message) }
  }

  private func deliver(_ response: HTTPResponse) {
    let (finished, paused) = flags.withLock { flags in
      defer {
        flags.delivered = true
        flags.paused = false
      }
      return (flags.finished, flags.paused)
    }
    guard !finished else { return }
    Self.apply(response, to: message)
    if paused { soup_server_message_unpause(message) }
  }

  private func finished() {
    flags.withLock { $0.finished = true }
    g_object_unref(UnsafeMutableRawPointer(message))
  }

  /// Sets `response`'s status, headers and body on `message` (on the loop's thread).
  static func apply(_ response: HTTPResponse, to message: OpaquePointer) {
    let headers = soup_server_message_get_response_headers(message)
    for header in response.headers {
      soup_message_headers_replace(headers, header.name, header.value)
    }
    response.body.withUnsafeBytes { bytes in
      soup_server_message_set_response(
        message, response.contentType, SOUP_MEMORY_COPY,
        bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(bytes.count))
    }
    soup_server_message_set_status(message, guint(clamping: response.status), nil)
  }
}
