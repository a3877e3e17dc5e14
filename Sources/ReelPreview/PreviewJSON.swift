import Foundation
import ReelProject

/// The JSON the page reads: `/api/state`, `/api/layer-frames`, the WebSocket messages
/// (docs/preview.md has their shapes).
enum PreviewJSON {
  /// `/api/state`.
  static func state(
    _ revision: PreviewRevision, templateName: String, render: RenderJob.Status
  ) -> Data {
    var object: [String: Any] = [
      "revision": revision.number,
      "templateName": templateName,
      "ok": revision.isValid,
      "problems": revision.problems.map(problem),
      "render": renderStatus(render),
    ]
    if let movie = revision.movie, let template = revision.template {
      object["movie"] = [
        "width": movie.width, "height": movie.height, "frameRate": movie.frameRate,
        "frameCount": movie.frameCount, "duration": movie.duration.seconds,
        "hasAudio": movie.hasAudio,
      ]
      object["timeline"] = timeline(template.outline)
    } else {
      object["movie"] = NSNull()
      object["timeline"] = NSNull()
    }
    return encode(object)
  }

  /// The body of a 409: the problems.
  static func problems(_ revision: PreviewRevision) -> Data {
    encode(["revision": revision.number, "ok": false, "problems": revision.problems.map(problem)])
  }

  /// `/api/layer-frames`.
  static func layerFrames(frame: Int, boxes: [LayerFrames.Box]) -> Data {
    encode([
      "frame": frame,
      "layers": boxes.map {
        ["id": $0.id, "x": $0.x, "y": $0.y, "width": $0.width, "height": $0.height] as [String: Any]
      },
    ])
  }

  /// `{"type": "revision", "revision": N}`.
  static func revisionMessage(_ number: Int) -> String {
    text(["type": "revision", "revision": number])
  }

  /// `{"type": "render", …}`: the job's state, progress, output, message, seconds.
  static func renderMessage(_ status: RenderJob.Status) -> String {
    var object = renderStatus(status)
    object["type"] = "render"
    if let seconds = status.seconds { object["seconds"] = seconds }
    return text(object)
  }

  /// The body of a 410: the current revision.
  static func stale(current: Int) -> Data {
    encode(["revision": current, "message": "a newer revision exists: fetch /api/state"])
  }

  /// The body of a 409 for a render while one runs.
  static func renderRunning(output: String?) -> Data {
    encode(["message": "a render is running", "output": output ?? NSNull()])
  }

  /// `{"output": PATH}`.
  static func output(_ path: String) -> Data { encode(["output": path]) }

  private static func renderStatus(_ status: RenderJob.Status) -> [String: Any] {
    [
      "state": status.state, "progress": status.progress,
      "output": status.output ?? NSNull(), "message": status.message ?? NSNull(),
    ]
  }

  private static func problem(_ problem: PreviewProblem) -> [String: Any] {
    [
      "severity": problem.severity, "path": problem.path,
      "line": problem.line ?? NSNull(), "column": problem.column ?? NSNull(),
      "message": problem.message,
    ]
  }

  private static func timeline(_ outline: TemplateOutline) -> [String: Any] {
    [
      "clips": outline.clips.map {
        ["track": $0.track, "name": $0.name, "start": $0.start, "end": $0.end] as [String: Any]
      },
      "transitions": outline.transitions.map {
        ["start": $0.start, "end": $0.end, "kind": $0.kind] as [String: Any]
      },
      "layers": outline.layers.map { layer in
        [
          "id": layer.id, "name": layer.name ?? NSNull(), "depth": layer.depth,
          "start": layer.start, "end": layer.end, "path": layer.path,
          "animations": layer.animations.map {
            ["property": $0.property, "start": $0.start, "end": $0.end] as [String: Any]
          },
        ] as [String: Any]
      },
      "cues": outline.cues.map {
        ["start": $0.start, "end": $0.end, "text": $0.text] as [String: Any]
      },
    ]
  }

  private static func encode(_ object: [String: Any]) -> Data {
    (try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
  }

  private static func text(_ object: [String: Any]) -> String {
    String(decoding: encode(object), as: UTF8.self)
  }
}
