import Foundation
import ReelMedia
import TestSupport
import Testing

/// Outputs are never lost (issue 10): a file that appears at the target while writing is
/// kept, and temporary files left by killed writers are recognised and removed, but only
/// those of this host whose writer is gone.
@Suite struct OutputTrustTests {
  static let video = VideoOutputSettings(
    width: 64, height: 48, frameDuration: Time(value: 1, timescale: 30))

  /// Names in a folder, sorted (hidden ones included).
  static func contents(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func fileAppearingWhileWritingIsKeptWithoutOverwrite() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-output")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("out.mp4")
    let writer = try MediaWriter(url: url, video: Self.video, audio: nil)
    try WriterFixture.appendFrames(3, width: 64, height: 48, to: writer)
    // Another writer finishes first.
    let other = Data("the other render".utf8)
    try other.write(to: url)
    #expect(throws: MediaError.fileExists(path: url.path)) { try writer.finish() }
    #expect(try Data(contentsOf: url) == other)
    #expect(try Self.contents(folder) == ["out.mp4"])
    // The writer stays failed.
    #expect(throws: MediaError.fileExists(path: url.path)) { try writer.finish() }
  }

  @Test func fileAppearingWhileWritingIsReplacedWithOverwrite() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-output")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("out.mp4")
    let writer = try MediaWriter(url: url, video: Self.video, audio: nil, overwrite: true)
    try WriterFixture.appendFrames(3, width: 64, height: 48, to: writer)
    try Data("older".utf8).write(to: url)
    try writer.finish()
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    #expect(WriterFixture.stream(probe, type: "video")?["codec_name"] as? String == "h264")
    #expect(try Self.contents(folder) == ["out.mp4"])
  }

  @Test func pngWithoutOverwriteKeepsAnExistingFile() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-output")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("still.png")
    let original = Data("keep".utf8)
    try original.write(to: url)
    #expect(throws: MediaError.fileExists(path: url.path)) {
      try Image(width: 4, height: 4).writePNG(to: url, overwrite: false)
    }
    #expect(try Data(contentsOf: url) == original)
    #expect(try Self.contents(folder) == ["still.png"])
    // The default replaces, as before.
    try Image(width: 4, height: 4).writePNG(to: url)
    let probe = try TestSupport.ffprobeJSON(["-show_streams", url.path])
    #expect(WriterFixture.stream(probe, type: "video")?["codec_name"] as? String == "png")
  }

  /// The temporary file's name says which host and process write it.
  @Test func temporaryFileNameHasHostAndProcessID() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-output")
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = try MediaWriter(
      url: folder.appendingPathComponent("named.mp4"), video: Self.video, audio: nil)
    let names = try Self.contents(folder)
    writer.cancel()
    #expect(names.count == 1)
    let name = try #require(names.first)
    var host = [CChar](repeating: 0, count: 256)
    gethostname(&host, 255)
    let hostName = String(
      decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let pid = ProcessInfo.processInfo.processIdentifier
    #expect(name.hasPrefix(".named.mp4.reel-"))
    #expect(name.hasSuffix(".tmp"))
    // Host names keep letters, digits, dots and underscores; other bytes become `_`.
    let expectedHost = String(
      hostName.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") ? $0 : "_" })
    #expect(name.contains(".reel-\(expectedHost)-"), "\(name)")
    #expect(name.contains("-\(pid)-"), "\(name)")
  }

  /// A writer's temporary file whose process is gone is removed by the next write to the
  /// folder; files of live processes, of other hosts, links and other names stay.
  @Test func staleTemporaryFilesOfThisHostAreRemoved() throws {
    let folder = try TestSupport.makeTemporaryDirectory("reel-output")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A real temporary name of this process, to derive the others from.
    let probeWriter = try MediaWriter(
      url: folder.appendingPathComponent("a.mp4"), video: Self.video, audio: nil)
    let live = try #require(try Self.contents(folder).first)
    probeWriter.cancel()
    let pid = String(ProcessInfo.processInfo.processIdentifier)
    let dead = try deadProcessID()

    func replacingProcessID(_ name: String, with other: String) -> String {
      name.replacingOccurrences(of: "-\(pid)-", with: "-\(other)-")
    }
    let stale = replacingProcessID(
      live.replacingOccurrences(of: ".a.mp4.", with: ".b.mp4."), with: dead)
    let running = live.replacingOccurrences(of: ".a.mp4.", with: ".c.mp4.")
    let owner = live.dropFirst(".a.mp4.reel-".count).components(separatedBy: "-\(pid)-")[0]
    let foreign = replacingProcessID(
      live.replacingOccurrences(of: owner, with: "elsewhere.example-4026531836")
        .replacingOccurrences(of: ".a.mp4.", with: ".d.mp4."), with: dead)
    let linked = replacingProcessID(
      live.replacingOccurrences(of: ".a.mp4.", with: ".e.mp4."), with: dead)
    let unrelated = ".f.mp4.tmp"
    // The same host name and namespace inode on another machine (or before a reboot): the
    // boot ID differs, so the file is not this machine's to judge.
    let parts = owner.components(separatedBy: "-")
    #expect(parts.count == 3, "owner \(owner): host, boot, namespace")
    let otherBoot = replacingProcessID(
      live.replacingOccurrences(
        of: owner, with: [parts[0], "000000000000", parts.last ?? ""].joined(separator: "-")
      ).replacingOccurrences(of: ".a.mp4.", with: ".g.mp4."), with: dead)
    for name in [stale, running, foreign, unrelated, otherBoot] {
      try Data("partial".utf8).write(to: folder.appendingPathComponent(name))
    }
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent(linked).path, withDestinationPath: unrelated)

    let writer = try MediaWriter(
      url: folder.appendingPathComponent("next.mp4"), video: Self.video, audio: nil)
    try WriterFixture.appendFrames(2, width: 64, height: 48, to: writer)
    try writer.finish()

    let left = Set(try Self.contents(folder))
    #expect(!left.contains(stale), "\(left)")
    #expect(
      left.isSuperset(of: [running, foreign, linked, unrelated, otherBoot, "next.mp4"]),
      "\(left)")
    #expect(left.count == 6, "\(left)")
  }

  /// The ID of a process that has exited (a `true` run and waited for).
  private func deadProcessID() throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    let id = process.processIdentifier
    #expect(kill(id, 0) != 0)
    return String(id)
  }
}
