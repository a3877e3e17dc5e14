import Foundation
import TestSupport
import Testing

/// `reel preview` run as a process: the URL line, serving, and a clean stop on SIGINT.
@Suite("reel preview")
struct PreviewCommandTests {
  @Test("prints the URL, serves, and on SIGINT stops: exit 0, port closed")
  func runAndInterrupt() throws {
    // The fixture reads the printed line, `Preview: http://127.0.0.1:PORT/?token=32 hex`.
    let fixture = try PreviewFixture(PreviewFixture.layersTemplate(), running: .process)
    let state = try fixture.get("/api/state")
    #expect(state.status == 200)
    #expect(state.json?["ok"] as? Bool == true)
    // A second preview on the same port: the library's message, then the CLI's spelling.
    let taken = try TestSupport.reel(
      ["preview", fixture.template.path, "--port", String(fixture.port)])
    #expect(taken.status == 1, "\(taken.stderr)")
    #expect(
      taken.stderr.contains("choose another port (0 picks a free one) (reel: --port N)"),
      "\(taken.stderr)")
    #expect(try HTTPTestClient.request(port: fixture.port, "/api/state").status == 403)
    #expect(fixture.interrupt() == 0)
    #expect(!HTTPTestClient.isListening(port: fixture.port))
    #expect(fixture.log.contains("Preview stopped"))
  }

  @Test("usage errors: no template, a bad port")
  func usage() throws {
    let missing = try TestSupport.reel(["preview"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("missing TEMPLATE"))
    let badPort = try TestSupport.reel(["preview", "x.json", "--port", "70000"])
    #expect(badPort.status == 2)
    let help = try TestSupport.reel(["preview", "--help"])
    #expect(help.status == 0)
    #expect(help.stdoutText.contains("Usage: reel preview TEMPLATE"))
  }
}
