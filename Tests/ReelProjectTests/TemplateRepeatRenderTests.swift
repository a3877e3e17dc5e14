import Foundation
import ReelProject
import TestSupport
import Testing

/// A server renders the same template again and again in one process: every render, one
/// after another or four at a time, is the same file, byte for byte (docs/server.md).
@Suite("Template repeat render", .serialized)
struct TemplateRepeatRenderTests {
  static let renderCount = 20

  /// Text, a moving shape and an animated opacity: lossy H.264 (veryfast, CRF 23).
  static let template = """
    {"version": 1, "size": [160, 96], "duration": 0.5, "frameRate": 20, "background": "#203050",
     "layers": [
       {"type": "color", "color": "orange", "frame": [10, 10, 40, 40],
        "animations": [{"property": "position", "from": [30, 30], "to": [130, 66], "duration": 0.5}]},
       {"type": "text", "text": "Happy birthday", "font": {"family": "DejaVu Sans", "size": 18}, "color": "white",
        "frame": [10, 60, 140, 30],
        "animations": [{"property": "opacity", "from": 0.2, "to": 1, "duration": 0.5}]}]}
    """

  @Test func renderingATemplateTwentyTimesMakesOneFile() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-repeat-render")
    defer { try? FileManager.default.removeItem(at: folder) }
    let loaded = try loadTemplate(Self.template, folder: folder)
    @Sendable func render(_ index: Int) async throws -> Data {
      HeapNoise.dirty(seed: UInt64(index) &* 104_729 &+ 3, threads: 1)
      var settings = loaded.exportSettings
      settings.overwrite = true
      let output = folder.appendingPathComponent("out-\(index).mp4")
      _ = try await ExportSession(movie: loaded.movie, outputURL: output, settings: settings)
        .export()
      return try Data(contentsOf: output)
    }
    var sequential: [Data] = []
    for index in 0..<Self.renderCount { sequential.append(try await render(index)) }
    var concurrent: [Data] = []
    for batch in stride(from: 0, to: Self.renderCount, by: 4) {
      try await withThrowingTaskGroup(of: Data.self) { group in
        for index in batch..<batch + 4 {
          group.addTask { try await render(Self.renderCount + index) }
        }
        for try await file in group { concurrent.append(file) }
      }
    }
    let first = try #require(sequential.first)
    #expect(first.count > 1000)
    let sameSequential = sequential.filter { $0 == first }.count
    let sameConcurrent = concurrent.filter { $0 == first }.count
    #expect(
      sameSequential == Self.renderCount,
      "\(sameSequential) of \(Self.renderCount) sequential renders identical to the first")
    #expect(
      sameConcurrent == Self.renderCount,
      "\(sameConcurrent) of \(Self.renderCount) renders 4 at a time identical to the first")
  }

  /// A clip under a title, and the same clip with nothing drawn on it (its decoded pictures
  /// go to the encoder as they are), rendered 20 times each: one file each.
  @Test(arguments: [true, false])
  func renderingAClipTwentyTimesMakesOneFile(titled: Bool) async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-repeat-clip")
    defer { try? FileManager.default.removeItem(at: folder) }
    try TestSupport.ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=166x94:rate=20:duration=0.6", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", folder.appendingPathComponent("clip.mp4").path,
    ])
    let title =
      titled
      ? """
      , "layers": [{"type": "video"}, {"type": "text", "text": "Hello",
        "font": {"family": "DejaVu Sans", "size": 18}, "color": "white", "frame": [10, 10, 100, 30]}]
      """ : ""
    let loaded = try loadTemplate(
      """
      {"version": 1, "size": [166, 94], "frameRate": 20, "clips": [{"media": "clip.mp4"}]\(title)}
      """, folder: folder)
    var files: [Data] = []
    for index in 0..<Self.renderCount {
      HeapNoise.dirty(seed: UInt64(index) &* 65_537 &+ 11, threads: 1)
      var settings = loaded.exportSettings
      settings.overwrite = true
      let output = folder.appendingPathComponent("out.mp4")
      _ = try await ExportSession(movie: loaded.movie, outputURL: output, settings: settings)
        .export()
      files.append(try Data(contentsOf: output))
    }
    let first = try #require(files.first)
    let same = files.filter { $0 == first }.count
    #expect(same == Self.renderCount, "\(same) of \(Self.renderCount) renders identical")
  }
}
