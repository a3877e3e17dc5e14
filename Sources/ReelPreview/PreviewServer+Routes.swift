import Foundation
import ReelHTTP
import ReelProject

extension PreviewServer {
  /// The page, its API and the events socket. Paths are fixed names: nothing in a request
  /// names a file (frames by number, the audio by revision).
  func installRoutes() {
    http.setGate { [security, http] request in security.refusal(of: request, port: http.port) }
    http.route("/") { [weak self] request, responder in
      guard let self, Self.allow("GET", request, responder) else { return }
      responder.respond(page(PreviewPage.index, type: "text/html; charset=utf-8"))
    }
    http.route("/static/preview.js") { [weak self] request, responder in
      guard let self, Self.allow("GET", request, responder) else { return }
      responder.respond(page(PreviewPage.script, type: "text/javascript; charset=utf-8"))
    }
    http.route("/static/preview.css") { [weak self] request, responder in
      guard let self, Self.allow("GET", request, responder) else { return }
      responder.respond(page(PreviewPage.style, type: "text/css; charset=utf-8"))
    }
    http.route("/api/state") { [weak self] request, responder in
      guard let self, Self.allow("GET", request, responder) else { return }
      responder.respond(stateResponse())
    }
    http.route("/api/frame") { [weak self] request, responder in
      guard let self, Self.allow("GET", request, responder) else { return }
      frame(request, responder)
    }
    http.route("/api/layer-frames") { [weak self] request, responder in
      guard let self, Self.allow("GET", request, responder) else { return }
      layerFrames(request, responder)
    }
    http.route("/api/audio") { [weak self] request, responder in
      guard let self, Self.allow("GET", request, responder) else { return }
      audio(request, responder)
    }
    http.route("/api/render") { [weak self] request, responder in
      guard let self, Self.allow("POST", request, responder) else { return }
      render(responder)
    }
    http.webSocket("/api/events") { [weak self] socket in
      guard let self else { return }
      sockets.withLock { $0.append(socket) }
      if let number = current.withLock({ $0?.number }) {
        socket.send(PreviewJSON.revisionMessage(number))
      }
    }
  }

  /// Answers 405 for another method.
  private static func allow(
    _ method: String, _ request: HTTPRequest, _ responder: any HTTPResponding
  )
    -> Bool
  {
    guard request.method == method || (method == "GET" && request.method == "HEAD") else {
      responder.respond(
        HTTPResponse(
          status: 405, headers: [("Allow", method)],
          body: Data("use \(method) for \(request.path)\n".utf8)))
      return false
    }
    return true
  }

  private static let noStore = [(name: "Cache-Control", value: "no-store")]

  private static func json(
    _ status: Int, _ body: Data, headers: [(name: String, value: String)] = []
  )
    -> HTTPResponse
  {
    HTTPResponse(
      status: status, contentType: "application/json; charset=utf-8",
      headers: noStore + headers, body: body)
  }

  /// A page file with the token in place of `__REEL_TOKEN__`.
  private func page(_ bytes: [UInt8], type: String) -> HTTPResponse {
    let text = String(decoding: bytes, as: UTF8.self)
      .replacingOccurrences(of: "__REEL_TOKEN__", with: security.token)
    return HTTPResponse(
      status: 200, contentType: type,
      headers: Self.noStore + [
        ("X-Content-Type-Options", "nosniff"),
        (
          "Content-Security-Policy",
          "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; connect-src 'self' ws://127.0.0.1:\(port) ws://localhost:\(port); frame-ancestors 'none'"
        ),
      ], body: Data(text.utf8))
  }

  private var templateName: String { URL(fileURLWithPath: templatePath).lastPathComponent }

  private func stateResponse() -> HTTPResponse {
    guard let revision = current.withLock({ $0 }) else {
      return .text(503, "the template is not loaded yet")
    }
    let render = job.withLock { $0?.current } ?? RenderJob.Status()
    return Self.json(
      200, PreviewJSON.state(revision, templateName: templateName, render: render))
  }

  /// The revision a request may work on: the current one, or why not (409 with the
  /// problems, 410 for a stale `revision`, 400 for a bad one).
  private func revision(for request: HTTPRequest) -> Result<PreviewRevision, HTTPResponseBox> {
    guard let revision = current.withLock({ $0 }) else {
      return .failure(HTTPResponseBox(.text(503, "the template is not loaded yet")))
    }
    if let text = request.query["revision"] {
      guard let asked = Int(text), asked >= 1 else {
        return .failure(HTTPResponseBox(.text(400, "revision must be a whole number ≥ 1")))
      }
      if asked < revision.number {
        return .failure(
          HTTPResponseBox(
            Self.json(410, PreviewJSON.stale(current: revision.number))))
      }
      if asked > revision.number {
        return .failure(
          HTTPResponseBox(
            .text(400, "revision \(asked) does not exist yet (now \(revision.number))")))
      }
    }
    guard revision.isValid else {
      return .failure(HTTPResponseBox(Self.json(409, PreviewJSON.problems(revision))))
    }
    return .success(revision)
  }

  /// A whole number in `range` from the query, nil when absent; a 400 when bad.
  private static func number(
    _ name: String, in request: HTTPRequest, range: ClosedRange<Int>
  ) -> Result<Int?, HTTPResponseBox> {
    guard let text = request.query[name] else { return .success(nil) }
    guard let value = Int(text), range.contains(value) else {
      return .failure(
        HTTPResponseBox(
          .text(
            400,
            "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text.prefix(40))')"
          )))
    }
    return .success(value)
  }

  /// The largest side a preview frame may be asked for, pixels: the largest picture Reel
  /// makes.
  static let largestFrameSide = PixelLimits.maximumPictureSide

  private func frame(_ request: HTTPRequest, _ responder: any HTTPResponding) {
    let revision: PreviewRevision
    switch self.revision(for: request) {
    case .success(let found): revision = found
    case .failure(let refusal): return responder.respond(refusal.response)
    }
    guard let movie = revision.movie, let template = revision.template else { return }
    let index: Int
    let width: Int?
    let height: Int?
    do {
      guard
        let frame = try Self.number("frame", in: request, range: 0...max(0, movie.frameCount - 1))
          .get()
      else {
        return responder.respond(.text(400, "frame=N is required (0 to \(movie.frameCount - 1))"))
      }
      index = frame
      width = try Self.number("width", in: request, range: 1...Self.largestFrameSide).get()
      height = try Self.number("height", in: request, range: 1...Self.largestFrameSide).get()
    } catch {
      return responder.respond(error.response)
    }
    // One of the two sides alone bounds only that side.
    let size: (Int, Int)? =
      width == nil && height == nil
      ? nil : (width ?? Self.largestFrameSide, height ?? Self.largestFrameSide)
    let request = FrameRenderer.Request(
      revision: revision.number, frame: index, width: size?.0, height: size?.1)
    frames.render(request, at: movie.time(ofFrame: index), of: template) { outcome in
      switch outcome {
      case .png(let data):
        responder.respond(
          HTTPResponse(
            status: 200, contentType: "image/png",
            headers: Self.noStore + [
              ("X-Reel-Frame", String(index)), ("X-Reel-Revision", String(revision.number)),
            ], body: data))
      case .superseded:
        responder.respond(HTTPResponse(status: 204, headers: Self.noStore))
      case .failed(let message):
        responder.respond(.text(500, "cannot draw frame \(index): \(message)"))
      }
    }
  }

  private func layerFrames(_ request: HTTPRequest, _ responder: any HTTPResponding) {
    let revision: PreviewRevision
    switch self.revision(for: request) {
    case .success(let found): revision = found
    case .failure(let refusal): return responder.respond(refusal.response)
    }
    guard let movie = revision.movie, let template = revision.template else { return }
    let index: Int
    switch Self.number("frame", in: request, range: 0...max(0, movie.frameCount - 1)) {
    case .success(let frame?): index = frame
    case .success(nil):
      return responder.respond(.text(400, "frame=N is required (0 to \(movie.frameCount - 1))"))
    case .failure(let refusal): return responder.respond(refusal.response)
    }
    DispatchQueue.global(qos: .userInitiated).async {
      let boxes = template.movie.layers.map {
        LayerFrames.boxes(of: $0, at: movie.time(ofFrame: index))
      }
      responder.respond(Self.json(200, PreviewJSON.layerFrames(frame: index, boxes: boxes ?? [])))
    }
  }

  private func audio(_ request: HTTPRequest, _ responder: any HTTPResponding) {
    let revision: PreviewRevision
    switch self.revision(for: request) {
    case .success(let found): revision = found
    case .failure(let refusal): return responder.respond(refusal.response)
    }
    guard revision.movie?.hasAudio == true else {
      return responder.respond(.text(404, "the movie has no sound"))
    }
    let audio = self.audio
    Task {
      do {
        let data = try await audio.data(for: revision)
        // libsoup answers a Range request itself (206 with the part asked for) from the
        // whole body of a 200.
        responder.respond(
          HTTPResponse(
            status: 200, contentType: AudioTrack.contentType,
            headers: Self.noStore + [
              ("Accept-Ranges", "bytes"), ("X-Reel-Revision", String(revision.number)),
            ], body: data))
      } catch {
        responder.respond(.text(500, "cannot encode the sound: \(error)"))
      }
    }
  }

  private func render(_ responder: any HTTPResponding) {
    guard let revision = current.withLock({ $0 }), let job = job.withLock({ $0 }) else {
      return responder.respond(.text(503, "the template is not loaded yet"))
    }
    do throws(RenderJob.Refusal) {
      let output = try job.start(revision, templatePath: templatePath)
      responder.respond(Self.json(202, PreviewJSON.output(output)))
    } catch {
      switch error {
      case .running(let output):
        responder.respond(Self.json(409, PreviewJSON.renderRunning(output: output)))
      case .invalidTemplate:
        responder.respond(Self.json(409, PreviewJSON.problems(revision)))
      }
    }
  }
}

/// A response carried as an error (a refusal found while reading a request).
struct HTTPResponseBox: Error {
  var response: HTTPResponse
  init(_ response: HTTPResponse) { self.response = response }
}
