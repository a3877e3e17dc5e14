import Foundation
import TestSupport
import Testing

/// The preview page in a real browser: headless Chromium, driven by Selenium from
/// Browser/preview_browser_test.py, against `reel preview` of the birthday-card example. The
/// script compares the page's pictures with `reel frame --size` (8×8 block means within 2/255),
/// scrubs, steps with the keyboard, selects a layer, edits and breaks the template on disk and
/// plays with the audio as the clock; each of its checks becomes an expectation here.
@Suite("Preview page in Chromium", .serialized)
struct PreviewBrowserTests {
  @Test(.needsChromium)
  func theExampleShowsScrubsReloadsReportsProblemsAndPlays() throws {
    let template = try PreviewBrowserSupport.example("birthday-card.json")
    let preview = try PreviewProcess(template: template)
    defer { preview.stop() }
    let script = PreviewBrowserSupport.scripts.appendingPathComponent("preview_browser_test.py")
    let result = try TestSupport.run(
      "python3",
      [
        script.path, "--url", preview.url, "--reel", try TestSupport.reelExecutable().path,
        "--template", template.path, "--title-from", "Happy Birthday, {{name}}",
        "--title-to", "Hello from the preview",
      ], timeout: 600)
    let checks = PreviewBrowserSupport.checks(in: result.stdoutText)
    #expect(checks.count >= 12, "the script ran \(checks.count) checks: \(result.stderr)")
    for check in checks {
      #expect(check.ok, "\(check.name): \(check.detail)")
    }
    #expect(
      result.status == 0,
      "exit \(result.status)\n\(result.stdoutText)\n\(result.stderr)\nreel preview: \(preview.log())"
    )
  }
}
