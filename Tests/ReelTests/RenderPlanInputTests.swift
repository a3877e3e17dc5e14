import Foundation
import Reel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `RenderPlan.Input`: how a task knows a file is the one the plan was made with — by its
/// identity (inode, status-change and modification times) when the file had settled before
/// the plan, else by reading it and comparing SHA-256.
@Suite("Render plan inputs")
struct RenderPlanInputTests {
  /// A file of `bytes` in a new folder.
  static func file(_ bytes: [UInt8]) throws -> URL {
    let folder = try TestSupport.makeTemporaryDirectory("reel-plan-input")
    let url = folder.appendingPathComponent("clip.bin")
    try Data(bytes).write(to: url)
    return url
  }

  /// Waits past the file system's timestamp tick (a jiffy, at most 10 ms on Linux), so the
  /// next write gives the file a different status-change time.
  static func waitForNextTick() { usleep(30_000) }

  /// The moment well after every file written so far: recording "then" counts them settled.
  static var later: Date { Date().addingTimeInterval(60) }

  @Test func aSettledFileIsRecordedWithItsIdentityAndAFreshOneWithout() throws {
    let url = try Self.file(Array(repeating: 7, count: 1000))
    var info = stat()
    #expect(stat(url.path, &info) == 0)
    let settled = try RenderPlan.Input.read(path: url.path, now: Self.later)
    let identity = try #require(settled.identity)
    #expect(identity.inode == UInt64(info.st_ino))
    #expect(identity.changedNanoseconds / 1_000_000_000 == Int64(info.st_ctim.tv_sec))
    #expect(settled.size == 1000)
    // Written a moment ago: a write in the same timestamp tick would not show, so no identity.
    let fresh = try RenderPlan.Input.read(path: url.path)
    #expect(fresh.identity == nil)
    #expect(fresh.digest == settled.digest)
    // Any recording time is taken, however far off (no integer conversion to overflow).
    #expect(try RenderPlan.Input.read(path: url.path, now: .distantFuture).identity == identity)
    #expect(try RenderPlan.Input.read(path: url.path, now: .distantPast).identity == nil)
  }

  @Test func anUnchangedIdentityIsTrustedWithoutReadingTheFile() throws {
    let url = try Self.file(Array(repeating: 1, count: 4096))
    var recorded = try RenderPlan.Input.read(path: url.path, now: Self.later)
    #expect(recorded.change() == nil)
    // A digest that cannot match: with the identity the file is not read, so it is not seen…
    recorded.digest = String(repeating: "0", count: 64)
    #expect(recorded.change() == nil)
    // …without it the file is read and the digest compared.
    recorded.identity = nil
    #expect(recorded.change() == "changed since the plan was made (same size, different content)")
  }

  @Test func aWriteOfTheSameSizeIsCaughtAndATouchIsNot() throws {
    let url = try Self.file(Array(repeating: 1, count: 4096))
    let recorded = try RenderPlan.Input.read(path: url.path, now: Self.later)
    #expect(recorded.identity != nil)

    // Only touched: the identity differs, the bytes do not.
    Self.waitForNextTick()
    #expect(utimensat(AT_FDCWD, url.path, nil, 0) == 0)
    #expect(recorded.change() == nil)

    // The same size, other bytes.
    Self.waitForNextTick()
    try Data(Array(repeating: 2, count: 4096)).write(to: url)
    #expect(recorded.change() == "changed since the plan was made (same size, different content)")

    // Replaced by another file (a new inode) with the recorded bytes: still the same.
    let copy = url.deletingLastPathComponent().appendingPathComponent("copy.bin")
    try Data(Array(repeating: 1, count: 4096)).write(to: copy)
    try FileManager.default.removeItem(at: url)
    try FileManager.default.moveItem(at: copy, to: url)
    #expect(recorded.change() == nil)

    try FileManager.default.removeItem(at: url)
    #expect(recorded.change() == "is missing (the plan was made with it)")
  }

  @Test func plansWithoutIdentitiesStillRead() throws {
    let json = #"{"path": "/a/b.mp4", "size": 3, "mtime": 1.5, "digest": "ab"}"#
    let input = try JSONDecoder().decode(RenderPlan.Input.self, from: Data(json.utf8))
    #expect(input.identity == nil)
    #expect(input.size == 3)
    let identity = RenderPlan.Input.Identity(
      inode: 9, changedNanoseconds: 1_700_000_000_123_456_789,
      modifiedNanoseconds: 1_700_000_000_000_000_001)
    let withIdentity = RenderPlan.Input(
      path: "/a/b.mp4", size: 3, mtime: 1.5, digest: "ab", identity: identity)
    let decoded = try JSONDecoder().decode(
      RenderPlan.Input.self, from: JSONEncoder().encode(withIdentity))
    #expect(decoded == withIdentity)
  }
}
