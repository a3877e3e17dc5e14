import Foundation
import ReelProject
import TestSupport
import Testing

/// Each short form gives the same model as its long form.
@Suite("TemplateShortForms")
struct TemplateShortFormTests {
  private static let times = [0, 0.05, 0.2, 0.3, 0.45, 0.6, 0.75, 0.85, 0.95, 1.0, 1.5, 1.99]

  private func sameRenderLists(_ short: String, _ long: String, folder: URL? = nil) throws {
    let a = try loadTemplate(short, folder: folder)
    let b = try loadTemplate(long, folder: folder)
    for time in Self.times {
      #expect(dump(a, at: time) == dump(b, at: time), "at \(time) s")
    }
  }

  private func layers(_ body: String) -> String {
    """
    {"version": 1, "size": [200, 100], "duration": 2, "layers": [\(body)]}
    """
  }

  @Test func startEndAndFadesExpandToOpacityAnimations() throws {
    try sameRenderLists(
      layers(
        """
        {"type": "color", "name": "a", "color": "red", "frame": [0, 0, 50, 50], "opacity": 0.8,
         "start": 0.2, "end": 0.9, "fadeIn": 0.2, "fadeOut": 0.1}
        """),
      layers(
        """
        {"type": "color", "name": "a", "color": "red", "frame": [0, 0, 50, 50], "opacity": 0.8,
         "animations": [
           {"property": "opacity", "from": 0, "to": 0, "begin": 0, "duration": 0.2, "fill": "removed"},
           {"property": "opacity", "from": 0, "to": 0.8, "begin": 0.2, "duration": 0.2, "fill": "removed"},
           {"property": "opacity", "from": 0.8, "to": 0, "begin": 0.8, "duration": 0.1, "fill": "removed"},
           {"property": "opacity", "from": 0, "to": 0, "begin": 0.9, "duration": 1}]}
        """))
    // And the values themselves: hidden, half-way through the fade in, shown, gone.
    let loaded = try loadTemplate(
      layers(
        """
        {"type": "color", "name": "a", "color": "red", "frame": [0, 0, 50, 50], "opacity": 0.8,
         "start": 0.2, "end": 0.9, "fadeIn": 0.2, "fadeOut": 0.1}
        """))
    func opacity(_ t: Double) -> Double? {
      loaded.movie.layers?.renderList(atSeconds: t).items(named: "a").first?.opacity
    }
    #expect(opacity(0.1) == nil)
    #expect(abs((opacity(0.3) ?? 0) - 0.4) < 1e-9)
    #expect(opacity(0.5) == 0.8)
    #expect(abs((opacity(0.85) ?? 0) - 0.4) < 1e-9)
    #expect(opacity(0.9) == nil)
  }

  @Test func fadeOutWithoutEndUsesTheMovieEnd() throws {
    try sameRenderLists(
      layers(#"{"type": "color", "color": "blue", "fadeOut": 0.5}"#),
      layers(
        #"{"type": "color", "color": "blue", "animations": [{"property": "opacity", "from": 1, "to": 0, "begin": 1.5, "duration": 0.5, "fill": "removed"}]}"#
      ))
  }

  @Test func borderIsBorderWidthAndColour() throws {
    try sameRenderLists(
      layers(#"{"frame": [10, 10, 80, 60], "border": {"width": 6, "color": "lime"}}"#),
      layers(#"{"frame": [10, 10, 80, 60], "borderWidth": 6, "borderColor": "lime"}"#))
  }

  @Test func colourLayerIsAGroupWithABackground() throws {
    try sameRenderLists(
      layers(
        ##"{"type": "color", "color": "#336699", "frame": [5, 5, 20, 20], "cornerRadius": 4}"##),
      layers(##"{"background": "#336699", "frame": [5, 5, 20, 20], "cornerRadius": 4}"##))
  }

  @Test func frameIsPositionSizeAndAnchor() throws {
    try sameRenderLists(
      layers(#"{"type": "color", "color": "red", "frame": [10, 20, 40, 30], "rotation": 30}"#),
      layers(
        #"{"type": "color", "color": "red", "position": [30, 35], "size": [40, 30], "anchor": [0.5, 0.5], "rotation": 30}"#
      ))
    try sameRenderLists(
      layers(#"{"type": "color", "color": "red", "frame": [10, 20, 40, 30], "anchor": [0, 0]}"#),
      layers(
        #"{"type": "color", "color": "red", "position": [10, 20], "size": [40, 30], "anchor": [0, 0]}"#
      ))
  }

  @Test func clipsWithACrossFadeAreTheLongFormComposition() throws {
    let folder = try mediaFolder()
    let short = try loadTemplate(
      """
      {"version": 1, "clips": [
        {"media": "media/clip.mp4", "duration": 1},
        {"media": "media/clip.mp4", "start": 0.5, "duration": 1, "transition": {"type": "crossFade", "duration": 0.5}}]}
      """, folder: folder)
    let long = try loadTemplate(
      """
      {"version": 1, "composition": {
        "tracks": [
          {"id": 1, "kind": "video", "segments": [{"media": "media/clip.mp4", "source": [0, 1]}]},
          {"id": 2, "kind": "video", "segments": [{"empty": 0.5}, {"media": "media/clip.mp4", "source": [0.5, 1]}]},
          {"id": 3, "kind": "audio", "segments": [{"media": "media/clip.mp4", "source": [0, 1]}]},
          {"id": 4, "kind": "audio", "segments": [{"empty": 0.5}, {"media": "media/clip.mp4", "source": [0.5, 1]}]}],
        "instructions": [
          {"start": 0, "duration": 0.5, "layers": [{"track": 1}]},
          {"start": 0.5, "duration": 0.5, "layers": [
            {"track": 1, "opacity": [{"from": 1, "to": 0, "start": 0.5, "duration": 0.5}]},
            {"track": 2}]},
          {"start": 1, "duration": 0.5, "layers": [{"track": 2}]}]},
       "audio": {"tracks": [
         {"track": 3, "volume": [{"from": 1, "to": 0, "start": 0.5, "duration": 0.5}]},
         {"track": 4, "volume": [{"from": 0, "to": 1, "start": 0.5, "duration": 0.5}]}]}}
      """, folder: folder)
    #expect(short.movie.duration == Time(value: 3, timescale: 2))
    #expect(long.movie.duration == short.movie.duration)
    let shortVideo = short.movie.resolvedVideoComposition
    let longVideo = long.movie.resolvedVideoComposition
    #expect(shortVideo.renderSize == longVideo.renderSize)
    #expect(shortVideo.frameDuration == longVideo.frameDuration)
    let middle = try #require(
      shortVideo.frameDescription(at: Time(value: 3, timescale: 4), in: short.movie.composition))
    #expect(middle.layers.count == 2)
    #expect(middle.layers.map(\.opacity).sorted() == [0.5, 1])
    #expect(
      short.movie.audioMix?.volume(
        of: short.movie.composition.audioTracks[0].id, at: Time(value: 3, timescale: 4)) == 0.5)
    for tenths in 0..<15 {
      let time = Time(value: Int64(tenths), timescale: 10)
      #expect(
        shortVideo.frameDescription(at: time, in: short.movie.composition)
          == longVideo.frameDescription(at: time, in: long.movie.composition),
        "at \(time.seconds) s")
      for (a, b) in zip(short.movie.composition.audioTracks, long.movie.composition.audioTracks) {
        #expect(
          short.movie.audioMix?.volume(of: a.id, at: time)
            == long.movie.audioMix?.volume(of: b.id, at: time),
          "volume at \(time.seconds) s")
      }
    }
  }

  @Test func subtitleCuesAreTimedTextLayers() throws {
    let folder = try mediaFolder()
    let short = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "duration": 2, "layers": [],
       "subtitles": [{"file": "media/captions.srt", "margin": 10, "width": 0.8, "fadeIn": 0.1, "fadeOut": 0.1,
                      "style": {"font": {"family": "DejaVu Sans", "size": 16}, "color": "white"}}]}
      """, folder: folder)
    let cues = try #require(short.movie.layers?.root.sublayers)
    #expect(cues.count == 2)
    let first = cues[0].properties.frame
    let second = cues[1].properties.frame
    // Bottom-centred in 80 % of the width, 10 px from the bottom; the overlapping second cue
    // stacks on top of the first.
    #expect(first.origin.x == 32 && first.size.width == 256)
    #expect(first.maxY == 230)
    #expect(second.maxY == first.minY)
    // The same layers written as text layers with start/end/fades render the same.
    func textLayer(_ index: Int, _ text: String, _ frame: Rect, _ start: Double, _ end: Double)
      -> String
    {
      """
      {"type": "text", "name": "subtitles[0] cue \(index)", "text": "\(text)",
       "frame": [\(frame.origin.x), \(frame.origin.y), \(frame.size.width), \(frame.size.height)],
       "font": {"family": "DejaVu Sans", "size": 16}, "color": "white", "align": "center",
       "start": \(start), "end": \(end), "fadeIn": 0.1, "fadeOut": 0.1}
      """
    }
    let long = try loadTemplate(
      """
      {"version": 1, "size": [320, 240], "duration": 2, "layers": [
        \(textLayer(1, "First line", first, 0.1, 0.6)),
        {"type": "text", "name": "subtitles[0] cue 2", "runs": [{"text": "Second", "bold": true}, {"text": " line"}],
         "frame": [\(second.origin.x), \(second.origin.y), \(second.size.width), \(second.size.height)],
         "font": {"family": "DejaVu Sans", "size": 16}, "color": "white", "align": "center",
         "start": 0.4, "end": 0.9, "fadeIn": 0.1, "fadeOut": 0.1}]}
      """, folder: folder)
    for time in Self.times {
      #expect(dump(short, at: time) == dump(long, at: time), "at \(time) s")
    }
    #expect(dump(short, at: 0.05).isEmpty)
    #expect(dump(short, at: 0.5).count == 2)
  }
}
