import Foundation
import ReelProject
import TestSupport
import Testing

/// Each section of the format decodes into the model values it describes.
@Suite("TemplateDecoding")
struct TemplateDecodingTests {
  private func loadLayers(_ body: String, folder: URL? = nil) throws -> [Layer] {
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [200, 100], "duration": 2, "layers": [\(body)]}
      """, folder: folder)
    return loaded.movie.layers?.root.sublayers ?? []
  }

  @Test("A stroke's dashPhase and miterLimit animate like its lineWidth")
  func strokeDashPhaseAndMiterLimitAnimate() throws {
    let layers = try loadLayers(
      #"""
      {"type": "shape", "frame": [0, 0, 100, 100], "path": "M 0 0 L 90 0 L 0 20",
       "stroke": {"color": "red", "width": 4, "dash": [5, 5], "dashPhase": 1, "miterLimit": 2},
       "animations": [
         {"property": "dashPhase", "from": 0, "to": 10, "duration": 2},
         {"property": "miterLimit", "from": 2, "to": 6, "duration": 2}]}
      """#)
    let layer = try #require(layers.first)
    let list = layer.renderList(atSeconds: 1, renderSize: Size(width: 100, height: 100))
    let style = try #require(
      list.items.lazy.compactMap { item -> StrokeStyle? in
        if case .shape(let shape) = item.drawing { return shape.strokeStyle }
        return nil
      }.first)
    #expect(style.dashPhase == 5 && style.miterLimit == 4 && style.dashPattern == [5, 5])
  }

  @Test func layersOnlyMovieHasAnEmptyTimeline() throws {
    let loaded = try loadTemplate(
      #"{"version": 1, "size": [200, 100], "duration": 1.5, "frameRate": 24, "background": "navy"}"#
    )
    #expect(loaded.movie.duration == Time(value: 3, timescale: 2))
    #expect(loaded.movie.layers == nil)
    let video = try #require(loaded.movie.videoComposition)
    #expect(video.renderSize == Size(width: 200, height: 100))
    #expect(video.frameDuration == Time(value: 1, timescale: 24))
    #expect(video.backgroundColor == (try Color(parsing: "navy")))
    #expect(throws: Never.self) { try video.validate(against: loaded.movie.composition) }
  }

  @Test func commonLayerProperties() throws {
    let layer = try #require(
      try loadLayers(
        """
        {"name": "g", "frame": [10, 20, 40, 30], "opacity": 0.5, "hidden": true, "zPosition": 2,
         "rotation": 90, "rotationX": 180, "rotationY": 45, "scale": [2, 3], "translation": [4, 5],
         "perspective": 500, "background": "red", "cornerRadius": 6, "masksToBounds": true,
         "shadow": {"color": "blue", "offset": [1, 2], "radius": 3}, "gravity": "fill",
         "mask": {"type": "color", "color": "white"},
         "layers": [{"type": "color", "color": "lime"}]}
        """
      ).first)
    let p = layer.properties
    #expect(layer.name == "g")
    #expect(p.bounds.size == Size(width: 40, height: 30))
    #expect(p.position == Point(x: 30, y: 35))
    #expect(p.opacity == 0.5 && p.isHidden && p.zPosition == 2)
    #expect(p.rotationZ == .pi / 2 && p.rotationX == .pi && p.rotationY == .pi / 4)
    #expect(p.scaleX == 2 && p.scaleY == 3)
    #expect(p.translation == Point(x: 4, y: 5))
    #expect(p.transform.m34 == -1.0 / 500)
    #expect(p.backgroundColor == .red && p.cornerRadius == 6 && p.masksToBounds)
    #expect(p.shadow == Shadow(color: .blue, opacity: 1, offset: Point(x: 1, y: 2), radius: 3))
    #expect(p.contentsGravity == .resizeAspectFill)
    #expect(layer.mask?.properties.backgroundColor == .white)
    #expect(layer.sublayers.count == 1)
    // Sublayers default to the full render frame.
    #expect(layer.sublayers.first?.properties.bounds.size == Size(width: 200, height: 100))
  }

  @Test func contentOfEachLayerType() throws {
    let folder = try mediaFolder()
    let layers = try loadLayers(
      """
      {"type": "image", "image": "media/star.png"},
      {"type": "text", "runs": [{"text": "A", "bold": true, "color": "red", "size": 20}, {"text": "b", "italic": true}],
       "font": {"family": "DejaVu Sans", "size": 30, "weight": 600, "italic": true}, "color": "yellow",
       "align": "right", "wrap": false, "lineSpacing": 1.5, "underline": true,
       "outline": {"color": "black", "width": 3}, "textShadow": {"opacity": 0.5},
       "box": {"color": "#00000080", "padding": 4, "cornerRadius": 2}, "truncation": "end"},
      {"type": "shape", "shape": {"rect": [0, 0, 10, 10], "cornerRadius": 2}, "fill": "red", "fillRule": "evenOdd",
       "stroke": {"color": "blue", "width": 3, "cap": "round", "join": "bevel", "miterLimit": 4, "dash": [2, 1], "dashPhase": 1},
       "strokeStart": 0.25, "strokeEnd": 0.75},
      {"type": "shape", "path": "M 0 0 L 10 0 L 10 10 Z"},
      {"type": "gradient", "gradient": {"kind": "radial", "colors": ["red", "blue"], "locations": [0, 1], "start": [0.5, 0.5], "end": [1, 1]}},
      {"type": "video", "gravity": "fit"}
      """, folder: folder)
    #expect(layers.count == 6)
    guard case .image(let image) = layers[0].content else {
      Issue.record("no image")
      return
    }
    #expect(image.width == 32 && image.height == 32)
    #expect(layers[0].properties.contentsGravity == .resizeAspect)
    guard case .text(let text, let style) = layers[1].content else {
      Issue.record("no text")
      return
    }
    #expect(
      text.runs == [
        TextRun("A", bold: true, color: .red, fontSize: 20), TextRun("b", italic: true),
      ])
    #expect(style.fontFamily == "DejaVu Sans" && style.fontSize == 30 && style.weight == 600)
    #expect(style.italic && style.underline && !style.wraps && style.lineSpacing == 1.5)
    #expect(style.color == .yellow && style.alignment == .right && style.truncation == .end)
    #expect(style.strokeColor == .black && style.strokeWidth == 3)
    #expect(style.shadow?.opacity == 0.5)
    #expect(
      style.background
        == TextBackground(color: try Color(parsing: "#00000080"), padding: 4, cornerRadius: 2))
    guard case .shape(let shape) = layers[2].content else {
      Issue.record("no shape")
      return
    }
    #expect(
      shape.path == Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2))
    #expect(shape.fillRule == .evenOdd)
    #expect(
      shape.strokeStyle
        == StrokeStyle(
          width: 3, cap: .round, join: .bevel, miterLimit: 4, dashPattern: [2, 1], dashPhase: 1))
    #expect(layers[2].properties.fillColor == .red && layers[2].properties.strokeColor == .blue)
    #expect(layers[2].properties.lineWidth == 3)
    #expect(layers[2].properties.miterLimit == 4 && layers[2].properties.lineDashPhase == 1)
    #expect(layers[2].properties.strokeStart == 0.25 && layers[2].properties.strokeEnd == 0.75)
    guard case .shape(let svg) = layers[3].content else {
      Issue.record("no path")
      return
    }
    #expect(svg.path == (try Path(svgPathData: "M 0 0 L 10 0 L 10 10 Z")))
    #expect(layers[3].properties.fillColor == .black)
    guard case .gradient(let gradient) = layers[4].content else {
      Issue.record("no gradient")
      return
    }
    #expect(
      gradient
        == Gradient(
          kind: .radial, colors: [.red, .blue], locations: [0, 1],
          startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1)))
    guard case .video(let video) = layers[5].content else {
      Issue.record("no video")
      return
    }
    #expect(video.sourceID == "main" && layers[5].properties.contentsGravity == .resizeAspect)
  }

  @Test func animationsOfEachKind() throws {
    let layer = try #require(
      try loadLayers(
        """
        {"frame": [0, 0, 100, 100], "animations": [
          {"property": "rotation", "from": 0, "to": 360, "duration": 2, "repeat": "forever", "timing": "linear"},
          {"property": "opacity", "keyframes": {"values": [1, 0, 1], "times": [0, 0.25, 1]}, "duration": 1},
          {"path": "M 0 0 L 100 0", "begin": 0.5, "duration": 1, "rotate": "auto"},
          {"property": "backgroundColor", "from": "black", "to": "white", "duration": 1, "timing": [0.25, 0.1, 0.25, 1], "fill": "both", "begin": 1},
          {"group": [{"property": "scale.x", "from": 1, "to": 3, "duration": 1}], "duration": 0.5, "autoreverse": true}
        ]}
        """
      ).first)
    #expect(layer.animations.count == 5)
    let at025 = layer.presentation(atSeconds: 0.25)
    #expect(abs(at025.rotationZ - .pi / 4) < 1e-12)
    #expect(at025.opacity == 0)
    let at1 = layer.presentation(atSeconds: 1)
    #expect(abs(at1.rotationZ) < 1e-9 || abs(at1.rotationZ - .pi) < 1e-9)
    #expect(at1.position == Point(x: 50, y: 0))
    // The group runs for 0.5 s: scale.x reaches 2 at 0.5 s and comes back by 1 s.
    #expect(abs(layer.presentation(atSeconds: 0.5).scaleX - 2) < 1e-12)
    #expect(abs(layer.presentation(atSeconds: 0.75).scaleX - 1.5) < 1e-12)
    #expect(layer.presentation(atSeconds: 0.9).backgroundColor == .black)  // fills backwards
    #expect(layer.presentation(atSeconds: 2.5).backgroundColor == .white)
    #expect(abs(layer.presentation(atSeconds: 0.625).opacity - 0.5) < 1e-12)
    #expect(at1.opacity == 1)
  }

  @Test func compositionSegmentsAndSoundtrack() throws {
    let folder = try mediaFolder()
    let loaded = try loadTemplate(
      """
      {"version": 1, "frameRate": 30, "composition": {"tracks": [
        {"kind": "video", "segments": [
          {"media": "media/clip.mp4", "source": [0, 1], "duration": 2},
          {"empty": 0.5},
          {"image": "media/star.png", "duration": 0.5}]}]},
       "audio": {"soundtrack": {"file": "media/clip.mp4", "start": 0.5, "duration": 1, "loop": false,
                                "fadeIn": 0.25, "fadeOut": 0.5, "volume": 0.8}},
       "export": {"preset": "medium", "bitRate": 500000, "size": [160, 120], "audioBitRate": 96000, "audio": false}}
      """, folder: folder)
    let track = try #require(loaded.movie.composition.videoTracks.first)
    #expect(track.segments.count == 3)
    #expect(
      track.segments[0].targetTimeRange
        == TimeRange(start: .zero, duration: Time(value: 2, timescale: 1)))
    #expect(track.segments[0].sourceTimeRange.duration == Time(value: 1, timescale: 1))
    #expect(track.segments[1].isEmpty)
    #expect(loaded.movie.duration == Time(value: 3, timescale: 1))
    #expect(loaded.movie.resolvedVideoComposition.renderSize == Size(width: 320, height: 240))
    let soundtrack = try #require(loaded.movie.audioMix?.soundtrack)
    #expect(
      soundtrack.trimRange
        == TimeRange(start: Time(value: 1, timescale: 2), duration: Time(value: 1, timescale: 1)))
    #expect(!soundtrack.loops && soundtrack.volume == 0.8)
    #expect(soundtrack.fadeInDuration == Time(value: 1, timescale: 4))
    #expect(
      loaded.exportSettings.preset == .mediumQuality && loaded.exportSettings.bitRate == 500_000)
    #expect(
      loaded.exportSettings.outputSize?.width == 160
        && loaded.exportSettings.outputSize?.height == 120)
    #expect(loaded.exportSettings.audioBitRate == 96000 && loaded.exportSettings.excludesAudio)
  }

  @Test func durationTrimsOrExtendsClips() throws {
    let folder = try mediaFolder()
    let longer = try loadTemplate(
      #"{"version": 1, "clips": [{"media": "media/clip.mp4"}], "duration": 3}"#, folder: folder)
    #expect(longer.movie.duration == Time(value: 3, timescale: 1))
    #expect(throws: Never.self) {
      try longer.movie.resolvedVideoComposition.validate(against: longer.movie.composition)
    }
    let shorter = try loadTemplate(
      #"{"version": 1, "clips": [{"media": "media/clip.mp4"}], "duration": 0.5}"#, folder: folder)
    #expect(shorter.movie.duration == Time(value: 1, timescale: 2))
  }
}
