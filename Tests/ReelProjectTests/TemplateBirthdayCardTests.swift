import Foundation
import ReelProject
import TestSupport
import Testing

@Suite("TemplateBirthdayCard")
struct TemplateBirthdayCardTests {
  static let card = """
    {
      "version": 1,
      "variables": { "name": "Friend" },
      "size": [320, 240],
      "background": "#2a1b3d",
      "clips": [{ "media": "media/clip.mp4" }],
      "layers": [
        { "type": "video", "name": "video", "frame": [40, 30, 240, 180],
          "border": { "width": 4, "color": "white" } },
        { "type": "text", "name": "title", "frame": [10, 190, 300, 40],
          "text": "Happy Birthday, {{name}}",
          "font": { "family": "DejaVu Sans", "size": 20, "weight": 700 },
          "color": "gold", "align": "center", "outline": { "color": "black", "width": 2 },
          "start": 0.5,
          "animations": [
            { "property": "scale", "from": 0.6, "to": 1, "begin": 0.5, "spring": { "damping": 12 } }
          ] },
        { "type": "image", "name": "star", "image": "media/star.png", "frame": [270, 10, 40, 40] }
      ]
    }
    """

  @Test func fitsInFortyLines() {
    #expect(Self.card.split(separator: "\n").count <= 40)
  }

  @Test func loadsAndItsRenderListAtOneSecondHasTheExpectedItems() throws {
    let folder = try mediaFolder()
    let loaded = try loadTemplate(Self.card, variables: ["name": "Ada"], folder: folder)
    #expect(loaded.warnings.isEmpty)
    #expect(loaded.movie.duration == Time(value: 2, timescale: 1))
    #expect(loaded.movie.composition.audioTracks.count == 1)
    #expect(loaded.movie.videoComposition?.backgroundColor == (try Color(parsing: "#2a1b3d")))
    let media = folder.appendingPathComponent("media").standardizedFileURL.path
    #expect(loaded.mediaFiles == ["\(media)/clip.mp4", "\(media)/star.png"])

    let list = try #require(loaded.movie.layers?.renderList(atSeconds: 1))
    let summary = list.items.map {
      "\($0.layer.name ?? "-") \($0.part.rawValue) \($0.drawing.kindName)"
    }
    #expect(
      summary == [
        "video content video", "video border border", "title content text", "star content image",
      ])
    let video = list.items[0]
    #expect(video.transform.m41 == 40 && video.transform.m42 == 30)
    if case .border(_, let width, let color, _) = list.items[1].drawing {
      #expect(width == 4 && color == .white)
    } else {
      Issue.record("no border")
    }
    let title = list.items[2]
    if case .text(let text, let style, _) = title.drawing {
      #expect(text.string == "Happy Birthday, Ada")
      #expect(style.strokeWidth == 2 && style.weight == 700 && style.alignment == .center)
    } else {
      Issue.record("no text")
    }
    // A damped spring (m = 1, k = 100, c = 12) 0.5 s after it began, from 0.6 to 1.
    let omega = 10.0
    let zeta = 12.0 / (2 * omega)
    let damped = omega * (1 - zeta * zeta).squareRoot()
    let t = 0.5
    let displacement =
      exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    let scale = 0.6 + 0.4 * (1 - displacement)
    #expect(abs(title.transform.m11 - scale) < 1e-9)
    #expect(abs(title.transform.m22 - scale) < 1e-9)
    #expect(title.opacity == 1)
    // Before 0.5 s the title is not shown.
    #expect(loaded.movie.layers?.renderList(atSeconds: 0.4).items(named: "title").isEmpty == true)
    #expect(loaded.movie.layers?.renderList(atSeconds: 0.5).items(named: "title").count == 1)
  }
}
