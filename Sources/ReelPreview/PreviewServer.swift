import Foundation
import ReelHTTP
import ReelProject
import Synchronization

/// `reel preview`: serves a page on 127.0.0.1 that shows a template's frames, timeline,
/// problems and sound, reloads when the template or a file it uses changes, and renders it
/// on request. See docs/preview.md for the page's API and the security model.
///
///     let preview = PreviewServer(templatePath: "card.json", port: 0)
///     let url = try preview.start()      // http://127.0.0.1:PORT/?token=…
///     …
///     preview.stop()
public final class PreviewServer: Sendable {
  /// The template file, as given.
  public let templatePath: String
  /// Values for its `{{name}}` placeholders (`--set`).
  public let variables: [String: String]

  let http: HTTPServer
  let security = PreviewSecurity()
  let frames = FrameRenderer()
  let audio = AudioTrack()
  let sockets = Mutex<[WebSocketConnection]>([])
  let current = Mutex<PreviewRevision?>(nil)
  /// Reloads and watch changes happen here, one at a time.
  let reloads = DispatchQueue(label: "reel-preview-reload")
  let watching = Mutex(WatchState())
  let job = Mutex<RenderJob?>(nil)

  /// Makes a server for a template (nothing is read or bound until ``start()``).
  ///
  /// - Parameters:
  ///   - templatePath: The template file.
  ///   - variables: Values for its `{{name}}` placeholders.
  ///   - port: The TCP port on 127.0.0.1; 0 picks a free one.
  public init(templatePath: String, variables: [String: String] = [:], port: Int = 0) {
    self.templatePath = templatePath
    self.variables = variables
    http = HTTPServer(port: port)
  }

  /// Loads the template, binds 127.0.0.1 and starts serving and watching.
  ///
  /// - Returns: The page's URL, with the token: `http://127.0.0.1:PORT/?token=TOKEN`.
  /// - Throws: ``HTTPError`` when the port cannot be bound. A template with problems is
  ///   not an error: the page shows them.
  @discardableResult
  public func start() throws(HTTPError) -> String {
    let job = RenderJob { [weak self] status in self?.broadcast(PreviewJSON.renderMessage(status)) }
    self.job.withLock { $0 = job }
    current.withLock {
      $0 = PreviewRevision.load(number: 1, path: templatePath, variables: variables)
    }
    installRoutes()
    try http.start()
    reloads.sync { updateWatches() }
    return url
  }

  /// The page's URL (after ``start()``).
  public var url: String { "http://127.0.0.1:\(http.port)/?token=\(security.token)" }

  /// The port the server listens on (after ``start()``).
  public var port: Int { http.port }

  /// The session's token (32 hex digits).
  public var token: String { security.token }

  /// The current revision (1 after ``start()``, one more per change).
  public var revision: PreviewRevision? { current.withLock { $0 } }

  /// How many frames have been drawn (cache hits not counted): a request refused by the
  /// security checks draws none.
  public var framesRendered: Int { frames.framesRendered }

  /// Stops watching, cancels a running render (its temporary file is removed; no output is
  /// written) and closes every connection and the listening socket.
  public func stop() {
    watching.withLock { $0.watches = [:] }
    job.withLock { $0 }?.cancel()
    http.stop()
  }

  /// Sends a text message to every open WebSocket.
  func broadcast(_ text: String) {
    let open = sockets.withLock { sockets in
      sockets.removeAll { $0.isClosed }
      return sockets
    }
    for socket in open { socket.send(text) }
  }
}
