import Foundation
import Reel
import TestSupport
import Testing

@Suite("Export session")
struct ExportSessionTests {
  @Test func exportsAClipWithLayersToH264AndAAC() async throws {
    let clip = try MediaFixtures.url(for: .basic)
    var composition = Composition()
    _ = try composition.addClip(asset: Asset(url: clip))
    let video = VideoComposition.default(for: composition)
    let size = video.renderSize
    let border = Layer.color(.white, frame: Rect(origin: .zero, size: size))
    let inset = Layer.video(
      frame: Rect(x: 20, y: 20, width: size.width - 40, height: size.height - 40))
    let tree = LayerTree(
      root: .group(frame: Rect(origin: .zero, size: size), sublayers: [border, inset]),
      renderSize: size)
    let movie = Movie(composition: composition, videoComposition: video, layers: tree)
    let folder = try TestSupport.makeTemporaryDirectory()
    let output = folder.appendingPathComponent("out.mp4")
    let session = ExportSession(movie: movie, outputURL: output)
    let result = try await session.export()
    #expect(session.status == .completed)
    #expect(result.frameCount == 30)
    let probe = try TestSupport.ffprobeJSON(["-show_streams", "-show_format", output.path])
    let streams = try #require(probe["streams"] as? [[String: Any]])
    #expect(streams.map { $0["codec_name"] as? String } == ["h264", "aac"])
    #expect(streams[0]["profile"] as? String == "High")
    #expect(streams[0]["pix_fmt"] as? String == "yuv420p")
    #expect(streams[1]["profile"] as? String == "LC")
    let duration = Double((probe["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
    #expect(abs(duration - 1) < 1.0 / 30)
    // The border is white.
    let grabber = FrameGrabber(movie: movie)
    let still = try grabber.frame(at: Time(value: 1, timescale: 2))
    #expect(still.image[x: 5, y: 5] == BGRA(blue: 255, green: 255, red: 255, alpha: 255))
  }
}
