import Foundation

/// Dirties the C heap: allocates many blocks of many sizes (small ones that stay in glibc's
/// bins, large ones that raise its mmap threshold and then come from the heap), fills them
/// with noise and frees them, on this thread and on `threads` others (whose allocations go
/// to other arenas). Code that reads memory it never wrote then sees different bytes on
/// every call instead of the zeroes of fresh pages.
public enum HeapNoise {
  /// Dirties the heap with noise from `seed`.
  ///
  /// - Parameters:
  ///   - seed: Chooses the noise (and the block sizes).
  ///   - threads: Extra threads that dirty their own arenas as well.
  public static func dirty(seed: UInt64, threads: Int = 2) {
    let done = DispatchGroup()
    for index in 0..<threads {
      done.enter()
      Thread.detachNewThread {
        fill(seed: seed &+ UInt64(index + 1) &* 0x9E37_79B9)
        done.leave()
      }
    }
    fill(seed: seed)
    done.wait()
  }

  private static func fill(seed: UInt64) {
    var state = seed | 1
    func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
    var blocks: [UnsafeMutableRawPointer] = []
    blocks.reserveCapacity(600)
    for index in 0..<600 {
      // One block in fifty up to 1 MB (about 6 MB in all), the rest up to 16 KB.
      let size = Int(next() % (index % 50 == 0 ? 1 << 20 : 16 << 10)) + 8
      guard let block = malloc(size) else { continue }
      let words = block.bindMemory(to: UInt64.self, capacity: size / 8)
      let seed = next()
      for word in 0..<size / 8 { words[word] = seed &+ UInt64(word) &* 0x9E37_79B9_7F4A_7C15 }
      blocks.append(block)
    }
    for block in blocks { free(block) }
  }
}
