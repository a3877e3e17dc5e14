import Foundation
import ReelMedia
import Testing

/// `HeapMemory`: freed memory that glibc keeps in a thread's arena goes back to the system.
@Suite("Heap memory", .serialized)
struct HeapMemoryTests {
  /// The block left allocated, handed from the allocating thread after `done` is signalled.
  final class Pin: @unchecked Sendable {
    var block: UnsafeMutableRawPointer?
  }

  @Test func freedMemoryOfAnotherThreadsArenaIsReturned() throws {
    let before = try #require(HeapMemory.residentBytes)
    // 96 MB in 64 KB blocks (below the mmap threshold: they come from the thread's arena),
    // written so they are resident, then freed all but the last, which pins the arena's top.
    let done = DispatchSemaphore(value: 0)
    let pin = Pin()
    Thread.detachNewThread {
      var blocks: [UnsafeMutableRawPointer] = []
      for _ in 0..<1536 {
        guard let block = malloc(64 << 10) else { break }
        memset(block, 0x5A, 64 << 10)
        blocks.append(block)
      }
      for block in blocks.dropLast() { free(block) }
      pin.block = blocks.last
      done.signal()
    }
    done.wait()
    let held = try #require(HeapMemory.residentBytes)
    HeapMemory.releaseFreeMemory()
    let after = try #require(HeapMemory.residentBytes)
    free(pin.block)
    let megabyte = 1 << 20
    #expect(held - before > 64 * megabyte, "the freed blocks stay resident: \(held / megabyte) MB")
    #expect(
      held - after > 64 * megabyte,
      "\(held / megabyte) MB before the trim, \(after / megabyte) MB after")
  }
}
