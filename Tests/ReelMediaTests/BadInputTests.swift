import Foundation
import ReelMedia
import TestSupport
import Testing

/// Every kind of bad input gives its own error, naming the path, never a crash or a hang.
@Suite("Bad input")
struct BadInputTests {
  let folder: URL

  init() throws {
    folder = try TestSupport.makeTemporaryDirectory("reel-bad-input")
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  @Test func missingFile() {
    let missing = path("missing.mp4")
    #expect(throws: MediaError.fileNotFound(path: missing)) { try Asset(path: missing) }
    #expect(
      MediaError.fileNotFound(path: missing).description
        == "\(missing): no such file; check the path")
  }

  @Test func directory() {
    #expect(throws: MediaError.isDirectory(path: folder.path)) { try Asset(path: folder.path) }
    #expect(
      MediaError.isDirectory(path: folder.path).description
        == "\(folder.path): is a directory, not a regular file; give the path of a media file")
  }

  @Test func emptyFile() throws {
    let empty = path("empty.mp4")
    try Data().write(to: URL(fileURLWithPath: empty))
    #expect(throws: MediaError.emptyFile(path: empty)) { try Asset(path: empty) }
    #expect(MediaError.emptyFile(path: empty).description == "\(empty): file is empty (0 bytes)")
  }

  @Test func textFileNamedMP4() throws {
    let text = path("notes.mp4")
    try Data("These are my notes, not a movie.\n".utf8).write(to: URL(fileURLWithPath: text))
    #expect(throws: MediaError.notMedia(path: text)) { try Asset(path: text) }
    #expect(
      MediaError.notMedia(path: text).description
        == "\(text): not a media file FFmpeg recognises (no known container format)")
  }

  @Test func truncatedMP4IsCorrupt() throws {
    let source = try Data(contentsOf: MediaFixtures.url(for: .basic))
    let truncated = path("truncated.mp4")
    // Keep the `ftyp` box and a little more: recognisably MP4, but cut short.
    try source.prefix(2000).write(to: URL(fileURLWithPath: truncated))
    do {
      _ = try Asset(path: truncated)
      Issue.record("a truncated file opened without error")
    } catch {
      guard case .corrupt(let reportedPath, let reason) = error else {
        Issue.record("expected .corrupt, got \(error)")
        return
      }
      #expect(reportedPath == truncated)
      #expect(error.description == "\(truncated): corrupt or truncated media (\(reason))")
      #expect(reason.hasPrefix("mov,mp4,m4a,3gp,3g2,mj2: "))
    }
  }

  @Test func garbageAfterAValidHeaderIsCorrupt() throws {
    let corrupt = path("corrupt.mkv")
    var bytes = try Data(contentsOf: MediaFixtures.url(for: .variableFrameRate))
    // Overwrite everything after the EBML header with noise.
    for index in 64..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 7919) }
    try bytes.write(to: URL(fileURLWithPath: corrupt))
    #expect {
      try Asset(path: corrupt)
    } throws: { error in
      guard let error = error as? MediaError, case .corrupt(let reported, _) = error else {
        return false
      }
      return reported == corrupt
    }
  }

  @Test func unreadableFile() throws {
    let locked = path("locked.mp4")
    try FileManager.default.copyItem(atPath: MediaFixtures.url(for: .basic).path, toPath: locked)
    chmod(locked, 0)
    // Root reads any file: the probe runs on a thread whose file accesses are checked as
    // `nobody`, so the permission error happens where the tests run (as root) too.
    let probe = try TestSupport.withoutRootFileAccess { () -> Result<Int, MediaError> in
      Result { () throws(MediaError) in try Asset(path: locked).tracks.count }
    }
    #expect(throws: MediaError.unreadable(path: locked, reason: "permission denied")) {
      try probe.get()
    }
  }

  @Test func networkURLsAreNotOpened() throws {
    // The protocol whitelist allows only local files: an HLS playlist naming a URL fails.
    let playlist = path("remote.m3u8")
    try Data("#EXTM3U\n#EXTINF:1,\nhttp://127.0.0.1:9/x.ts\n#EXT-X-ENDLIST\n".utf8)
      .write(to: URL(fileURLWithPath: playlist))
    #expect(throws: MediaError.self) { try Asset(path: playlist) }
  }
}
