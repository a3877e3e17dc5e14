import Foundation
import Reel
import ReelProject
import TestSupport
import Testing

/// A clear-background template written as VP9 with alpha plays in Chromium with its alpha:
/// the browser draws a frame onto a cleared canvas and reads the pixels back (issue 30).
@Suite(.serialized) struct WebMAlphaBrowserTests {
  /// Whether headless Chromium can be started.
  static let chromium = PreviewBrowserSupport.executable("chromium")

  @Test(.enabled(if: chromium != nil, "needs Debian's chromium on PATH"))
  func chromiumReadsTheWebMAlpha() async throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-webm-alpha")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Left half a colour at half opacity, then clear, then an opaque square on the right.
    let text = """
      {"version": 1, "size": [128, 64], "duration": 1, "frameRate": 10, "background": "clear",
       "layers": [{"type": "color", "color": "#c82878", "frame": [0, 0, 64, 64], "opacity": 0.5},
                  {"type": "color", "color": "#20c040", "frame": [96, 0, 32, 64]}],
       "export": {"alpha": true}}
      """
    let template = folder.appendingPathComponent("clear.json")
    try Data(text.utf8).write(to: template)
    let loaded = try Template.load(path: template.path)
    let webm = folder.appendingPathComponent("clear.webm")
    _ = try await ExportSession(
      movie: loaded.movie, outputURL: webm, settings: loaded.exportSettings
    ).export()

    // The video inline (a data: URL keeps the canvas readable), drawn at 0.5 s over a cleared
    // canvas; the page writes the pixels it reads into an attribute `--dump-dom` prints.
    let video = try Data(contentsOf: webm).base64EncodedString()
    let page = folder.appendingPathComponent("page.html")
    let html = """
      <html><body style="background: #0000ff"><canvas id="c" width="128" height="64"></canvas>
      <script>
      const v = document.createElement('video'); v.muted = true;
      v.src = 'data:video/webm;base64,\(video)';
      v.addEventListener('loadeddata', () => { v.currentTime = 0.5; });
      v.addEventListener('seeked', () => {
        const c = document.getElementById('c').getContext('2d');
        c.clearRect(0, 0, 128, 64); c.drawImage(v, 0, 0);
        const out = [];
        for (const x of [20, 80, 112]) out.push(Array.from(c.getImageData(x, 32, 1, 1).data).join(','));
        document.body.setAttribute('data-pixels', out.join(' '));
      });
      </script></body></html>
      """
    try Data(html.utf8).write(to: page)
    let profile = folder.appendingPathComponent("profile")
    let output = try TestSupport.run(
      try #require(Self.chromium).path,
      [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
        "--virtual-time-budget=10000", "--dump-dom", page.absoluteString,
      ], timeout: 120)
    let dom = output.stdoutText
    let marker = try #require(dom.range(of: "data-pixels=\""), "no pixels in: \(dom.suffix(300))")
    let rest = dom[marker.upperBound...]
    let pixels = rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]
      .split(separator: " ").map { $0.split(separator: ",").compactMap { Int($0) } }
    try #require(pixels.count == 3 && pixels.allSatisfy { $0.count == 4 }, "\(pixels)")
    // The canvas keeps the video's alpha: half, none, all.
    #expect(abs(pixels[0][3] - 128) <= 2, "\(pixels[0])")
    #expect(pixels[1][3] <= 2, "\(pixels[1])")
    #expect(pixels[2][3] >= 253, "\(pixels[2])")
    // And its colour where it shows (the canvas stores premultiplied, so half-opaque colour
    // is rounded coarsely).
    #expect(abs(pixels[2][0] - 0x20) <= 4 && abs(pixels[2][1] - 0xc0) <= 4, "\(pixels[2])")
    #expect(abs(pixels[0][0] - 0xc8) <= 6 && abs(pixels[0][2] - 0x78) <= 6, "\(pixels[0])")
  }
}
