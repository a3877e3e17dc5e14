import Foundation
import TestSupport
import Testing

@testable import ReelMedia

#if canImport(Glibc)
  import Glibc
#endif

/// ``ContentDigest``: SHA-256 through libcrypto, read in pieces, checked against coreutils'
/// `sha256sum` as the oracle; inputs that are not regular files are refused at once.
@Suite("ContentDigest")
struct ContentDigestTests {
  /// `sha256sum`'s digest of `path`.
  static func oracle(_ path: String) throws -> String {
    let output = try TestSupport.run("sha256sum", [path])
    try #require(output.status == 0, "sha256sum: \(output.stderr)")
    return String(String(decoding: output.stdout, as: UTF8.self).prefix(64))
  }

  @Test(
    "file digests equal sha256sum's at piece boundaries and beyond",
    arguments: [0, 1, 63, 64, 262_143, 262_144, 262_145, 1_000_003])
  func matchesSha256sum(_ size: Int) throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-digest")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bytes.bin").path
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let digest = try ContentDigest.sha256(ofFileAt: path)
    #expect(digest == (try Self.oracle(path)), "\(size) bytes")
    #expect(ContentDigest.sha256(of: bytes) == digest)
  }

  @Test("the empty input's digest is SHA-256's known value")
  func knownValue() {
    #expect(
      ContentDigest.sha256(of: [])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test("missing files, folders and FIFOs are refused without waiting")
  func refusesWhatIsNotAFile() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-digest")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: MediaError.fileNotFound(path: folder.path + "/none")) {
      try ContentDigest.sha256(ofFileAt: folder.path + "/none")
    }
    #expect(throws: MediaError.isDirectory(path: folder.path)) {
      try ContentDigest.sha256(ofFileAt: folder.path)
    }
    let fifo = folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // Opening a FIFO for reading would wait for a writer forever.
    #expect(throws: MediaError.notRegularFile(path: fifo, kind: "a FIFO")) {
      try ContentDigest.sha256(ofFileAt: fifo)
    }
  }
}
