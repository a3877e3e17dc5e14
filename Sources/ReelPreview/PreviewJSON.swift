import Foundation
import ReelProject

/// The JSON the page reads: `/api/state`, `/api/layer-frames`, the WebSocket messages
/// (docs/preview.md has their shapes).
enum PreviewJSON {
  /// `/api/state`.
  static func state(
    _ revision: PreviewRevision, templateName: String, render: RenderJob.Status
  ) -> Data {
    var movieJSON = JSONValue.null
    var timelineJSON = JSONValue.null
    if let movie = revision.movie, let template = revision.template {
      movieJSON = .object([
        ("width", .integer(movie.width)), ("height", .integer(movie.height)),
        ("frameRate", .number(movie.frameRate)), ("frameCount", .integer(movie.frameCount)),
        ("duration", .number(movie.duration.seconds)), ("hasAudio", .bool(movie.hasAudio)),
      ])
      timelineJSON = timeline(template.outline)
    }
    return data(
      .object([
        ("revision", .integer(revision.number)), ("templateName", .string(templateName)),
        ("ok", .bool(revision.isValid)), ("problems", .array(revision.problems.map(problem))),
        ("render", renderStatus(render)), ("movie", movieJSON), ("timeline", timelineJSON),
      ]))
  }

  /// The body of a 409: the problems.
  static func problems(_ revision: PreviewRevision) -> Data {
    data(
      .object([
        ("revision", .integer(revision.number)), ("ok", .bool(false)),
        ("problems", .array(revision.problems.map(problem))),
      ]))
  }

  /// `/api/layer-frames`.
  static func layerFrames(frame: Int, boxes: [LayerFrames.Box]) -> Data {
    data(
      .object([
        ("frame", .integer(frame)),
        (
          "layers",
          .array(
            boxes.map {
              .object([
                ("id", .string($0.id)), ("x", .number($0.x)), ("y", .number($0.y)),
                ("width", .number($0.width)), ("height", .number($0.height)),
              ])
            })
        ),
      ]))
  }

  /// `{"type": "revision", "revision": N}`.
  static func revisionMessage(_ number: Int) -> String {
    JSONValue.object([("type", .string("revision")), ("revision", .integer(number))])
      .serialized()
  }

  /// `{"type": "render", …}`: the job's state, progress, output, message, seconds.
  static func renderMessage(_ status: RenderJob.Status) -> String {
    var members = [("type", JSONValue.string("render"))] + renderStatus(status).members
    if let seconds = status.seconds { members.append(("seconds", .number(seconds))) }
    return JSONValue.object(members).serialized()
  }

  /// The body of a 410: the current revision.
  static func stale(current: Int) -> Data {
    data(
      .object([
        ("revision", .integer(current)),
        ("message", .string("a newer revision exists: fetch /api/state")),
      ]))
  }

  /// The body of a 409 for a render while one runs.
  static func renderRunning(output: String?) -> Data {
    data(
      .object([("message", .string("a render is running")), ("output", .string(orNull: output))]))
  }

  /// `{"output": PATH}`.
  static func output(_ path: String) -> Data { data(.object([("output", .string(path))])) }

  private static func renderStatus(_ status: RenderJob.Status) -> JSONValue {
    .object([
      ("state", .string(status.state)), ("progress", .number(status.progress)),
      ("output", .string(orNull: status.output)), ("message", .string(orNull: status.message)),
    ])
  }

  private static func problem(_ problem: PreviewProblem) -> JSONValue {
    .object([
      ("severity", .string(problem.severity)), ("path", .string(problem.path)),
      ("line", .integer(orNull: problem.line)), ("column", .integer(orNull: problem.column)),
      ("message", .string(problem.message)),
    ])
  }

  private static func timeline(_ outline: TemplateOutline) -> JSONValue {
    .object([
      (
        "clips",
        .array(
          outline.clips.map {
            .object([
              ("track", .integer($0.track)), ("name", .string($0.name)),
              ("start", .number($0.start)), ("end", .number($0.end)),
            ])
          })
      ),
      (
        "transitions",
        .array(
          outline.transitions.map {
            .object([
              ("start", .number($0.start)), ("end", .number($0.end)), ("kind", .string($0.kind)),
            ])
          })
      ),
      (
        "layers",
        .array(
          outline.layers.map { layer in
            .object([
              ("id", .string(layer.id)), ("name", .string(orNull: layer.name)),
              ("depth", .integer(layer.depth)), ("start", .number(layer.start)),
              ("end", .number(layer.end)), ("path", .string(layer.path)),
              (
                "animations",
                .array(
                  layer.animations.map {
                    .object([
                      ("property", .string($0.property)), ("start", .number($0.start)),
                      ("end", .number($0.end)),
                    ])
                  })
              ),
            ])
          })
      ),
      (
        "cues",
        .array(
          outline.cues.map {
            .object([
              ("start", .number($0.start)), ("end", .number($0.end)), ("text", .string($0.text)),
            ])
          })
      ),
      (
        "captions",
        .array(
          outline.captionPages.map {
            .object([
              ("start", .number($0.start)), ("end", .number($0.end)), ("text", .string($0.text)),
            ])
          })
      ),
    ])
  }

  private static func data(_ value: JSONValue) -> Data { Data(value.serialized().utf8) }
}
