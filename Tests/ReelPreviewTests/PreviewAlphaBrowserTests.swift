import Foundation
import TestSupport
import Testing

/// The preview page shows an export's alpha as editors do: over a checkerboard (issue 30).
/// Headless Chromium, driven by Browser/preview_alpha_test.py, opens `reel preview` of a
/// clear-background template exported with alpha; each of the script's checks becomes an
/// expectation here.
@Suite("Preview alpha in Chromium", .serialized)
struct PreviewAlphaBrowserTests {
  @Test(.needsChromium)
  func clearPixelsShowTheCheckerboard() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-preview-alpha")
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appendingPathComponent("clear.json")
    try Data(
      """
      {"version": 1, "size": [320, 160], "duration": 1, "frameRate": 10, "background": "clear",
       "layers": [{"type": "color", "color": "#c82878", "frame": [0, 0, 80, 160], "opacity": 0.5},
                  {"type": "color", "color": "#20c040", "frame": [240, 0, 80, 160]}],
       "export": {"alpha": true}}
      """.utf8
    ).write(to: template)
    let preview = try PreviewProcess(template: template)
    defer { preview.stop() }
    let script = PreviewBrowserSupport.scripts.appendingPathComponent("preview_alpha_test.py")
    let result = try TestSupport.run("python3", [script.path, "--url", preview.url], timeout: 300)
    let checks = PreviewBrowserSupport.checks(in: result.stdoutText)
    #expect(checks.count >= 7, "the script ran \(checks.count) checks: \(result.stderr)")
    for check in checks {
      #expect(check.ok, "\(check.name): \(check.detail)")
    }
    #expect(
      result.status == 0,
      "exit \(result.status)\n\(result.stdoutText)\n\(result.stderr)\nreel preview: \(preview.log())"
    )
  }
}
