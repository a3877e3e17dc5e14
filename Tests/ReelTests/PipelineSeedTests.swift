import Foundation
import Reel
import TestSupport
import Testing

/// The seeds' pipelines end to end, through the public API only.
@Suite("Seed pipelines")
struct PipelineSeedTests {
  typealias O = ExportOracle

  /// Seed 000 (the birthday card): copy a portrait phone clip's video and audio tracks into
  /// a composition, keep it upright, wrap it with a coloured background, the video inset and
  /// a text layer, and export with a preset.
  @Test func birthdayCardFromAPortraitClip() async throws {
    let folder = try O.folder()
    let coded = try O.makeClip(
      "coded.mp4", in: folder, video: "testsrc2=size=320x240:rate=30:duration=1",
      audio: "sine=frequency=1000:sample_rate=48000:duration=1")
    let clip = try O.rotate90(coded, in: folder, name: "phone.mp4")
    let asset = try Asset(url: clip)
    let media = SourceMedia(asset: asset)

    // 1. The composition: the clip's video and audio tracks, copied at 0.
    var composition = Composition()
    let videoTrack = composition.addTrack(.video)
    let audioTrack = composition.addTrack(.audio)
    let whole = media.naturalTimeRange
    try composition.insertTimeRange(
      whole, of: try #require(media.video), at: .zero, into: videoTrack)
    try composition.insertTimeRange(
      whole, of: try #require(media.audio), at: .zero, into: audioTrack)

    // 2. Orientation: the default video composition turns the clip upright (240×320).
    let video = VideoComposition.default(for: composition)
    #expect(video.renderSize == Size(width: 240, height: 320))

    // 3. Layers: background, the video inset by 20 px (60 px at the top), a text layer.
    let size = video.renderSize
    let full = Rect(origin: .zero, size: size)
    let inset = Rect(x: 20, y: 60, width: 200, height: 240)
    let title = Layer.text(
      "Happy Birthday", style: TextStyle(fontSize: 22, color: .white, alignment: .center),
      frame: Rect(x: 0, y: 14, width: 240, height: 36))
    let tree = LayerTree(
      root: .group(
        frame: full,
        sublayers: [.color(.blue, frame: full), .video(frame: inset), title]),
      renderSize: size)
    let movie = Movie(composition: composition, videoComposition: video, layers: tree)

    // 4. Export with a preset (fits 720×1280 for portrait: no upscaling, so 240×320).
    let output = folder.appendingPathComponent("card.mp4")
    let result = try await O.export(
      movie, to: output, settings: ExportSettings(preset: .preset1280x720))
    #expect(result.videoSize?.width == 240 && result.videoSize?.height == 320)

    // H.264 High / yuv420p / AAC-LC, moov first.
    let streams = try O.streams(output)
    #expect(streams.map { $0["codec_name"] as? String } == ["h264", "aac"])
    #expect(streams[0]["profile"] as? String == "High")
    #expect(streams[0]["pix_fmt"] as? String == "yuv420p")
    #expect(streams[0]["width"] as? Int == 240 && streams[0]["height"] as? Int == 320)
    #expect(streams[1]["profile"] as? String == "LC")
    let boxes = try O.topLevelBoxes(output)
    #expect(
      try #require(boxes.firstIndex(of: "moov")) < (try #require(boxes.firstIndex(of: "mdat"))))
    #expect(abs(try O.duration(output) - 1) <= 1.0 / 30)

    // Pixels: the border is blue; the inset is the upright clip stretched into 200×240
    // (compared with ffmpeg's autorotated decode, scaled by ffmpeg); the title is white text.
    let frames = try O.frames(output)
    #expect(frames.count == 30)
    let frame = frames[15]
    for (x, y) in [(4, 100), (234, 100), (120, 310), (4, 4)] {
      let border = frame.mean(x: x - 2, y: y - 2, width: 4, height: 4)
      #expect(border.b > 230 && border.r < 20 && border.g < 20, "border at \(x),\(y): \(border)")
    }
    let scaledSource = folder.appendingPathComponent("inset.mp4")
    try TestSupport.ffmpeg([
      "-i", clip.path, "-vf", "scale=200:240", "-c:v", "libx264", "-crf", "10", "-an",
      scaledSource.path,
    ])
    let expected = try O.frames(scaledSource)[15]
    var difference = 0.0
    var wrongWay = 0.0
    for y in stride(from: 8, to: 232, by: 8) {
      for x in stride(from: 8, to: 192, by: 8) {
        let ours = frame.mean(x: inset.minXInt + x, y: inset.minYInt + y, width: 8, height: 8)
        let theirs = expected.mean(x: x, y: y, width: 8, height: 8)
        let flipped = expected.mean(x: 192 - x, y: 232 - y, width: 8, height: 8)
        difference += abs(ours.r - theirs.r) + abs(ours.g - theirs.g) + abs(ours.b - theirs.b)
        wrongWay += abs(ours.r - flipped.r) + abs(ours.g - flipped.g) + abs(ours.b - flipped.b)
      }
    }
    let blocks = Double(28 * 23 * 3)
    #expect(difference / blocks < 6, "inset differs by \(difference / blocks)")
    #expect(wrongWay / blocks > 20)
    var white = 0
    for y in 14..<50 {
      for x in 0..<240 {
        let pixel = frame[x, y]
        if pixel.r > 200 && pixel.g > 200 && pixel.b > 200 { white += 1 }
      }
    }
    #expect(white > 100, "white text pixels: \(white)")
    // The tone plays.
    #expect(O.rms(try O.audio(output), from: 0.1, to: 0.9) > 0.05)
  }
}

extension Rect {
  fileprivate var minXInt: Int { Int(minX) }
  fileprivate var minYInt: Int { Int(minY) }
}
