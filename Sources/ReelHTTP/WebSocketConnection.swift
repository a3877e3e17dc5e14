import CSoup
import Foundation
import Synchronization

/// One open WebSocket connection (server side). ``send(_:)`` may be called from any thread:
/// the text is handed to the server's loop thread, and dropped once the connection closed.
public final class WebSocketConnection: @unchecked Sendable {
  // @unchecked: `connection` and `context` are used only on the loop's thread; `closed`
  // is behind a mutex.
  private let connection: OpaquePointer
  private let context: OpaquePointer
  private let closed = Mutex(false)
  private let onClose: @Sendable (WebSocketConnection) -> Void

  /// Takes a reference on `connection` until it closes (on the loop's thread).
  init(connection: OpaquePointer, onClose: @escaping @Sendable (WebSocketConnection) -> Void) {
    self.connection = connection
    self.onClose = onClose
    context = g_main_context_ref_thread_default()
    g_object_ref(UnsafeMutableRawPointer(connection))
    _ = reel_connect_websocket_closed(
      connection,
      { _, data in
        guard let data else { return }
        Unmanaged<WebSocketConnection>.fromOpaque(data).takeRetainedValue().didClose()
      }, Unmanaged.passRetained(self).toOpaque())
  }

  deinit {
    g_main_context_unref(context)
  }

  /// Whether the connection has closed (messages sent now are dropped).
  public var isClosed: Bool { closed.withLock { $0 } }

  /// Sends a text message (UTF-8).
  ///
  /// - Parameter text: The message, such as a JSON object.
  public func send(_ text: String) {
    MainLoopThread.perform(on: context) { [self] in
      guard !isClosed,
        soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN
      else { return }
      soup_websocket_connection_send_text(connection, text)
    }
  }

  /// Closes with "going away" (on the loop's thread, as the server stops).
  func closeNow() {
    guard !isClosed,
      soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN
    else { return }
    soup_websocket_connection_close(
      connection, gushort(SOUP_WEBSOCKET_CLOSE_GOING_AWAY.rawValue), "server stopping")
  }

  private func didClose() {
    closed.withLock { $0 = true }
    onClose(self)
    g_object_unref(UnsafeMutableRawPointer(connection))
  }
}
