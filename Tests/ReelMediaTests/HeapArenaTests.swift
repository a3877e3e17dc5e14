import Foundation
import ReelMedia
import Testing

/// `HeapMemory.configureAllocator()`: glibc's arena limit and thresholds set once, before
/// exports make their threads, each unless the environment sets it. The settings are
/// process-wide and glibc fixes its arena limit once a process has made more than eight
/// arenas, so they are measured in a child process: this test bundle run again with only
/// ``arenaLimitChild()`` enabled.
@Suite("Heap memory: arena limit", .serialized)
struct HeapArenaTests {
  /// Set in the child's environment to the file it writes its measurements to.
  static let childVariable = "REEL_ARENA_LIMIT_CHILD"

  /// What the child measured.
  struct Measured: Equatable {
    var arenasBefore: Int
    var arenasWithThreads: Int
    var first: HeapMemory.Configuration
    var second: HeapMemory.Configuration
    var calls: Int
  }

  @Test func theEnvironmentsChoiceWins() {
    func wanted(_ environment: [String: String]) -> HeapMemory.Configuration {
      HeapMemory.configuration(arenaLimit: 2, threshold: 4096, environment: environment)
    }
    #expect(wanted([:]) == HeapMemory.Configuration(arenaLimit: 2, threshold: 4096))
    #expect(wanted(["MALLOC_ARENA_MAX": "8"]) == .init(arenaLimit: nil, threshold: 4096))
    #expect(wanted(["MALLOC_TRIM_THRESHOLD_": "0"]) == .init(arenaLimit: 2, threshold: nil))
    #expect(wanted(["MALLOC_MMAP_THRESHOLD_": "1"]) == .init(arenaLimit: 2, threshold: nil))
    #expect(
      wanted(["GLIBC_TUNABLES": "glibc.malloc.arena_max=4:glibc.malloc.trim_threshold=9"])
        == .init(arenaLimit: nil, threshold: nil))
    #expect(
      wanted(["GLIBC_TUNABLES": "glibc.malloc.tcache_count=0"])
        == .init(arenaLimit: 2, threshold: 4096))
    #expect(
      HeapMemory.configuration(arenaLimit: nil, threshold: nil, environment: [:])
        == .init(arenaLimit: nil, threshold: nil))
  }

  @Test func theAllocatorIsConfiguredOnceAndTheEnvironmentsChoiceWins() throws {
    let reels = HeapMemory.Configuration(
      arenaLimit: HeapMemory.defaultArenaLimit, threshold: HeapMemory.defaultThreshold)
    let limited = try Self.runChild(environment: [:])
    #expect(limited.first == reels && limited.second == reels, "\(limited)")
    #expect(limited.calls == 1, "\(limited)")
    // Eight threads allocating at once made no arena beyond the limit (or beyond those the
    // test runner's own threads had made before it was set).
    #expect(
      limited.arenasWithThreads <= max(limited.arenasBefore, HeapMemory.defaultArenaLimit),
      "\(limited)")

    // With the host's own arena limit in the environment Reel sets none (the thresholds
    // still), and the same eight threads get arenas of their own up to it.
    let hosts = try Self.runChild(environment: [HeapMemory.arenaLimitVariable: "64"])
    #expect(hosts.first == .init(arenaLimit: nil, threshold: reels.threshold), "\(hosts)")
    #expect(hosts.second == hosts.first && hosts.calls == 1, "\(hosts)")
    #expect(
      hosts.arenasWithThreads > max(hosts.arenasBefore, HeapMemory.defaultArenaLimit),
      "\(hosts)")

    // The host's threshold: Reel leaves both thresholds, and still limits the arenas.
    let trimmed = try Self.runChild(environment: ["MALLOC_TRIM_THRESHOLD_": "1048576"])
    #expect(trimmed.first == .init(arenaLimit: reels.arenaLimit, threshold: nil), "\(trimmed)")
  }

  /// Runs this test bundle again with only ``arenaLimitChild()`` and reads what it measured.
  static func runChild(environment: [String: String]) throws -> Measured {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reel-arena-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--testing-library", "swift-testing", "--filter", "arenaLimitChild"]
    var childEnvironment = ProcessInfo.processInfo.environment
    childEnvironment.removeValue(forKey: HeapMemory.arenaLimitVariable)
    childEnvironment[childVariable] = output.path
    process.environment = childEnvironment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "the child test failed")
    let fields = try String(contentsOf: output, encoding: .utf8).split(separator: " ").map {
      Int($0)
    }
    try #require(fields.count == 7, "the child wrote \(fields)")
    return Measured(
      arenasBefore: fields[0] ?? -1, arenasWithThreads: fields[1] ?? -1,
      first: HeapMemory.Configuration(arenaLimit: fields[2], threshold: fields[3]),
      second: HeapMemory.Configuration(arenaLimit: fields[4], threshold: fields[5]),
      calls: fields[6] ?? -1)
  }

  /// The child's side: configures the allocator twice, then starts eight threads that each
  /// allocate while all are alive, and counts the arenas.
  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment[childVariable] != nil,
      "runs only in the child process that theAllocatorIsConfiguredOnce… starts"))
  func arenaLimitChild() throws {
    let path = try #require(ProcessInfo.processInfo.environment[Self.childVariable])
    let before = try #require(HeapMemory.arenaCount)
    let first = HeapMemory.configureAllocator()
    let second = HeapMemory.configureAllocator()
    let ready = DispatchGroup()
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for _ in 0..<8 {
      ready.enter()
      finished.enter()
      Thread.detachNewThread {
        let block = malloc(256 << 10)
        if let block { memset(block, 0x5A, 256 << 10) }
        ready.leave()
        release.wait()
        free(block)
        finished.leave()
      }
    }
    ready.wait()
    let during = try #require(HeapMemory.arenaCount)
    for _ in 0..<8 { release.signal() }
    finished.wait()
    func number(_ value: Int?) -> String { value.map(String.init) ?? "-" }
    let text = [
      String(before), String(during), number(first.arenaLimit), number(first.threshold),
      number(second.arenaLimit), number(second.threshold),
      String(HeapMemory.configurationCount),
    ].joined(separator: " ")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}
