import Foundation
import Reel
import TestSupport
import Testing

/// The Swift example in README.md, kept compiling and working here.
@Suite("README example")
struct ReadmeExampleTests {
  @Test func birthdayCardInSwift() async throws {
    let clipPath = try MediaFixtures.url(for: .basic).path
    let outputURL = try TestSupport.makeTemporaryDirectory().appendingPathComponent("card.mp4")

    // README begin
    // 1. The timeline: one clip, its video and audio.
    var composition = Composition()
    try composition.addClip(asset: Asset(path: clipPath))
    let video = VideoComposition.default(for: composition)
    let size = video.renderSize  // the clip's upright size

    // 2. Layers around and over the video: a background, the video inset, a caption.
    var title = TextStyle(fontSize: 28, weight: 700, color: .white, alignment: .center)
    title.strokeColor = .black
    title.strokeWidth = 4
    let caption = Layer.text(
      "Happy Birthday, Ada", style: title,
      frame: Rect(x: 0, y: size.height - 60, width: size.width, height: 50)
    )
    .adding(BasicAnimation(.opacity, from: 0, to: 1, beginTime: 0.2, duration: 0.5))
    .adding(SpringAnimation(.scale, from: 0.6, to: 1, beginTime: 0.2))
    let root = Layer.group(
      frame: Rect(origin: .zero, size: size),
      sublayers: [
        .color(try Color(parsing: "rebeccapurple"), frame: Rect(origin: .zero, size: size)),
        .video(frame: Rect(x: 16, y: 16, width: size.width - 32, height: size.height - 32)),
        caption,
      ])
    let movie = Movie(
      composition: composition, videoComposition: video,
      layers: LayerTree(root: root, renderSize: size))

    // 3. Export, with progress.
    let session = ExportSession(
      movie: movie, outputURL: outputURL, settings: ExportSettings(preset: .preset1280x720))
    Task { for await step in session.progress { _ = step.fraction } }
    let result = try await session.export()
    print("wrote \(result.frameCount) frames in \(result.wallSeconds) s")
    // README end

    #expect(result.frameCount == 30)
    let probe = try TestSupport.ffprobeJSON(["-show_streams", outputURL.path])
    let streams = try #require(probe["streams"] as? [[String: Any]])
    #expect(streams.map { $0["codec_name"] as? String } == ["h264", "aac"])
  }
}
