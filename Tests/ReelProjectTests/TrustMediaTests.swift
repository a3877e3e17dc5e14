import Foundation
import ReelProject
import TestSupport
import Testing

/// Subtitle files are regular files (issue 10): a device or a FIFO is refused at once, by
/// what it is, without being opened or read.
@Suite("Trust: subtitle files")
struct TrustSubtitleTests {
  @Test func devicesAreNotRegularFiles() {
    for device in ["/dev/zero", "/dev/urandom"] {
      #expect(
        throws: SubtitleError(path: device, reason: .notRegularFile("a character device"))
      ) { try SubtitleFile.load(path: device) }
    }
    #expect(
      SubtitleError(path: "/dev/zero", reason: .notRegularFile("a character device")).description
        == "/dev/zero: not a regular file (a character device); give the path of an .srt or .vtt file"
    )
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-trust-subtitles")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("captions.srt").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: SubtitleError(path: fifo, reason: .notRegularFile("a FIFO"))) {
      try SubtitleFile.load(path: fifo)
    }
  }
}
