import Foundation
import ReelProject
import TestSupport
import Testing

/// Loaded templates render: the exporter accepts their movies and the pixels show the effect.
@Suite("TemplateRender", .serialized)
struct TemplateRenderTests {
  @Test func layersOnlyTemplateExportsOverTheBackground() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-template-render")
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [64, 48], "duration": 0.5, "frameRate": 10, "background": "blue",
       "layers": [{"type": "color", "color": "red", "frame": [0, 0, 32, 48], "start": 0.2}],
       "export": {"preset": "highest", "crf": 10, "speed": "ultrafast"}}
      """, folder: folder)
    let output = folder.appendingPathComponent("out.mp4")
    let session = ExportSession(
      movie: loaded.movie, outputURL: output, settings: loaded.exportSettings)
    _ = try await session.export()
    let probe = try TestSupport.ffprobeJSON([
      "-show_streams", "-count_frames", "-select_streams", "v", output.path,
    ])
    let stream = try #require((probe["streams"] as? [[String: Any]])?.first)
    #expect(stream["width"] as? Int == 64 && stream["height"] as? Int == 48)
    #expect(stream["nb_read_frames"] as? String == "5")
    // Frame 0 (0 s): all blue; frame 3 (0.3 s): red on the left half.
    func pixel(frame: Int, x: Int, y: Int) throws -> [UInt8] {
      let raw = folder.appendingPathComponent("f\(frame).rgb")
      try TestSupport.ffmpeg([
        "-i", output.path, "-vf", "select=eq(n\\,\(frame))", "-frames:v", "1", "-f", "rawvideo",
        "-pix_fmt", "rgb24", raw.path,
      ])
      let data = try Data(contentsOf: raw)
      let offset = (y * 64 + x) * 3
      return Array(data[offset..<offset + 3])
    }
    let early = try pixel(frame: 0, x: 10, y: 24)
    #expect(early[2] > 200 && early[0] < 40)
    let late = try pixel(frame: 3, x: 10, y: 24)
    #expect(late[0] > 200 && late[2] < 40)
    let right = try pixel(frame: 3, x: 50, y: 24)
    #expect(right[2] > 200 && right[0] < 40)
  }
}
