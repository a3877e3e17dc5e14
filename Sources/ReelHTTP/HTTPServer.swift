import CSoup
import Foundation
import Synchronization

/// A small HTTP and WebSocket server over libsoup 3, bound to 127.0.0.1 only, with its
/// GLib main loop on a thread of its own.
///
/// Give it the routes (exact paths), the WebSocket paths and a gate that every request
/// and WebSocket handshake passes first; ``start()`` binds and returns, ``stop()`` closes
/// every connection and ends the loop's thread. Handlers run on the loop's thread and must
/// not block it: answer at once, or hand the work to another thread and answer from there
/// (the request waits, paused, until ``HTTPResponding/respond(_:)``).
///
///     let server = HTTPServer(port: 0)
///     server.route("/hello") { request, responder in responder.respond(.text(200, "hi")) }
///     try server.start()
///     print(server.port)
public final class HTTPServer: Sendable {
  /// What answers a request on a route.
  public typealias Handler = @Sendable (HTTPRequest, any HTTPResponding) -> Void
  /// Decides whether a request may go on: nil lets it through, a response refuses it.
  public typealias Gate = @Sendable (HTTPRequest) -> HTTPResponse?

  private let requestedPort: Int
  private let configuration = Mutex(RequestHandlers.Configuration())
  private let state = Mutex<ServerState?>(nil)
  private let boundPort = BoundPort()

  /// Makes a server that will listen on `127.0.0.1:port` (0: a free port the system picks).
  ///
  /// - Parameter port: The TCP port, 0…65535.
  public init(port: Int) {
    requestedPort = port
  }

  /// The port the server listens on (after ``start()``; the requested one before).
  public var port: Int {
    let bound = boundPort.value.load(ordering: .sequentiallyConsistent)
    return bound != 0 ? bound : requestedPort
  }

  deinit {
    stop()
  }

  /// Sets the gate every request and WebSocket handshake passes first (before ``start()``).
  public func setGate(_ gate: @escaping Gate) {
    configuration.withLock { $0.gate = gate }
  }

  /// Answers requests for exactly `path` (any method) with `handler` (before ``start()``).
  public func route(_ path: String, _ handler: @escaping Handler) {
    configuration.withLock { $0.routes[path] = handler }
  }

  /// Accepts WebSocket connections on `path` (before ``start()``); `opened` gets each one,
  /// on the loop's thread.
  public func webSocket(_ path: String, opened: @escaping @Sendable (WebSocketConnection) -> Void) {
    configuration.withLock { $0.webSockets[path] = opened }
  }

  /// Binds `127.0.0.1` and starts serving on the loop's thread.
  ///
  /// - Throws: ``HTTPError/cannotListen(port:reason:)`` when the port cannot be bound.
  public func start() throws(HTTPError) {
    guard (0...65535).contains(requestedPort) else {
      throw .cannotListen(port: requestedPort, reason: "a port is a number from 0 to 65535")
    }
    guard state.withLock({ $0 == nil }) else { return }
    let handlers = RequestHandlers(configuration: configuration.withLock { $0 })
    let result = Mutex<Result<Int, HTTPError>?>(nil)
    let ready = DispatchSemaphore(value: 0)
    let port = requestedPort
    let box = Mutex<ServerBox?>(nil)
    let loop = MainLoopThread(name: "reel-http") { [boundPort] in
      let outcome = ServerBox.make(port: port, handlers: handlers)
      switch outcome {
      case .success(let server):
        box.withLock { $0 = server }
        let bound = Int(reel_soup_server_port(server.server))
        // Known before the loop runs, so a gate that reads ``port`` sees it on every request.
        boundPort.value.store(bound, ordering: .sequentiallyConsistent)
        result.withLock { $0 = .success(bound) }
      case .failure(let error):
        result.withLock { $0 = .failure(error) }
      }
      ready.signal()
    }
    ready.wait()
    switch result.withLock({ $0 }) {
    case .success:
      state.withLock { $0 = ServerState(loop: loop, server: box.withLock { $0 }) }
    case .failure(let error):
      loop.stop {}
      throw error
    case nil:
      loop.stop {}
      throw .stopped
    }
  }

  /// Closes the listening socket and every connection (WebSockets with "going away";
  /// requests still waiting for an answer are dropped), and ends the loop's thread. Safe
  /// to call twice.
  public func stop() {
    guard
      let current = state.withLock({ state in
        defer { state = nil }
        return state
      })
    else {
      return
    }
    let server = current.server
    current.loop.stop {
      server?.shutDown()
    }
  }

  /// Runs `work` on the server's loop thread (where directory watches are made).
  func onLoop<T: Sendable>(_ work: @escaping @Sendable (MainLoopThread) -> T) throws(HTTPError) -> T
  {
    guard let loop = state.withLock({ $0?.loop }), let result = loop.performAndWait({ work(loop) })
    else { throw .stopped }
    return result
  }

  /// Watches a directory for files created, changed, deleted or renamed in it (editors
  /// save by renaming a new file over the old), calling `changed` with the names of the
  /// files involved, on the server's loop thread. The watch lasts until it is cancelled or
  /// the server stops.
  ///
  /// - Parameters:
  ///   - path: The directory.
  ///   - changed: Gets the base names of the files an event concerns (one or two).
  /// - Returns: The watch, to cancel.
  /// - Throws: ``HTTPError/cannotWatch(path:reason:)``, or ``HTTPError/stopped``.
  public func watchDirectory(
    _ path: String, changed: @escaping @Sendable ([String]) -> Void
  ) throws(HTTPError) -> DirectoryWatch {
    let result = try onLoop { loop in DirectoryWatch.make(path: path, loop: loop, changed: changed)
    }
    return try result.get()
  }
}

/// The port the server is bound to (0 before), shared with the loop's set-up.
private final class BoundPort: Sendable {
  let value = Atomic<Int>(0)
}

/// The running parts: the loop and the server object living on it.
private struct ServerState: Sendable {
  var loop: MainLoopThread
  var server: ServerBox?
}
