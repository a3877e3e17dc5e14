import Foundation
import ReelProject
import TestSupport
import Testing

/// Word-level captions rendered from a template, checked on the decoded output frame by
/// frame: the highlighted word is the one whose interval holds the frame's time, pages
/// change where the rules say, and no word shows outside its page's time.
@Suite("CaptionsRender", .serialized)
struct CaptionsRenderTests {
  /// Nine generated words: lengths of 0.13–0.4 s, gaps of 0 or 0.05 s and one pause of
  /// 0.5 s before the fifth; boundaries on frames and between them (30 fps).
  static let words: [(text: String, start: String, end: String)] = {
    let texts = ["one", "two", "six", "ten", "red", "sun", "box", "cat", "hat"]
    let lengths = [0.2, 0.25, 0.1333, 0.3, 0.21, 0.17, 0.4, 0.15, 0.22]
    var time = 0.1
    var words: [(String, String, String)] = []
    for index in texts.indices {
      time += index == 4 ? 0.5 : (index % 2 == 1 ? 0.05 : 0)
      let start = String(format: "%.4f", time)
      time += lengths[index]
      words.append((texts[index], start, String(format: "%.4f", time)))
    }
    return words
  }()

  @Test func theActiveWordAndThePagesFollowTheTimesFrameByFrame() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-captions")
    let media = folder.appendingPathComponent("media")
    try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
    _ = try MediaOracle.makeClip(
      "dark.mp4", in: media, video: "color=c=0x202020:size=320x240:rate=30:duration=3")
    let tokens =
      "["
      + Self.words.map { #"{"text": "\#($0.text)", "start": \#($0.start), "end": \#($0.end)}"# }
      .joined(separator: ",\n") + "]"
    try Data(tokens.utf8).write(to: media.appendingPathComponent("words.json"))
    let loaded = try loadTemplate(
      """
      {"version": 1, "clips": [{"media": "media/dark.mp4"}],
       "captions": [{"file": "media/words.json", "words": 3, "pause": 0.4,
         "frame": [10, 130, 300, 100], "position": "bottom",
         "style": {"font": {"family": "DejaVu Sans", "size": 30, "weight": 700},
           "color": "white"},
         "active": {"color": "#FF0000"}}],
       "export": {"preset": "highest", "crf": 10, "speed": "ultrafast"}}
      """, folder: folder)

    // The pages where the rules put them: three words at most, a new page after the pause.
    let layer = try #require(loaded.movie.layers?.root.sublayers.last)
    guard case .kind(let content) = layer.content, let captions = content as? CaptionsContent
    else {
      Issue.record("the last layer is not the captions")
      return
    }
    let expectedPages = [[0, 1, 2], [3], [4, 5, 6], [7, 8]]
    #expect(
      captions.pages.map { $0.words.map(\.text) }
        == expectedPages.map { $0.map { Self.words[$0].text } })
    let starts = Self.words.map { Double($0.start)! }
    let ends = Self.words.map { Double($0.end)! }
    let pageStart = expectedPages.map { starts[$0[0]] }
    let pageEnd = expectedPages.indices.map {
      $0 + 1 < expectedPages.count ? pageStart[$0 + 1] : ends[expectedPages[$0].last!]
    }
    #expect(captions.pages.map(\.start) == pageStart)
    #expect(captions.pages.map(\.end) == pageEnd)
    // Where each page's words fall in the frame (the layer's frame: 10, 130).
    let boxes = try expectedPages.map { page in
      try CaptionRenderer.layOut(
        page.map { Self.words[$0].text }, style: captions.style, placement: .bottom,
        size: Size(width: 300, height: 100)
      ).wordBoxes.map { $0.offsetBy(dx: 10, dy: 130) }
    }

    let output = folder.appendingPathComponent("out.mp4")
    let session = ExportSession(
      movie: loaded.movie, outputURL: output, settings: loaded.exportSettings)
    _ = try await session.export()
    let frames = try MediaOracle.frames(output)
    #expect(frames.count == 90)

    var highlighted = 0
    for (index, frame) in frames.enumerated() {
      let time = Double(index) / 30
      let page = expectedPages.indices.first { pageStart[$0] <= time && time < pageEnd[$0] }
      let active = Self.words.indices.first { starts[$0] <= time && time < ends[$0] }
      var inkOutside = 0
      var redIn: [Int: Int] = [:]
      for y in 120..<240 {
        for x in 0..<320 {
          let pixel = frame[x, y]
          let ink = max(pixel.r, pixel.g, pixel.b) > 110
          guard ink else { continue }
          let red = pixel.r > 150 && pixel.g < 90 && pixel.b < 90
          let point = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
          let owner = page.flatMap { page in
            boxes[page].indices.first { boxes[page][$0].insetBy(dx: -3, dy: -3).contains(point) }
          }
          guard let page, let owner else {
            inkOutside += 1
            continue
          }
          if red { redIn[expectedPages[page][owner], default: 0] += 1 }
        }
      }
      // No word drawn outside its page's time (nor outside its page's boxes).
      #expect(
        inkOutside == 0,
        "frame \(index) (\(time) s): \(inkOutside) inked pixels outside the page's words")
      // The highlighted word is the one whose interval holds the time, exactly.
      if let active, let page, expectedPages[page].contains(active) {
        #expect(
          (redIn[active] ?? 0) > 20,
          "frame \(index) (\(time) s): \(Self.words[active].text) is not red")
        highlighted += 1
      }
      let wrong = redIn.filter { $0.key != active && $0.value > 0 }
      #expect(
        wrong.isEmpty,
        "frame \(index) (\(time) s): red in \(wrong.keys.map { Self.words[$0].text }), active \(active.map { Self.words[$0].text } ?? "none")"
      )
    }
    // Every frame inside a word's interval was checked for its highlight.
    let spoken = (0..<90).filter { index in
      let time = Double(index) / 30
      return Self.words.indices.contains { starts[$0] <= time && time < ends[$0] }
    }
    #expect(highlighted == spoken.count)
  }
}
