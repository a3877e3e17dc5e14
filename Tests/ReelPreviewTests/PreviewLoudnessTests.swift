import Foundation
import ReelPreview
import TestSupport
import Testing

/// The preview plays the mix `reel render` writes: with `audio.loudness`, the normalised one
/// (issue 30), measured from the page's own `/api/audio` by ffmpeg's `ebur128`.
@Suite("Preview loudness")
struct PreviewLoudnessTests {
  /// ffmpeg's EBU R128 integrated loudness of a file, in LUFS.
  static func integratedLoudness(_ url: URL) throws -> Double {
    let output = try TestSupport.run(
      "ffmpeg", ["-hide_banner", "-nostats", "-i", url.path, "-af", "ebur128", "-f", "null", "-"])
    try #require(output.status == 0, "\(output.stderr)")
    let summary = try #require(output.stderr.range(of: "Summary:"), "no ebur128 summary")
    for line in output.stderr[summary.upperBound...].split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.first == "I:", words.count >= 2, let value = Double(words[1]) { return value }
    }
    throw MediaOracle.OracleError(description: "no integrated loudness in ebur128's summary")
  }

  @Test("/api/audio is the loudness-normalised mix: ebur128 reads the target ±0.5 LU")
  func previewPlaysTheNormalisedMix() async throws {
    // A 2 s 440 Hz tone at ffmpeg's default amplitude (1/8, about −21 LUFS), normalised to
    // −16 LUFS.
    let template = """
      { "version": 1, "size": [160, 120], "frameRate": 30,
        "clips": [ { "media": "tone.mp4" } ],
        "audio": { "loudness": { "target": -16, "truePeak": -1.5 } } }
      """
    let fixture = try PreviewFixture(template, running: .process) { folder in
      _ = try MediaOracle.makeClip(
        "tone.mp4", in: folder, video: "testsrc=size=160x120:rate=30:duration=2",
        audio: "sine=frequency=440:duration=2")
    }
    let source = try Self.integratedLoudness(fixture.folder.appendingPathComponent("tone.mp4"))
    #expect(abs(source + 16) > 3, "the source is already at \(source) LUFS")
    let response = try await blocking { try fixture.get("/api/audio?revision=1") }
    #expect(response.status == 200)
    let served = fixture.folder.appendingPathComponent("served.webm")
    try response.body.write(to: served)
    let loudness = try Self.integratedLoudness(served)
    #expect(abs(loudness + 16) <= 0.5, "the preview's audio measures \(loudness) LUFS")
  }
}
